/**
 * The JavaScript budget: the JavaScript a page loads, all files together, at most
 * 15 KB gzipped on any page, in both configurations: without an analytics id (the project's
 * settings) and with one (gtag bootstrap and the web-vitals chunk added). Sizes, not timings:
 * the figures are buildSite's (`pages[].jsGzipBytes`, counted by lib/bundle/page-scripts.ts), and a
 * second suite checks them against the built files, following every import the page's scripts
 * make.
 *
 * Figures per page kind are printed.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildToFolder } from '../../build.ts';
import type { BuildResult } from '../../lib/build/summary.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { resolveConfig } from '../../lib/config.ts';

/** At most 15 KB gzipped of JavaScript a page loads, all files together. */
const BUDGET_BYTES = 15 * 1024;
const ANALYTICS_ID = 'G-TEST123456';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'hb-js-budget-'));
const configs = ['without analytics id', 'with analytics id'] as const;
type Config = (typeof configs)[number];
const builds = new Map<Config, { dir: string; result: BuildResult }>();
for (const config of configs) {
  const dir = path.join(tmp, config === 'with analytics id' ? 'with-id' : 'no-id');
  const settings = { ...(PROJECT_CONTENT.settings as Record<string, unknown>), analyticsId: config === 'with analytics id' ? ANALYTICS_ID : '' };
  builds.set(config, { dir, result: await buildToFolder({ config: { ...resolveConfig(), outDir: dir }, content: { ...PROJECT_CONTENT, settings } }) });
}

const kb = (n: number) => (n / 1024).toFixed(1);

/** Page kind for the printed table. */
function kindOf(p: string): string {
  if (p === '/') return 'home (chatbot, 3 video facades)';
  if (p === '/keyword-analysis/' || p === '/404.html') return p;
  return 'other pages (chatbot)';
}

const budget = suite('JavaScript budget');
for (const config of configs) {
  budget(`should keep every page at or under 15 KB gzipped at load, ${config}`, () => {
    const { result } = builds.get(config)!;
    assert.is(result.pages.length, result.routes.length);
    const rows = new Map<string, string>();
    for (const p of result.pages) {
      const kind = kindOf(p.path);
      const row = `${kb(p.jsGzipBytes)} KB at load, ${p.jsInteractionGzipBytes ? `${kb(p.jsInteractionGzipBytes)} KB` : 'nothing'} on interaction`;
      const seen = rows.get(kind);
      rows.set(kind, seen && seen !== row ? `${seen} | ${row}` : row);
    }
    console.log(`\nJS gzipped, ${config}:\n${[...rows].map(([k, v]) => `  ${k}: ${v}`).join('\n')}`);
    const over = result.pages.filter((p) => p.jsGzipBytes > BUDGET_BYTES).map((p) => `${p.path} ${p.jsGzipBytes} B`);
    assert.equal(over, [], `over ${BUDGET_BYTES} B`);
  });
}

budget('should count the islands\' code loaded on interaction: the players on the home page, the chatbot and Preact on every chatbot page, "Text us my location" beside every fixed Text button and on the offline page', async () => {
  for (const config of configs) {
    const { dir, result } = builds.get(config)!;
    const player = await assetWith(dir, /youtube-nocookie\.com/);
    const chatbot = await assetWith(dir, /chatbot-close/);
    const preact = await assetWith(dir, /dangerouslySetInnerHTML/);
    const location = await assetWith(dir, /maps\.google\.com/);
    const problems: string[] = [];
    for (const page of result.pages) {
      const route = result.routes.find((r) => r.path === page.path)!;
      // The chatbot's component and Preact (with the mount runtime) wait for the visitor.
      const html = await readFile(path.join(dir, page.path.endsWith('/') ? `${page.path}index.html` : page.path), 'utf8');
      const hasLocation = html.includes('data-island="TextLocation"');
      assert.is(hasLocation, route.chatbot || page.path === '/offline.html', `${page.path}: "Text us my location" beside the fixed Text button, and on the offline page`);
      const expected = (route.chatbot ? chatbot.gzipBytes + preact.gzipBytes : 0) + (hasLocation ? location.gzipBytes : 0) + (page.path === '/' ? player.gzipBytes : 0);
      if (page.jsInteractionGzipBytes !== expected) problems.push(`${page.path}: ${page.jsInteractionGzipBytes} B on interaction, expected ${expected} B`);
    }
    assert.equal(problems, [], config);
    assert.ok(result.routes.filter((r) => r.chatbot).length >= 30, 'most pages have the chatbot');
  }
});

budget('should load Preact with the page only where an island hydrates at load (the keyword page), not for the chatbot', async () => {
  for (const config of configs) {
    const { dir, result } = builds.get(config)!;
    const preact = await assetWith(dir, /dangerouslySetInnerHTML/);
    const withPreact: string[] = [];
    for (const page of result.pages) if ((await scriptsOfPage(dir, page.path, false)).has(preact.path)) withPreact.push(page.path);
    assert.equal(withPreact, ['/keyword-analysis/'], config);
  }
});

budget('should keep "Text us my location" at or under 1 KB gzipped: its entry at load plus its code on interaction, no Preact', async () => {
  for (const config of configs) {
    const { dir, result } = builds.get(config)!;
    const code = await assetWith(dir, /maps\.google\.com/);
    const entry = await assetWith(dir, /mountWhenUsed\("TextLocation"|\("TextLocation",/);
    const total = code.gzipBytes + entry.gzipBytes;
    console.log(`"Text us my location", ${config}: ${entry.gzipBytes} B at load + ${code.gzipBytes} B on interaction = ${total} B gzipped`);
    assert.ok(total <= 1024, `${total} B`);
    assert.not.match(await readFile(path.join(dir, code.path), 'utf8'), /dangerouslySetInnerHTML|__H/, 'no Preact in its code');
    assert.not.ok((await scriptsOfPage(dir, '/areas/grants/', false)).has(code.path), 'its code waits for the visitor');
    assert.ok((await scriptsOfPage(dir, '/areas/grants/')).has(code.path), 'the page can import it');
  }
});

/** The built asset whose text matches `needle` (exactly one must). */
async function assetWith(dir: string, needle: RegExp): Promise<{ path: string; gzipBytes: number }> {
  const assets = path.join(dir, 'assets');
  const found: { path: string; gzipBytes: number }[] = [];
  for (const f of await readdir(assets)) {
    const body = await readFile(path.join(assets, f));
    if (needle.test(body.toString('utf8'))) found.push({ path: `/assets/${f}`, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  assert.is(found.length, 1, `assets containing ${needle}: ${found.map((f) => f.path).join(', ')}`);
  return found[0];
}

/**
 * Every script a built page can end up running, found from the files alone: the module scripts
 * of its HTML, then every `import ... from "./x.js"`, `import "./x.js"` and `import("./x.js")`
 * of those files and every worker script they name ("/assets/worker-….js"), transitively.
 * @param dynamic false: follow static imports only (what the page runs before anything is
 *   imported on demand, e.g. on interaction)
 */
async function scriptsOfPage(dir: string, pagePath: string, dynamic = true): Promise<Set<string>> {
  const file = pagePath.endsWith('/') ? `${pagePath}index.html` : pagePath;
  const html = await readFile(path.join(dir, file), 'utf8');
  const todo = [...html.matchAll(/<script type="?module"? src="?([^" >]+)/g)].map((m) => m[1]);
  assert.ok(todo.length > 0, `${pagePath} has module scripts`);
  const seen = new Set<string>();
  while (todo.length) {
    const p = todo.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    const code = await readFile(path.join(dir, p), 'utf8');
    const imports = dynamic ? /(?:\bfrom|\bimport)\s*\(?\s*["'](\.\/[^"']+\.js)["']/g : /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g;
    for (const m of code.matchAll(imports)) todo.push(path.posix.join(path.posix.dirname(p), m[1]));
    // Web Workers the code starts (lib/bundle/bundle.ts compiles their site paths in as strings).
    for (const m of code.matchAll(/["'](\/assets\/worker-[^"']+\.js)["']/g)) todo.push(m[1]);
  }
  return seen;
}

const accounting = suite('JavaScript accounting against the built files');
accounting('should account for every byte a page\'s scripts can import: at load, on interaction, or (internal page) never', async () => {
  for (const config of configs) {
    const { dir, result } = builds.get(config)!;
    const vitals = config === 'with analytics id' ? await assetWith(dir, /\bas startVitals\b/) : undefined;
    const gz = new Map<string, number>();
    const problems: string[] = [];
    for (const page of result.pages) {
      const route = result.routes.find((r) => r.path === page.path)!;
      const files = await scriptsOfPage(dir, page.path);
      let total = 0;
      for (const f of files) {
        if (!gz.has(f)) gz.set(f, gzipSync(await readFile(path.join(dir, f)), { level: 9 }).length);
        total += gz.get(f)!;
      }
      // A page without analytics has the site module's import of web-vitals, never made.
      const never = route.analytics === false && vitals && files.has(vitals.path) ? vitals.gzipBytes : 0;
      if (total !== page.jsGzipBytes + page.jsInteractionGzipBytes + never) {
        problems.push(`${page.path}: files ${total} B, reported ${page.jsGzipBytes} + ${page.jsInteractionGzipBytes} + never ${never}`);
      }
    }
    assert.equal(problems, [], config);
  }
});

accounting('should count the web-vitals chunk at load with an analytics id, except on the page that sends no analytics', async () => {
  const { dir, result } = builds.get('with analytics id')!;
  const withoutId = builds.get('without analytics id')!.result;
  const vitals = await assetWith(dir, /\bas startVitals\b/);
  const off = result.routes.filter((r) => r.analytics === false).map((r) => r.path);
  assert.equal(off, ['/keyword-analysis/']);
  for (const page of result.pages) {
    assert.ok((await scriptsOfPage(dir, page.path)).has(vitals.path), `${page.path} can import web-vitals`);
    // What the id adds at load: the web-vitals chunk, plus the gtag bootstrap in shared code.
    const added = page.jsGzipBytes - withoutId.pages.find((p) => p.path === page.path)!.jsGzipBytes;
    if (off.includes(page.path)) assert.ok(added < vitals.gzipBytes, `${page.path}: ${added} B more, web-vitals (${vitals.gzipBytes} B) not counted`);
    else assert.ok(added >= vitals.gzipBytes, `${page.path}: ${added} B more, web-vitals (${vitals.gzipBytes} B) counted`);
  }
});
accounting.after(() => rm(tmp, { recursive: true, force: true }));

budget.run();
accounting.run();
