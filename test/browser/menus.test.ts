/**
 * Header menus in Chromium: each dropdown
 * toggles on click with aria-expanded in step, closes on item choice, Escape and an outside
 * click (focus back on the toggle), arrow keys move through the items; the phone "Menu" works the
 * same; without JavaScript the <details> still open and close.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startHarness } from '../../tooling/browser.ts';
import { SITE } from '../helpers/site.ts';
import { disclosureState } from '../helpers/interact.ts';

const h = await startHarness();
const PAGE = '/areas/grants/';
const BAR = '.nav-bar';
const MOBILE = '.nav-mobile';

/** State of a menu: open, and its toggle's aria-expanded (once they agree). */
const stateOf = disclosureState;

/** Description of the focused element: its text, or "summary:<menu>" for a menu toggle. */
function focused(page: Page) {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a) return '';
    if (a.matches('summary')) return `summary:${(a.parentElement as HTMLElement).dataset.menu}`;
    return (a.textContent ?? '').trim();
  });
}

/** Stops navigation from menu links, after the page's own click handlers ran (bubble phase on window). */
function blockNavigation(page: Page) {
  return page.evaluate(() => addEventListener('click', (e) => { if ((e.target as Element).closest('a')) e.preventDefault(); }));
}

// One page per viewport, reloaded for each test (a new browser context costs ~1 s here).
const pages = { desktop: await h.page(DESKTOP), phone: await h.page(PHONE) };

/** The page of a viewport, freshly loaded at PAGE with the menus module running. */
async function open(viewport: { width: number; height: number } = DESKTOP) {
  const p = viewport === PHONE ? pages.phone : pages.desktop;
  await p.page.goto(h.url(PAGE));
  await p.page.waitForFunction(() => document.querySelector('details[data-menu] > summary[aria-expanded]'));
  return p;
}

const bar = suite('header dropdowns (1366 px bar)');
bar('should start with every toggle aria-expanded="false"', async () => {
  const { page, errors } = await open();
  const values = await page.$$eval('details[data-menu] > summary', (els) => els.map((e) => e.getAttribute('aria-expanded')));
  assert.equal(values, ['false', 'false', 'false', 'false', 'false', 'false', 'false']);
  assert.equal(errors, []);
});

for (const key of ['core', 'services', 'service-areas']) {
  bar(`should open and close the ${key} dropdown on click, with aria-expanded in step`, async () => {
    const { page } = await open();
    const menu = `${BAR} [data-menu="${key}"]`;
    await page.click(`${menu} > summary`);
    assert.equal(await stateOf(page, menu), { open: true, expanded: 'true' });
    assert.ok(await page.isVisible(`${menu} .dropdown-panel`));
    await page.click(`${menu} > summary`);
    assert.equal(await stateOf(page, menu), { open: false, expanded: 'false' });
    assert.not.ok(await page.isVisible(`${menu} .dropdown-panel`));
    });

  bar(`should close the ${key} dropdown when an item is chosen`, async () => {
    const { page } = await open();
    await blockNavigation(page);
    const menu = `${BAR} [data-menu="${key}"]`;
    await page.click(`${menu} > summary`);
    await page.click(`${menu} .dropdown-panel li:nth-child(2) a`);
    assert.equal(await stateOf(page, menu), { open: false, expanded: 'false' });
    });
}

bar('should navigate to the chosen item', async () => {
  const { page } = await open();
  await page.click(`${BAR} [data-menu="service-areas"] > summary`);
  await Promise.all([page.waitForURL(h.url('/areas/milan/')), page.click(`${BAR} [data-menu="service-areas"] a[href="/areas/milan/"]`)]);
  assert.is(new URL(page.url()).pathname, '/areas/milan/');
});

bar('should close on Escape and give focus back to the toggle', async () => {
  const { page } = await open();
  const menu = `${BAR} [data-menu="services"]`;
  await page.click(`${menu} > summary`);
  await page.keyboard.press('ArrowDown');
  assert.is(await focused(page), 'Automotive Key Programming');
  await page.keyboard.press('Escape');
  assert.equal(await stateOf(page, menu), { open: false, expanded: 'false' });
  assert.is(await focused(page), 'summary:services');
});

bar('should close on a click outside and give focus back to the toggle', async () => {
  const { page } = await open();
  const menu = `${BAR} [data-menu="core"]`;
  await page.click(`${menu} > summary`);
  await page.click('h1');
  assert.equal(await stateOf(page, menu), { open: false, expanded: 'false' });
  assert.is(await focused(page), 'summary:core');
});

bar('should keep one dropdown open at a time', async () => {
  const { page } = await open();
  await page.click(`${BAR} [data-menu="core"] > summary`);
  await page.click(`${BAR} [data-menu="services"] > summary`);
  assert.equal(await stateOf(page, `${BAR} [data-menu="core"]`), { open: false, expanded: 'false' });
  assert.equal(await stateOf(page, `${BAR} [data-menu="services"]`), { open: true, expanded: 'true' });
});

bar('should move through the items with the arrow keys, Home and End, wrapping', async () => {
  const { page } = await open();
  const menu = `${BAR} [data-menu="core"]`;
  const items = await page.$$eval(`${menu} .dropdown-panel a`, (as) => as.map((a) => a.textContent!.trim()));
  assert.equal(items, ['Automotive Locksmith', 'Residential Locksmith', 'Commercial Locksmith', 'Emergency Services']);
  await page.focus(`${menu} > summary`);
  await page.keyboard.press('ArrowDown');
  assert.equal(await stateOf(page, menu), { open: true, expanded: 'true' });
  const seen: string[] = [await focused(page)];
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowDown', 'End', 'Home']) {
    await page.keyboard.press(key);
    seen.push(await focused(page));
  }
  const [a, r, c, e] = items;
  assert.equal(seen, [a, r, c, r, a, e, a, e, a]);
});

bar('should open on ArrowUp from the toggle at the last item', async () => {
  const { page } = await open();
  const menu = `${BAR} [data-menu="service-areas"]`;
  await page.focus(`${menu} > summary`);
  await page.keyboard.press('ArrowUp');
  assert.is(await focused(page), `${SITE.areas.at(-1)!.name}, NM`, 'the last area page of the records (Fort Wingate today)');
});
bar.run();

const phone = suite('phone menu (390 px)');
phone('should open the Menu and a dropdown inside it, and close both when an item is chosen', async () => {
  const { page, errors } = await open(PHONE);
  await blockNavigation(page);
  assert.not.ok(await page.isVisible(BAR));
  await page.click(`${MOBILE} > summary`);
  assert.equal(await stateOf(page, MOBILE), { open: true, expanded: 'true' });
  const areas = `${MOBILE} [data-menu="service-areas"]`;
  await page.click(`${areas} > summary`);
  assert.equal(await stateOf(page, areas), { open: true, expanded: 'true' });
  assert.equal(await stateOf(page, MOBILE), { open: true, expanded: 'true' });
  await page.click(`${areas} a[href="/areas/milan/"]`);
  assert.equal(await stateOf(page, areas), { open: false, expanded: 'false' });
  assert.equal(await stateOf(page, MOBILE), { open: false, expanded: 'false' });
  assert.equal(errors, []);
});

phone('should close the inner dropdown first on Escape, then the Menu', async () => {
  const { page } = await open(PHONE);
  await page.click(`${MOBILE} > summary`);
  const services = `${MOBILE} [data-menu="services"]`;
  await page.click(`${services} > summary`);
  await page.keyboard.press('Escape');
  assert.equal(await stateOf(page, services), { open: false, expanded: 'false' });
  assert.equal(await stateOf(page, MOBILE), { open: true, expanded: 'true' });
  assert.is(await focused(page), 'summary:services');
  await page.keyboard.press('Escape');
  assert.equal(await stateOf(page, MOBILE), { open: false, expanded: 'false' });
  assert.is(await focused(page), 'summary:mobile');
});

phone('should close the Menu on a tap outside it', async () => {
  const { page } = await open(PHONE);
  await page.click(`${MOBILE} > summary`);
  await page.click('.notice-bar');
  assert.equal(await stateOf(page, MOBILE), { open: false, expanded: 'false' });
});
phone.run();

const nojs = suite('without JavaScript');
nojs('should still open and close the dropdowns (<details>)', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(h.url(PAGE));
  const menu = `${BAR} [data-menu="service-areas"]`;
  await page.click(`${menu} > summary`);
  assert.ok(await page.isVisible(`${menu} a[href="/areas/milan/"]`));
  assert.is(await page.$eval(`${menu} > summary`, (s) => s.getAttribute('aria-expanded')), null);
  await page.click(`${menu} > summary`);
  assert.not.ok(await page.isVisible(`${menu} a[href="/areas/milan/"]`));
});
nojs.after(() => h.close());
nojs.run();
