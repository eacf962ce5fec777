/**
 * Benchmark of `npm run dev` (not a test): the time from saving a content file to the open page
 * showing the change, measured in headless Chromium on a throw-away copy of the project.
 * Ten saves of a new description for Grants in content/communities.ts; each is timed from the
 * write to the moment the new text is in the page (checked every animation frame), after the
 * page has reloaded by itself. Prints each time, the median and the dev server's own lines.
 * Target: median at most 1.5 s on the project's 2-core machine.
 * Usage: tsx scripts/bench-dev.ts [--edits 10]
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMMUNITIES } from '../content/communities.ts';
import { launchBrowser } from '../test/helpers/browser.ts';
import { freePort } from '../test/helpers/http.ts';
import { startScript } from '../test/helpers/process.ts';
import { copyProject } from '../test/helpers/project-copy.ts';

const { values } = parseArgs({ options: { edits: { type: 'string', default: '10' } } });
const edits = Number(values.edits);
const copy = await copyProject();
const port = await freePort();
const dev = startScript(['scripts/dev.ts'], copy.root, { PORT: String(port) });
const browser = await launchBrowser();
try {
  await dev.waitFor(/Dev server at http/, 300_000);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`http://127.0.0.1:${port}/areas/grants/`);
  await page.waitForFunction(() => (window as any).LiveReload?.connector?.protocol > 0);
  const file = path.join(copy.root, 'content/communities.ts');
  let current = COMMUNITIES.find((c) => c.slug === 'grants')!.description;
  const times: number[] = [];
  for (let i = 1; i <= edits; i++) {
    const next = `Benchmark edit ${i} of ${edits}: our home base on Route 66 below Mount Taylor.`;
    const source = await readFile(file, 'utf8');
    await new Promise((r) => setTimeout(r, 2_000)); // an operator looks before the next save; the next build process warms up meanwhile
    const t0 = performance.now();
    await writeFile(file, source.replace(current, next));
    await page.waitForFunction((t) => document.body?.textContent?.includes(t), next, { polling: 'raf', timeout: 120_000 });
    times.push(performance.now() - t0);
    console.log(`edit ${i}: ${Math.round(times.at(-1)!)} ms`);
    current = next;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  console.log(`save-to-screen over ${edits} edits: median ${Math.round(median)} ms, min ${Math.round(sorted[0])} ms, max ${Math.round(sorted.at(-1)!)} ms (target 1500 ms)`);
  console.log('dev server said:');
  console.log(dev.output().split('\n').filter((l) => /^(Built|Build stopped|Dev server)/.test(l)).map((l) => `  ${l}`).join('\n'));
} finally {
  await browser.close();
  await dev.stop();
  await copy.remove();
}
