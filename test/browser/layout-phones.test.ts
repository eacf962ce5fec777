/**
 * Every page at phone widths in Chromium (320, 360 and 390 CSS px; 320 is the WCAG 1.4.10 reflow
 * width, a 1280 px screen at 400% zoom): no sideways scroll, and no header text covered by another
 * element or cut off at the edge (the header's Call button once covered the business name at 360,
 * and the Menu button was cut to "Men" at 320). One load per page and width. Canaries prove both
 * checks see a breach.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { addRules, coveredHeaderText, sidewaysScroll } from '../helpers/layout.ts';
import { everyPageAtWidths } from '../helpers/layout-pages.ts';

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
canary.run();

everyPageAtWidths('every page at phone widths', h, [320, 360, 390], 800);
