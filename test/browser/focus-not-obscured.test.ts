/**
 * Focus not obscured, not even in part (WCAG 2.2 2.4.11 and 2.4.12,
 * https://www.w3.org/WAI/WCAG22/Understanding/focus-not-obscured-enhanced), in Chromium: tabbing
 * through a page of each kind (home, an area, a service, /service-areas/, the sitemap page) at
 * 320x640, 390x844 and 1366x900, no focused element lies in any part under the fixed contact bar
 * or the chatbot's button once the page has scrolled to it (scroll-padding-bottom keeps it above
 * them). A canary without the scroll padding finds covered stops.
 *
 * The three walks run side by side, one browser page each: a walk spends its time waiting for
 * animation frames after each Tab, not on the CPU.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { coveredFocusStops } from '../helpers/focus-pass.ts';
import { tabThrough, VIEWPORTS } from '../helpers/layout.ts';

const h = await startHarness();
const focus = suite('focus never under the fixed bar or the chatbot button');

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

/** The walks at VIEWPORTS, all started by the first test that needs one. */
let walks: Promise<string[]>[] | undefined;
function walkAt(index: number): Promise<string[]> {
  if (!walks) {
    walks = VIEWPORTS.map((viewport) => coveredFocusStops(h, viewport));
    // Each walk's failure is reported by its own test; until then it is not an unhandled rejection.
    for (const walk of walks) walk.catch(() => undefined);
  }
  return walks[index];
}

VIEWPORTS.forEach((viewport, index) => {
  focus(`should keep every focused element clear of them at ${viewport.width}x${viewport.height}`, async () => {
    assert.equal(await walkAt(index), []);
  });
});
focus.after(async () => {
  // A walk whose test did not run (an earlier test failed in bail mode) ends before the browser closes.
  await Promise.allSettled(walks ?? []);
  await h.close();
});
focus.run();
