/**
 * The import rules of the project, read from the real dependency graph (madge, type imports
 * included): no import cycle; data flows one way, content/ -> lib/ -> pages/ -> templates/, with
 * only the build entry joining them; inside lib/, each job folder imports only the folders below
 * it (LIB_FOLDERS); the deploy code is loaded only by the commands and tests that deploy; `npm run
 * build` loads no dev or preview server code and `npm run serve` no page or template; scripts/
 * and test/ share tooling through tooling/ and never import each other. Canaries prove the checks
 * can fail: a cycle of two type imports in a temp folder is found, and each rule names a hand-made
 * breach.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';

/** Every source folder and file of the project, as tsconfig.json includes them. */
const SOURCES = ['build.ts', 'content', 'editor', 'lib', 'pages', 'templates', 'islands', 'scripts', 'test', 'tooling'];

/**
 * The modules of lib/ that join the generator's parts to the pages and templates: the build
 * (lib/build/build-site.ts), the entry of its worker threads, which builds the route table again
 * (lib/build/worker-thread.ts), and the rendering of one route into the layout (lib/build/render.ts).
 */
const JOINERS = ['lib/build/build-site.ts', 'lib/build/worker-thread.ts', 'lib/build/render.ts'];

/**
 * One rule: modules under `from` (but not those under any prefix of `except`) may not import
 * modules under any of `not`.
 */
interface Rule {
  from: string;
  not: string[];
  except?: string[];
  why: string;
}

/**
 * The folders of lib/ by job, each with the lib/ folders it may import ('lib/' is the few files
 * directly in lib/ that several jobs share: the route type, text helpers, CSP hashes, writing
 * files, the built-page record). The order is the data flow: content is read, photos and browser
 * scripts are prepared, the files beside the pages are derived, the build joins them all; the
 * dev and preview servers run the build or serve its output, the pre-publish check reads the
 * content for what must not go online (`npm run check`, and the deploy before it uploads), the
 * deploy uploads it, and the browser editor (`npm run edit`) joins them all: it builds, serves a preview and publishes.
 */
const LIB_FOLDERS: Record<string, string[]> = {
  'lib/content/': [],
  'lib/': ['lib/content/'],
  'lib/photos/': ['lib/', 'lib/content/'],
  'lib/bundle/': ['lib/', 'lib/content/'],
  'lib/site-files/': ['lib/', 'lib/content/', 'lib/bundle/'],
  'lib/build/': ['lib/', 'lib/content/', 'lib/photos/', 'lib/bundle/', 'lib/site-files/'],
  'lib/serve/': ['lib/', 'lib/build/', 'lib/site-files/'],
  'lib/check/': ['lib/', 'lib/content/'],
  'lib/deploy/': ['lib/', 'lib/content/', 'lib/site-files/'],
  'lib/edit/': ['lib/', 'lib/content/', 'lib/photos/', 'lib/bundle/', 'lib/site-files/', 'lib/build/', 'lib/serve/', 'lib/deploy/'],
};

/** The lib/ folder of a module ('lib/' for a file directly in lib/), or undefined outside lib/. */
function libFolder(mod: string): string | undefined {
  if (!mod.startsWith('lib/')) return undefined;
  const sub = mod.slice('lib/'.length).split('/');
  return sub.length > 1 ? `lib/${sub[0]}/` : 'lib/';
}

/** Outside lib/deploy/, the only modules that may load the deploy code. */
const DEPLOYERS = ['lib/deploy/', 'lib/edit/', 'test/edit/', 'scripts/deploy.ts', 'scripts/check.ts', 'scripts/bench-deploy.ts', 'test/deploy/', 'test/helpers/deploy-scenario.ts', 'test/helpers/deploy-hosts.ts', 'test/helpers/deploy-killed.ts', 'test/helpers/memory-remote.ts', 'test/unit/deploy-lock.test.ts', 'test/unit/deploy.test.ts', 'test/unit/deleted-pages.test.ts', 'test/unit/known-hosts.test.ts', 'test/unit/live-check.test.ts'];

const RULES: Rule[] = [
  { from: 'lib/', not: ['pages/', 'templates/'], except: [...JOINERS], why: 'the generator does not depend on the pages it renders' },
  { from: 'content/', not: ['lib/', 'pages/', 'templates/'], why: 'content is data the code reads, never code that reads the code' },
  { from: '', not: ['lib/deploy/'], except: DEPLOYERS, why: 'only the commands and tests that deploy load the deploy code' },
  { from: 'scripts/', not: ['test/'], why: 'shared tooling lives in tooling/' },
  { from: 'test/', not: ['scripts/'], why: 'shared tooling lives in tooling/' },
];

/** Each import in `graph` that breaks a rule, as "importer -> imported (why)". */
function breaches(graph: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const [mod, deps] of Object.entries(graph)) {
    for (const rule of RULES) {
      if (!mod.startsWith(rule.from) || rule.except?.some((e) => mod.startsWith(e))) continue;
      for (const dep of deps) if (rule.not.some((n) => dep.startsWith(n))) out.push(`${mod} -> ${dep} (${rule.why})`);
    }
    const from = libFolder(mod);
    if (!from) continue;
    const allowed = LIB_FOLDERS[from] ?? [];
    for (const dep of deps) {
      const to = libFolder(dep);
      if (to && to !== from && !allowed.includes(to)) out.push(`${mod} -> ${dep} (${from} may import ${allowed.length ? `only ${allowed.join(', ')}` : 'no other lib/ folder'})`);
    }
  }
  return out;
}

/** Every module `entry` loads, itself included, following the imports of `graph`. */
function reachable(graph: Record<string, string[]>, entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (mod: string) => {
    if (loaded.has(mod)) return;
    loaded.add(mod);
    for (const dep of graph[mod] ?? []) visit(dep);
  };
  visit(entry);
  return loaded;
}

/** The graph, made once: every case reads the same files, and madge parses them all (seconds). */
let graphOnce: ReturnType<typeof madge> | undefined;

/** The project's dependency graph; fails when an import cannot be resolved to a file. */
async function projectGraph() {
  graphOnce ??= madge(SOURCES.map((s) => path.join(ROOT, s)), { baseDir: ROOT, fileExtensions: ['ts', 'tsx'], tsConfig: path.join(ROOT, 'tsconfig.json') });
  const res = await graphOnce;
  assert.equal(res.warnings().skipped, [], 'every import resolves to a file');
  return res;
}

const cycles = suite('import cycles');
cycles('should find none in the project, type imports included', async () => {
  const res = await projectGraph();
  assert.ok(Object.keys(res.obj()).length > 150, 'the graph covers the project');
  assert.equal(res.circular(), []);
});
cycles('should find a cycle of two type imports (canary)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cycle-'));
  try {
    writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.ts';\nexport interface A { b?: B }\n");
    writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.ts';\nexport interface B { a?: A }\n");
    const res = await madge(dir, { baseDir: dir, fileExtensions: ['ts'] });
    assert.equal(res.circular(), [['a.ts', 'b.ts']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
cycles.run();

const rules = suite('import rules');
rules('should hold in the project', async () => {
  const graph = (await projectGraph()).obj();
  assert.equal(breaches(graph), []);
});
rules('should keep pages and templates out of what npm run serve loads', async () => {
  const loaded = reachable((await projectGraph()).obj(), 'scripts/serve.ts');
  assert.ok(loaded.has('lib/site-files/hosting.ts'), 'the walk follows the imports');
  assert.equal([...loaded].filter((m) => m.startsWith('pages/') || m.startsWith('templates/')), []);
});
rules('should keep the dev and preview servers, the editor and the deploy out of what npm run build loads', async () => {
  const graph = (await projectGraph()).obj();
  for (const entry of ['build.ts', 'lib/build/worker-thread.ts']) {
    const loaded = reachable(graph, entry);
    assert.ok(loaded.has('lib/build/make-page.ts'), `the walk from ${entry} follows the imports`);
    assert.equal([...loaded].filter((m) => m.startsWith('lib/serve/') || m.startsWith('lib/deploy/') || m.startsWith('lib/edit/')), [], entry);
  }
});
rules('should keep lib/ to its job folders and at most a dozen shared files', () => {
  const dir = path.join(ROOT, 'lib');
  const entries = readdirSync(dir, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => `lib/${e.name}/`);
  assert.equal(folders.sort(), Object.keys(LIB_FOLDERS).filter((f) => f !== 'lib/').sort(), 'every folder of lib/ has its rule in LIB_FOLDERS');
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  assert.ok(files.length <= 12, `lib/ holds ${files.length} files directly: ${files.join(', ')}`);
});
rules('should name each breach (canary)', () => {
  assert.equal(breaches({
    'lib/site-files/hosting.ts': ['pages/routes.ts', 'lib/build/budgets.ts'],
    'lib/build/build-site.ts': ['pages/routes.ts', 'lib/photos/photos.ts', 'lib/serve/listen.ts'],
    'content/settings.yaml': ['lib/content/phone.ts'],
    'lib/content/coverage.ts': ['lib/text.ts'],
    'lib/text.ts': ['lib/build/render.ts'],
    'lib/photos/photos.ts': ['lib/bundle/bundle.ts'],
    'lib/deploy/deploy.ts': ['lib/build/build-site.ts', 'lib/deploy/deploy-plan.ts'],
    'scripts/serve.ts': ['lib/deploy/deploy.ts'],
    'scripts/deploy.ts': ['lib/deploy/deploy.ts'],
    'scripts/screenshot.ts': ['test/helpers/site.ts'],
    'test/quality/lighthouse.test.ts': ['scripts/audit.ts'],
  }), [
    'lib/site-files/hosting.ts -> pages/routes.ts (the generator does not depend on the pages it renders)',
    'lib/site-files/hosting.ts -> lib/build/budgets.ts (lib/site-files/ may import only lib/, lib/content/, lib/bundle/)',
    'lib/build/build-site.ts -> lib/serve/listen.ts (lib/build/ may import only lib/, lib/content/, lib/photos/, lib/bundle/, lib/site-files/)',
    'content/settings.yaml -> lib/content/phone.ts (content is data the code reads, never code that reads the code)',
    'lib/content/coverage.ts -> lib/text.ts (lib/content/ may import no other lib/ folder)',
    'lib/text.ts -> lib/build/render.ts (lib/ may import only lib/content/)',
    'lib/photos/photos.ts -> lib/bundle/bundle.ts (lib/photos/ may import only lib/, lib/content/)',
    'lib/deploy/deploy.ts -> lib/build/build-site.ts (lib/deploy/ may import only lib/, lib/content/, lib/site-files/)',
    'scripts/serve.ts -> lib/deploy/deploy.ts (only the commands and tests that deploy load the deploy code)',
    'scripts/screenshot.ts -> test/helpers/site.ts (shared tooling lives in tooling/)',
    'test/quality/lighthouse.test.ts -> scripts/audit.ts (shared tooling lives in tooling/)',
  ]);
});
rules('should find what an entry loads through its imports (canary)', () => {
  const loaded = reachable({ 'build.ts': ['lib/build/build-site.ts'], 'lib/build/build-site.ts': ['lib/serve/listen.ts'], 'lib/serve/x.ts': [] }, 'build.ts');
  assert.equal([...loaded].sort(), ['build.ts', 'lib/build/build-site.ts', 'lib/serve/listen.ts']);
});
rules.run();
