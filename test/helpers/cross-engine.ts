/**
 * The cross-engine smoke test, written once for any engine: test/browser/cross-engine-firefox.test.ts
 * and test/browser/cross-engine-webkit.test.ts give it a browser through the small `Engine`
 * interface below, and it runs the visitor's key paths there:
 * - five pages (home, an area, a service, /service-areas/, the sitemap page) at 390 and 1366 px:
 *   each loads with no console error, uncaught error, unhandled rejection, CSP violation or failed
 *   load of the site's own files, scrolls no sideways, opens a header menu, opens and closes the
 *   chatbot panel, and on the home page turns the video facade into the player's iframe;
 * - "Text us my location" hands the exact `sms:` URI with the granted position to the messaging app;
 * - after one online visit, with the server gone, the service worker shows the offline page for a
 *   page never visited.
 *
 * Errors are read two ways: what the engine reports itself (Firefox over BiDi; WebKitGTK's driver
 * reports nothing), and an error probe the test's server puts first in every page's <head>
 * (`ERROR_PROBE`, a script from the site's own origin, so the page's CSP allows it): it records
 * uncaught errors, unhandled rejections, console.error calls, CSP violations and failed loads of
 * same-origin resources from before the site's first script runs. Off-site loads (video
 * thumbnails, the player) are not counted: this machine has no network.
 *
 * The server also serves a canary page (`canaryPath`): the home page with a script that throws,
 * and rejects a promise, only in one engine, so each engine file proves on every run that an error
 * in that engine alone fails it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DESKTOP, DIST, PHONE } from '../../tooling/browser.ts';
import type { Viewport } from '../../tooling/webkit.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { cacheControlFor, redirectFor } from '../../lib/site-files/hosting.ts';
import { OFFLINE_PAGE_PATH } from '../../islands/common/offline.ts';
import { locationMessage, smsUri } from '../../islands/common/location-text.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { parsePhone } from '../../lib/content/phone.ts';

/** A representative page of each kind. */
const PAGES = ['/', '/areas/grants/', '/services/car-lockout/', '/service-areas/', '/sitemap/'] as const;
/** The phone and desktop widths every browser test uses (tooling/browser.ts). */
const VIEWPORTS: Viewport[] = [PHONE, DESKTOP];
/** The granted position: Grants, NM, with a 12.4 m radius. */
const AT = { latitude: 35.1473, longitude: -107.8514, accuracy: 12.4 } as const;
/** Hosts the video player loads from once the visitor clicks play (lib/csp.ts VIDEO_FRAME_HOSTS). */
export const VIDEO_HOST = /^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com)\//;
/** Generous wait for a state the page reaches by itself, ms (never a timing judgement). */
const WAIT_MS = 10_000;
/** Upper bound for the service worker's installation and caching, ms. */
const SW_WAIT_MS = 30_000;

/** The engines this smoke test runs in. */
export type EngineName = 'firefox' | 'webkit';

/** One browser page (tab or window), as the smoke test drives it. */
export interface EnginePage {
  /** Navigates and resolves once the page has loaded (its `load` event). */
  goto(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page; a promise is awaited. */
  evaluate<T>(expression: string): Promise<T>;
  /**
   * Scrolls the first visible element matching `selector` to the middle of the viewport (clear
   * of the fixed contact bar) and clicks it as a user does (the engine's own input events).
   * @throws Error naming the selector when no matching element is visible
   */
  click(selector: string): Promise<void>;
  /** Grants the geolocation permission at `at`, as far as the engine allows; call after goto. */
  grantGeolocation(at: typeof AT): Promise<void>;
  /**
   * Runs `action` and resolves with the first URL starting with `prefix` the page asks to
   * navigate to (an `sms:` hand-off fires no request, so each engine reads it its own way).
   */
  requestedNavigation(prefix: string, action: () => Promise<unknown>): Promise<string>;
  /** Errors the engine itself reported for this page since the last call (console errors, uncaught errors); [] where it reports none. */
  takeEngineErrors(): string[];
  /** Closes the page (or, with one window, leaves it for the next open()). */
  close(): Promise<void>;
}

/** A launched browser of one engine. */
export interface Engine {
  name: EngineName;
  /** A page at `viewport` (CSS px); requests off 127.0.0.1 never reach the network. */
  open(viewport: Viewport): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Folder of the test's own scripts on the test server. */
const OWN = '/__cross-engine/';

/**
 * Records every error the page meets on `window.__pageErrors` (strings). Browser JavaScript in a
 * string, so no compiler helper ends up in it.
 */
const ERROR_PROBE = `(() => {
  if (window.__pageErrors) return;
  const errors = (window.__pageErrors = []);
  const text = (v) => (v instanceof Error ? v.name + ': ' + v.message : String(v));
  addEventListener('error', (e) => {
    if (e instanceof ErrorEvent) return void errors.push('uncaught ' + text(e.error ?? e.message) + ' (' + e.filename + ':' + e.lineno + ')');
    const url = e.target && (e.target.currentSrc || e.target.src || e.target.href);
    if (url && new URL(url, location.href).origin === location.origin) errors.push('failed to load ' + url);
  }, true);
  addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection ' + text(e.reason)));
  addEventListener('securitypolicyviolation', (e) => errors.push('CSP blocked ' + (e.blockedURI || 'inline') + ' (' + e.violatedDirective + ')'));
  const original = console.error;
  console.error = function (...args) {
    errors.push('console.error ' + args.map(text).join(' '));
    return original.apply(this, args);
  };
})();
`;

/**
 * A script that throws, and rejects a promise, only in `engine`: by user agent, WebKit without
 * Chrome (every Chromium says AppleWebKit too) or Firefox.
 */
function plantedError(engine: EngineName): string {
  const test = engine === 'webkit' ? '/AppleWebKit\\//.test(ua) && !/(Chrome|Chromium|Firefox)\\//.test(ua)' : '/Firefox\\//.test(ua)';
  return `const ua = navigator.userAgent;
if (${test}) {
  Promise.reject(new Error('planted ${engine}-only rejection'));
  throw new Error('planted ${engine}-only error');
}
`;
}

/** Site path of the canary page: the home page with plantedError(engine) in its <head>. */
const canaryPath = (engine: EngineName) => `${OWN}canary/${engine}/`;

/** `html` with `<script src="…">` for each of `scripts` right after the CSP <meta> (or first in <head>). */
function withScripts(html: string, scripts: string[]): string {
  const tags = scripts.map((s) => `<script src="${s}"></script>`).join('');
  const csp = /<meta http-equiv="Content-Security-Policy"[^>]*>/i.exec(html);
  if (csp) return html.slice(0, csp.index + csp[0].length) + tags + html.slice(csp.index + csp[0].length);
  return html.replace(/<head>/i, `<head>${tags}`);
}

/**
 * The preview server (lib/serve/preview-server.ts) of `dir`, with ERROR_PROBE first in every page
 * it sends, the probe and planted scripts under /__cross-engine/, and the canary pages.
 */
function startTestServer(dir = DIST, port = 0): Promise<RunningServer> {
  const send = (res: ServerResponse, type: string, body: string, cacheControl = 'no-cache') => {
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheControl });
    res.end(body);
    return true;
  };
  const intercept = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === `${OWN}error-probe.js`) return send(res, 'text/javascript; charset=utf-8', ERROR_PROBE);
    const planted = new RegExp(`^${OWN}(firefox|webkit)-only-error\\.js$`).exec(pathname);
    if (planted) return send(res, 'text/javascript; charset=utf-8', plantedError(planted[1] as EngineName));
    const canary = new RegExp(`^${OWN}canary/(firefox|webkit)/$`).exec(pathname);
    const html = (file: string, scripts: string[]) => send(res, 'text/html; charset=utf-8', withScripts(readFileSync(file, 'utf8'), scripts), cacheControlFor(pathname));
    if (canary) return html(path.join(dir, 'index.html'), [`${OWN}error-probe.js`, `${OWN}${canary[1]}-only-error.js`]);
    if (redirectFor(pathname)) return false;
    const file = pathname.endsWith('/') ? path.join(dir, pathname, 'index.html') : pathname.endsWith('.html') ? path.join(dir, pathname) : '';
    if (!file || !file.startsWith(dir + path.sep) || !existsSync(file)) return false;
    return html(file, [`${OWN}error-probe.js`]);
  };
  return startServer(dir, port, '127.0.0.1', { intercept });
}

/**
 * Every error the page has met: what the engine reported, then what the probe recorded.
 * A page without the probe's record (the probe did not run) counts as an error too.
 */
async function pageErrors(page: EnginePage): Promise<string[]> {
  const probed = await page.evaluate<string[] | null>('window.__pageErrors ?? null');
  return [...page.takeEngineErrors(), ...(probed ?? ['the error probe did not run in this page'])];
}

/**
 * Polls `expression` in the page until it is truthy (a promise is awaited first).
 * @throws Error "{url}: {what}" after `timeoutMs`
 */
async function waitUntil(page: EnginePage, expression: string, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate<boolean>(`Promise.resolve(${expression}).then(Boolean)`).catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${await page.evaluate<string>('location.href').catch(() => '?')}: ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * JavaScript: true when the first element matching the selector is rendered and not hidden
 * (Element.checkVisibility: also false inside a closed <details>, which Firefox hides with
 * content-visibility rather than display).
 */
const visible = (selector: string) => `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && el.checkVisibility({ visibilityProperty: true }); })()`;

/** Header dropdown panel that is open (on a phone: inside the open Menu disclosure). */
const OPEN_DROPDOWN = 'header details[data-menu]:not([data-menu="mobile"])[open] .dropdown-panel';

/**
 * Opens a dropdown of the header as a visitor does: on a phone first the Menu disclosure, then the
 * first dropdown inside it; on a wide screen the first dropdown of the bar.
 * @throws Error when no dropdown panel shows after three clicks
 */
async function openHeaderMenu(page: EnginePage): Promise<void> {
  for (let i = 0; i < 3 && !(await page.evaluate<boolean>(visible(OPEN_DROPDOWN))); i++) {
    await page.click('header details[data-menu]:not([open]) > summary');
  }
  await waitUntil(page, visible(OPEN_DROPDOWN), 'no header dropdown opened');
}

/** Opens the chatbot panel with its floating button and closes it with its close button. */
async function openAndCloseChatbot(page: EnginePage): Promise<void> {
  await page.click('.chatbot-toggle');
  await waitUntil(page, `${visible('.chatbot-panel')} && document.querySelector('.chatbot-toggle[aria-expanded="true"]')`, 'the chatbot panel did not open (and hydrate)');
  await page.click('.chatbot-close');
  await waitUntil(page, `!${visible('.chatbot-panel')}`, 'the chatbot panel did not close');
}

/** Clicks the first video facade and waits for the player's iframe; returns its src. */
async function playFirstVideo(page: EnginePage): Promise<string> {
  await page.click('.video-facade');
  await waitUntil(page, `document.querySelector('.video-frame iframe')?.src`, 'no player iframe after the click on play');
  return page.evaluate<string>(`document.querySelector('.video-frame iframe').src`);
}

/**
 * Visits `sitePath` at `viewport` and returns what is wrong there (empty when nothing): errors,
 * sideways scroll, a menu, the chatbot or the video that did not work.
 */
async function visit(engine: Engine, server: RunningServer, sitePath: string, viewport: Viewport): Promise<string[]> {
  const where = `${sitePath} at ${viewport.width} px`;
  const page = await engine.open(viewport);
  const problems: string[] = [];
  try {
    await page.goto(server.url + sitePath);
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
    if (scrollWidth > clientWidth) problems.push(`${where}: scrolls sideways (scrollWidth ${scrollWidth} px > ${clientWidth} px)`);
    const check = async (what: string, step: () => Promise<unknown>) => {
      await step().catch((e: Error) => problems.push(`${where}: ${what}: ${e.name}: ${e.message}`));
    };
    await check('chatbot', () => openAndCloseChatbot(page));
    await check('header menu', () => openHeaderMenu(page));
    if (sitePath === '/') {
      await check('video', async () => {
        const src = await playFirstVideo(page);
        if (!VIDEO_HOST.test(src)) throw new Error(`the player's iframe loads ${src}, not the video host`);
      });
    }
    for (const error of await pageErrors(page)) problems.push(`${where}: ${error}`);
  } finally {
    await page.close();
  }
  return problems;
}

/**
 * The smoke test's uvu suite for one engine: `launch` starts the browser in `before`, and the
 * suite ends it in `after`. The caller may add tests (its canary) and must call `.run()`.
 */
export function crossEngineSuite(title: string, launch: () => Promise<Engine>) {
  const test = suite<{ engine: Engine; server: RunningServer }>(title);
  test.before(async (ctx) => {
    ctx.server = await startTestServer();
    ctx.engine = await launch();
  });
  test.after(async (ctx) => {
    await ctx.engine?.close();
    await ctx.server?.close();
  });

  test(`should load ${PAGES.length} pages at ${VIEWPORTS.map((v) => v.width).join(' and ')} px with no error and no sideways scroll, the header menu, the chatbot and the video working`, async ({ engine, server }) => {
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) for (const sitePath of PAGES) problems.push(...await visit(engine, server, sitePath, viewport));
    assert.equal(problems, []);
  });

  test('should hand the exact sms: URI with the granted position to the messaging app from "Text us my location"', async ({ engine, server }) => {
    const e164 = parsePhone((PROJECT_CONTENT.settings as { phone: string }).phone).e164;
    // The URI's format is held to a literal by test/browser/text-location.test.ts; here the
    // engine's part: geolocation answers, and the island hands the URI over.
    const expected = smsUri(e164, locationMessage(AT.latitude, AT.longitude, AT.accuracy));
    const page = await engine.open(PHONE);
    try {
      await page.goto(`${server.url}/areas/grants/`);
      await page.grantGeolocation(AT);
      // Read before the hand-off: WebKit leaves the page for the sms: URI. An error in the
      // island's click handler would stop the hand-off, which the next assertion sees.
      assert.equal(await pageErrors(page), []);
      const url = await page.requestedNavigation('sms:', () => page.click('.hero [data-island="TextLocation"] button'));
      assert.is(url, expected);
    } finally {
      await page.close();
    }
  });

  test('should show the offline page from the service worker for a page never visited once the server is gone', async ({ engine }) => {
    const offline = await startTestServer();
    const page = await engine.open(PHONE);
    try {
      await page.goto(`${offline.url}/areas/grants/`);
      await waitUntil(page, `(async () => !!navigator.serviceWorker.controller && !!(await caches.match('${OFFLINE_PAGE_PATH}')) && !!(await caches.match('/areas/grants/')))()`, 'no service worker controls the page with the offline page and the visited page cached', SW_WAIT_MS);
      assert.equal(await pageErrors(page), []);
      await offline.close();
      await page.goto(`${offline.url}/areas/milan/`);
      assert.match(await page.evaluate<string>(`document.querySelector('h1')?.textContent ?? ''`), /You're offline/);
      const e164 = parsePhone((PROJECT_CONTENT.settings as { phone: string }).phone).e164;
      assert.ok((await page.evaluate<string[]>(`[...document.querySelectorAll('a[href^="tel:"]')].map((a) => a.getAttribute('href'))`)).includes(`tel:${e164}`));
    } finally {
      await page.close();
      await offline.close();
    }
  });

  return test;
}

/**
 * The canary test for `engine`: the canary page's planted error and rejection must show in
 * pageErrors(), so the error check is proved able to fail in that engine on every run.
 */
export function addCanary(test: ReturnType<typeof crossEngineSuite>, engine: EngineName): void {
  test(`should report an error planted to happen in ${engine === 'webkit' ? 'WebKit' : 'Firefox'} only (the check can fail)`, async (ctx) => {
    const page = await ctx.engine.open(PHONE);
    try {
      await page.goto(ctx.server.url + canaryPath(engine));
      await waitUntil(page, `(window.__pageErrors ?? []).some((e) => e.includes('planted ${engine}-only rejection'))`, 'the planted rejection was not reported');
      const errors = await pageErrors(page);
      assert.ok(errors.some((e) => e.includes(`planted ${engine}-only error`)), errors.join('\n'));
    } finally {
      await page.close();
    }
  });
}
