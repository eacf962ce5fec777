/**
 * The dev build's output folder (lib/serve/dev-output.ts) on a real temporary folder: files
 * written ahead of the rest of a build (the pages open in the browser and what they load) are
 * checked against the build's own bytes, and a file written ahead that the build then does not
 * make (the bundle of a wrong guess of the islands) is removed like any other file gone.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
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

const page = (text: string) => ({ path: '/index.html', contents: `<!doctype html><html><body>${text}</body></html>` });

test('should keep a file written ahead when the build makes the same bytes, with the live-reload script in each page', async () => {
  const sync = createOutputSync(dir, '/livereload.js');
  sync.beginBuild();
  assert.equal(await sync.writeAhead([page('one'), { path: '/assets/a-1.js', contents: 'a' }]), ['/assets/a-1.js', '/index.html']);
  await sync.write([page('one'), { path: '/assets/a-1.js', contents: 'a' }], staticDir);
  assert.is(await readFile(path.join(dir, 'index.html'), 'utf8'), '<!doctype html><html><body>one<script src="/livereload.js" async></script></body></html>');
  assert.equal(sync.last.ahead.sort(), ['/assets/a-1.js', '/index.html']);
});

test('should remove a script written ahead that the build does not make, without calling it a fault', async () => {
  const sync = createOutputSync(dir, '/livereload.js');
  sync.beginBuild();
  await sync.writeAhead([page('guessed'), { path: '/assets/guessed-1.js', contents: 'old bundle' }]);
  // The guess was wrong: the page is written ahead again with the real bundle's tags.
  await sync.writeAhead([page('real'), { path: '/assets/real-2.js', contents: 'new bundle' }]);
  await sync.write([page('real'), { path: '/assets/real-2.js', contents: 'new bundle' }], staticDir);
  assert.not.ok(existsSync(path.join(dir, 'assets/guessed-1.js')), 'the guessed bundle is gone');
  assert.ok(existsSync(path.join(dir, 'assets/real-2.js')));
  assert.match(await readFile(path.join(dir, 'index.html'), 'utf8'), /real/);
});

test('should throw when a page written ahead is not the one the build made', async () => {
  const sync = createOutputSync(dir, '/livereload.js');
  sync.beginBuild();
  await sync.writeAhead([page('ahead')]);
  try {
    await sync.write([page('different')], staticDir);
    assert.unreachable('write() accepted a page that differs from the one written ahead');
  } catch (error) {
    assert.match((error as Error).message, /^\/index\.html: the file written ahead of the other pages is not the one the build made/);
  }
});

test.run();
