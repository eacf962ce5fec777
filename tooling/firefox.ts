/**
 * Firefox for the cross-engine tests and the screenshot script: Debian's Firefox ESR
 * (/usr/bin/firefox-esr, package firefox-esr) driven by puppeteer-core over WebDriver BiDi, the W3C
 * protocol Firefox speaks itself, so no geckodriver is needed. Playwright's own Firefox build is a
 * download and is not used.
 *
 * puppeteer starts Firefox in a process group of its own (it leads it, with every content
 * process in it); that group is killed when this process exits or is stopped with SIGTERM, SIGINT
 * or SIGHUP (tooling/process.ts), and by `browser.close()`.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { endWithThisProcess, tempFolder } from './process.ts';
import { FIREFOX_ESR } from './system-tools.ts';

/** Debian's Firefox ESR ($FIREFOX_PATH overrides). */
const FIREFOX = process.env.FIREFOX_PATH ?? FIREFOX_ESR;

/**
 * Launches headless Firefox ESR.
 * @throws Error from puppeteer when Firefox does not start or does not answer over BiDi
 */
export async function launchFirefox(): Promise<Browser> {
  // A profile of our own, so it is removed also when this process is stopped before close().
  const profile = tempFolder('firefox');
  const browser = await puppeteer.launch({
    userDataDir: profile.dir,
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // A hung BiDi command fails after 2 minutes (puppeteer's default is 3), well inside the test
    // runner's 10-minute limit for a file.
    protocolTimeout: 120_000,
    // Scrollbars that take no layout width, as on phones and in headless Chromium: with the
    // classic ones headless Firefox lays a 390 px viewport out 378 px wide.
    extraPrefsFirefox: { 'ui.useOverlayScrollbars': 1 },
    // tooling/process.ts handles the signals for every process group this process started.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const child = browser.process();
  if (child?.pid) {
    const forget = endWithThisProcess(child.pid);
    child.once('exit', () => {
      forget();
      profile.remove();
    });
  }
  return browser;
}

/** The slice of puppeteer-core's BiDi internals that requestedNavigation reads (puppeteer-core 24.43). */
interface BidiSessionEvents {
  on(event: 'browsingContext.navigationStarted', listener: (e: { context: string; url: string }) => void): unknown;
  off(event: 'browsingContext.navigationStarted', listener: (e: { context: string; url: string }) => void): unknown;
}

/**
 * Runs `action` and resolves with the first URL starting with `prefix` that the page's main frame
 * starts navigating to, from WebDriver BiDi's `browsingContext.navigationStarted` event
 * (https://w3c.github.io/webdriver-bidi/#event-browsingContext-navigationStarted). For an external
 * scheme such as `sms:` or `tel:` that event is the only trace: Firefox hands the URL to the
 * operating system, fires no request and leaves the page where it is. puppeteer has no public API
 * for the event, so this reads its BiDi session (puppeteer-core is pinned; a changed shape throws).
 * After such a navigation the page may never report `load` again: use a new page for the next visit.
 * @throws Error when no such navigation starts within `timeoutMs` (default 10 s)
 */
export async function requestedNavigation(page: Page, prefix: string, action: () => Promise<unknown>, timeoutMs = 10_000): Promise<string> {
  const frame = page.mainFrame() as unknown as { browsingContext?: { id: string; userContext?: { browser?: { session?: BidiSessionEvents } } } };
  const context = frame.browsingContext;
  const session = context?.userContext?.browser?.session;
  if (!context || !session) throw new Error('puppeteer-core no longer exposes its BiDi session where requestedNavigation reads it (tooling/firefox.ts).');
  let listener: (e: { context: string; url: string }) => void = () => {};
  const started = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${page.url()}: no navigation to ${prefix}… within ${timeoutMs} ms`)), timeoutMs);
    listener = (e) => {
      if (e.context === context.id && e.url.startsWith(prefix)) {
        clearTimeout(timer);
        resolve(e.url);
      }
    };
    session.on('browsingContext.navigationStarted', listener);
  });
  try {
    const [url] = await Promise.all([started, action()]);
    return url;
  } finally {
    session.off('browsingContext.navigationStarted', listener);
  }
}
