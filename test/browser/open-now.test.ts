/**
 * The header's notices in Chromium: the emergency notice is always shown (open or closed, with
 * or without JavaScript); at a fixed clock, inside the stated hours (America/Denver) the bar reads
 * "Emergency service available | Open now", outside them (02:15 included, beside the page's 24/7
 * promise) "Emergency line answers now | Office closed", never a bare "Closed now"; it turns over
 * while the page stays open; without JavaScript the open-now notice stays hidden.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { PHONE, startHarness } from '../../tooling/browser.ts';

const h = await startHarness();
const PAGE = '/service-areas/';
const OPEN = 'Open now';
const CLOSED = 'Office closed';
const EMERGENCY = 'Emergency service available';
const NIGHT_EMERGENCY = 'Emergency line answers now';

/** Text and data-state of the open-now notice. */
function notice(page: Page) {
  return page.$eval('[data-open-now]', (el) => ({ text: el.textContent, state: (el as HTMLElement).dataset.state ?? null }));
}

/** What a visitor sees in the header's notice bar (hidden elements leave no text). */
function noticeBar(page: Page) {
  return page.$eval('.notice-bar', (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
}

/** Loads PAGE with the page clock paused at `iso` (UTC). */
async function at(iso: string) {
  const p = await h.page(PHONE);
  const time = new Date(iso);
  // Installed a little earlier, so pausing at `time` never lands in the clock's past.
  await p.page.clock.install({ time: time.getTime() - 5_000 });
  await p.page.clock.pauseAt(time);
  await p.page.goto(h.url(PAGE));
  await p.page.waitForFunction(() => (document.querySelector('[data-open-now]') as HTMLElement).dataset.state !== undefined);
  return p;
}

const cost = suite('open-now notice: no zone data at load');
cost('should set the notice without creating an Intl.DateTimeFormat for a time zone (loading its zone data is a long main-thread task on a fresh page)', async () => {
  const { page, context, errors } = await h.page(PHONE);
  await page.addInitScript(() => {
    const Real = Intl.DateTimeFormat;
    (window as any).__zoneFormatters = 0;
    (Intl as any).DateTimeFormat = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      if (options?.timeZone) (window as any).__zoneFormatters += 1;
      return new Real(locales, options);
    };
  });
  await page.goto(h.url(PAGE));
  await page.waitForFunction(() => (document.querySelector('[data-open-now]') as HTMLElement).dataset.state !== undefined);
  assert.is(await page.evaluate(() => (window as any).__zoneFormatters), 0);
  // The spy works: the page's own Intl path would have been counted.
  assert.is(await page.evaluate(() => { new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver' }); return (window as any).__zoneFormatters; }), 1);
  assert.equal(errors, []);
  await context.close();
});
cost.run();

const clock = suite('open-now notice at a fixed clock');
const cases: [string, string, string][] = [
  ['Monday 6:00 MST', '2026-01-12T13:00:00Z', OPEN],
  ['Monday 5:59 MST', '2026-01-12T12:59:00Z', CLOSED],
  ['Monday 22:59 MST', '2026-01-13T05:59:00Z', OPEN],
  ['Monday 23:00 MST', '2026-01-13T06:00:00Z', CLOSED],
  ['Saturday 9:00 MDT', '2026-07-11T15:00:00Z', OPEN],
  ['Saturday 22:00 MDT', '2026-07-12T04:00:00Z', CLOSED],
  ['Tuesday 02:15 MST', '2026-01-13T09:15:00Z', CLOSED],
];
for (const [label, iso, expected] of cases) {
  clock(`should say "${expected}" on ${label}`, async () => {
    const { page, context, errors } = await at(iso);
    assert.equal(await notice(page), { text: expected, state: expected === OPEN ? 'open' : 'closed' });
    assert.is(await noticeBar(page), `${expected === OPEN ? EMERGENCY : NIGHT_EMERGENCY} ${expected}`, 'the emergency notice stays beside the open-now notice');
    assert.not.match(await noticeBar(page), /Closed now/);
    assert.equal(errors, []);
    await context.close();
  });
}

clock('should turn over at opening time while the page stays open', async () => {
  const { page, context } = await at('2026-01-12T12:59:30Z');
  assert.is((await notice(page)).text, CLOSED);
  assert.is(await noticeBar(page), `${NIGHT_EMERGENCY} ${CLOSED}`);
  await page.clock.runFor(60_000);
  assert.equal(await notice(page), { text: OPEN, state: 'open' });
  assert.is(await noticeBar(page), `${EMERGENCY} ${OPEN}`);
  await context.close();
});
clock.run();

const nojs = suite('without JavaScript');
nojs('should show the emergency notice and no open-now text', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(h.url(PAGE));
  assert.equal(await notice(page), { text: '', state: null });
  assert.is(await noticeBar(page), EMERGENCY);
  await context.close();
});
nojs.after(() => h.close());
nojs.run();
