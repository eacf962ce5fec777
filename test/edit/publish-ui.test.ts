/**
 * The Publish panel in headless Chromium (Debian's, through playwright-core), in the editor's
 * own page served by the editor server (lib/edit/editor-server.ts, its guards on) with the
 * publish routes mounted: an owner, keyboard only for the settings, enters the deploy settings
 * (plain FTP with its opt-in, the password), sees the password only as "saved", presses
 * Publish, reads the check's findings, confirms with the sample values allowed, and sees the
 * progress bar reach "N of N files" and the live check pass, against a real FTP server
 * (pyftpdlib) whose folder a real Apache serves, both on 127.0.0.1. axe-core (WCAG 2.2 A and
 * AA) finds nothing in the panel and its dialog; the page requests nothing off 127.0.0.1.
 * Without the plain-FTP tick, Publish shows the command line's refusal and asks nothing.
 * Then over SFTP (OpenSSH's sshd, key login): the first publish shows the server's host-key
 * fingerprint, as ssh-keygen prints it, in a dialog; confirming it remembers the key and the
 * publish goes through with no terminal.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { resolveConfig } from '../../lib/config.ts';
import { startEditor, type RunningEditor } from '../../lib/edit/editor-server.ts';
import { handlePublishApi } from '../../lib/edit/publish-routes.ts';
import { stopPublishing } from '../../lib/edit/publish.ts';
import { startApache, type RunningApache } from '../helpers/apache.ts';
import { launchBrowser } from '../../tooling/browser.ts';
import { startFtpServer } from '../../tooling/ftp-server.ts';
import { startSshd, type RunningSshd } from '../../tooling/sshd.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PASSWORD = `ui#pw "${Math.random().toString(36).slice(2)}" x`;
const ftp = await startFtpServer({ password: PASSWORD });
const site = path.join(ftp.root, 'site');
mkdirSync(site);
const root = mkdtempSync(path.join(os.tmpdir(), 'publish-ui-'));
let apache: RunningApache | undefined;
let editor: RunningEditor | undefined;
let browser: Browser | undefined;
let sshd: RunningSshd | undefined;
let sftpApache: RunningApache | undefined;
/** The deploy's environment, which a test may change (the SFTP one adds DEPLOY_KEY). */
let env: Record<string, string | undefined> = {};
const said: string[] = [];
const stopAll = async () => {
  await browser?.close();
  await stopPublishing();
  await editor?.close();
  await apache?.stop();
  await sftpApache?.stop();
  await sshd?.stop();
  await ftp.stop();
  rmSync(root, { recursive: true, force: true });
};
try {
  apache = await startApache(site);
  // Every deploy variable empty but the live check's address (a developer's own cannot add any).
  env = {
    PATH: process.env.PATH, HOME: root, CI: '', DEPLOY_LIVE_URL: apache.url, DEPLOY_RECORD_COPY: path.join(root, 'record-copy.json'),
    ...Object.fromEntries(['KEY', 'HOST_KEY', 'INSECURE_TLS', 'SITE_URL', 'KNOWN_HOSTS', 'TLS_FINGERPRINT', 'ACCEPT_NEW_HOST_KEY', 'CONNECTIONS', 'TIMEOUT_SECONDS'].map((n) => [`DEPLOY_${n}`, ''])),
  };
  editor = await startEditor({
    root, config: resolveConfig({ DIST_DIR: path.join(root, 'dist') }), port: 0, say: (line) => { said.push(line); },
    handlers: [(request, ctx) => handlePublishApi(request, { ...ctx, env: { ...env } })],
  });
  browser = await launchBrowser();
} catch (error) {
  await stopAll();
  throw error;
}

/** axe's violations inside `selector`, as lines. */
async function axe(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const result = await page.evaluate(([inc, tags]) => (window as any).axe.run({ include: [inc] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), [selector, WCAG] as const);
  return (result as { violations: { id: string; nodes: { target: string[] }[] }[] }).violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const s = suite('the Publish panel in Chromium');
s.after(stopAll);

s('an owner enters the settings, publishes to FTP behind Apache, sees the progress reach the total and the live check pass', async () => {
  const context = await browser!.newContext({ viewport: { width: 1366, height: 900 } });
  const offsite: string[] = [];
  await context.route((url) => url.hostname !== '127.0.0.1', (route) => { offsite.push(route.request().url()); return route.abort(); });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${editor!.url}/`);
  await page.getByRole('tab', { name: 'Publish' }).click();
  const panel = page.locator('.publish-panel');
  await panel.getByLabel('How to connect').waitFor();
  // Keyboard only: focus the first field, then type and Tab through the form.
  await panel.getByLabel('How to connect').focus();
  await page.keyboard.press('End'); // the last option: plain FTP
  for (const value of ['127.0.0.1', String(ftp.port), 'site', ftp.user, PASSWORD, 'https://www.example.com']) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // the plain-FTP opt-in, after its warning
  assert.ok(await panel.getByText('Plain FTP sends your password and every file unencrypted').isVisible());
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Save
  await panel.getByText('Saved in .env.').waitFor();
  assert.ok(await panel.getByText('A password is saved (set).').isVisible());
  assert.is(await panel.getByLabel('Password').inputValue(), '', 'the password field is empty again');
  const dotEnv = parseEnv(readFileSync(path.join(root, '.env'), 'utf8'));
  assert.is(dotEnv.DEPLOY_PASSWORD, PASSWORD);
  assert.is(dotEnv.DEPLOY_TARGET, `ftp://${ftp.user}@127.0.0.1:${ftp.port}/site`);
  assert.is(dotEnv.DEPLOY_ALLOW_PLAIN_FTP, '1');
  assert.equal(await axe(page, '.publish-panel'), []);

  await panel.getByRole('button', { name: 'Publish...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish now?' });
  await dialog.waitFor();
  assert.ok(await panel.getByText('content/settings.yaml: field "phone" is the sample number').first().isVisible(), 'the check\'s own line');
  assert.equal(await axe(page, 'dialog[open]'), []);
  await dialog.getByLabel(/sample value\(s\) anyway/).check();
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const outcome = panel.locator('.progress p[role="alert"]');
  await outcome.waitFor({ timeout: 180_000 });
  assert.match(await outcome.textContent() ?? '', /^Published\. Deployed to ftp:\/\//, await panel.locator('.progress pre').last().textContent() ?? '');
  const count = await panel.locator('.progress .count').textContent();
  const [done, total] = /^(\d+) of (\d+) files$/.exec(count ?? '')!.slice(1).map(Number);
  assert.is(done, total, count!);
  assert.is(await panel.locator('progress').evaluate((p: HTMLProgressElement) => [p.value, p.max].join()), `${total},${total}`);
  assert.match(await panel.locator('.live').textContent() ?? '', new RegExp(`Live check: \\d+ pages and \\d+ other files match dist/, headers applied \\(${apache!.url.replace(/\./g, '\\.')}\\)`));
  assert.is(readFileSync(path.join(site, 'index.html'), 'utf8'), readFileSync(path.join(root, 'dist', 'index.html'), 'utf8'));
  assert.not.ok((await page.content()).includes(PASSWORD), 'the page never holds the password');
  assert.not.ok(said.join('\n').includes(PASSWORD), 'nor any line the editor printed');
  assert.equal(errors, []);
  assert.equal(offsite, []);
  await context.close();
});

s('plain FTP without its tick: Publish shows the command line\'s refusal and asks nothing', async () => {
  const context = await browser!.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${editor!.url}/`);
  await page.getByRole('tab', { name: 'Publish' }).click();
  const panel = page.locator('.publish-panel');
  await panel.getByLabel(/publish over plain FTP anyway/).uncheck();
  await panel.getByRole('button', { name: 'Save the deploy settings' }).click();
  await panel.getByText('Saved in .env.').waitFor();
  await panel.getByRole('button', { name: 'Publish...' }).click();
  const refusal = panel.locator('.message.problems[role="alert"]').filter({ hasText: 'could not run' });
  await refusal.waitFor();
  assert.match(await refusal.locator('pre').textContent() ?? '', /^DEPLOY_TARGET starts with ftp:\/\/, which sends the password and every file unencrypted: .* set DEPLOY_ALLOW_PLAIN_FTP=1 to deploy over plain FTP anyway\.$/);
  assert.is(await page.locator('dialog[open]').count(), 0, 'no confirmation is asked');
  await context.close();
});

s('a first SFTP publish shows the host key fingerprint; confirming it remembers the key and publishes', async () => {
  sshd = await startSshd();
  const served = path.join(sshd.dir, 'site');
  mkdirSync(served);
  sftpApache = await startApache(served);
  env = { ...env, DEPLOY_KEY: sshd.keyFile, HOME: sshd.dir, DEPLOY_LIVE_URL: sftpApache.url };
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', sshd.hostKeyFiles.ed25519!], { encoding: 'utf8' }).split(/\s+/)[1];
  const context = await browser!.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${editor!.url}/`);
  await page.getByRole('tab', { name: 'Publish' }).click();
  const panel = page.locator('.publish-panel');
  await panel.getByLabel('How to connect').selectOption('sftp');
  await panel.getByLabel('Port (optional)').fill(String(sshd.port));
  await panel.getByLabel('Folder').fill(served);
  await panel.getByLabel('User name').fill(sshd.user);
  await panel.getByRole('button', { name: 'Save the deploy settings' }).click();
  await panel.getByText('Saved in .env.').waitFor();
  await panel.getByRole('button', { name: 'Publish...' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish now?' });
  await confirm.getByLabel(/sample value\(s\) anyway/).check();
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Is this your server?' });
  await ask.waitFor();
  assert.is(await ask.locator('.fingerprint').textContent(), fingerprint);
  assert.equal(await axe(page, 'dialog[open]'), []);
  await ask.getByRole('button', { name: 'It matches: trust it and publish' }).click();
  const outcome = panel.locator('.progress p[role="alert"]');
  await outcome.waitFor({ timeout: 180_000 });
  assert.match(await outcome.textContent() ?? '', /^Published\. Deployed to sftp:\/\//, await panel.locator('.progress pre').last().textContent() ?? '');
  const keyscan = execFileSync('ssh-keyscan', ['-t', 'ed25519', '-p', String(sshd.port), '127.0.0.1'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  assert.equal(readFileSync(path.join(root, '.deploy-known-hosts'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')), [keyscan]);
  assert.is(readFileSync(path.join(served, 'index.html'), 'utf8'), readFileSync(path.join(root, 'dist', 'index.html'), 'utf8'));
  assert.match(await panel.locator('.live').textContent() ?? '', /Live check: \d+ pages and \d+ other files match dist\//);
  await context.close();
});

s.run();
