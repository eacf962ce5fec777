/**
 * The URL a page asks to navigate to after an action, read from the renderer's request
 * (Chrome DevTools Protocol `Page.frameRequestedNavigation`,
 * https://chromedevtools.github.io/devtools-protocol/tot/Page/#event-frameRequestedNavigation).
 *
 * For an external scheme such as `sms:` or `tel:` the browser then hands the URL to the operating
 * system, and Chromium may refuse that hand-off (it allows one external launch per user gesture
 * and throttles repeats), in which case no network request event ever fires. The page's own
 * request is what the site controls, so that is what tests assert on.
 */
import type { Page } from 'playwright-core';

/**
 * Runs `action` and resolves with the first URL starting with `prefix` that the page's main frame
 * asks to navigate to.
 * @throws Error when no such navigation is requested within `timeoutMs` (default 30 s)
 */
export async function requestedNavigation(page: Page, prefix: string, action: () => Promise<unknown>, timeoutMs = 30_000): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Page.enable');
    let onNavigation: (e: { url: string }) => void = () => {};
    const requested = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no navigation to ${prefix}… within ${timeoutMs} ms`)), timeoutMs);
      onNavigation = (e) => {
        if (e.url.startsWith(prefix)) {
          clearTimeout(timer);
          resolve(e.url);
        }
      };
      cdp.on('Page.frameRequestedNavigation', onNavigation);
    });
    const [url] = await Promise.all([requested, action()]);
    return url;
  } finally {
    await cdp.detach().catch(() => {});
  }
}
