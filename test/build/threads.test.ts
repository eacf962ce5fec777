/**
 * Worker threads (lib/build/worker-pool.ts): a build that shares its pages out to worker threads
 * makes byte-for-byte the site a one-thread build makes, with the same summary figures, and
 * an error inside a worker reaches the build with its message, the worker then ended.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../lib/build/build-site.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { crossingError, makePagesOnWorker, pageQueue, takePage, threadCount } from '../../lib/build/worker-pool.ts';
import { prepareInputs } from '../../lib/build/inputs.ts';
import { outputFile } from '../../lib/route.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { resolveConfig } from '../../lib/config.ts';

const test = suite('build on worker threads');
let tmp = '';
test.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'threads-')); });
test.after(async () => { await rm(tmp, { recursive: true, force: true }); });

test('should make the same files and figures with three threads as with one', async () => {
  const one = await buildSite({ config: { ...resolveConfig(), threads: 1 } });
  const three = await buildSite({ config: { ...resolveConfig(), threads: 3 } });
  assert.is(one.threads, 1);
  assert.is(three.threads, 3);
  const bytes = (files: typeof one.files) => new Map(files.map((f) => [f.path, Buffer.from(f.contents)]));
  const a = bytes(one.files);
  const b = bytes(three.files);
  assert.equal([...b.keys()].sort(), [...a.keys()].sort());
  assert.ok(a.size > 50, `only ${a.size} files`);
  const differ = [...a].filter(([name, contents]) => !contents.equals(b.get(name)!)).map(([name]) => name);
  assert.equal(differ, []);
  assert.equal(three.pages, one.pages);
});

/** The prepared inputs of the project's site, and its routes. */
async function projectInputs() {
  const site = loadContent(PROJECT_CONTENT);
  const prepared = await prepareInputs(site, { ...resolveConfig(), photoCacheDir: path.join(tmp, 'photo-cache') });
  return { inputs: prepared.inputs, routes: buildRoutes(site) };
}

test('should reject with the worker\'s own message when its route table differs, and end the worker', async () => {
  const { inputs, routes } = await projectInputs();
  const shifted = [{ ...routes[1], path: '/not-the-same/' }, ...routes.slice(1)];
  const pages: number[] = [];
  const error = await makePagesOnWorker(inputs, shifted, pageQueue([0]), (page) => { pages.push(page.index); }).then(() => null, (e: Error) => e);
  assert.ok(error, 'the share must reject');
  assert.match(error!.message, /route 0 is "\/" here but "\/not-the-same\/" in the main thread/);
  assert.equal(pages, [], 'no page was handed on');
});

test('should hand on a worker error whose cause cannot cross threads, with its message', () => {
  const error = new Error('A template failed', { cause: { retry() { return 1; } } });
  assert.throws(() => structuredClone(error), /could not be cloned/, 'the case guarded against: postMessage would throw DataCloneError');
  const crossed = structuredClone(crossingError(error));
  assert.is(crossed.message, 'A template failed');
  assert.is(crossed.stack, error.stack);
  const plain = new Error('A page failed', { cause: new Error('inner') });
  assert.is(crossingError(plain), plain, 'an error that can be cloned crosses as itself');
  assert.is((structuredClone(crossingError(plain)).cause as Error).message, 'inner', 'with its cause');
});

test('should hand on each page the worker took from the queue, in the queue\'s order, until none is left', async () => {
  const { inputs, routes } = await projectInputs();
  const pages: string[] = [];
  const queue = pageQueue([3, 1, 2]);
  await makePagesOnWorker(inputs, routes, queue, (page) => { pages.push(page.file); });
  assert.equal(pages, [3, 1, 2].map((i) => `/${outputFile(routes[i].path)}`));
  assert.is(takePage(queue), undefined, 'the queue is empty');
});

test('should say what to do when a worker runs out of memory', async () => {
  const { inputs, routes } = await projectInputs();
  const error = await makePagesOnWorker(inputs, routes, pageQueue([0]), () => undefined, 8).then(() => null, (e: Error) => e);
  assert.ok(error, 'the share must reject');
  assert.match(error!.message, /ran out of memory \(its limit: 8 MB for a site of \d+ pages\); build on one thread instead: BUILD_THREADS=1 npm run build/);
});

test('should take one thread for a small site or a build with a cache, else the configuration\'s, never more than the pages', () => {
  assert.is(threadCount(undefined, 40, false), 1);
  assert.ok(threadCount(undefined, 5000, false) >= 1);
  assert.is(threadCount(3, 40, false), 3);
  assert.is(threadCount(3, 2, false), 2);
  assert.is(threadCount(3, 5000, true), 1);
});

test.run();
