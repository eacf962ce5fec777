/**
 * Writing the site (lib/write.ts writeSite): every file lands with its contents, also when many
 * are written at once; of two files with one path the later wins, as over a static file; a path
 * outside the output folder stops the write with the previous site left as it was; so does a full
 * disk, said in one line.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeSite, type SiteFile } from '../../lib/write.ts';

const test = suite('write site');
let tmp = '';
let staticDir = '';
test.before.each(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'write-site-'));
  staticDir = path.join(tmp, 'static');
  await mkdir(staticDir);
  await writeFile(path.join(staticDir, 'robots.txt'), 'static robots');
  await writeFile(path.join(staticDir, 'favicon.ico'), 'icon');
});
test.after.each(async () => { await rm(tmp, { recursive: true, force: true }); });

const quiet = { log: () => {} };
const pages = (n: number): SiteFile[] => Array.from({ length: n }, (_, i) => ({ path: `/areas/area-${i}/index.html`, contents: i % 2 ? `<p>page ${i}</p>` : new TextEncoder().encode(`<p>page ${i}</p>`) }));

test('should write every file, in folders of any depth, strings and bytes alike', async () => {
  const out = path.join(tmp, 'dist');
  await writeSite([...pages(250), { path: '/a/b/c/d.txt', contents: 'deep' }], staticDir, out, quiet);
  const names = await fg('**/*', { cwd: out, dot: true });
  assert.is(names.length, 250 + 1 + 2);
  for (const i of [0, 1, 31, 32, 33, 125, 249]) assert.is(await readFile(path.join(out, `areas/area-${i}/index.html`), 'utf8'), `<p>page ${i}</p>`);
  assert.is(await readFile(path.join(out, 'a/b/c/d.txt'), 'utf8'), 'deep');
  assert.is(await readFile(path.join(out, 'favicon.ico'), 'utf8'), 'icon');
});

test('should let the later of two files with one path win, and a generated file win over a static one', async () => {
  const out = path.join(tmp, 'dist');
  // The two /x.txt fall in the same batch of writes, which run at once.
  const files = [{ path: '/x.txt', contents: 'first' }, ...pages(5), { path: '/x.txt', contents: 'second' }, ...pages(100), { path: '/robots.txt', contents: 'generated robots' }];
  await writeSite(files, staticDir, out, quiet);
  assert.is(await readFile(path.join(out, 'x.txt'), 'utf8'), 'second');
  assert.is(await readFile(path.join(out, 'robots.txt'), 'utf8'), 'generated robots');
});

test('should refuse a path outside the output folder and leave the previous site as it was', async () => {
  const out = path.join(tmp, 'dist');
  await writeSite([{ path: '/index.html', contents: 'old site' }], staticDir, out, quiet);
  const error = await writeSite([...pages(100), { path: '/../escaped.txt', contents: 'no' }], staticDir, out, quiet).then(() => null, (e: Error) => e);
  assert.ok(error, 'the write must fail');
  assert.match(error!.message, 'Refusing to write outside the output folder: /../escaped.txt');
  assert.is(await readFile(path.join(out, 'index.html'), 'utf8'), 'old site');
  assert.not.ok(await fg('areas/**', { cwd: out }).then((f) => f.length));
  assert.not.ok((await fg('*', { cwd: tmp, onlyFiles: true })).includes('escaped.txt'));
});

test('should say a full disk in one line, with the previous site left as it was', async () => {
  const out = path.join(tmp, 'dist');
  await writeSite([{ path: '/index.html', contents: 'old site' }], staticDir, out, quiet);
  // The file system's answer when a write finds no space left (errno ENOSPC), for one file of many.
  const full: SiteFile = { path: '/areas/full/index.html', get contents(): string { throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }); } };
  const error = await writeSite([...pages(40), full, ...pages(3)], staticDir, out, quiet).then(() => null, (e: Error) => e);
  assert.ok(error, 'the write must fail');
  assert.is(error!.name, 'OutputFolderError');
  assert.is(error!.message, `The disk is full (ENOSPC) while writing the new site in ${tmp}: free some space there and build again; ${out} still holds the previous site, unchanged.`);
  assert.is(await readFile(path.join(out, 'index.html'), 'utf8'), 'old site');
  assert.equal((await fg('.dist-*', { cwd: tmp, onlyDirectories: true, dot: true })), [], 'no temporary folder left');
});

test.run();
