/**
 * Chromium for the browser tests and the screenshot and benchmark scripts: Debian's Chromium
 * driven by playwright-core, and dist/ served on 127.0.0.1 by the preview server. Tests run
 * against the dist/ that test/run.ts just built.
 */
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../lib/serve/preview-server.ts';
import { resolveConfig } from '../lib/config.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** The dist folder under test: $DIST_DIR when set, else dist/ (lib/config.ts; test/run.ts builds it first). */
export const DIST = resolveConfig().outDir;

/** Chromium flags for headless runs in containers and on CI (no sandbox, no GPU, no first-run UI). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Launches headless Chromium (/usr/bin/chromium, or $CHROMIUM_PATH). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Phone and desktop viewports, CSS px: 390x844 (a current iPhone) and 1366x900 (a common laptop). */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

/** A browser plus a server of a dist folder, for one test file. Call `close()` in `suite.after`. */
export interface Harness {
  browser: Browser;
  server: RunningServer;
  /** Absolute URL of a site path. */
  url(p: string): string;
  /**
   * A page in a new context (own cookies, storage, clock) at a viewport; collects console errors
   * and page errors into `errors`, and aborts every request off 127.0.0.1, recording it in `offsite`.
   */
  page(viewport?: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext; errors: string[]; offsite: string[] }>;
  close(): Promise<void>;
}

/**
 * Starts a server of `dir` (default dist/) and a browser, or uses `shared`, the browser of another
 * harness (one Chromium for a test file that serves several folders), which close() leaves running.
 */
export async function startHarness(dir = DIST, shared?: Browser): Promise<Harness> {
  const [server, browser] = await Promise.all([startServer(dir), shared ?? launchBrowser()]);
  return {
    browser,
    server,
    url: (p) => server.url + p,
    async page(viewport = PHONE) {
      const ctx = await browser.newContext({ viewport });
      const offsite: string[] = [];
      await ctx.route((url) => url.hostname !== '127.0.0.1', (route) => { offsite.push(route.request().url()); return route.abort(); });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(String(e)));
      return { page, context: ctx, errors, offsite };
    },
    async close() {
      if (!shared) await browser.close();
      await server.close();
    },
  };
}
