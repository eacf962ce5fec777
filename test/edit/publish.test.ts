/**
 * Publishing from the editor through its HTTP interface (lib/edit/publish-routes.ts on a real
 * server on 127.0.0.1), to a real FTP server (pyftpdlib, tooling/ftp-server.ts) whose folder a real
 * Apache (test/helpers/apache.ts) serves: the deploy settings entered as an owner enters them (a
 * password with "#", quotes and spaces), the check's findings in `npm run check`'s own lines, the
 * refusals of plain FTP without the opt-in and of the sample identity in the command line's own
 * words, then a publish with progress (files done of the total) whose live check passes, one
 * publish at a time, stopping the editor's publishing (or the editor's process exiting) stops the
 * deploy after the current file,
 * and the password is in no reply and no line the editor prints.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../lib/build/build-site.ts';
import { startApache, type RunningApache } from '../helpers/apache.ts';
import { runCli, tree } from '../helpers/deploy-scenario.ts';
import { linesOf, startPublishEditor, waitForRun } from '../helpers/publish-editor.ts';
import { stopPublishing } from '../../lib/edit/publish.ts';
import { markedProcesses, RUN_MARK } from '../helpers/process-tree.ts';
import { startFtpServer } from '../../tooling/ftp-server.ts';

const PASSWORD = `pw#1 "x" it's ${Math.random().toString(36).slice(2)}`;
const ftp = await startFtpServer({ password: PASSWORD });
const site = path.join(ftp.root, 'site');
mkdirSync(site);
let apache: RunningApache;
try {
  apache = await startApache(site);
} catch (error) {
  await ftp.stop();
  throw error;
}
const editor = await startPublishEditor({ DEPLOY_LIVE_URL: apache.url });
const settings = { protocol: 'ftp', host: '127.0.0.1', port: ftp.port, folder: 'site', user: ftp.user, password: PASSWORD, siteUrl: '', allowPlainFtp: false };
/** The deploy variables `.env` now holds. */
const dotEnv = () => Object.fromEntries(Object.entries(parseEnv(readFileSync(path.join(editor.root, '.env'), 'utf8'))).filter(([k]) => k.startsWith('DEPLOY_'))) as Record<string, string>;

const s = suite('publish from the editor');
s.after(async () => {
  await editor.stop();
  await apache.stop();
  await ftp.stop();
});

s('plain FTP without the opt-in is refused in the command line\'s words, nothing uploaded', async () => {
  assert.is((await editor.post('/api/deploy-settings', settings)).status, 200);
  const { body } = await editor.post('/api/publish', { allowSample: true });
  const run = await waitForRun(editor, body.run);
  assert.is(run.ok, false);
  const cli = await runCli(['--allow-sample'], { ...dotEnv(), DIST_DIR: path.join(ROOT, 'dist') });
  assert.is(cli.code, 1);
  assert.match(cli.lines.at(-1)!, /^Deploy failed: DEPLOY_TARGET starts with ftp:\/\/, which sends the password and every file unencrypted/);
  assert.is(linesOf(run.events).at(-1), cli.lines.at(-1));
  assert.equal([...tree(site).keys()], []);
  assert.is(editor.published(), 0);
});

s('the check lists what `npm run check` prints, line for line, with its kinds', async () => {
  assert.is((await editor.post('/api/deploy-settings', { ...settings, password: '', allowPlainFtp: true, siteUrl: 'https://www.example.com' })).status, 200);
  const { status, body } = await editor.post('/api/publish/check');
  assert.is(status, 200, JSON.stringify(body));
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DEPLOY_RECORD_COPY: path.join(editor.root, 'record-copy.json'), DEPLOY_KNOWN_HOSTS: '', ...dotEnv(), DIST_DIR: editor.outDir } });
  const lines = cli.stdout.trim().split('\n');
  assert.equal(body.findings.map((f: { line: string }) => f.line), lines.slice(0, -1));
  assert.is(body.summary, lines.at(-1));
  assert.is(body.blocking, true);
  assert.ok(body.findings.some((f: { kind: string; line: string }) => f.kind === 'sample' && f.line.startsWith('content/settings.yaml: field "phone" is the sample number')));
  assert.ok(body.findings.filter((f: { kind: string }) => f.kind === 'warning').every((f: { line: string }) => f.line.startsWith('Warning: ')));
});

s('the sample identity is refused in the command line\'s words, after the same findings', async () => {
  const { body } = await editor.post('/api/publish', {});
  const run = await waitForRun(editor, body.run);
  assert.is(run.ok, false);
  const lines = linesOf(run.events);
  const cli = await runCli([], { ...dotEnv(), DIST_DIR: editor.outDir });
  assert.is(cli.code, 1);
  assert.match(cli.lines.at(-1)!, /^Not deployed: \d+ sample value\(s\) above would be published as the business's own\. Replace them, or pass --allow-sample/);
  assert.is(lines.at(-1), cli.lines.at(-1));
  assert.ok(lines.includes(cli.lines.find((l) => l.startsWith('content/settings.yaml: field "phone"'))!));
  assert.equal([...tree(site).keys()], [], 'nothing uploaded');
});

s('a publish shows files done of the total, the live check passes, and a second one waits its turn', async () => {
  const { status, body } = await editor.post('/api/publish', { allowSample: true });
  assert.is(status, 202);
  const second = await editor.post('/api/publish', { allowSample: true });
  assert.is(second.status, 409);
  assert.match(second.body.error, /already running/);
  const run = await waitForRun(editor, body.run);
  const lines = linesOf(run.events);
  assert.is(run.ok, true, lines.join('\n'));
  const progress = run.events.filter((e) => e.type === 'progress');
  const total = tree(editor.outDir).size;
  assert.ok(progress.length > total / 2, `${progress.length} progress events for ${total} files`);
  assert.ok(progress.every((p, i) => p.total === progress[0].total && (i === 0 || p.done > progress[i - 1].done)), 'done counts up to one total');
  assert.is(progress.at(-1).done, progress.at(-1).total);
  assert.match(run.summary!, /^Deployed to ftp:\/\/deploy@127\.0\.0\.1:\d+\/site in [\d.]+ s: \d+ uploaded/);
  assert.is(run.live.ok, true, run.live.lines.join('\n'));
  assert.match(run.live.lines[0], `Live check: ${run.live.pages} pages and ${run.live.files} other files match dist/, headers applied (${apache.url})`);
  assert.ok(lines.some((l) => l.startsWith('Warning: plain FTP (DEPLOY_ALLOW_PLAIN_FTP=1)')), 'the plain-FTP warning of every run');
  assert.is(readFileSync(path.join(site, 'index.html'), 'utf8'), readFileSync(path.join(editor.outDir, 'index.html'), 'utf8'));
  assert.is(editor.published(), 1, 'the deleted records are cleared once');
});

s('stopping the editor\'s publishing stops the deploy after the current file, as Ctrl+C does', async () => {
  mkdirSync(path.join(ftp.root, 'stopped'));
  assert.is((await editor.post('/api/deploy-settings', { ...settings, folder: 'stopped', password: '', allowPlainFtp: true, siteUrl: 'https://www.example.com' })).status, 200);
  const { body } = await editor.post('/api/publish', { allowSample: true });
  // Stop at the first file uploaded (the status route answers with the events so far).
  for (let since = 0; ;) {
    const status = await editor.get(`/api/publish/status?run=${body.run}&since=${since}`);
    since += status.body.events.length;
    if (status.body.done || status.body.events.some((e: { type: string }) => e.type === 'progress')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopPublishing();
  const run = await waitForRun(editor, body.run);
  assert.is(run.ok, false);
  const progress = run.events.filter((e) => e.type === 'progress');
  assert.ok(progress.at(-1).done < progress.at(-1).total, `stopped at ${progress.at(-1).done} of ${progress.at(-1).total}`);
  assert.ok(linesOf(run.events).includes('Stopping after the current file (Ctrl+C again to quit at once; the site stays consistent either way).'));
  assert.is(editor.published(), 1, 'no clearing of the deleted records after a stopped publish');
});

s('an editor process that exits mid-publish ends its deploy after the current file', async () => {
  mkdirSync(path.join(ftp.root, 'exited'));
  assert.is((await editor.post('/api/deploy-settings', { ...settings, folder: 'exited', password: '', allowPlainFtp: true, siteUrl: 'https://www.example.com' })).status, 200);
  const mark = `publish-exit-${process.pid}-${Date.now()}`;
  const env = { ...process.env, [RUN_MARK]: mark, DEPLOY_RECORD_COPY: path.join(editor.root, 'record-copy.json'), DEPLOY_LIVE_URL: apache.url, DEPLOY_KNOWN_HOSTS: '', CI: '' };
  const helper = spawnSync(process.execPath, ['--import', 'tsx', 'test/helpers/publish-exit.ts', editor.root, editor.outDir], { cwd: ROOT, env, encoding: 'utf8' });
  assert.is(helper.stdout.trim(), 'exiting', helper.stdout + helper.stderr);
  // The deploy it started ends on its own (SIGINT: after the current file), without its editor.
  while (markedProcesses(mark).length) await new Promise((resolve) => setTimeout(resolve, 100));
  const sent = tree(path.join(ftp.root, 'exited')).size;
  assert.ok(sent < tree(editor.outDir).size, `stopped with ${sent} of ${tree(editor.outDir).size} files on the server`);
});

s('the password is in no reply, no event and no line the editor printed', () => {
  const all = `${editor.replies()}\n${editor.said.join('\n')}`;
  assert.ok(all.includes('Deployed to ftp://'), 'the replies were recorded');
  for (const part of [PASSWORD, JSON.stringify(PASSWORD).slice(1, -1), PASSWORD.split(' ').at(-1)!]) assert.not.ok(all.includes(part), `found ${part}`);
});

s.run();
