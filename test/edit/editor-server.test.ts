/**
 * The editor's server through its own HTTP interface: a real `npm run edit` (scripts/edit.ts) on a
 * copy of the project, driven with real requests as the editor's page sends them. It checks the
 * guards (Host on both servers, Origin, token, 127.0.0.1 only), the write allow-list with hostile
 * paths (nothing written anywhere), a save with no change (bytes identical), a change (only its
 * line differs, comments kept, the preview shows it when the save answers), a file changed by
 * hand (409, not overwritten), a mistake (422 in the build's words, file untouched), a hand edit
 * while it runs (built into the preview; a mistake said in /api/preview), delete with a
 * redirect and restore, a new record, photos, and at the end that every file a fresh
 * `npm run build` of the same files makes is served by the preview byte for byte, and that the
 * editor wrote nothing into dist/.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isHiddenPath } from '../../lib/site-files/hosting.ts';
import { startEditorIn, type EditorRun } from '../../tooling/editor-client.ts';
import { request } from '../../tooling/http.ts';
import { buildInCopy, copyProject, saveFile, type ProjectCopy } from '../../tooling/project-copy.ts';

const test = suite('editor server');
let copy: ProjectCopy;
let editor: EditorRun;
const file = (name: string) => path.join(copy.root, name);
const bytesOf = (name: string) => readFileSync(file(name));

test.before(async () => {
  copy = await copyProject();
  editor = await startEditorIn(copy.root);
});
test.after(async () => {
  await editor?.stop();
  await copy?.remove();
});

/** sha256 of every file of the copy but node_modules/, by path. */
async function snapshot(): Promise<Map<string, string>> {
  const entries = await readdir(copy.root, { recursive: true, withFileTypes: true });
  const found = new Map<string, string>();
  for (const e of entries) {
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(copy.root, full);
    if (rel.startsWith('node_modules') || !e.isFile()) continue;
    found.set(rel, createHash('sha256').update(await readFile(full)).digest('hex'));
  }
  return found;
}

/** The preview's answer to `sitePath`, redirects not followed. */
const preview = (sitePath: string) => fetch(`${editor.previewUrl}${sitePath}`, { redirect: 'manual' });

test('should refuse a foreign Host on both servers, and a write without its Origin and token', async () => {
  for (const url of [`${editor.url}/api/records`, `${editor.previewUrl}/`]) {
    const res = await request(url, { Host: 'attacker.example' });
    assert.is(res.status, 403, url);
  }
  assert.is((await request(`${editor.url}/api/records`, { Host: `localhost:${new URL(editor.url).port}` })).status, 200, 'localhost is its own name');
  const grants = (await editor.get('/api/record?file=content/areas/grants.yaml')).body;
  const save = { file: grants.file, hash: grants.hash, data: grants.data };
  const before = bytesOf('content/areas/grants.yaml');
  assert.is((await editor.post('/api/save', save, { Origin: 'http://attacker.example' })).status, 403, 'foreign Origin');
  assert.is((await editor.post('/api/save', save, { Origin: 'null' })).status, 403, 'Origin null');
  assert.is((await fetch(`${editor.url}/api/save`, { method: 'POST', body: JSON.stringify(save), headers: { 'X-Editor-Token': editor.token } })).status, 403, 'no Origin');
  assert.is((await editor.post('/api/save', save, { 'X-Editor-Token': 'f'.repeat(64) })).status, 403, 'wrong token');
  assert.is((await editor.post('/api/save', save, { 'X-Editor-Token': '' })).status, 403, 'no token');
  assert.is((await editor.post('/api/save', save)).status, 200, 'its own page passes');
  assert.equal(bytesOf('content/areas/grants.yaml'), before);
});

test('should answer a bad body 400 and write nothing', async () => {
  const before = bytesOf('content/areas/grants.yaml');
  const { hash } = (await editor.get('/api/record?file=content/areas/grants.yaml')).body;
  assert.is((await editor.post('/api/save', '{ not json')).status, 400);
  assert.is((await editor.post('/api/save', [1, 2])).status, 400);
  assert.is((await editor.post('/api/save', { file: 'content/areas/grants.yaml', hash })).status, 400, 'no data');
  assert.is((await editor.post('/api/save', { file: 'content/areas/grants.yaml', hash, data: 'text' })).status, 400, 'data not a record');
  assert.is((await editor.post('/api/create', { kind: 'community', slug: 'zuni' })).status, 400, 'no data');
  assert.is((await editor.post('/api/create', { kind: 'settings', slug: 'zuni', data: {} })).status, 400, 'a kind that is one file');
  assert.equal(bytesOf('content/areas/grants.yaml'), before);
  assert.not.ok(existsSync(file('content/areas/zuni.yaml')));
});

test('should listen on 127.0.0.1 only', async () => {
  const others = Object.values(os.networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal).map((a) => a!.address);
  for (const address of others) {
    for (const port of [new URL(editor.url).port, new URL(editor.previewUrl).port]) {
      const connected = await new Promise<boolean>((resolve) => {
        const s = net.connect(Number(port), address, () => { s.destroy(); resolve(true); });
        s.on('error', () => resolve(false));
      });
      assert.not.ok(connected, `${address}:${port} answers`);
    }
  }
});

test('should write nothing when a record is saved unchanged', async () => {
  for (const name of ['content/settings.yaml', 'content/areas/grants.yaml', 'content/home.yaml']) {
    const before = bytesOf(name);
    const record = (await editor.get(`/api/record?file=${name}`)).body;
    const saved = await editor.post('/api/save', { file: name, hash: record.hash, data: record.data });
    assert.is(saved.status, 200, JSON.stringify(saved.body));
    assert.is(saved.body.changed, false);
    assert.is(saved.body.hash, record.hash);
    assert.equal(bytesOf(name), before, name);
  }
});

test('should change only the edited line, keep the comments, and show the change in the preview on answering', async () => {
  const name = 'content/areas/grants.yaml';
  const before = bytesOf(name).toString('utf8');
  const record = (await editor.get(`/api/record?file=${name}`)).body;
  const description = 'Our home base on Route 66, edited through the browser editor today.';
  const version = (await editor.get('/api/preview')).body.version;
  const saved = await editor.post('/api/save', { file: name, hash: record.hash, data: { ...record.data, description } });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body, { file: name, hash: createHash('sha256').update(bytesOf(name)).digest('hex'), page: '/areas/grants/', changed: true });
  const after = bytesOf(name).toString('utf8');
  const [a, b] = [before.split('\n'), after.split('\n')];
  assert.is(a.length, b.length);
  assert.equal(a.map((line, i) => (line === b[i] ? '' : `${line} -> ${b[i]}`)).filter(Boolean), [`description: ${record.data.description} -> description: ${description}`]);
  assert.ok(after.startsWith('# Grants: a community'), 'the comments are kept');
  assert.is((await editor.get('/api/preview')).body.version, version + 1);
  assert.ok((await (await preview('/areas/grants/')).text()).includes(description), 'the preview shows the save when it answers');
});

test('should refuse to overwrite a file changed by hand since it was opened', async () => {
  const name = 'content/areas/milan.yaml';
  const record = (await editor.get(`/api/record?file=${name}`)).body;
  await appendFile(file(name), '# a note written by hand\n');
  const byHand = bytesOf(name);
  const saved = await editor.post('/api/save', { file: name, hash: record.hash, data: { ...record.data, description: 'Changed in the editor.' } });
  assert.is(saved.status, 409);
  assert.match(saved.body.error, /changed on disk since it was opened/);
  assert.equal(bytesOf(name), byHand);
});

test('should refuse a mistake in the build\'s own words, next to its field, with the file untouched', async () => {
  const name = 'content/settings.yaml';
  const before = bytesOf(name);
  const record = (await editor.get(`/api/record?file=${name}`)).body;
  const saved = await editor.post('/api/save', { file: name, hash: record.hash, data: { ...record.data, phone: '555' } });
  assert.is(saved.status, 422, JSON.stringify(saved.body));
  const problem = saved.body.problems.find((p: { field?: string }) => p.field === 'phone');
  assert.ok(problem, JSON.stringify(saved.body));
  assert.match(problem.message, /^content\/settings\.yaml:\d+:\d+: settings: field "phone" /);
  assert.equal(bytesOf(name), before);
});

/** Polls GET /api/preview until `check` accepts it (every 50 ms, at most 60 s: a bound for a failure, not a timing). */
async function previewUntil(check: (state: { version: number; ok: boolean; error?: string }) => boolean | Promise<boolean>): Promise<{ version: number; ok: boolean; error?: string }> {
  const end = Date.now() + 60_000;
  for (;;) {
    const state = (await editor.get('/api/preview')).body;
    if (await check(state)) return state;
    if (Date.now() > end) throw new Error(`the preview stayed ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('should build a hand edit into the preview, and say a hand-made mistake', async () => {
  const name = 'content/areas/san-fidel.yaml';
  const text = bytesOf(name).toString('utf8');
  const shows = async (words: string) => (await (await preview('/areas/san-fidel/')).text()).includes(words);
  try {
    await saveFile(file(name), text.replace(/^description: .*$/m, 'description: Changed by hand in a text editor.'));
    await previewUntil(async (s) => s.ok && await shows('Changed by hand in a text editor.'));
    await saveFile(file(name), text.replace(/^order: .*$/m, 'order: ten'));
    const failed = await previewUntil((s) => !s.ok);
    assert.match(failed.error!, /^content\/areas\/san-fidel\.yaml:\d+:\d+: .*"order"/);
    assert.ok(await shows('Changed by hand in a text editor.'), 'the preview keeps the last good build');
  } finally {
    await saveFile(file(name), text);
  }
  await previewUntil(async (s) => s.ok && !(await shows('Changed by hand in a text editor.')));
});

test('should refuse hostile paths with nothing written', async () => {
  const outside = path.join(os.tmpdir(), `editor-outside-${process.pid}.yaml`);
  await writeFile(outside, 'order: 1\nname: Outside\n');
  await symlink(outside, file('content/areas/linked.yaml'));
  await symlink(file('package.json'), file('content/photos/package.jpg'));
  try {
    const before = await snapshot();
    const hostile = ['package.json', '../x', '../x.yaml', 'content/../.env', '/etc/passwd', `${copy.root}/content/settings.yaml`, '.git/config',
      'node_modules/yaml/package.json', 'dist/index.html', 'content/areas/../../package.json', 'content/./settings.yaml', 'content//settings.yaml',
      'content\\settings.yaml', 'content/areas/linked.yaml', 'content/photos/x.yaml', 'lib/config.ts', 'content/areas/Grants.yaml'];
    for (const target of hostile) {
      for (const [route, body] of [['/api/save', { file: target, hash: '', data: { order: 1 } }], ['/api/delete', { file: target, hash: '' }], ['/api/restore', { file: target }]] as const) {
        const answer = await editor.post(route, body);
        assert.is(answer.status, 403, `${route} ${target}: ${JSON.stringify(answer.body)}`);
      }
      assert.is((await editor.get(`/api/record?file=${encodeURIComponent(target)}`)).status, 403, `record ${target}`);
    }
    assert.is((await editor.post('/api/create', { kind: 'community', slug: 'linked', data: { order: 1 } })).status, 403, 'create through a link');
    assert.is((await editor.post('/api/create', { kind: 'community', slug: '../../x', data: { order: 1 } })).status, 422, 'create with a path as slug');
    for (const name of ['../evil.jpg', '.hidden.jpg', 'a/b.jpg', 'notes.txt', 'package.jpg', 'line%0Abreak.jpg']) {
      const answer = await editor.post('/api/photo', new Uint8Array([0xff, 0xd8, 0xff]), { 'X-File-Name': name, 'Content-Type': 'image/jpeg' });
      assert.ok(answer.status === 400 || answer.status === 403, `photo ${name}: ${answer.status}`);
    }
    assert.equal(await snapshot(), before, 'no file of the project changed');
    assert.is(readFileSync(outside, 'utf8'), 'order: 1\nname: Outside\n');
  } finally {
    await rm(file('content/areas/linked.yaml'));
    await rm(file('content/photos/package.jpg'));
    await rm(outside);
  }
});

test('should delete a record with a redirect from its page, and restore it', async () => {
  const name = 'content/areas/ramah.yaml';
  const settings = bytesOf('content/settings.yaml');
  const original = bytesOf(name);
  const record = (await editor.get(`/api/record?file=${name}`)).body;
  assert.is(record.page, '/areas/ramah/');
  const deleted = await editor.post('/api/delete', { file: name, hash: record.hash, redirectTo: '/service-areas/' });
  assert.is(deleted.status, 200, JSON.stringify(deleted.body));
  assert.equal(deleted.body, { deleted: name, redirect: { from: '/areas/ramah/', to: '/service-areas/' } });
  assert.not.ok(existsSync(file(name)));
  assert.equal(bytesOf('content/.deleted/areas/ramah.yaml'), original);
  assert.match(bytesOf('content/settings.yaml').toString('utf8'), /from: \/areas\/ramah\/[\s\S]*to: \/service-areas\//);
  const gone = await preview('/areas/ramah/');
  assert.is(gone.status, 301);
  assert.is(gone.headers.get('location'), '/service-areas/');
  const listed = (await editor.get('/api/records')).body;
  assert.equal(listed.deleted.map((d: { file: string; title: string }) => [d.file, d.title]), [[name, 'Ramah']]);
  const restored = await editor.post('/api/restore', { file: name });
  assert.is(restored.status, 200, JSON.stringify(restored.body));
  assert.equal(bytesOf(name), original);
  assert.equal(bytesOf('content/settings.yaml'), settings, 'the redirect the deletion added is gone');
  assert.not.ok(existsSync(file('content/.deleted/areas/ramah.yaml')));
  assert.is((await preview('/areas/ramah/')).status, 200);
});

test('should add a record as a new file named by its slug', async () => {
  const base = (await editor.get('/api/record?file=content/areas/ramah.yaml')).body;
  const data = { ...base.data, order: 995, name: 'Seboyeta', description: 'A village below Mount Taylor, added in the browser editor.' };
  const created = await editor.post('/api/create', { kind: 'community', slug: 'seboyeta', data });
  assert.is(created.status, 201, JSON.stringify(created.body));
  assert.is(created.body.file, 'content/areas/seboyeta.yaml');
  assert.ok(existsSync(file('content/areas/seboyeta.yaml')));
  assert.ok((await (await preview('/areas/seboyeta/')).text()).includes('added in the browser editor'));
  assert.is((await editor.post('/api/create', { kind: 'community', slug: 'seboyeta', data })).status, 409, 'an existing file');
});

test('should take a photo into content/photos/ and give a thumbnail without its EXIF', async () => {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a33' } })
    .jpeg().withExif({ IFD0: { Copyright: 'owner', Make: 'Phone' } }).toBuffer();
  assert.ok((await sharp(jpeg).metadata()).exif, 'the upload has EXIF');
  const uploaded = await editor.post('/api/photo', jpeg, { 'X-File-Name': 'van.jpg', 'Content-Type': 'image/jpeg' });
  assert.equal(uploaded, { status: 200, body: { name: 'van.jpg' } });
  assert.equal(bytesOf('content/photos/van.jpg'), jpeg);
  assert.is((await editor.post('/api/photo', jpeg, { 'X-File-Name': 'van.jpg' })).status, 409, 'never replaces a photo');
  const listed = (await editor.get('/api/photos')).body;
  assert.equal(listed.photos, [{ name: 'van.jpg', thumbnail: '/api/photo-thumbnail?name=van.jpg' }]);
  const thumb = await fetch(`${editor.url}/api/photo-thumbnail?name=van.jpg`);
  assert.is(thumb.headers.get('content-type'), 'image/jpeg');
  const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
  assert.is(meta.width, 320);
  assert.is(meta.exif, undefined);
  const large = await editor.post('/api/photo', new Uint8Array(26 * 1024 * 1024), { 'X-File-Name': 'large.jpg' });
  assert.is(large.status, 413);
  assert.not.ok(existsSync(file('content/photos/large.jpg')));
});

test('should serve the bytes of a fresh build of the same files, and write nothing into dist/', async () => {
  assert.not.ok(existsSync(file('dist')), 'the editor made no dist/');
  const built = await buildInCopy(copy);
  assert.is(built.code, 0, built.lines.join('\n'));
  const dist = file('dist');
  const files = (await readdir(dist, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
    .map((e) => `/${path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`);
  assert.ok(files.length > 50, `${files.length} files`);
  let compared = 0;
  for (const sitePath of files) {
    if (isHiddenPath(sitePath)) continue;
    const res = await preview(sitePath.split('/').map(encodeURIComponent).join('/'));
    assert.is(res.status, 200, sitePath);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(dist, sitePath))), `${sitePath} differs from the build's`);
    compared++;
  }
  assert.ok(compared > 50);
  const page = await preview('/');
  assert.match(page.headers.get('content-security-policy')!, new RegExp(`^frame-ancestors ${editor.url} http://localhost:\\d+; default-src 'self'`));
  assert.is(page.headers.get('x-frame-options'), null);
});

test.run();
