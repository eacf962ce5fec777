/**
 * Web vitals in Chromium: `web_vitals` events with name, rounded
 * value, rating and non_interaction, none before 1000 ms after the load event, the collection code
 * loaded only then, and a failing send logged without breaking the page.
 * Runs against a temp build with TEST_ANALYTICS_ID; the page's timers run on Playwright's clock.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startHarness } from '../../tooling/browser.ts';
import { buildAnalyticsSite, gtagEvents, logEntries, routeGtag, waitFor } from '../helpers/analytics.ts';
import { rateVital, type VitalName } from '../../islands/common/vitals-rating.ts';

const GRANTS = '/areas/grants/';
const built = await buildAnalyticsSite();
const harness = await startHarness(built.dir);

/** The chunk with the web-vitals code: the one asset that exports startVitals. */
const vitalsChunk = await (async () => {
  const dir = path.join(built.dir, 'assets');
  for (const f of await readdir(dir)) if (/\bas startVitals\b/.test(await readFile(path.join(dir, f), 'utf8'))) return `/assets/${f}`;
  throw new Error('No asset exports startVitals.');
})();

/** The web_vitals events queued so far, by metric name. */
async function vitals(page: Page): Promise<Map<string, Record<string, unknown>[]>> {
  const byName = new Map<string, Record<string, unknown>[]>();
  for (const [name, params] of await gtagEvents(page)) {
    if (name !== 'web_vitals') continue;
    const metric = String(params.name);
    byName.set(metric, [...(byName.get(metric) ?? []), params]);
  }
  return byName;
}

/** Runs the page clock in 50 ms steps until `names` have all been reported (real-time bound 30 s, a ceiling for a loaded machine). */
async function runUntilReported(page: Page, names: string[]) {
  return waitFor(`web_vitals ${names.join(', ')}`, async () => {
    await page.clock.runFor(50);
    const got = await vitals(page);
    return names.every((n) => got.has(n)) && got;
  }, 30_000);
}

/**
 * Opens GRANTS with the page clock paused at navigation, so no page timer runs unless the test says.
 * Playwright's fake clock also fakes `performance`, whose getEntriesByType() then returns [] (see
 * playwright-core fakePerformance): TTFB, which reads the navigation entry, cannot be measured
 * under it. FCP comes from a PerformanceObserver and can.
 */
async function openPaused() {
  const p = await harness.page();
  await routeGtag(p.context, 'serve');
  const requested: string[] = [];
  p.page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  // Paused a minute ahead of install: the page's timers run only when the test advances the clock.
  await p.context.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await p.context.clock.pauseAt(new Date('2026-01-01T00:01:00Z'));
  await p.page.goto(harness.url(GRANTS), { waitUntil: 'load' });
  return { ...p, requested };
}

/** Every event must carry exactly name, rounded value, rating by the site's thresholds, non_interaction. */
function assertShape(params: Record<string, unknown>) {
  assert.equal(Object.keys(params).sort(), ['name', 'non_interaction', 'rating', 'value']);
  const name = params.name as VitalName;
  const value = params.value as number;
  assert.is(params.non_interaction, true);
  if (name === 'CLS') assert.is(Math.round(value * 1000) / 1000, value, `CLS ${value} to 3 decimals`);
  else assert.ok(Number.isInteger(value), `${name} ${value} rounded to whole ms`);
  assert.ok(value >= 0, `${name} ${value}`);
  assert.is(params.rating, rateVital(name, value), `${name} ${value} rated ${params.rating}`);
}

const timing = suite('web_vitals timing');
timing('should send nothing and load no web-vitals code until 1000 ms after load, then FCP (page clock)', async () => {
  const { page, context, requested } = await openPaused();
  try {
    await page.clock.runFor(999);
    // Let anything the page started settle in real time; the page clock stays at 999 ms.
    await new Promise((r) => setTimeout(r, 200));
    assert.equal([...(await vitals(page)).keys()], []);
    assert.not.ok(requested.includes(vitalsChunk), `${vitalsChunk} requested before 1 s`);

    await page.clock.runFor(1);
    const got = await runUntilReported(page, ['FCP']);
    assert.ok(requested.includes(vitalsChunk), `${vitalsChunk} not requested`);
    assert.is(got.get('FCP')!.length, 1);
    assertShape(got.get('FCP')![0]);
  } finally {
    await context.close();
  }
});
timing('should send FCP and TTFB after load, FID and LCP after the first input, CLS and INP when hidden, each at least 1000 ms after load (real time)', async () => {
  const { page, context } = await harness.page();
  try {
    await routeGtag(context, 'serve');
    await page.goto(harness.url(GRANTS), { waitUntil: 'load' });
    const poll = (names: string[]) => waitFor(`web_vitals ${names.join(', ')}`, async () => {
      const got = await vitals(page);
      return names.every((n) => got.has(n)) && got;
    }, 30_000);
    await poll(['FCP', 'TTFB']);
    await page.mouse.click(10, 400);
    await poll(['FID', 'LCP']);
    // web-vitals handles an interaction's entries in an idle callback (timeout 1000 ms), and a
    // page hidden before that callback has run sends no INP: the report on hiding comes first,
    // while the value is still unset. The library's observer is registered before the site's FID
    // observer, so by now its callback is queued; one queued after it, with a later timeout, runs
    // after it (idle callbacks run in order, timeouts by deadline).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    // web-vitals reports CLS and INP when the page is hidden (tab switch, app switch).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const got = await poll(['CLS', 'INP']);
    assert.equal([...got.keys()].sort(), ['CLS', 'FCP', 'FID', 'INP', 'LCP', 'TTFB']);
    for (const [name, events] of got) {
      assert.is(events.length, 1, `${name} once`);
      assertShape(events[0]);
    }
    // When each was sent, by the page's own clock: never sooner than 1000 ms after the load event.
    const { loadStart, sentAt } = await page.evaluate(() => ({
      loadStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      sentAt: window.__diagnostics!.events().filter((e) => e.name === 'web_vitals').map((e) => e.atMs),
    }));
    assert.ok(loadStart > 0, `loadEventStart ${loadStart}`);
    for (const at of sentAt) assert.ok(at >= loadStart + 999, `sent at ${at} ms, load at ${loadStart} ms`);
  } finally {
    await context.close();
  }
});
timing.run();

const failure = suite('web_vitals failure');
failure('should log a failing send and keep the page working', async () => {
  const { page, context, errors } = await openPaused();
  try {
    // Any gtag() call for web_vitals throws from here on.
    await page.evaluate(() => {
      const real = window.gtag!;
      window.gtag = (...args: unknown[]) => {
        if (args[1] === 'web_vitals') throw new Error('gtag broke');
        real(...args);
      };
    });
    await page.clock.runFor(1000);
    const log = await waitFor('the failure to be logged', async () => {
      await page.clock.runFor(50);
      const entries = await logEntries(page);
      return entries.some((e) => e.message === 'Analytics event web_vitals could not be sent') && entries;
    });
    const entry = log.find((e) => e.message === 'Analytics event web_vitals could not be sent')!;
    assert.is(entry.level, 'warn');
    assert.equal(entry.context, { event: 'web_vitals' });
    assert.is(entry.error?.message, 'gtag broke');
    // The page still works: a contact click is still tracked, and nothing reached window.onerror.
    await page.locator('[data-source="hero"][data-track="phone_call"]').dispatchEvent('click');
    assert.equal((await gtagEvents(page)).filter(([n]) => n === 'phone_call').length, 1);
    assert.equal(errors.filter((e) => /gtag broke/.test(e) && !/could not be sent/.test(e)), []);
    assert.equal((await logEntries(page)).filter((e) => e.level === 'error'), []);
  } finally {
    await context.close();
  }
});
failure.after(async () => {
  await harness.close();
  await built.remove();
});
failure.run();
