/**
 * Focus not obscured, not even in part (WCAG 2.2 2.4.11 and 2.4.12,
 * https://www.w3.org/WAI/WCAG22/Understanding/focus-not-obscured-enhanced), in Chromium on phones:
 * tabbing through a page of each kind (home, an area, a service, /service-areas/, the sitemap page)
 * at 320x640 and 390x844, no focused element lies in any part under the fixed contact bar or the
 * chatbot's button once the page has scrolled to it (scroll-padding-bottom keeps it above them).
 * A canary without the scroll padding finds covered stops. 1366x900 is in
 * focus-not-obscured-desktop.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { coveredFocusStops } from '../helpers/focus-pass.ts';
import { tabThrough } from '../helpers/layout.ts';

const h = await startHarness();
const focus = suite('focus never under the fixed bar or the chatbot button, phones');

focus('should find covered stops on / at 390x844 without the scroll padding (canary)', async () => {
  const { page, context } = await h.page({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(h.url('/'));
  await page.evaluate(() => {
    const sheet = document.querySelector('style')!.sheet!;
    for (let i = sheet.cssRules.length - 1; i >= 0; i--) if (sheet.cssRules[i].cssText.includes('scroll-padding-bottom')) sheet.deleteRule(i);
  });
  const { stops, covered } = await tabThrough(page);
  assert.ok(stops > 20, `${stops} stops`);
  assert.ok(covered.length > 0);
  await context.close();
});

for (const viewport of [{ width: 320, height: 640 }, { width: 390, height: 844 }]) {
  focus(`should keep every focused element clear of them at ${viewport.width}x${viewport.height}`, async () => {
    assert.equal(await coveredFocusStops(h, viewport), []);
  });
}
focus.after(() => h.close());
focus.run();
