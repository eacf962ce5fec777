/**
 * Helpers for the analytics browser tests: a second build of the site with a test GA4
 * measurement id in a temp folder, a stand-in for gtag.js, and readers of what the page sent.
 * Nothing reaches Google: the harness aborts every request off 127.0.0.1, and `routeGtag` answers
 * the gtag.js request itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { buildToFolder } from '../../build.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import type { LogEntry } from '../../islands/common/logger.ts';
import type { SentEvent } from '../../islands/site/gtag.ts';
import { resolveConfig } from '../../lib/config.ts';

/** The measurement id of the test build (matches lib/content/schema.ts: G- and 4-12 capitals/digits). */
export const TEST_ANALYTICS_ID = 'G-TEST123456';

/** The address the page must request gtag.js from. */
export const GTAG_URL = `https://www.googletagmanager.com/gtag/js?id=${TEST_ANALYTICS_ID}`;

/** Body of the stand-in gtag.js: it only marks that it ran (the real one would send to Google). */
const FAKE_GTAG_JS = 'window.__fakeGtagRuns = (window.__fakeGtagRuns || 0) + 1;';

/**
 * Builds the project's content with analyticsId = TEST_ANALYTICS_ID into a new temp folder.
 * @returns the folder (serve it with startHarness(dir)) and a function that deletes it
 */
export async function buildAnalyticsSite(): Promise<{ dir: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'h6-analytics-'));
  const dir = path.join(root, 'dist');
  const settings = { ...(PROJECT_CONTENT.settings as Record<string, unknown>), analyticsId: TEST_ANALYTICS_ID };
  await buildToFolder({ config: { ...resolveConfig(), outDir: dir }, content: { ...PROJECT_CONTENT, settings } });
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Answers requests to googletagmanager.com: with FAKE_GTAG_JS, or aborted (`fail`) to act out a
 * blocked or offline gtag.js. Registered after the harness's catch-all, so it takes precedence.
 * @returns the URLs requested, in order
 */
export async function routeGtag(context: BrowserContext, mode: 'serve' | 'fail'): Promise<string[]> {
  const urls: string[] = [];
  await context.route((url) => url.hostname.endsWith('googletagmanager.com'), (route) => {
    urls.push(route.request().url());
    return mode === 'serve'
      ? route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GTAG_JS })
      : route.abort('connectionrefused');
  });
  return urls;
}

/** One gtag() call as queued in `window.dataLayer`: its arguments (Dates as ISO strings). */
export type GtagCall = unknown[];

/** Every gtag() call queued so far, in order. */
export function dataLayer(page: Page): Promise<GtagCall[] | null> {
  return page.evaluate(() => (window.dataLayer ? window.dataLayer.map((args) => Array.from(args).map((a) => (a instanceof Date ? a.toISOString() : a))) : null));
}

/** The `gtag('event', name, params)` calls queued so far, as [name, params]. */
export async function gtagEvents(page: Page): Promise<[string, Record<string, unknown>][]> {
  return ((await dataLayer(page)) ?? []).filter((c) => c[0] === 'event').map((c) => [c[1] as string, c[2] as Record<string, unknown>]);
}

/** The page's kept log entries (window.__diagnostics.log()). */
export function logEntries(page: Page): Promise<LogEntry[]> {
  return page.evaluate(() => window.__diagnostics!.log());
}

/** The events the page sent or logged (window.__diagnostics.events()). */
export function sentEvents(page: Page): Promise<SentEvent[]> {
  return page.evaluate(() => window.__diagnostics!.events());
}

/**
 * Polls `check` (in Node, every 50 ms of real time) until it returns a truthy value.
 * @throws Error naming `what` after `timeoutMs` (default 5000)
 */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
