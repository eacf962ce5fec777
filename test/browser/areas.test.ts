/**
 * Area pages and /service-areas/ in headless Chromium, at phone and desktop size: nothing wider
 * than the screen, the hero's call button in the first screen, a ZIP fragment link landing on its
 * card, no console errors and no request off the machine.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, PHONE, startHarness, type Harness } from '../../tooling/browser.ts';

let h: Harness;
const PAGES = ['/areas/grants/', '/areas/bluewater/', '/areas/church-rock/', '/areas/acoma-pueblo/', '/service-areas/'];

const layout = suite('area pages in the browser');
layout.before(async () => { h = await startHarness(); });
layout.after(async () => { await h.close(); });

for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  layout(`should fit the ${label} screen with the call button in the first screen, without errors`, async () => {
    for (const p of PAGES) {
      const { page, context, errors, offsite } = await h.page(viewport);
      await page.goto(h.url(p), { waitUntil: 'load' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.is(overflow, 0, `${p}: ${overflow}px wider than the ${label} screen`);
      const call = await page.locator('.hero a[href^="tel:"]').boundingBox();
      assert.ok(call && call.y + call.height <= viewport.height, `${p}: hero call button below the first screen (${JSON.stringify(call)})`);
      assert.ok(call!.height >= 48, `${p}: call button ${call!.height}px tall`);
      assert.equal(errors, [], p);
      assert.equal(offsite, [], p);
      await context.close();
    }
  });
}

layout('should land on the card of /service-areas/#mesita', async () => {
  const { page, context } = await h.page(PHONE);
  await page.goto(h.url('/service-areas/#mesita'), { waitUntil: 'load' });
  // html has scroll-behavior: smooth, so the jump to the fragment may animate: wait for it to settle.
  const landed = await page.waitForFunction(() => {
    const top = document.getElementById('mesita')!.getBoundingClientRect().top;
    return top >= 0 && top < innerHeight / 2;
  }, undefined, { timeout: 10_000 }).then(() => true, () => false);
  const top = await page.evaluate(() => document.getElementById('mesita')!.getBoundingClientRect().top);
  assert.ok(landed, `Mesita's card is at ${top}px`);
  assert.is(await page.locator('#mesita h3').textContent(), 'Mesita');
  await context.close();
});

layout('should open an area page from its service-areas card', async () => {
  const { page, context } = await h.page(DESKTOP);
  await page.goto(h.url('/service-areas/'));
  await page.locator('#crownpoint h3 a').click();
  await page.waitForURL('**/areas/crownpoint/');
  assert.is(await page.locator('h1').textContent(), 'Locksmith in Crownpoint, NM');
  await context.close();
});

layout.run();
