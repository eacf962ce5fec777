/**
 * The policy for files that are not pages (lib/site-files/hosting.ts FILE_CSP) in real Chromium on
 * a real Apache with the generated .htaccess: every SVG picture and icon on the home page and a
 * service page still renders, while an SVG with a script in it, opened on its own, runs no script,
 * there and on the preview server (`npm run serve`), also when asked for with a trailing slash or
 * an encoded one ("/img/x.svg/", "/img/x.svg%2f": no file, 404 on both).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DIST, launchBrowser } from '../../tooling/browser.ts';
import { startApache, type RunningApache } from '../helpers/apache.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';

const test = suite('SVG on Apache with the generated .htaccess');
let root = '';
let apache: RunningApache | undefined;
let browser: Browser | undefined;
let preview: RunningServer | undefined;
test.before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'svg-policy-'));
  cpSync(DIST, root, { recursive: true });
  // A picture someone uploaded with a script in it: opened on its own, the script must not run.
  writeFileSync(path.join(root, 'img', 'uploaded.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.title = "script ran"</script><rect width="10" height="10" style="fill:red"/></svg>');
  [apache, browser, preview] = await Promise.all([startApache(root), launchBrowser(), startServer(root)]);
});
test.after(async () => {
  await browser?.close();
  await apache?.stop();
  await preview?.close();
  rmSync(root, { recursive: true, force: true });
});

test('should render every SVG picture and icon on the pages', async () => {
  const page = await browser!.newPage();
  for (const p of ['/', '/automotive/', '/areas/grants/']) {
    await page.goto(apache!.url + p, { waitUntil: 'load' });
    // The pictures load lazily (loading="lazy", decoding="async"): the load event does not wait
    // for them, so each is brought into view and the test waits until every one has settled.
    for (const img of await page.$$('img')) await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, { timeout: 15_000 });
    const svgs = await page.$$eval('img', (imgs) => imgs.map((i) => i as HTMLImageElement).filter((i) => /\.svg$/.test(new URL(i.currentSrc || i.src).pathname)).map((i) => ({ src: i.src, ok: i.complete && i.naturalWidth > 0 })));
    assert.ok(svgs.length > 0, `${p}: has SVG pictures`);
    assert.equal(svgs.filter((s) => !s.ok), [], `${p}: every SVG picture renders`);
  }
  await page.close();
});

test('should run no script in an SVG opened on its own', async () => {
  const page = await browser!.newPage();
  const response = await page.goto(`${apache!.url}/img/uploaded.svg`);
  assert.is(response?.status(), 200);
  assert.match(String(response?.headers()['content-security-policy']), /sandbox/);
  assert.is.not(await page.title(), 'script ran');
  await page.close();
});

test('should run no script in an SVG asked for with a trailing or encoded slash, on Apache and the preview server', async () => {
  const page = await browser!.newPage();
  for (const base of [apache!.url, preview!.url]) {
    for (const p of ['/img/uploaded.svg', '/img/uploaded.svg/', '/img/uploaded.svg%2f']) {
      const response = await page.goto(base + p);
      if (p !== '/img/uploaded.svg') assert.is(response?.status(), 404, `${base}${p}: no such file`);
      assert.is.not(await page.title(), 'script ran', `${base}${p}`);
    }
  }
  await page.close();
});

test.run();
