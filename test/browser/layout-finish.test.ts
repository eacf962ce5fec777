/**
 * The finish of every page in Chromium: the footer's hours never break inside a day or time range
 * (320-1920 px); the footer runs straight into the navy band behind the fixed bar; the tiles and
 * cards of one grid row are equally tall; on the first screen at 1366x900 no text of the page lies
 * under the fixed buttons; a page does not contradict itself (an area served on request says so
 * where it offers emergency service); and the long pages stay short on a phone (/ about 9,000 px,
 * /service-areas/ about 11,000 px at 390). Canaries prove each check sees a breach.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { addRules } from '../helpers/layout.ts';
import { footerGap, textUnderFixedOnFirstScreen, unevenTiles, wrappedHours } from '../helpers/layout-details.ts';
import { browserPathOf, htmlFiles, SITE } from '../helpers/site.ts';

const h = await startHarness();
const paths = htmlFiles().map(browserPathOf);
/** One page of each kind with the fixed bar: home, an area, a service, a core page, the hubs, the sitemap and the apps page. */
const KINDS = ['/', '/areas/grants/', '/areas/gallup/', '/services/car-lockout/', '/automotive/', '/emergency/', '/services/', '/service-areas/', '/sitemap/', '/mobile-apps/'];

const canary = suite('the finish checks see a breach');
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

const hours = suite('footer hours on one line each');
for (const width of [320, 360, 390, 768, 1024, 1366, 1920]) {
  hours(`should not break a day or time range at ${width} px, nor leave a strip under the footer`, async () => {
    const { page, context } = await h.page({ width, height: 800 });
    const found: string[] = [];
    for (const p of KINDS) {
      await page.goto(h.url(p));
      for (const w of await wrappedHours(page)) found.push(`${p}: "${w}"`);
      const gap = await footerGap(page);
      if (gap !== 0) found.push(`${p}: ${gap} px between the footer and the band`);
    }
    assert.equal(found, []);
    await context.close();
  });
}
hours.run();

const tiles = suite('tiles of a grid equally tall');
for (const width of [320, 390, 768, 1366]) {
  tiles(`should size the tiles of each grid row alike on every page at ${width} px`, async () => {
    const { page, context } = await h.page({ width, height: 900 });
    const found: string[] = [];
    for (const p of paths) {
      await page.goto(h.url(p));
      for (const u of await unevenTiles(page)) found.push(`${p}: ${u}`);
    }
    assert.equal(found, []);
    await context.close();
  });
}
tiles.run();

const clear = suite('the fixed buttons cover no text on the first screen');
clear('should leave every line of the first screen clear of the fixed buttons at 1366x900', async () => {
  const { page, context } = await h.page({ width: 1366, height: 900 });
  const found: string[] = [];
  for (const p of paths) {
    await page.goto(h.url(p));
    for (const line of await textUnderFixedOnFirstScreen(page)) found.push(`${p}: ${line}`);
  }
  assert.equal(found, []);
  await context.close();
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
