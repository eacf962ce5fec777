/**
 * A new owner makes the sample their business and publishes it, in the browser alone: the real
 * `npm run edit` (scripts/edit.ts) runs in a throw-away project copy, and headless Chromium
 * (playwright-core) only clicks and types in the editor's page. The owner replaces every sample
 * value the pre-publish check refuses (name, phone, e-mail, website, review, assistant and channel
 * links, the rating, set to "None", the licence, insurance and bureau, the three sample videos and
 * the three sample home reviews; the share image follows the name and phone), enters the deploy
 * settings (plain FTP with its opt-in, the site address being the business's domain, as the form
 * asks when the server is an IP address), presses Check and sees nothing blocking, then Publish,
 * with no "publish the sample values anyway" tick offered, and sees the progress reach the total
 * and the live check pass. The server is a real pyftpdlib FTP server whose folder a real Apache
 * serves, both on 127.0.0.1; DEPLOY_LIVE_URL in the editor's environment stands in for the DNS
 * that points the business's domain at that Apache. The home page Apache then serves carries the
 * new name and phone, and no HTML page (as Apache answers it, and its file in the served folder)
 * holds "555-01", "example.com", the sample name or a "Sample" value.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startApache, type RunningApache } from '../helpers/apache.ts';
import { launchBrowser } from '../../tooling/browser.ts';
import { startFtpServer } from '../../tooling/ftp-server.ts';
import { freePort } from '../../tooling/http.ts';
import { startScript, type ScriptProcess } from '../../tooling/process.ts';
import { copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

/** The business the owner makes of the sample. */
const OWNER = {
  name: 'Mesa Key & Lock',
  phone: '(505) 287-4410',
  email: 'help@mesakeylock.com',
  siteUrl: 'https://www.mesakeylock.com',
};

const ftp = await startFtpServer();
const site = path.join(ftp.root, 'site');
mkdirSync(site);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'new-owner-'));
let copy: ProjectCopy | undefined;
let apache: RunningApache | undefined;
let edit: ScriptProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let editorUrl = '';

const stopAll = async () => {
  await browser?.close();
  await edit?.stop();
  await apache?.stop();
  await ftp.stop();
  await copy?.remove();
  rmSync(scratch, { recursive: true, force: true });
};
try {
  apache = await startApache(site);
  copy = await copyProject();
  const port = await freePort();
  // The editor's environment: every deploy variable empty (a developer's own cannot add any) but
  // the live check's address, which stands in for the business's domain pointing at this Apache.
  const deployVariables = ['TARGET', 'PASSWORD', 'SITE_URL', 'ALLOW_PLAIN_FTP', 'KEY', 'HOST_KEY', 'INSECURE_TLS', 'KNOWN_HOSTS', 'TLS_FINGERPRINT', 'ACCEPT_NEW_HOST_KEY', 'CONNECTIONS', 'TIMEOUT_SECONDS'];
  edit = startScript(['scripts/edit.ts', '--port', String(port), '--no-open'], copy.root, {
    ...Object.fromEntries(deployVariables.map((n) => [`DEPLOY_${n}`, ''])),
    DEPLOY_LIVE_URL: apache.url, DEPLOY_RECORD_COPY: path.join(scratch, 'record-copy.json'), CI: '', NODE_ENV: 'production', PORT: undefined, DIST_DIR: undefined,
  });
  editorUrl = /Editor at (http:\/\/127\.0\.0\.1:\d+)/.exec(await edit.waitFor(/Editor at http:\/\/127\.0\.0\.1:\d+/, 180_000))![1];
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  page.setDefaultTimeout(60_000);
} catch (error) {
  await stopAll();
  throw error;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form control labelled `label` in `scope` (a required field's label ends in "*"). */
const field = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${escape(label)}\\*?$`));

/** Types `value` into the field labelled `label`, replacing what it held. */
async function fill(scope: Locator | Page, label: string, value: string): Promise<void> {
  await field(scope, label).fill(value);
}

/** A row of a list in the form, as the form names it, e.g. "Videos, row 2". */
const row = (name: string) => page.getByRole('group', { name: new RegExp(`^${escape(name)}\\*?$`) });

/** Opens a record's form from the side list by its title there. */
async function openRecord(title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'What to edit' }).getByRole('button', { name: title, exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
}

/** Presses Save and waits until the preview shows the saved record (or fails with the form's message). */
async function saveAndWaitForPreview(): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const said = page.locator('.message', { hasText: /^(Saved\.|Not saved)/ });
  await said.first().waitFor({ timeout: 180_000 });
  const text = await said.first().innerText();
  assert.match(text, /^Saved\. The preview shows the change\./, text); // a refusal lists the build's lines
}

/** The preview frame's document. */
const preview = () => page.frameLocator('.preview iframe');

const s = suite('a new owner makes the sample their business and publishes it, in the browser alone');
s.after(stopAll);

s('the owner replaces the sample identity, links, rating, credentials and videos in the settings form', async () => {
  await page.goto(`${editorUrl}/`);
  await openRecord('Business settings');
  await fill(page, 'Business name', OWNER.name);
  await fill(page, 'Business phone', OWNER.phone);
  await fill(page, 'Business e-mail', OWNER.email);
  await fill(page, 'Website address', OWNER.siteUrl);
  await fill(page, 'Link to leave a review', 'https://g.page/r/mesakeylock/review');
  await fill(page, 'Chat assistant link', 'https://chat.mesakeylock.com/');
  await fill(page, 'Video channel link', 'https://www.youtube.com/@mesakeylock');
  // No rating of its own yet: a claim the business cannot stand behind is "None".
  await field(page, 'Overall rating: filled in or none?').selectOption({ label: 'None' });
  await fill(page, 'Issued by', 'New Mexico Regulation and Licensing Department');
  await fill(page, 'Licence number', 'LS-2024-0417');
  await fill(page, 'Insurer', 'Zia Mutual Insurance');
  await fill(page, 'Bureau name', 'Better Business Bureau of New Mexico');
  await fill(page, 'Your profile there', 'https://www.bbb.org/us/nm/grants/profile/locksmith/mesa-key-lock');
  const videos: [string, string][] = [['Qm3xT9vKp2L', 'Opening a locked pickup without a scratch'], ['Zr8wN4bHs1E', 'Cutting and programming a transponder key'], ['Lp5cV7jDq0Y', 'Rekeying a house after a move']];
  for (const [i, [id, title]] of videos.entries()) {
    await fill(row(`Videos, row ${i + 1}`), 'YouTube video', id);
    await fill(row(`Videos, row ${i + 1}`), 'What the video shows', title);
  }
  await saveAndWaitForPreview();
  await preview().getByRole('link', { name: new RegExp(`Call ${escape(OWNER.phone)}`) }).first().waitFor();
  assert.ok(await preview().getByText(OWNER.name).first().isVisible());
});

s('the owner replaces the three sample reviews of the home page with real customers\' reviews', async () => {
  await openRecord('Home page');
  const reviews: [string, string, string][] = [
    ['Rosa M.', 'Grants', 'Locked out of my car at the Walmart lot on a Sunday evening; they were there in twenty minutes and opened it without a mark.'],
    ['Daniel P.', 'Milan', 'Had every lock of the rental rekeyed between tenants, all on one key, done the same afternoon at the price quoted.'],
    ['Lorraine B.', 'Gallup', 'Our shop lost the only key to the back door. A new lock was fitted before we opened the next morning.'],
  ];
  for (const [i, [name, location, text]] of reviews.entries()) {
    await fill(row(`Reviews, row ${i + 1}`), 'Name', name);
    await fill(row(`Reviews, row ${i + 1}`), 'Location', location);
    await fill(row(`Reviews, row ${i + 1}`), 'Text', text);
  }
  await saveAndWaitForPreview();
  await preview().getByText('Rosa M.').first().waitFor();
});

s('the owner enters the deploy settings: plain FTP with its opt-in, the server, the site address', async () => {
  await page.getByRole('tab', { name: 'Publish' }).click();
  const panel = page.locator('.publish-panel');
  await field(panel, 'How to connect').selectOption({ label: 'FTP without encryption (only if your host offers nothing else)' });
  await fill(panel, 'Server', '127.0.0.1');
  await fill(panel, 'Port (optional)', String(ftp.port));
  await fill(panel, 'Folder', 'site');
  await fill(panel, 'User name', ftp.user);
  await fill(panel, 'Password', ftp.password);
  // The server is an IP address, not the business's domain: the form asks which site it publishes.
  await fill(panel, 'Site address (only when the server name is not your domain)', OWNER.siteUrl);
  await panel.getByLabel('My host offers nothing else: publish over plain FTP anyway').check();
  await panel.getByRole('button', { name: 'Save the deploy settings' }).click();
  await panel.getByText('Saved in .env.').waitFor();
});

s('Check finds nothing blocking; Publish, with no sample tick offered, reaches the total and the live check passes', async () => {
  const panel = page.locator('.publish-panel');
  await panel.getByRole('button', { name: 'Check', exact: true }).click();
  const findings = panel.getByRole('region', { name: 'What the check found' });
  await findings.waitFor({ timeout: 180_000 });
  const blocking = await findings.locator('li[data-kind]').allInnerTexts();
  assert.equal(blocking, [], 'no finding to fix before publishing');
  assert.not.match(await findings.getByRole('status').innerText(), /to fix before publishing/);

  await panel.getByRole('button', { name: 'Publish...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish now?' });
  await dialog.waitFor({ timeout: 180_000 });
  assert.is(await dialog.getByRole('checkbox').count(), 0, 'no "publish the sample values anyway" tick');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const outcome = panel.locator('.progress p[role="alert"]');
  await outcome.waitFor({ timeout: 300_000 });
  assert.match(await outcome.textContent() ?? '', /^Published\. Deployed to ftp:\/\//, await panel.locator('.progress pre').last().textContent() ?? '');
  const count = await panel.locator('.progress .count').textContent();
  const [done, total] = /^(\d+) of (\d+) files$/.exec(count ?? '')!.slice(1).map(Number);
  assert.ok(total > 0 && done === total, count!);
  assert.match(await panel.locator('.live').textContent() ?? '', new RegExp(`Live check: \\d+ pages and \\d+ other files match dist/, headers applied \\(${escape(apache!.url)}\\)`));
});

/** Every .html file under `dir`, as paths relative to it. */
function htmlFiles(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(under, e.name);
    if (e.isDirectory()) return htmlFiles(dir, rel);
    return e.name.endsWith('.html') ? [rel] : [];
  });
}

s('every page Apache serves carries the new name and phone and no sample value', async () => {
  const pages = htmlFiles(site);
  assert.ok(pages.length > 20, `${pages.length} pages published`);
  const home = await (await fetch(`${apache!.url}/`)).text();
  assert.ok(home.includes('Mesa Key &amp; Lock'), 'the home page names the business');
  assert.ok(home.includes(OWNER.phone), 'and gives its phone');
  for (const file of pages) {
    const address = `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
    const answer = await fetch(`${apache!.url}${address}`, { redirect: 'manual' });
    // A page moved away is answered with its redirect (the .htaccess rules): its file is read too.
    assert.ok([200, 301, 404].includes(answer.status), `${address}: ${answer.status}`);
    const html = `${await answer.text()}\n${readFileSync(path.join(site, file), 'utf8')}`;
    for (const sample of ['555-01', 'example.com', 'Cibola Mobile Locksmith', 'Sample review', 'Sample video', 'Sample Licensing', 'Sample Insurance', 'Sample Business Bureau']) {
      assert.not.ok(html.includes(sample), `${address} still says "${sample}"`);
    }
  }
});

s.run();
