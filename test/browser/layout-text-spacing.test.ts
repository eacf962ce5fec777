/**
 * Every page with WCAG 1.4.12 text spacing (line height 1.5, paragraph spacing 2em, letter spacing
 * .12em, word spacing .16em on every element, added to the page's own stylesheet) in Chromium at
 * 320 and 1366 CSS px: no sideways scroll (the header's Call button once made the page 381 px wide
 * at 320 and 1,466 px at 1366), and no header text covered or cut off. One load per page and width.
 * A canary proves the spacing really applies.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { addRules, TEXT_SPACING_RULES } from '../helpers/layout.ts';
import { checkEveryPage } from '../helpers/layout-pages.ts';

const h = await startHarness();
const spacing = suite('every page with WCAG text spacing');

spacing('should apply the spacing to the page (canary)', async () => {
  const { page, context } = await h.page({ width: 320, height: 640 });
  await page.goto(h.url('/'));
  const before = await page.$eval('.hero-text', (el) => getComputedStyle(el).letterSpacing);
  await addRules(page, TEXT_SPACING_RULES);
  const after = await page.$eval('.hero-text', (el) => [getComputedStyle(el).letterSpacing, getComputedStyle(el).wordSpacing, getComputedStyle(el).lineHeight, parseFloat(getComputedStyle(el).fontSize)] as const);
  assert.is(before, 'normal');
  assert.equal([parseFloat(after[0]), parseFloat(after[1]), parseFloat(after[2])].map((v) => Math.round((v / after[3]) * 100) / 100), [0.12, 0.16, 1.5]);
  await context.close();
});

for (const width of [320, 1366]) {
  spacing(`should not scroll sideways or cover header text at ${width} px`, async () => {
    assert.equal(await checkEveryPage(h, { width, height: 800 }, { rules: TEXT_SPACING_RULES }), []);
  });
}
spacing.after(() => h.close());
spacing.run();
