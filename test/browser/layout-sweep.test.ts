/**
 * The layout of every page in Chromium, each page loaded once per width (320-1920 CSS px) with
 * every check of that width run on the same load (test/helpers/layout-pages.ts); each check is
 * still its own test:
 * - every page at phone widths (320, 360 and 390; 320 is the WCAG 1.4.10 reflow width, a 1280 px
 *   screen at 400% zoom) and at tablet and desktop widths (768, 1366 and 1920; 768 is also a
 *   1536 px screen at 200% zoom): no sideways scroll, and no header text covered by another element
 *   or cut off at the edge (the header's Call button once covered the business name at 360, and
 *   the Menu button was cut to "Men" at 320);
 * - the same with WCAG 1.4.12 text spacing (line height 1.5, paragraph spacing 2em, letter spacing
 *   .12em, word spacing .16em on every element, added to the page's own stylesheet) at 320 and
 *   1366 (the header's Call button once made the page 381 px wide at 320 and 1,466 px at 1366);
 * - the finish: the footer's hours never break inside a day or time range and the footer runs
 *   straight into the navy band behind the fixed bar (a page of each kind, 320-1920 px); the tiles
 *   and cards of one grid row are equally tall (320, 390, 768, 1366); on the first screen at
 *   1366x900 no text of the page lies under the fixed buttons; a page does not contradict itself
 *   (an area served on request says so where it offers emergency service); and the long pages
 *   stay short on a phone (/ about 9,000 px, /service-areas/ about 11,000 px at 390).
 * Canaries prove each check sees a breach, and that the text spacing really applies.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { addRules, coveredHeaderText, sidewaysScroll, TEXT_SPACING_RULES } from '../helpers/layout.ts';
import { footerGap, textUnderFixedOnFirstScreen, unevenTiles, wrappedHours } from '../helpers/layout-details.ts';
import { sweepProblems, WIDTHS } from '../helpers/layout-pages.ts';
import { SITE } from '../helpers/site.ts';

const h = await startHarness();

const canary = suite('the checks see a breach');

canary('should see a page wider than the screen, and header text under a button', async () => {
  const { page, context } = await h.page({ width: 360, height: 640 });
  await page.goto(h.url('/'));
  await addRules(page, ['.hero-text { width: 400px; }', '.header-actions { position: absolute; left: 60px; top: 10px; }']);
  assert.ok((await sidewaysScroll(page)).overflow > 0);
  assert.ok((await coveredHeaderText(page)).some((c) => c.startsWith('"Cibola Mobile Locksmith"') && c.includes('under a.btn')), 'the name is under the Call button');
  await context.close();
});

canary('should apply the text spacing to the page', async () => {
  const { page, context } = await h.page({ width: 320, height: 640 });
  await page.goto(h.url('/'));
  const before = await page.$eval('.hero-text', (el) => getComputedStyle(el).letterSpacing);
  await addRules(page, TEXT_SPACING_RULES);
  const after = await page.$eval('.hero-text', (el) => [getComputedStyle(el).letterSpacing, getComputedStyle(el).wordSpacing, getComputedStyle(el).lineHeight, parseFloat(getComputedStyle(el).fontSize)] as const);
  assert.is(before, 'normal');
  assert.equal([parseFloat(after[0]), parseFloat(after[1]), parseFloat(after[2])].map((v) => Math.round((v / after[3]) * 100) / 100), [0.12, 0.16, 1.5]);
  await context.close();
});

canary('should see a wrapped time range, a strip under the footer, uneven tiles and text under the bar', async () => {
  const { page, context } = await h.page({ width: 1366, height: 900 });
  await page.goto(h.url('/automotive/'));
  await addRules(page, [
    '.hours dd { white-space: normal !important; width: 3rem; }',
    '.footer-legal { margin-bottom: 16px !important; }',
    '.places > li:first-child .place { margin-bottom: 2rem; }',
    // The bar as it was on wide screens: pills along the bottom-left edge, over the page's text.
    '.fixed-contact { left: 12px !important; right: auto !important; bottom: 12px !important; flex-direction: row !important; }',
    '.fixed-contact .fab { width: auto !important; padding-inline: 1rem !important; }',
  ]);
  assert.ok((await wrappedHours(page)).length > 0, 'wrapped hours');
  assert.is(await footerGap(page), 16);
  assert.ok((await unevenTiles(page)).some((u) => u.startsWith('.places')), 'uneven places');
  assert.ok((await textUnderFixedOnFirstScreen(page)).length > 0, 'text under the bar');
  await context.close();
});
canary.run();

const phones = suite('every page at phone widths');
const wide = suite('every page at tablet and desktop widths');
for (const width of WIDTHS.layout) {
  (width < 768 ? phones : wide)(`should not scroll sideways or cover header text at ${width} px`, async () => {
    assert.equal(await sweepProblems(h, 'layout', width), []);
  });
}
phones.run();
wide.run();

const spacing = suite('every page with WCAG text spacing');
for (const width of WIDTHS.spacing) {
  spacing(`should not scroll sideways or cover header text at ${width} px`, async () => {
    assert.equal(await sweepProblems(h, 'spacing', width), []);
  });
}
spacing.run();

const hours = suite('footer hours on one line each');
for (const width of WIDTHS.hours) {
  hours(`should not break a day or time range at ${width} px, nor leave a strip under the footer`, async () => {
    assert.equal(await sweepProblems(h, 'hours', width), []);
  });
}
hours.run();

const tiles = suite('tiles of a grid equally tall');
for (const width of WIDTHS.tiles) {
  tiles(`should size the tiles of each grid row alike on every page at ${width} px`, async () => {
    assert.equal(await sweepProblems(h, 'tiles', width), []);
  });
}
tiles.run();

const clear = suite('the fixed buttons cover no text on the first screen');
clear('should leave every line of the first screen clear of the fixed buttons at 1366x900', async () => {
  assert.equal(await sweepProblems(h, 'clear', 1366), []);
});
clear.run();

const honest = suite('a page does not contradict itself');
honest('should say "on request" wherever an area served on request offers emergency service', async () => {
  const { page, context } = await h.page({ width: 1366, height: 900 });
  const onRequest = SITE.areas.filter((a) => a.servedOnRequest);
  assert.ok(onRequest.length > 0, 'an area is served on request (Gallup today)');
  for (const a of onRequest) {
    await page.goto(h.url(`/areas/${a.slug}/`));
    // Every text of the page, closed answers too (innerText leaves closed <details> out).
    const text = (await page.locator('main').textContent()) ?? '';
    assert.ok(text.includes(`${a.name} is an extended-coverage area, served on request`), a.slug);
    const claims = text.split(/(?<=[.!?])\s*/).filter((s) => !s.endsWith('?'));
    const offers = claims.filter((s) => new RegExp(`(available|service) in ${a.name}`, 'i').test(s) && /emergency/i.test(s));
    assert.ok(offers.length > 0, `${a.slug}: says where emergency service is offered`);
    assert.equal(offers.filter((s) => !s.includes('on request')), [], a.slug);
    assert.not.ok(text.includes('24/7'), `${a.slug}: promises 24/7`);
  }
  await context.close();
});
honest.run();

const short = suite('long pages stay short on a phone');
short('should keep / within about 9,000 px and /service-areas/ within about 11,000 px at 390x844', async () => {
  const { page, context } = await h.page({ width: 390, height: 844 });
  const heights: Record<string, number> = {};
  for (const p of ['/', '/service-areas/']) {
    await page.goto(h.url(p));
    heights[p] = await page.evaluate(() => document.documentElement.scrollHeight);
  }
  assert.ok(heights['/'] <= 9000, `/ is ${heights['/']} px`);
  assert.ok(heights['/service-areas/'] <= 11000, `/service-areas/ is ${heights['/service-areas/']} px`);
  await context.close();
});
short.after(() => h.close());
short.run();
