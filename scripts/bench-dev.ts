/**
 * Benchmark of `npm run dev` (not a test; docs/benchmarks.md, "The dev loop"): the time from a
 * save to the open page showing it, in headless Chromium on a copy of the project, for a content,
 * a template, an island and a style save (KINDS), 2 s apart: from the write (the file's mtime) to
 * the reloaded page's first contentful paint (https://w3c.github.io/paint-timing/), and to when
 * Playwright's polling saw the change. Then the memory of the dev process tree after the first and
 * the last of `--memory-saves` content saves, and its highest reading. With --trace (DEV_TRACE=1,
 * lib/serve/dev-trace.ts), each kind's median phases, ms after the write.
 * Usage: tsx scripts/bench-dev.ts [--edits 7] [--memory-saves 100] [--trace]
 */
import { readFileSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pidtree from 'pidtree';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tooling/browser.ts';
import { freePort } from '../tooling/http.ts';
import { startScript, type ScriptProcess } from '../tooling/process.ts';
import { copyProject } from '../tooling/project-copy.ts';

/** Median of a list of numbers. */
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One kind of save: the file, the page that shows it, the file's text with edit i, and (run in the page) whether edit i shows. */
interface SaveKind { name: string; file: string; page: string; edit(original: string, i: number): string; shows: (i: number) => boolean }

const GRANTS = 'Our home base on Route 66 below Mount Taylor, with the fastest arrival times we offer.';
const KINDS: SaveKind[] = [
  {
    name: 'content', file: 'content/areas/grants.yaml', page: '/areas/grants/',
    // No ": " in the new text: in YAML that would start a mapping, and the save would show the error page.
    edit: (text, i) => text.replace(GRANTS, `Benchmark edit ${i}, our home base on Route 66 below Mount Taylor.`),
    shows: (i) => document.body?.textContent?.includes(`Benchmark edit ${i},`) ?? false,
  },
  {
    name: 'template', file: 'templates/Footer.tsx', page: '/areas/grants/',
    edit: (text, i) => text.replace('© {new Date().getFullYear()} {name}.', `© {new Date().getFullYear()} {name} (edit ${i}).`),
    shows: (i) => document.querySelector('.footer-legal')?.textContent?.includes(`(edit ${i})`) ?? false,
  },
  {
    name: 'island', file: 'islands/VideoPlayer.tsx', page: '/',
    edit: (text, i) => text.replace('Play video: ', `Play video ${i}: `),
    shows: (i) => document.body?.textContent?.includes(`Play video ${i}: `) ?? false,
  },
  {
    name: 'style', file: 'templates/styles/10-layout.css', page: '/areas/grants/',
    edit: (text, i) => `${text}\n.footer-legal { word-spacing: ${i}px; }\n`,
    shows: (i) => { const el = document.querySelector('.footer-legal'); return !!el && getComputedStyle(el).wordSpacing === `${i}px`; },
  },
];

/** Reads `/proc/<pid>/<file>` of a process and all its descendants (Linux); "" for one that ended meanwhile. */
async function readTree(pid: number, file: string): Promise<string[]> {
  return (await pidtree(pid, { root: true })).map((p) => { try { return readFileSync(`/proc/${p}/${file}`, 'utf8'); } catch { return ''; } });
}

/** Resident memory of a process and all its descendants, bytes. */
const treeRss = async (pid: number) => (await readTree(pid, 'status')).reduce((sum, status) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024, 0);

/** Starts `npm run dev` on a fresh copy. */
async function startDev(trace: boolean) {
  const copy = await copyProject();
  const port = await freePort();
  const dev = startScript(['scripts/dev.ts'], copy.root, { PORT: String(port), DEV_TRACE: trace ? '1' : '' });
  await dev.waitFor(/Dev server at http/, 300_000);
  return { copy, dev, base: `http://127.0.0.1:${port}` };
}

/** The wall clock, ms (comparable with a file's mtime and a page's performance.timeOrigin). */
const wallNow = () => performance.timeOrigin + performance.now();

/** Phase name -> ms after the write at which it ended, for one save. */
type Phases = Map<string, number>;

/** The reloaded page's Navigation Timing, as wall-clock ms. */
async function browserPhases(page: Page): Promise<[string, number][]> {
  // Plain data back, no functions inside: tsx names the functions it compiles with a helper the page lacks.
  const [origin, responseEnd, loaded, load, paint] = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return [performance.timeOrigin, nav?.responseEnd ?? 0, nav?.domContentLoadedEventEnd ?? 0, nav?.loadEventEnd ?? 0, fcp?.startTime ?? 0];
  });
  return [
    ['browser: navigation start', origin], ['browser: response end', origin + responseEnd],
    ['browser: DOM content loaded', origin + loaded], ...(load ? [['browser: load', origin + load] as [string, number]] : []),
    ...(paint ? [['browser: first contentful paint', origin + paint] as [string, number]] : []),
  ];
}

/** Times `edits` saves of one kind; returns ms each, and with `dev` (tracing) each save's phases. */
async function timeSaves(page: Page, root: string, base: string, kind: SaveKind, edits: number, dev?: ScriptProcess): Promise<{ times: number[]; painted: number[]; phases: Phases[] }> {
  const file = path.join(root, kind.file);
  const original = await readFile(file, 'utf8');
  await page.goto(`${base}${kind.page}`).catch(() => page.goto(`${base}${kind.page}`)); // a reload may cut the first short
  await page.waitForFunction(() => (window as any).LiveReload?.connector?.protocol > 0);
  const times: number[] = [];
  const painted: number[] = [];
  const phases: Phases[] = [];
  for (let i = 1; i <= edits; i++) {
    await sleep(2_000);
    const printed = dev?.output().length ?? 0;
    const t0 = performance.now();
    await writeFile(file, kind.edit(original, i));
    await page.waitForFunction(kind.shows, i, { polling: 'raf', timeout: 120_000 });
    const shown = wallNow();
    times.push(performance.now() - t0);
    const written = (await stat(file)).mtimeMs;
    const browser = await browserPhases(page);
    painted.push((browser.find(([phase]) => phase === 'browser: first contentful paint')?.[1] ?? shown) - written);
    if (dev) {
      const save: Phases = new Map();
      // The trace lines come once the whole build is done, which may be after the tab shows the change.
      for (let waited = 0; waited < 10_000 && !/^dev trace: .* live reload sent \(/m.test(dev.output().slice(printed)); waited += 50) await sleep(50);
      for (const [, ms, phase] of dev.output().slice(printed).matchAll(/^dev trace: \+(-?\d+) ms (.*?) \(\+-?\d+\)$/gm)) if (!save.has(phase)) save.set(phase, Number(ms));
      for (const [phase, at] of browser) save.set(phase, at - written);
      save.set('browser: change shown', shown - written);
      phases.push(save);
    }
  }
  await writeFile(file, original);
  await sleep(4_000);
  return { times, painted, phases };
}

/** The median of each phase over the saves, one line each, in the order they end. */
function breakdown(phases: Phases[]): string[] {
  const names = [...new Set(phases.flatMap((p) => [...p.keys()]))];
  const rows = names.map((name) => [name, median(phases.flatMap((p) => (p.has(name) ? [p.get(name)!] : [])))] as const).sort((a, b) => a[1] - b[1]);
  return rows.map(([name, ms], i) => `    ${String(Math.round(ms)).padStart(5)} ms  ${name}${i ? ` (+${Math.round(ms - rows[i - 1][1])})` : ''}`);
}

/** How many incremental build processes (lib/serve/dev-rebuilder.ts) the tree of `pid` runs. */
const rebuilders = async (pid: number) => (await readTree(pid, 'cmdline')).filter((cmd) => cmd.includes('dev-rebuilder')).length;

/** The tree's memory once it is settled: one build process (a replacement that was warming has taken over), at most 20 s. */
async function settledRss(pid: number): Promise<number> {
  for (let waited = 0; waited < 20_000 && (await rebuilders(pid)) > 1; waited += 100) await sleep(100);
  await sleep(1_000);
  return treeRss(pid);
}

/**
 * Saves content `saves` times, each once the previous build has printed; returns the tree's
 * memory after the first and after the last save, each once settled (settledRss), and the
 * highest reading of the whole run (read every 100 ms, a replacement warming included).
 */
async function memoryOver(dev: ScriptProcess, root: string, saves: number): Promise<[number, number, number]> {
  const file = path.join(root, 'content/areas/grants.yaml');
  const original = await readFile(file, 'utf8');
  const lines = () => (dev.output().match(/^(Rebuilt after|Built \d+ pages|Build stopped)/gm) ?? []).length;
  let first = 0;
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await treeRss(dev.child.pid!));
      await sleep(100);
    }
  })();
  try {
    for (let i = 1; i <= saves; i++) {
      const before = lines();
      await writeFile(file, original.replace(GRANTS, `Memory edit ${i}.`));
      while (lines() === before) await sleep(20);
      await sleep(300);
      if (i === 1) first = await settledRss(dev.child.pid!);
    }
    const last = await settledRss(dev.child.pid!);
    return [first, last, peak];
  } finally {
    sampling = false;
    await sampler;
  }
}

const { values } = parseArgs({ options: { edits: { type: 'string', default: '7' }, 'memory-saves': { type: 'string', default: '100' }, trace: { type: 'boolean', default: false } } });
const edits = Number(values.edits);
const browser = await launchBrowser();
const results: string[] = [];
const report = (...lines: string[]) => { console.log(lines.join('\n')); results.push(...lines); };
try {
  const { copy, dev, base } = await startDev(values.trace!);
  try {
    const page = await (await browser.newContext()).newPage();
    for (const kind of KINDS) {
      const { times, painted, phases } = await timeSaves(page, copy.root, base, kind, edits, values.trace ? dev : undefined);
      const range = (list: number[]) => `median ${Math.round(median(list))} ms, range ${Math.round(Math.min(...list))}-${Math.round(Math.max(...list))} ms (${list.map(Math.round).join(', ')})`;
      report(`${kind.name.padEnd(8)} save to screen (first contentful paint) over ${edits} saves: ${range(painted)}; seen by Playwright: ${range(times)}; ${load()}`);
      if (values.trace) report(`${kind.name.padEnd(8)} phases, median ms after the write:`, ...breakdown(phases));
    }
    if (Number(values['memory-saves']) > 0) {
      const [first, last, peak] = await memoryOver(dev, copy.root, Number(values['memory-saves']));
      const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
      report(`memory of the dev process tree: ${mb(first)} after 1 save, ${mb(last)} after ${values['memory-saves']} (${(last / first).toFixed(2)}x); highest reading ${mb(peak)} (${(peak / first).toFixed(2)}x, while a replacement build process warmed)`);
    }
    console.log('dev server said, last lines:');
    console.log(dev.output().split('\n').filter((l) => /^(Built|Rebuilt|Build stopped|lib\/|Dev server)/.test(l)).slice(-6).map((l) => `  ${l}`).join('\n'));
  } finally {
    await dev.stop();
    await copy.remove();
  }
  console.log(`\nSummary\n${results.join('\n')}`);
} finally {
  await browser.close();
}
