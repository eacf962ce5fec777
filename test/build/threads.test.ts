/**
 * Worker threads (lib/build/worker-pool.ts): a build that shares its pages out to worker threads
 * writes byte-for-byte the site a one-thread build writes, with the same summary figures, and
 * an error inside a worker reaches the build with its message, the worker then ended.
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite, ROOT } from '../../lib/build/build-site.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { defaultThreads, makePagesOnWorker, pageQueue, takePage } from '../../lib/build/worker-pool.ts';
import { settleInputs } from '../../lib/build/settle.ts';
import { outputFile } from '../../lib/route.ts';
import { openSiteWriter, type SiteFile } from '../../lib/write.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { resolveConfig } from '../../lib/config.ts';

const test = suite('build on worker threads');
let tmp = '';
test.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'threads-')); });
test.after(async () => { await rm(tmp, { recursive: true, force: true }); });

/** Every file of a folder: relative path -> contents. */
async function files(dir: string): Promise<Map<string, Buffer>> {
  const names = (await fg('**/*', { cwd: dir, dot: true })).sort();
  return new Map(await Promise.all(names.map(async (f) => [f, await readFile(path.join(dir, f))] as [string, Buffer])));
}

test('should write the same files and figures with three threads as with one', async () => {
  const one = await buildSite({ config: resolveConfig(), outDir: path.join(tmp, 'one'), threads: 1 });
  const three = await buildSite({ config: resolveConfig(), outDir: path.join(tmp, 'three'), threads: 3 });
  assert.is(one.threads, 1);
  assert.is(three.threads, 3);
  const a = await files(path.join(tmp, 'one'));
  const b = await files(path.join(tmp, 'three'));
  assert.equal([...b.keys()], [...a.keys()]);
  assert.ok(a.size > 50, `only ${a.size} files`);
  const differ = [...a].filter(([name, bytes]) => !bytes.equals(b.get(name)!)).map(([name]) => name);
  assert.equal(differ, []);
  assert.equal(three.pages, one.pages);
});

/** The settled inputs of the project's site, and its routes. */
async function projectInputs() {
  const site = loadContent(PROJECT_CONTENT);
  const settled = await settleInputs(site, { photosDir: path.join(ROOT, 'content', 'photos'), cacheDir: path.join(tmp, 'photo-cache'), artDir: path.join(ROOT, 'static', 'img') }, true);
  return { inputs: settled.inputs, routes: buildRoutes(site) };
}

test('should reject with the worker\'s own message when its route table differs, and end the worker', async () => {
  const { inputs, routes } = await projectInputs();
  const shifted = [{ ...routes[1], path: '/not-the-same/' }, ...routes.slice(1)];
  const pages: number[] = [];
  const error = await makePagesOnWorker(inputs, shifted, pageQueue([0]), async (page) => { pages.push(page.index); }).then(() => null, (e: Error) => e);
  assert.ok(error, 'the share must reject');
  assert.match(error!.message, /route 0 is "\/" here but "\/not-the-same\/" in the main thread/);
  assert.equal(pages, [], 'no page was handed on');
});

test('should hand on each page the worker took from the queue, in the queue\'s order, until none is left', async () => {
  const { inputs, routes } = await projectInputs();
  const pages: string[] = [];
  const queue = pageQueue([3, 1, 2]);
  await makePagesOnWorker(inputs, routes, queue, async (page) => { pages.push(page.file); });
  assert.equal(pages, [3, 1, 2].map((i) => `/${outputFile(routes[i].path)}`));
  assert.is(takePage(queue), undefined, 'the queue is empty');
});

test('should say what to do when a worker runs out of memory', async () => {
  const { inputs, routes } = await projectInputs();
  const error = await makePagesOnWorker(inputs, routes, pageQueue([0]), async () => undefined, 8).then(() => null, (e: Error) => e);
  assert.ok(error, 'the share must reject');
  assert.match(error!.message, /ran out of memory \(its limit: 8 MB for a site of \d+ pages\); build on one thread instead: BUILD_THREADS=1 npm run build/);
});

test('should stop cleanly when a write fails while two threads write: the first error, no folder or lock left, the old site kept', async () => {
  const parent = path.join(tmp, 'failing');
  const out = path.join(parent, 'dist');
  await buildSite({ config: resolveConfig(), outDir: out, threads: 1 });
  const before = await files(out);
  for (const failAt of [5, 15, 25, 35]) {
    let calls = 0;
    const writer = async () => {
      const real = await openSiteWriter(path.join(ROOT, 'static'), out, { log: () => undefined });
      return {
        ...real,
        // The failAt-th write holds a file whose contents are no bytes: writeFile rejects it.
        write: (batch: SiteFile[]) => real.write(++calls === failAt ? [...batch, { path: '/bad.txt', contents: 123 as unknown as string }] : batch),
      };
    };
    const error = await buildSite({ config: resolveConfig(), outDir: out, threads: 2, writer }).then(() => null, (e: Error) => e);
    assert.ok(error, `write ${failAt}: the build must stop`);
    assert.match(error!.message, /"data" argument/, `write ${failAt}: the write's own error, not a clean-up's (${error!.message})`);
    // Beside dist/ only the marker that the build made it (lib/output-folder.ts markOutput).
    assert.equal(readdirSync(parent).filter((f) => f !== 'dist' && f !== '.dist-made'), [], `write ${failAt}: no temporary folder or lock is left beside dist/`);
    const after = await files(out);
    assert.equal([...after.keys()], [...before.keys()], `write ${failAt}: the old site is kept`);
  }
});

test('should take one thread for a small site when the configuration names none', () => {
  assert.is(defaultThreads(40), 1);
  assert.ok(defaultThreads(5000) >= 1);
});

test.run();
