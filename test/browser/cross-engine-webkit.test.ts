/**
 * The cross-engine smoke test (test/helpers/cross-engine.ts) in WebKitGTK, Debian's
 * WebKitWebDriver and MiniBrowser under Xvfb, driven by selenium-webdriver (tooling/webkit.ts):
 * five pages at 390 and 1366 px with no error and no sideways scroll, the header menu, the
 * chatbot, the video facade, "Text us my location" and the service worker's offline page. iPhone
 * visitors all use WebKit, so an error in WebKit alone must fail this file: its canary page
 * plants one (thrown, and a rejected promise, only when the user agent is WebKit's) and the test
 * asserts it is reported.
 *
 * WebKitGTK's driver reports no console messages, so the page's error probe is the only source of
 * errors here. It has no geolocation emulation either: "Text us my location" runs with the page's
 * getCurrentPosition replaced by one that answers the set position, and the `sms:` hand-off is
 * read as the window's URL, which WebKit sets to it. The player's iframe is only checked to point
 * at the video host: this machine has no network, so its load fails, off the page's record.
 */
import { By, Origin } from 'selenium-webdriver';
import { launchWebKit } from '../../tooling/webkit.ts';
import { addCanary, crossEngineSuite, type Engine } from '../helpers/cross-engine.ts';

/** WebKitGTK as an Engine of the smoke test: one window, resized for each page. */
async function webkit(): Promise<Engine> {
  const session = await launchWebKit();
  const { driver } = session;
  return {
    name: 'webkit',
    async open(viewport) {
      await session.setViewport(viewport);
      return {
        goto: (url) => session.goto(url),
        evaluate: (expression) => driver.executeScript(`return ${expression}`),
        async click(selector) {
          for (const element of await driver.findElements(By.css(selector))) {
            if (!(await element.isDisplayed())) continue;
            // A click at the middle of the element's box, as a finger or mouse does: WebKit's
            // element click refuses an inline <a> wrapping a block (the video facade) as "not
            // interactable".
            const [x, y] = await driver.executeScript<[number, number]>(`arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' });
              const r = arguments[0].getBoundingClientRect();
              return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];`, element);
            await driver.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform();
            return;
          }
          throw new Error(`no visible ${selector} to click`);
        },
        async grantGeolocation(at) {
          await driver.executeScript(`const at = arguments[0];
            navigator.geolocation.getCurrentPosition = (ok) => setTimeout(() => ok({ coords: at, timestamp: Date.now() }), 0);`, at);
        },
        async requestedNavigation(prefix, action) {
          await action();
          const end = Date.now() + 10_000;
          for (;;) {
            const url = await driver.getCurrentUrl();
            if (url.startsWith(prefix)) return url;
            if (Date.now() > end) throw new Error(`${url}: no navigation to ${prefix}… within 10000 ms`);
            await new Promise((r) => setTimeout(r, 100));
          }
        },
        takeEngineErrors: () => [],
        async close() {},
      };
    },
    close: () => session.close(),
  };
}

const test = crossEngineSuite('WebKitGTK: the visitor\'s key paths', webkit);
addCanary(test, 'webkit');
test.run();
