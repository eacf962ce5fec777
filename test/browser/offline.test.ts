/**
 * The service worker in Chromium (islands/workers/service-worker.ts, lib/bundle/service-worker.ts), over
 * a build of its own in a temp folder served by the preview server on a fixed origin
 * (http://127.0.0.1 is a secure context, so service workers run): after one online visit,
 * offline, the visited page reloads from the cache and a never-visited page shows the offline
 * page with working tel: and sms: links; after a rebuild with another phone number, the next
 * online visit replaces every cached page, so offline nothing shows the old number. Also: the
 * worker is registered only after the load event, and served with no-cache; it stores only the
 * build's own pages (not another app on the origin) and none answered with no-store; the retiring
 * worker (npm run hosting -- retire-service-worker) served in its place removes it and its caches.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { buildToFolder } from '../../build.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { parsePhone } from '../../lib/content/phone.ts';
import { RETIRING_SERVICE_WORKER } from '../../lib/bundle/service-worker.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import { waitFor } from '../helpers/analytics.ts';
import { launchBrowser, PHONE } from '../../tooling/browser.ts';
import { requestedNavigation } from '../helpers/navigation.ts';
import { resolveConfig } from '../../lib/config.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'i20-offline-'));
const dir = path.join(root, 'dist');
const FIRST = '505-287-4000';
const SECOND = '505-287-4111';
/** Builds the project's content with `phone` into `dir` (replacing the previous build). */
const build = (phone: string) => buildToFolder({ config: { ...resolveConfig(), outDir: dir }, content: { ...PROJECT_CONTENT, settings: { ...(PROJECT_CONTENT.settings as Record<string, unknown>), phone } } });
const e164 = (phone: string) => parsePhone(phone).e164;

/** Pages the server answers with `Cache-Control: no-store`, and whether /sw.js is the retiring worker. */
const noStore = new Set<string>();
let retiring = false;
/** The preview server as it is, except for the pages in `noStore` and, once `retiring`, the worker. */
function intercept(req: IncomingMessage, res: ServerResponse): boolean {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (retiring && pathname === SERVICE_WORKER_PATH) {
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(RETIRING_SERVICE_WORKER);
    return true;
  }
  if (!noStore.has(pathname)) return false;
  void readFile(path.join(dir, pathname, 'index.html')).then((body) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(body));
  return true;
}

await build(FIRST);
let server: RunningServer = await startServer(dir, 0, '127.0.0.1', { intercept });
const port = Number(new URL(server.url).port);
const browser = await launchBrowser();
const url = (p: string) => server.url + p;

/** Upper bound for the worker's installation and caching (not a timing gate: the machine's speed swings). */
const SW_WAIT_MS = 30_000;

/** Waits until a service worker controls the page and its cache holds `paths` (site paths). */
async function cached(page: Page, paths: string[]): Promise<void> {
  await waitFor(`a controlling worker with ${paths.join(', ')} cached`, () => page.evaluate(async (want) => {
    if (!navigator.serviceWorker.controller) return false;
    for (const p of want) if (!(await caches.match(p))) return false;
    return true;
  }, paths), SW_WAIT_MS);
}

/** The page's tel: and sms: links (hrefs), in order. */
const contactHrefs = (page: Page) => page.$$eval('a[href^="tel:"], a[href^="sms:"]', (links) => [...new Set(links.map((a) => a.getAttribute('href')))]);

/** Clicks the first link whose href starts with `scheme` and returns the URL the page then asks to navigate to. */
async function follow(page: Page, scheme: string): Promise<string> {
  return requestedNavigation(page, scheme, () => page.locator(`main a[href^="${scheme}"]`).first().click());
}

let context: BrowserContext;
const sw = suite('Service worker');
sw.before(async () => {
  context = await browser.newContext({ viewport: PHONE });
});

sw('should be served with no-cache, registered only after the load event, and precache the offline page', async () => {
  const res = await fetch(url(SERVICE_WORKER_PATH));
  assert.is(res.status, 200);
  assert.is(res.headers.get('cache-control'), 'no-cache');
  assert.match(res.headers.get('permissions-policy') ?? '', /geolocation=\(self\)/);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    (window as unknown as { __registeredAt: string[] }).__registeredAt = [];
    navigator.serviceWorker.register = (...args) => {
      (window as unknown as { __registeredAt: string[] }).__registeredAt.push(document.readyState);
      return register(...args);
    };
  });
  await page.goto(url('/areas/grants/'));
  await cached(page, [OFFLINE_PAGE_PATH, '/areas/grants/']);
  assert.equal(await page.evaluate(() => (window as unknown as { __registeredAt: string[] }).__registeredAt), ['complete']);
  assert.is(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), url(SERVICE_WORKER_PATH));
  await page.close();
});

sw('offline, should reload a visited page from the cache and show the offline page, with working tel: and sms: links, for a never-visited one', async () => {
  const page = await context.newPage();
  await page.goto(url('/areas/grants/'));
  await cached(page, ['/areas/grants/']);
  await context.setOffline(true);
  try {
    await page.reload();
    assert.match(await page.textContent('h1') ?? '', /Grants/);
    assert.ok((await contactHrefs(page)).includes(`tel:${e164(FIRST)}`));

    await page.goto(url('/areas/milan/'));
    assert.match(await page.textContent('h1') ?? '', /You're offline/);
    assert.is(page.url(), url('/areas/milan/'));
    assert.equal(await contactHrefs(page), [`tel:${e164(FIRST)}`, `sms:${e164(FIRST)}`]);
    assert.is(await follow(page, 'tel:'), `tel:${e164(FIRST)}`);
    // One external-scheme navigation per page: under load Chromium may drop a second one that
    // follows the first on the same page before the first has settled.
    const again = await context.newPage();
    try {
      await again.goto(url('/areas/milan/'));
      assert.match(await again.textContent('h1') ?? '', /You're offline/);
      assert.is(await follow(again, 'sms:'), `sms:${e164(FIRST)}`);
    } finally {
      await again.close();
    }
  } finally {
    await context.setOffline(false);
    await page.close();
  }
});

sw('should store only the build\'s own pages, and none answered with no-store', async () => {
  // Another app on the same origin, and a page its server marks no-store.
  await mkdir(path.join(dir, 'shop'), { recursive: true });
  await writeFile(path.join(dir, 'shop', 'index.html'), '<!doctype html><title>Shop</title><p>another app');
  noStore.add('/areas/milan/');
  const page = await context.newPage();
  try {
    await page.goto(url('/'));
    await cached(page, ['/']);
    for (const p of ['/shop/', '/areas/milan/', '/areas/bluewater/']) assert.is((await page.goto(url(p)))?.status(), 200, p);
    // The last page is stored once its answer is read; the two before it were answered first.
    await cached(page, ['/areas/bluewater/']);
    assert.equal(await page.evaluate(async () => [!!(await caches.match('/shop/')), !!(await caches.match('/areas/milan/'))]), [false, false]);
  } finally {
    noStore.clear();
    await page.close();
  }
});

sw('after a rebuild with another phone number, the next online visit should replace every cached page', async () => {
  const page = await context.newPage();
  await page.goto(url('/'));
  await cached(page, ['/', '/areas/grants/']);
  const before = await page.evaluate(() => caches.keys());
  await page.close();

  await server.close();
  await build(SECOND);
  server = await startServer(dir, port, '127.0.0.1', { intercept });

  const next = await context.newPage();
  await next.goto(url('/'));
  // Online, the page comes from the network at once: the new number.
  assert.ok((await contactHrefs(next)).includes(`tel:${e164(SECOND)}`));
  // The new build's worker takes over and its caches are the only ones left.
  await waitFor('the new build\'s caches alone, with the visited pages', () => next.evaluate(async (old) => {
    const keys = await caches.keys();
    return keys.length > 0 && keys.every((k) => !old.includes(k)) && !!(await caches.match('/areas/grants/'));
  }, before), SW_WAIT_MS);
  await context.setOffline(true);
  try {
    for (const p of ['/', '/areas/grants/', '/areas/milan/']) {
      await next.goto(url(p));
      const hrefs = await contactHrefs(next);
      assert.ok(hrefs.includes(`tel:${e164(SECOND)}`), `${p}: ${hrefs}`);
      assert.not.ok(hrefs.includes(`tel:${e164(FIRST)}`), `${p} still has the old number`);
      assert.not.match(await next.content(), new RegExp(parsePhone(FIRST).national.replace(/[()]/g, '\\$&')));
    }
  } finally {
    await context.setOffline(false);
    await next.close();
  }
});

sw('should be retired by the retiring worker served in its place: caches deleted, no worker left', async () => {
  const page = await context.newPage();
  try {
    await page.goto(url('/areas/grants/'));
    await cached(page, ['/areas/grants/']);
    retiring = true;
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await waitFor('no service worker and no cache left', () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length === 0 && (await caches.keys()).length === 0), SW_WAIT_MS);
    await context.setOffline(true);
    const offline = await page.goto(url('/areas/milan/')).then(() => 'shown', () => 'network error');
    assert.is(offline, 'network error', 'offline, nothing is answered from a cache any more');
  } finally {
    retiring = false;
    await context.setOffline(false);
    await page.close();
  }
});

sw.after(async () => {
  await context?.close();
  await browser.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
});
sw.run();
