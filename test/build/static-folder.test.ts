/**
 * Only the site is published: `npm run build` on a copy of the project refuses a symbolic link in
 * static/ (one to ../.env, one to a file outside the project) and a dot-file there, one line each
 * naming the file, exit code 1, the previous dist/ left as it was and no secret in it; a file in
 * static/.well-known/ is published.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildInCopy, copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

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

test.run();
