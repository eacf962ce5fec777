/**
 * Worker threads (lib/build/page-workers.ts): a build that shares its pages out to worker threads
 * writes byte-for-byte the site a one-thread build writes, with the same summary figures, and
 * an error inside a worker reaches the build with its message, the worker then ended.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../lib/build/build-site.ts';
import { loadContent, PROJECT_CONTENT } from '../../lib/content/load-content.ts';
import { FINISH_CHUNK } from '../../lib/build/page-batch.ts';
import { defaultThreads, WorkerBatch } from '../../lib/build/page-workers.ts';
import { syntheticAreas } from '../../lib/content/synthetic-areas.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { COMMUNITIES } from '../../content/communities.ts';

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
  const one = await buildSite({ outDir: path.join(tmp, 'one'), threads: 1 });
  const three = await buildSite({ outDir: path.join(tmp, 'three'), threads: 3 });
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

test('should write the same files when a worker posts its finished pages in several chunks', async () => {
  // Enough areas that the worker's share is more than one chunk and not a whole number of them.
  const areas = 2 * FINISH_CHUNK + 50;
  const content = { ...PROJECT_CONTENT, communities: [...PROJECT_CONTENT.communities, ...syntheticAreas(COMMUNITIES[0], areas)] };
  const one = await buildSite({ content, outDir: path.join(tmp, 'chunks-one'), threads: 1 });
  const two = await buildSite({ content, outDir: path.join(tmp, 'chunks-two'), threads: 2 });
  assert.ok(one.pages.length / 2 > FINISH_CHUNK + 1, `only ${one.pages.length} pages`);
  assert.equal(two.pages, one.pages);
  const a = await files(path.join(tmp, 'chunks-one'));
  const b = await files(path.join(tmp, 'chunks-two'));
  assert.equal([...b.keys()], [...a.keys()]);
  assert.equal([...a].filter(([name, bytes]) => !bytes.equals(b.get(name)!)).map(([name]) => name), []);
});

test('should reject with the worker\'s own message when its route table differs, and end the worker', async () => {
  const site = loadContent();
  const routes = buildRoutes(site);
  const shifted = [{ ...routes[1], path: '/not-the-same/' }, ...routes.slice(1)];
  const worker = new WorkerBatch(site, shifted, [0], '', new Map());
  const error = await worker.render().then(() => null, (e: Error) => e);
  await worker.close();
  assert.ok(error, 'render() must reject');
  assert.match(error!.message, /route 0 is "\/" here but "\/not-the-same\/" in the main thread/);
  const again = await worker.finish(new Map()).then(() => null, (e: Error) => e);
  assert.ok(again, 'a failed worker keeps rejecting');
});

test('should say what to do when a worker runs out of memory', async () => {
  const site = loadContent();
  const routes = buildRoutes(site);
  const worker = new WorkerBatch(site, routes, [0], '', new Map(), 8);
  const error = await worker.render().then(() => null, (e: Error) => e);
  await worker.close();
  assert.ok(error, 'render() must reject');
  assert.match(error!.message, /ran out of memory \(its limit: 8 MB for a site of \d+ pages\); build on one thread instead: BUILD_THREADS=1 npm run build/);
});

test('should take the thread count from BUILD_THREADS, else one thread for a small site', () => {
  assert.is(defaultThreads(40, {}), 1);
  assert.ok(defaultThreads(5000, {}) >= 1);
  assert.is(defaultThreads(40, { BUILD_THREADS: '3' }), 3);
  assert.throws(() => defaultThreads(40, { BUILD_THREADS: 'two' }), /BUILD_THREADS must be a whole number of threads, at least 1/);
  assert.throws(() => defaultThreads(40, { BUILD_THREADS: '0' }), /got "0"/);
});

test.run();
