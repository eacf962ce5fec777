/**
 * The cross-engine smoke test (test/helpers/cross-engine.ts) in Firefox ESR, Debian's package,
 * driven by puppeteer-core over WebDriver BiDi (tooling/firefox.ts): five pages at 390 and
 * 1366 px with no error and no sideways scroll, the header menu, the chatbot, the video facade,
 * "Text us my location" and the service worker's offline page; and a canary page whose planted
 * Firefox-only error must be reported.
 *
 * Firefox's own reports count (console errors and uncaught errors over BiDi) besides the page's
 * error probe. Requests off 127.0.0.1 are intercepted: the video hosts get an empty page (as in
 * the Chromium tests), anything else is aborted. Geolocation is granted through BiDi's permission
 * and geolocation emulation.
 */
import type { Browser } from 'puppeteer-core';
import { launchFirefox, requestedNavigation } from '../../tooling/firefox.ts';
import { addCanary, crossEngineSuite, VIDEO_HOST, type Engine, type EnginePage } from '../helpers/cross-engine.ts';
import type { Viewport } from '../../tooling/webkit.ts';

/** A page of `browser` at `viewport`, as the smoke test drives it. */
async function openPage(browser: Browser, viewport: Viewport): Promise<EnginePage> {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'about:') return void request.continue();
    if (VIDEO_HOST.test(request.url())) return void request.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Video</title>' });
    return void request.abort();
  });
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(`console.error ${message.text()}`); });
  page.on('pageerror', (error) => errors.push(`uncaught ${String(error)}`));
  return {
    async goto(url) { await page.goto(url, { waitUntil: 'load' }); },
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    async click(selector) {
      for (const element of await page.$$(selector)) {
        if (!(await element.isVisible())) continue;
        await element.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await element.click();
        return;
      }
      throw new Error(`no visible ${selector} to click`);
    },
    async grantGeolocation(at) {
      await browser.defaultBrowserContext().overridePermissions(new URL(page.url()).origin, ['geolocation']);
      await page.setGeolocation(at);
    },
    requestedNavigation: (prefix, action) => requestedNavigation(page, prefix, action),
    takeEngineErrors: () => errors.splice(0),
    close: () => page.close(),
  };
}

/** Firefox ESR as an Engine of the smoke test. */
async function firefox(): Promise<Engine> {
  const browser = await launchFirefox();
  return { name: 'firefox', open: (viewport) => openPage(browser, viewport), close: () => browser.close() };
}

const test = crossEngineSuite('Firefox ESR: the visitor\'s key paths', firefox);
addCanary(test, 'firefox');
test.run();
