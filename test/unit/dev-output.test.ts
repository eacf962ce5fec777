/**
 * The dev build's output folder (lib/serve/dev-output.ts) on a real temporary folder: each page
 * carries the live-reload script, a build writes only the files whose bytes changed, removes the
 * files it no longer makes, copies the static folder with the build's own files winning, and a
 * failed build leaves the folder for the next one to mend.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createOutputSync } from '../../lib/serve/dev-output.ts';

const test = suite('dev output folder');
let dir: string;
let staticDir: string;
test.before.each(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dev-output-'));
  staticDir = await mkdtemp(path.join(tmpdir(), 'dev-static-'));
});
test.after.each(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
});

const page = (text: string, file = '/index.html') => ({ path: file, contents: `<!doctype html><html><body>${text}</body></html>` });

/** One build's files written. */
function build(sync: ReturnType<typeof createOutputSync>, files: { path: string; contents: string }[]) {
  return sync.write(files, staticDir);
}

test('should write each page with the live-reload script, and the static folder beside it', async () => {
  await writeFile(path.join(staticDir, 'robots.txt'), 'static');
  await writeFile(path.join(staticDir, 'favicon.ico'), 'icon');
  const sync = createOutputSync(dir, '/livereload.js');
  const last = await build(sync, [page('one'), { path: '/robots.txt', contents: 'generated' }]);
  assert.is(await readFile(path.join(dir, 'index.html'), 'utf8'), '<!doctype html><html><body>one<script src="/livereload.js" async></script></body></html>');
  assert.is(await readFile(path.join(dir, 'robots.txt'), 'utf8'), 'generated', 'the build\'s own file wins over the static one');
  assert.is(await readFile(path.join(dir, 'favicon.ico'), 'utf8'), 'icon');
  assert.is(last.written, 3);
  assert.ok(last.otherChanged, 'a static file was written');
});

test('should write only what changed and remove what the build no longer makes', async () => {
  const sync = createOutputSync(dir, '/livereload.js');
  await build(sync, [page('home'), page('area', '/areas/a/index.html'), { path: '/assets/a-1.js', contents: 'a' }]);
  const before = (await stat(path.join(dir, 'index.html'))).mtimeMs;
  const last = await build(sync, [page('home'), { path: '/assets/a-2.js', contents: 'b' }]);
  assert.is((await stat(path.join(dir, 'index.html'))).mtimeMs, before, 'an unchanged page is not written again');
  assert.equal(last.changed.sort(), ['/areas/a/index.html', '/assets/a-1.js', '/assets/a-2.js']);
  assert.is(last.written, 1);
  assert.is(last.removed, 2);
  assert.is(last.pages, 0);
  assert.not.ok(existsSync(path.join(dir, 'areas')), 'the folder a removed route leaves empty goes too');
  assert.not.ok(last.otherChanged);
});

test('should count the files written ahead among the build\'s, writing each once', async () => {
  const sync = createOutputSync(dir, '/livereload.js');
  await build(sync, [page('one'), page('two', '/b/index.html')]);
  assert.equal(await sync.writeAhead([page('new one'), page('two', '/b/index.html')]), ['/index.html'], 'only the changed file is written ahead');
  const before = (await stat(path.join(dir, 'index.html'))).mtimeMs;
  const last = await build(sync, [page('new one'), page('two', '/b/index.html')]);
  assert.equal(last.changed, ['/index.html']);
  assert.is(last.pages, 1);
  assert.is((await stat(path.join(dir, 'index.html'))).mtimeMs, before, 'not written again');
});

test('should compare with the disk again after a failed build', async () => {
  const sync = createOutputSync(dir, '/livereload.js');
  await build(sync, [page('one')]);
  await sync.writeAhead([page('half')]); // the open page of a build that then failed
  sync.forget();
  assert.match(await readFile(path.join(dir, 'index.html'), 'utf8'), /half/, 'what a failed build wrote stays until the next build');
  const last = await build(sync, [page('one')]);
  assert.match(await readFile(path.join(dir, 'index.html'), 'utf8'), /one/);
  assert.equal(last.changed, ['/index.html'], 'the page the failed build wrote is mended');
});

test.run();
