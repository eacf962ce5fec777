/**
 * The fixed contact bar (Call, Text, location) and the chatbot's button in Chromium, on a page of
 * each kind (home, an area, a service, /service-areas/, the sitemap page) at 320x640, 390x844 and
 * 1366x900:
 * - the page reserves their height: scrolled to its end, no line of text lies under them, so every
 *   line can be scrolled clear (a canary without the reservation finds lines under them);
 * - the hero's Call button on / shows whole above them on the first screen at 320x640;
 * - on a very short viewport (320x225: a laptop at 400% zoom) nothing is fixed to the screen;
 * - on paper (print media) nothing is fixed, the menus, chatbot and video facades are gone, and
 *   the business name, phone number and e-mail address are printed.
 * Focus order against the bar is in focus-not-obscured.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { startHarness } from '../../tooling/browser.ts';
import { KINDS, linesUnderBarAtEnd, settledBarBoxes, VIEWPORTS } from '../helpers/layout.ts';
import { SITE } from '../helpers/site.ts';

const h = await startHarness();

/** Removes the rules that reserve the bar's height (the body's padding, scroll-padding), through the CSSOM. */
function dropReservation(page: Page): Promise<number> {
  return page.evaluate(() => {
    const sheet = document.querySelector('style')!.sheet!;
    let dropped = 0;
    for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
      if (/scroll-padding-bottom|padding-bottom:\s*5rem/.test(sheet.cssRules[i].cssText)) { sheet.deleteRule(i); dropped++; }
    }
    return dropped;
  });
}

/** Elements fixed to the screen that show (a box of some size inside the viewport). */
function shownFixed(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('body *')]
    .filter((el) => getComputedStyle(el).position === 'fixed')
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight; })
    .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`));
}

const reserve = suite('the page reserves the bar\'s height');

reserve('should find lines under the bar when the reservation is taken away (canary)', async () => {
  const { page, context } = await h.page({ width: 390, height: 844 });
  await page.goto(h.url('/'));
  assert.ok((await dropReservation(page)) >= 1, 'the reservation rules were found');
  assert.ok((await linesUnderBarAtEnd(page)).length > 0);
  await context.close();
});

for (const viewport of VIEWPORTS) {
  reserve(`should let every line of text scroll clear of the bar at ${viewport.width}x${viewport.height}`, async () => {
    const { page, context } = await h.page(viewport);
    const found: string[] = [];
    for (const p of KINDS) {
      await page.goto(h.url(p));
      assert.ok((await settledBarBoxes(page)).length >= 3, `${p}: the bar and the chatbot button are fixed`);
      for (const line of await linesUnderBarAtEnd(page)) found.push(`${p}: ${line}`);
    }
    assert.equal(found, []);
    await context.close();
  });
}

reserve('should show the hero\'s Call button on / whole above the bar at 320x640', async () => {
  const { page, context } = await h.page({ width: 320, height: 640 });
  await page.goto(h.url('/'));
  const bars = await settledBarBoxes(page);
  const call = (await page.locator('.hero-actions .btn-call').boundingBox())!;
  assert.ok(call.y >= 0 && call.y + call.height <= 640 && call.x >= 0 && call.x + call.width <= 320, `inside the first screen: ${JSON.stringify(call)}`);
  const under = bars.filter((b) => call.x < b.right && call.x + call.width > b.left && call.y < b.bottom && call.y + call.height > b.top);
  assert.equal(under, [], `the Call button (${Math.round(call.y)}-${Math.round(call.y + call.height)}) is not under the bar`);
  await context.close();
});

reserve('should fix nothing to the screen on a 320x225 viewport (a laptop at 400% zoom)', async () => {
  const { page, context } = await h.page({ width: 320, height: 225 });
  for (const p of KINDS) {
    await page.goto(h.url(p));
    assert.equal(await shownFixed(page), [], p);
    assert.ok(await page.locator('.fixed-contact .fab-call').isVisible(), `${p}: the Call button is still on the page`);
  }
  await context.close();
});
reserve.run();

const paper = suite('print');
paper('should print no fixed element, no menus, chatbot or video facade, and the name, phone number and e-mail', async () => {
  const { page, context } = await h.page({ width: 390, height: 844 });
  await page.emulateMedia({ media: 'print' });
  const { name, phone, email } = SITE.settings;
  for (const p of KINDS) {
    await page.goto(h.url(p));
    assert.equal(await shownFixed(page), [], p);
    for (const hidden of ['.fixed-contact', '.chatbot', '.nav-mobile', '.nav-bar', '.video-facade']) {
      assert.not.ok(await page.locator(hidden).first().isVisible(), `${p}: ${hidden} is printed`);
    }
    const text = await page.evaluate(() => document.body.innerText);
    for (const fact of [name, phone.national, email]) assert.ok(text.includes(fact), `${p}: "${fact}" is not printed`);
  }
  await page.emulateMedia({ media: 'screen' });
  assert.ok(await page.locator('.fixed-contact').isVisible(), 'on screen the bar shows (the check sees it)');
  await context.close();
});
paper.after(() => h.close());
paper.run();
