/**
 * A first SFTP publish from the editor, with no terminal: against OpenSSH's sshd
 * (tooling/sshd.ts) on 127.0.0.1 with key login (DEPLOY_KEY) and Apache serving the folder. The
 * deploy refuses the unknown host in its own words; the editor's probe shows the fingerprint
 * ssh-keygen prints and says it is not known; a fingerprint other than the probed one is not
 * trusted and nothing is written; the probed one is written as the line ssh-keyscan prints into
 * the project's known-hosts file; the deploy then finds it known, publishes, and the live check
 * passes. A key the file knows as another is never trusted from the editor.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startApache, type RunningApache } from '../helpers/apache.ts';
import { linesOf, startPublishEditor, waitForRun, type PublishEditor } from '../helpers/publish-editor.ts';
import { startSshd } from '../../tooling/sshd.ts';

const server = await startSshd();
const site = path.join(server.dir, 'site');
mkdirSync(site);
let apache: RunningApache;
let editor: PublishEditor;
try {
  apache = await startApache(site);
  // HOME is the server's temp folder, so ~/.ssh is neither read nor written.
  editor = await startPublishEditor({ DEPLOY_LIVE_URL: apache.url, DEPLOY_KEY: server.keyFile, HOME: server.dir });
} catch (error) {
  await server.stop();
  throw error;
}
const knownHosts = path.join(editor.root, '.deploy-known-hosts');
const name = `[127.0.0.1]:${server.port}`;
const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', server.hostKeyFiles.ed25519!], { encoding: 'utf8' }).split(/\s+/)[1];
const keyscan = () => execFileSync('ssh-keyscan', ['-t', 'ed25519', '-p', String(server.port), '127.0.0.1'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

const s = suite('SFTP host key confirmed in the editor');
s.after(async () => {
  await editor.stop();
  await apache.stop();
  await server.stop();
});

s('without a confirmed key the deploy refuses the unknown host in its own words', async () => {
  const saved = await editor.post('/api/deploy-settings', { protocol: 'sftp', host: '127.0.0.1', port: server.port, folder: site, user: server.user, siteUrl: 'https://www.example.com' });
  assert.is(saved.status, 200, JSON.stringify(saved.body));
  const { body } = await editor.post('/api/publish', { allowSample: true });
  const run = await waitForRun(editor, body.run);
  assert.is(run.ok, false);
  assert.match(linesOf(run.events).at(-1)!, `Deploy failed: 127.0.0.1:${server.port} is not a known host and there is no terminal to ask on`);
  assert.not.ok(existsSync(knownHosts));
});

s('the probe shows the fingerprint ssh-keygen prints; another fingerprint is not trusted, nothing written', async () => {
  const probe = await editor.post('/api/host-key/probe');
  assert.is(probe.status, 200, JSON.stringify(probe.body));
  assert.equal(probe.body, { host: name, fingerprint, keyType: 'ssh-ed25519', known: false });
  const wrong = await editor.post('/api/host-key/trust', { fingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
  assert.is(wrong.status, 400);
  assert.match(wrong.body.error, /^No host key SHA256:A+ was read from /);
  assert.not.ok(existsSync(knownHosts));
});

s('trusting the probed key writes the line ssh-keyscan prints; the probe then finds it known', async () => {
  const trust = await editor.post('/api/host-key/trust', { fingerprint });
  assert.equal(trust, { status: 200, body: { trusted: true } });
  assert.equal(readFileSync(knownHosts, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')), [keyscan()]);
  assert.is((await editor.post('/api/host-key/probe')).body.known, true);
});

s('the deploy from the editor then finds the key known and publishes; the live check passes', async () => {
  const { body } = await editor.post('/api/publish', { allowSample: true });
  const run = await waitForRun(editor, body.run);
  const lines = linesOf(run.events);
  assert.is(run.ok, true, lines.join('\n'));
  assert.ok(lines.includes(`Connected; the server's host key ${fingerprint} is the one ${knownHosts} line 3 knows for ${name}.`), lines.join('\n'));
  assert.is(run.live.ok, true, run.live.lines.join('\n'));
  assert.is(readFileSync(path.join(site, 'index.html'), 'utf8'), readFileSync(path.join(editor.outDir, 'index.html'), 'utf8'));
});

s('a server whose key changed is refused with the deploy\'s words and never trusted from the editor', async () => {
  await server.replaceHostKeys();
  const before = readFileSync(knownHosts, 'utf8');
  const probe = await editor.post('/api/host-key/probe');
  assert.is(probe.body.known, false);
  assert.match(probe.body.refused, `127.0.0.1:${server.port} presented host key ${probe.body.fingerprint} (ssh-ed25519), but ${name} is known by ${fingerprint}`);
  const trust = await editor.post('/api/host-key/trust', { fingerprint: probe.body.fingerprint });
  assert.is(trust.status, 400);
  assert.is(trust.body.error, probe.body.refused);
  assert.is(readFileSync(knownHosts, 'utf8'), before, 'the file is unchanged');
});

s.run();
