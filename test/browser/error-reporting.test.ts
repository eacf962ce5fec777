/**
 * Error reporting in Chromium: an uncaught error and an unhandled
 * rejection are logged and forwarded (GA4 `exception` with action uncaughtError / unhandledRejection);
 * without a measurement id they are logged only; startup is logged in a production build.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startHarness } from '../../tooling/browser.ts';
import { buildAnalyticsSite, dataLayer, gtagEvents, logEntries, routeGtag, sentEvents, waitFor } from '../helpers/analytics.ts';

const GRANTS = '/areas/grants/';
/** A same-origin script the test serves, so the browser reports its real file, line and column. */
const THROWING_SCRIPT = '/__test__/throws.js';
const THROWING_SOURCE = '// line 1\n  throw new Error("boom from test");\n';
// Chromium reports where the Error was made: line 2, column 9 (1-based) is the "n" of "new".

const built = await buildAnalyticsSite();
const [withId, withoutId] = await Promise.all([startHarness(built.dir), startHarness()]);

async function open(harness: typeof withId) {
  const p = await harness.page();
  await routeGtag(p.context, 'serve');
  await p.context.route((url) => url.pathname === THROWING_SCRIPT, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: THROWING_SOURCE }));
  await p.page.goto(harness.url(GRANTS));
  return p;
}

/** Loads THROWING_SCRIPT into the page (allowed by the CSP: same origin). */
async function throwUncaught(page: Page) {
  await page.evaluate((src) => new Promise<void>((resolve) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    document.head.append(s);
  }), THROWING_SCRIPT);
}

async function errorEntries(page: Page, count: number) {
  return waitFor(`${count} error entries`, async () => {
    const errors = (await logEntries(page)).filter((e) => e.level === 'error');
    return errors.length >= count && errors;
  });
}

const uncaught = suite('uncaught error');
uncaught('should be logged and forwarded as exception with action uncaughtError, filename, line and column', async () => {
  const { page, context } = await open(withId);
  try {
    await throwUncaught(page);
    const [entry] = await errorEntries(page, 1);
    const filename = withId.url(THROWING_SCRIPT);
    assert.is(entry.message, 'uncaughtError: boom from test');
    assert.is(entry.error?.message, 'boom from test');
    const { timestamp, userAgent, ...context_ } = entry.context as Record<string, unknown>;
    assert.equal(context_, { action: 'uncaughtError', code: 'UNKNOWN_ERROR', filename, lineno: 2, colno: 9, url: withId.url(GRANTS), isOperational: false });
    assert.is(typeof timestamp, 'string');
    assert.is(userAgent, await page.evaluate(() => navigator.userAgent));
    const exceptions = (await gtagEvents(page)).filter(([name]) => name === 'exception');
    assert.equal(exceptions, [['exception', { description: 'boom from test', fatal: false, action: 'uncaughtError', filename, lineno: 2, colno: 9 }]]);
  } finally {
    await context.close();
  }
});
uncaught.run();

const rejection = suite('unhandled rejection');
rejection('should be logged and forwarded as exception with action unhandledRejection', async () => {
  const { page, context } = await open(withId);
  try {
    await page.evaluate(() => { void Promise.reject(new Error('rejected in test')); });
    const [entry] = await errorEntries(page, 1);
    assert.is(entry.message, 'unhandledRejection: rejected in test');
    assert.is((entry.context as Record<string, unknown>).action, 'unhandledRejection');
    const exceptions = (await gtagEvents(page)).filter(([name]) => name === 'exception');
    assert.equal(exceptions, [['exception', { description: 'rejected in test', fatal: false, action: 'unhandledRejection' }]]);
  } finally {
    await context.close();
  }
});
rejection('should log a rejection with a non-Error value as an unexpected error', async () => {
  const { page, context } = await open(withId);
  try {
    await page.evaluate(() => { void Promise.reject('offline'); });
    const [entry] = await errorEntries(page, 1);
    assert.is(entry.message, 'unhandledRejection: Unexpected error: offline');
    assert.equal(entry.error, { name: 'Error', message: 'offline' });
    const exceptions = (await gtagEvents(page)).filter(([name]) => name === 'exception');
    assert.equal(exceptions, [['exception', { description: 'Unexpected error: offline', fatal: false, action: 'unhandledRejection' }]]);
  } finally {
    await context.close();
  }
});
rejection.run();

const noId = suite('without a measurement id');
noId('should log both errors, queue nothing for GA4 and send nothing off the machine', async () => {
  const { page, context, offsite } = await open(withoutId);
  try {
    await throwUncaught(page);
    await page.evaluate(() => { void Promise.reject(new Error('rejected in test')); });
    const entries = await errorEntries(page, 2);
    assert.equal(entries.map((e) => e.message).sort(), ['uncaughtError: boom from test', 'unhandledRejection: rejected in test']);
    assert.is(await dataLayer(page), null);
    const exceptions = (await sentEvents(page)).filter((e) => e.name === 'exception');
    assert.equal(exceptions.map((e) => [e.transport, e.params.action]).sort(), [['log', 'uncaughtError'], ['log', 'unhandledRejection']]);
    assert.equal(offsite, []);
  } finally {
    await context.close();
  }
});
noId.run();

const startup = suite('startup');
startup('should be logged in a production build (info, kept despite threshold warn)', async () => {
  const { page, context } = await open(withoutId);
  try {
    const entries = await logEntries(page);
    assert.equal(entries.map((e) => [e.level, e.message, e.context]), [['info', 'Site started', { url: withoutId.url(GRANTS), pageType: 'area', dev: false }]]);
  } finally {
    await context.close();
  }
});
startup.after(async () => {
  await Promise.all([withId.close(), withoutId.close()]);
  await built.remove();
});
startup.run();
