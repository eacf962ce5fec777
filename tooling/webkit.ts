/**
 * WebKitGTK for the cross-engine tests and the screenshot script: Debian's `WebKitWebDriver`
 * (package webkit2gtk-driver) driving its MiniBrowser under `xvfb-run -a` (package xvfb), through
 * selenium-webdriver. WebKit is the engine of every iPhone browser; WebKitGTK is the nearest build
 * of it that runs on Linux. Playwright's own WebKit build is a download and is not used.
 *
 * Xvfb, the driver, MiniBrowser and its web, network and GPU processes all stay in the process
 * group xvfb-run leads: close() ends that group, and so does this process ending or being stopped
 * with SIGTERM, SIGINT or SIGHUP (tooling/process.ts).
 *
 * What this driver cannot do, and what to do instead:
 * - it answers no console log (no `se/log` command, no WebDriver BiDi session): pages must report
 *   their own errors (the cross-engine tests inject a probe script);
 * - it has no permission or geolocation emulation: replace `navigator.geolocation` in the page;
 * - MiniBrowser's window will not shrink below about 447 px with the stock GTK theme: a GTK style
 *   sheet that takes every widget's minimum size, padding and font size to zero (in a folder given
 *   as XDG_CONFIG_HOME) lets it reach 290 px, so phone widths from 320 px work.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { freePort } from './http.ts';
import { startServerProcess, tempFolder } from './process.ts';
import { MINIBROWSER as DEBIAN_MINIBROWSER, WEBKIT_WEBDRIVER, XVFB_RUN } from './system-tools.ts';

/** The WebDriver server of webkit2gtk-driver ($WEBKIT_DRIVER_PATH overrides). */
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? WEBKIT_WEBDRIVER;
/** The browser WebKitWebDriver drives ($MINIBROWSER_PATH overrides). */
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? DEBIAN_MINIBROWSER;

/**
 * The GTK 3 style sheet that lets MiniBrowser's window shrink to phone widths (see the file's
 * comment). It styles only MiniBrowser's own toolbar; the page's rendering is WebKit's.
 */
const GTK_CSS = '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n';

/** A viewport in CSS px. */
export interface Viewport {
  width: number;
  height: number;
}

/** One MiniBrowser window driven over WebDriver. */
export interface WebKitSession {
  driver: WebDriver;
  /**
   * Navigates to `url` and resolves once the page has loaded (document.readyState "complete").
   * WebKitWebDriver's own navigation returns as soon as the document is "interactive", before
   * the page's module scripts have run.
   * @throws Error when the page has not loaded within 30 s
   */
  goto(url: string): Promise<void>;
  /**
   * Sizes the window so that the page's viewport (innerWidth x innerHeight) is `viewport`.
   * @throws Error when MiniBrowser cannot make the viewport that size
   */
  setViewport(viewport: Viewport): Promise<void>;
  /** Ends the session, then Xvfb, the driver and every browser process; removes the temp folder. Never throws. */
  close(): Promise<void>;
}

/**
 * Starts Xvfb, WebKitWebDriver on a free port of 127.0.0.1 and one MiniBrowser window.
 * @throws Error with the driver's output when it does not listen within 30 s or the session cannot start
 */
export async function launchWebKit(): Promise<WebKitSession> {
  const { dir, remove } = tempFolder('webkit');
  mkdirSync(path.join(dir, 'config/gtk-3.0'), { recursive: true });
  writeFileSync(path.join(dir, 'config/gtk-3.0/gtk.css'), GTK_CSS);
  const port = await freePort();
  const env = { XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_CACHE_HOME: path.join(dir, 'cache'), XDG_DATA_HOME: path.join(dir, 'data') };
  // 24-bit colour: xvfb-run's default screen is 8-bit, which changes the colours of screenshots.
  const xvfb = await startServerProcess('WebKitWebDriver', XVFB_RUN, ['-a', '-s', '-screen 0 1920x1200x24', WEBKIT_DRIVER, `--port=${port}`], dir, port, { env, timeoutMs: 30_000 })
    .catch((error: unknown) => { remove(); throw error; });
  const end = async () => {
    await xvfb.stop();
    remove();
  };
  let driver: WebDriver;
  try {
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}/`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
      .build();
  } catch (error) {
    const output = xvfb.output().trim();
    await end();
    throw new Error(`WebKitWebDriver did not start a MiniBrowser session (${(error as Error).message.split('\n')[0]})${output ? `:\n${output}` : ''}`, { cause: error });
  }
  return {
    driver,
    async goto(url) {
      await driver.get(url);
      await driver.wait(async () => (await driver.executeScript('return document.readyState')) === 'complete', 30_000, `${url} did not finish loading within 30 s`);
    },
    async setViewport({ width, height }) {
      // The window's size includes MiniBrowser's toolbar, and GTK resizes and lays the toolbar
      // out asynchronously: size the window, wait until the page sees that window size and its
      // viewport holds still (two equal readings 100 ms apart), then add what the toolbar takes,
      // again until the viewport is right (a toolbar still being laid out measured 20 px short once).
      const read = () => driver.executeScript<number[]>('return [innerWidth, innerHeight, outerWidth, outerHeight]');
      const sized = async (w: number, h: number) => {
        await driver.manage().window().setRect({ width: w, height: h });
        let sizes = await read();
        for (let i = 0; i < 50; i++) {
          await new Promise((r) => setTimeout(r, 100));
          const next = await read();
          const still = next.every((v, k) => v === sizes[k]);
          sizes = next;
          if (still && sizes[2] === w && sizes[3] === h) break;
        }
        return sizes;
      };
      let [w, h, outerW, outerH] = await sized(width, height);
      for (let round = 0; round < 4 && (w !== width || h !== height); round++) {
        [w, h, outerW, outerH] = await sized(outerW + width - w, outerH + height - h);
      }
      if (w !== width || h !== height) throw new Error(`MiniBrowser's viewport is ${w}x${h} px, not ${width}x${height}.`);
    },
    async close() {
      await Promise.race([driver.quit().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
      await end();
    },
  };
}
