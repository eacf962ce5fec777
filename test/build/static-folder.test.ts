/**
 * Only the site is published: `npm run build` on a copy of the project refuses a symbolic link in
 * static/ (one to ../.env, one to a file outside the project) and a dot-file there, one line each
 * naming the file, exit code 1, the previous dist/ left as it was and no secret in it; a file in
 * static/.well-known/ is published. It refuses as well a name a server cannot store (a newline, a
 * tab) and a name the build writes itself (a page, robots.txt, sw.js, a hosting file, the deploy's
 * record), one line each; and a file named with a space, "#", "?", "%", "+" or Unicode is built
 * and served by the preview server at its percent-encoded address.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildInCopy, copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';
import { startServer } from '../../lib/serve/preview-server.ts';
import { encodeUrlPath } from '../../lib/url-path.ts';
import { request } from '../../tooling/http.ts';

const test = suite('npm run build publishes only the site from static/');
let copy: ProjectCopy | undefined;
const SECRET = 'DEPLOY_PASSWORD=ab#cd12-static-folder-test';
test.before(async () => {
  copy = await copyProject();
  await writeFile(path.join(copy.root, '.env'), `${SECRET}\n`);
});
test.after(async () => { await copy?.remove(); });

/** Runs build.ts in the copy; resolves with its exit code and output lines. */
const build = () => buildInCopy(copy!);

/** Every entry under `dir` (links too) with the SHA-1 of each file's bytes, sorted. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const file = path.join(e.parentPath, e.name);
    const kind = e.isSymbolicLink() ? 'link' : e.isFile() ? createHash('sha1').update(readFileSync(file)).digest('hex') : 'folder';
    return `${path.relative(dir, file)} ${kind}`;
  }).sort();
}

test('should publish static/.well-known/', async () => {
  await mkdir(path.join(copy!.root, 'static/.well-known'), { recursive: true });
  await writeFile(path.join(copy!.root, 'static/.well-known/security.txt'), 'Contact: mailto:owner@example.com\n');
  const { code, lines } = await build();
  assert.is(code, 0, lines.join('\n'));
  assert.is(readFileSync(path.join(copy!.root, 'dist/.well-known/security.txt'), 'utf8'), 'Contact: mailto:owner@example.com\n');
});

test('should refuse links and dot-files in static/, naming each, and leave dist/ as it was', async () => {
  const dist = path.join(copy!.root, 'dist');
  const before = snapshot(dist);
  await symlink('../.env', path.join(copy!.root, 'static/notes.txt'));
  await symlink('/etc/hostname', path.join(copy!.root, 'static/img/host.txt'));
  await writeFile(path.join(copy!.root, 'static/.env.local'), `${SECRET}\n`);
  const { code, lines } = await build();
  assert.is(code, 1);
  assert.equal(lines[0], 'Build stopped, dist/ left unchanged:');
  assert.is(lines.length, 4, lines.join('\n'));
  assert.match(lines.join('\n'), /^static\/notes\.txt is a symbolic link; only real files are published: put a copy of the file there instead, or remove the link\.$/m);
  assert.match(lines.join('\n'), /^static\/img\/host\.txt is a symbolic link;/m);
  assert.match(lines.join('\n'), /^static\/\.env\.local starts with a dot: dot-files are never published .*move it out of static\//m);
  assert.equal(snapshot(dist), before, 'dist/ is as the previous build left it');
  for (const name of ['notes.txt', '.env.local', 'img/host.txt']) assert.not.ok(existsSync(path.join(dist, name)), name);
  await rm(path.join(copy!.root, 'static/notes.txt'));
  await rm(path.join(copy!.root, 'static/img/host.txt'));
  await rm(path.join(copy!.root, 'static/.env.local'));
});

test('should build and serve files named with a space, "#", "?", "%", "+" and Unicode', async () => {
  const names = ['a b.txt', 'a#b.txt', 'what?.txt', '100%.txt', 'c+d.txt', 'café ünï 😀.txt'];
  await mkdir(path.join(copy!.root, 'static/files'), { recursive: true });
  for (const name of names) await writeFile(path.join(copy!.root, 'static/files', name), `file ${name}`);
  const { code, lines } = await build();
  assert.is(code, 0, lines.join('\n'));
  const server = await startServer(path.join(copy!.root, 'dist'));
  try {
    for (const name of names) {
      const res = await request(`${server.url}${encodeUrlPath(`/files/${name}`)}`);
      assert.is(res.status, 200, name);
      assert.is(res.body.toString(), `file ${name}`, name);
    }
  } finally {
    await server.close();
    await rm(path.join(copy!.root, 'static/files'), { recursive: true, force: true });
  }
});

test('should refuse names a server cannot store and names the build writes itself, one line each', async () => {
  const dist = path.join(copy!.root, 'dist');
  const before = snapshot(dist);
  const added = ['a\nb.txt', 'tab\there.txt', '_headers', '_redirects', 'sw.js', 'deploy-manifest.json', 'services/index.html', '404.html', 'sitemap.xml', 'robots.txt', 'areas', 'keyword-corpus.json/notes.txt'];
  for (const name of added) {
    await mkdir(path.dirname(path.join(copy!.root, 'static', name)), { recursive: true });
    await writeFile(path.join(copy!.root, 'static', name), 'owner file\n');
  }
  const { code, lines } = await build();
  assert.is(code, 1);
  assert.equal(lines[0], 'Build stopped, dist/ left unchanged:');
  const text = lines.join('\n');
  assert.match(text, /^"static\/a\\nb\.txt" has a control character/m);
  assert.match(text, /^"static\/tab\\there\.txt" has a control character/m);
  for (const name of ['_headers', '_redirects']) assert.match(text, new RegExp(`^static/${name}: the build writes /${name} itself \\(a hosting file`, 'm'));
  assert.match(text, /^static\/sw\.js: the build writes \/sw\.js itself \(the service worker\)/m);
  assert.match(text, /^static\/deploy-manifest\.json: the build writes \/deploy-manifest\.json itself \(the name of the deploy's record/m);
  for (const name of ['services/index.html', '404.html']) assert.match(text, new RegExp(`^static/${name.replace('.', '\\.')}: the build writes /${name.replace('.', '\\.')} itself \\(a page of the site\\)`, 'm'));
  for (const name of ['sitemap.xml', 'robots.txt']) assert.match(text, new RegExp(`^static/${name.replace('.', '\\.')}: the build writes`, 'm'));
  assert.match(text, /^static\/areas: the build needs a folder of this name for \/areas\//m);
  assert.match(text, /^static\/keyword-corpus\.json\/notes\.txt: the build writes the file \/keyword-corpus\.json/m);
  assert.is(lines.filter((l) => l.startsWith('static/') || l.startsWith('"static/')).length, added.length, text);
  assert.equal(snapshot(dist), before, 'dist/ is as the previous build left it');
  for (const name of added) await rm(path.join(copy!.root, 'static', name.split('/')[0]), { recursive: true, force: true });
});

test.run();
