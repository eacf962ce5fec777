/**
 * `npm run dev` in real Chromium, on a copy of the project (the real content files are never
 * edited): it serves the site; saving a community's description makes the open page show the new
 * text without anyone reloading it, while a tab on a page the save did not change stays as it
 * is; the service worker it serves handles no request; a syntax error shows the error page (what, file and line,
 * what to do) and fixing it brings the page back; the live-reload client keeps the page's CSP
 * (no violation) and never reaches `npm run build` output; another Host and a WebSocket from another
 * site are refused; every malformed request (test/helpers/malformed-requests.ts: bad ranges, bad
 * %-escapes, "//", huge headers) is answered and the server goes on. The dev server, its watcher and its
 * build processes are ended when the test ends, also on failure.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import WebSocket from 'ws';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { DIST, launchBrowser } from '../../tooling/browser.ts';
import { freePort, request } from '../../tooling/http.ts';
import { startScript, type ScriptProcess } from '../../tooling/process.ts';
import { assertSurvives } from '../helpers/malformed-requests.ts';
import { copyProject, saveFile, type ProjectCopy } from '../../tooling/project-copy.ts';

/** Generous: a rebuild on the shared 2-core machine under a parallel test load (not a speed gate). */
const WAIT_MS = 120_000;

const test = suite('npm run dev');
let copy: ProjectCopy | undefined;
let dev: ScriptProcess | undefined;
let browser: Browser | undefined;
let page: Page;
let base = '';
const errors: string[] = [];
const communities = () => path.join(copy!.root, 'content/areas/grants.yaml');
const grants = (PROJECT_CONTENT.communities as { slug: string; description: string }[]).find((c) => c.slug === 'grants')!;

test.before(async () => {
  copy = await copyProject();
  const port = await freePort();
  dev = startScript(['scripts/dev.ts'], copy.root, { PORT: String(port) });
  const out = await dev.waitFor(/Dev server at (http:\/\/127\.0\.0\.1:\d+)/, WAIT_MS * 2);
  base = /Dev server at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
});
test.after(async () => {
  await browser?.close();
  await dev?.stop();
  await copy?.remove();
});

test('should serve the site with the live-reload client and no CSP violation', async () => {
  const res = await page.goto(`${base}/areas/grants/`);
  assert.is(res?.status(), 200);
  assert.match(await page.textContent('body') ?? '', grants.description);
  assert.ok(await page.$('script[src="/livereload.js"]'), 'dev pages load the live-reload client');
  await page.waitForFunction(() => (window as any).LiveReload?.connector?.protocol > 0, undefined, { timeout: 30_000 });
  assert.equal(errors.filter((e) => /Content.Security.Policy|livereload/i.test(e)), []);
});

test('should answer every malformed request and go on serving, never redirecting to another host', async () => {
  await assertSurvives(Number(new URL(base).port));
});

test('should show a saved description in the open page without a manual reload, and leave a tab whose page did not change as it is', async () => {
  // A second tab on a page the description is not on (/automotive/): it must not reload.
  const other = await page.context().newPage();
  await other.goto(`${base}/automotive/`);
  await other.waitForFunction(() => (window as any).LiveReload?.connector?.protocol > 0, undefined, { timeout: 30_000 });
  await other.evaluate(() => { (window as any).untouched = true; });
  const source = await readFile(communities(), 'utf8');
  assert.ok(source.includes(grants.description));
  const before = (dev!.output().match(/^Rebuilt after /gm) ?? []).length;
  const text = 'Edited while the page was open, this sentence came by live reload.';
  await saveFile(communities(), source.replace(grants.description, text));
  await page.waitForFunction((t) => document.body.textContent!.includes(t), text, { timeout: WAIT_MS });
  // The build has ended (its line is printed after every reload it sends) ...
  for (const end = Date.now() + WAIT_MS; (dev!.output().match(/^Rebuilt after /gm) ?? []).length === before && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
  assert.match(dev!.output(), /^Rebuilt after content\/areas\/grants\.yaml: \d+ of \d+ pages changed, \d+ ms\.$/m, dev!.output());
  // ... and a reload it had sent would have reached the tab within a second on any machine.
  await new Promise((r) => setTimeout(r, 1_000));
  assert.is(await other.evaluate(() => (window as any).untouched), true, 'the /automotive/ tab was not reloaded');
  await other.close();
});

test('should serve a service worker that handles no request, whatever the build made', async () => {
  const served = await (await page.request.get(`${base}/sw.js`)).text();
  assert.not.match(served, /addEventListener\(['"]fetch/, 'no fetch handler: reloads go straight to the server');
  assert.match(await readFile(path.join(copy!.root, 'node_modules/.cache/dev-site/sw.js'), 'utf8'), /fetch/, 'the build\'s own worker is still written, as npm run build writes it');
});

test('should show the error page for a YAML mistake, and the site again once it is fixed', async () => {
  const good = await readFile(communities(), 'utf8');
  const broken = good.replace('description: Edited while', 'description: "We\'ll edit while');
  assert.is.not(broken, good);
  const line = broken.split('\n').findIndex((l) => l.includes('"We\'ll edit')) + 1;
  await saveFile(communities(), broken);
  await page.waitForSelector('h1:has-text("Build stopped")', { timeout: WAIT_MS });
  const shown = await page.textContent('body') ?? '';
  assert.match(shown, `content/areas/grants.yaml:${line}:14: `, shown);
  assert.match(shown, /quote that is not closed/);
  assert.match(shown, /reloads by itself when you save the fix/);
  assert.match(dev!.output(), `Build stopped: content/areas/grants.yaml:${line}:14: `);

  await saveFile(communities(), good.replace('this sentence came by live reload', 'fixed and back'));
  await page.waitForFunction(() => document.body.textContent!.includes('fixed and back'), undefined, { timeout: WAIT_MS });
  assert.is(await page.$('h1:has-text("Build stopped")'), null);
  assert.equal(errors.filter((e) => /Content.Security.Policy/i.test(e)), []);
});

test('should refuse another Host and a live-reload WebSocket from another site', async () => {
  assert.is((await request(`${base}/`, { Host: 'rebind.example' })).status, 403);
  const status = await new Promise<string>((resolve) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/livereload`, { headers: { Origin: 'http://evil.example' } });
    socket.once('open', () => { socket.close(); resolve('open'); });
    socket.once('unexpected-response', (_req, res) => { resolve(String(res.statusCode)); socket.terminate(); });
    socket.once('error', (e) => resolve(e.message));
  });
  assert.is(status, '403');
});

test('should never put the live-reload client into npm run build output', async () => {
  assert.not.match(await readFile(path.join(DIST, 'index.html'), 'utf8'), 'livereload');
});

test.run();
