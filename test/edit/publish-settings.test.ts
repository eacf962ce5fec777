/**
 * The editor's deploy settings (lib/edit/deploy-settings.ts) through its HTTP routes
 * (lib/edit/publish-routes.ts): a save rewrites only the DEPLOY_* lines of `.env` (every other
 * line byte-identical, in its place), the values read back through Node's own .env parser and the
 * deploy's reading of the target as typed (a password with "#", quotes and spaces too), the
 * password never comes back, an empty password keeps the old one, and a save with nothing changed
 * leaves the file's bytes as they were.
 */
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveConfig } from '../../lib/config.ts';
import { checkDotEnv, readTarget } from '../../lib/deploy/deploy-target.ts';
import { handlePublishApi } from '../../lib/edit/publish-routes.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'publish-settings-'));
process.once('exit', () => rmSync(root, { recursive: true, force: true }));
const envPath = path.join(root, '.env');
const ctx = { root, config: resolveConfig({}, root), say: () => {}, afterPublish: async () => {}, env: {} };

const api = async (method: string, p: string, body?: unknown) => {
  const reply = await handlePublishApi({ method, path: p, query: new URLSearchParams(), body }, ctx);
  assert.ok(reply, `${p} is a publish route`);
  return reply!;
};

const HAND_WRITTEN = [
  '# My own notes about this site, kept by hand.',
  'BUILD_THREADS=1',
  '',
  '# Where npm run deploy uploads:',
  'DEPLOY_TARGET=ftps://old@ftp.old.example/public_html',
  'PORT=9000 # the dev server',
  "DEPLOY_PASSWORD='old-secret'",
  '   # DEPLOY_SITE_URL=https://commented.example',
  'export OTHER="x y"',
  'DEPLOY_CONNECTIONS=2',
  'LAST_LINE_NO_NEWLINE=1',
].join('\n');
const PASSWORD = `p#1 "q" it's  spaced`;

const s = suite('deploy settings in .env');

s('a save rewrites only the DEPLOY_* lines it owns; every other line keeps its bytes and its place', async () => {
  writeFileSync(envPath, HAND_WRITTEN);
  const body = { protocol: 'sftp', host: 'sftp.yourdomain.com', port: 2222, folder: '/var/www/site', user: 'ann o', password: PASSWORD, siteUrl: 'https://www.yourdomain.com', allowPlainFtp: false };
  const reply = await api('POST', '/api/deploy-settings', body);
  assert.is(reply.status, 200, JSON.stringify(reply.body));
  const before = HAND_WRITTEN.split('\n');
  const after = readFileSync(envPath, 'utf8').split('\n');
  const changed = after.map((line, i) => [line, before[i]]).filter(([a, b]) => a !== b).map(([a]) => a.split('=')[0]);
  // The two owned lines in place; the new site address appended (after the newline the last line lacked).
  assert.equal(changed, ['DEPLOY_TARGET', 'DEPLOY_PASSWORD', 'DEPLOY_SITE_URL', '']);
  const text = readFileSync(envPath, 'utf8');
  assert.ok(text.startsWith(HAND_WRITTEN.split('\n').slice(0, 4).join('\n')), 'the lines before are byte-identical');
  assert.ok(text.includes(`\n${HAND_WRITTEN.split('\n').slice(7).join('\n')}\nDEPLOY_SITE_URL=`), 'the lines after are byte-identical, in order');
  checkDotEnv(text, '.env'); // the deploy's own check of the file passes
  const env = parseEnv(text);
  assert.is(env.DEPLOY_PASSWORD, PASSWORD, 'Node reads the password back as typed');
  const target = readTarget(env, root)!;
  assert.equal([target.protocol, target.host, target.port, target.folder, target.user], ['sftp', 'sftp.yourdomain.com', 2222, '/var/www/site', 'ann o']);
  assert.is(env.DEPLOY_SITE_URL, 'https://www.yourdomain.com');
  assert.is(env.DEPLOY_CONNECTIONS, '2');
  assert.not.ok(JSON.stringify(reply.body).includes('p#1'), 'the reply holds no password');
  assert.equal(reply.body, { protocol: 'sftp', host: 'sftp.yourdomain.com', port: 2222, folder: '/var/www/site', user: 'ann o', passwordSet: true, siteUrl: 'https://www.yourdomain.com', allowPlainFtp: false });
});

s('GET says whether a password is set, never which; an empty password keeps it; an unchanged save writes nothing', async () => {
  const got = await api('GET', '/api/deploy-settings');
  assert.is((got.body as { passwordSet: boolean }).passwordSet, true);
  assert.not.ok(JSON.stringify(got.body).includes('p#1'));
  const bytes = readFileSync(envPath);
  const inode = lstatSync(envPath).ino;
  const again = await api('POST', '/api/deploy-settings', { ...(got.body as object), password: '' });
  assert.is(again.status, 200);
  assert.equal(readFileSync(envPath), bytes, 'bytes identical');
  assert.is(lstatSync(envPath).ino, inode, 'not even rewritten');
  assert.is(parseEnv(readFileSync(envPath, 'utf8')).DEPLOY_PASSWORD, PASSWORD);
});

s('plain FTP opt-in written, and removed when the protocol is no longer FTP; site address removed when emptied; a relative folder stays relative', async () => {
  await api('POST', '/api/deploy-settings', { protocol: 'ftp', host: '127.0.0.1', folder: 'public_html', user: 'deploy', siteUrl: '', allowPlainFtp: true });
  let env = parseEnv(readFileSync(envPath, 'utf8'));
  assert.is(env.DEPLOY_ALLOW_PLAIN_FTP, '1');
  assert.is(env.DEPLOY_SITE_URL, undefined);
  assert.is(readTarget(env, root)!.folder, 'public_html');
  await api('POST', '/api/deploy-settings', { protocol: 'ftps', host: '127.0.0.1', folder: 'public_html', user: 'deploy', allowPlainFtp: true });
  env = parseEnv(readFileSync(envPath, 'utf8'));
  assert.is(env.DEPLOY_ALLOW_PLAIN_FTP, undefined);
  assert.ok(readFileSync(envPath, 'utf8').includes('   # DEPLOY_SITE_URL=https://commented.example\n'), 'the comment stays');
});

s('a bad field is refused in one line with the file untouched; a .env that is a link is never written through', async () => {
  const bytes = readFileSync(envPath);
  const bad = await api('POST', '/api/deploy-settings', { protocol: 'ftps', host: 'ftp://x.com/a', folder: '', user: 'u' });
  assert.is(bad.status, 400);
  assert.match((bad.body as { error: string }).error, /^Server: "ftp:\/\/x\.com\/a" is not a host name/);
  const broken = await api('POST', '/api/deploy-settings', { protocol: 'ftps', host: 'x.com', folder: '', user: 'u', password: 'a\nb' });
  assert.is(broken.status, 400);
  assert.equal(readFileSync(envPath), bytes);
  const elsewhere = path.join(root, 'elsewhere.txt');
  writeFileSync(elsewhere, 'keep\n');
  rmSync(envPath);
  symlinkSync(elsewhere, envPath);
  const linked = await api('POST', '/api/deploy-settings', { protocol: 'ftps', host: 'x.com', folder: '', user: 'u' });
  assert.is(linked.status, 400);
  assert.is(readFileSync(elsewhere, 'utf8'), 'keep\n');
});

s('a new .env holds only the settings, readable by its owner only', async () => {
  rmSync(envPath);
  await api('POST', '/api/deploy-settings', { protocol: 'ftps', host: 'ftp.yourdomain.com', folder: 'public_html', user: 'me', password: 'pw' });
  assert.is(readFileSync(envPath, 'utf8'), 'DEPLOY_TARGET=ftps://me@ftp.yourdomain.com/public_html\nDEPLOY_PASSWORD=pw\n');
  assert.is(lstatSync(envPath).mode & 0o777, 0o600);
});

s.run();
