/**
 * What the finish checks read from a loaded page: footer hours that wrap inside a day or time
 * range, the strip between the footer and the band behind the fixed bar, tiles of one grid row of
 * different heights, and the page's own text under a fixed element on the first screen.
 *
 * Code run in the page is written without named inner functions: tsx names them with a __name()
 * call the page does not have.
 */
import type { Page } from 'playwright-core';
import { settledBarBoxes, textLinesUnder } from './layout.ts';

/**
 * The grids of tiles or cards whose visible boxes (`item`, default the grid's children) in one row
 * must be equally tall; `all` when every one in the grid must be (the place tiles).
 */
const TILE_GRIDS: { selector: string; item?: string; all?: boolean }[] = [
  { selector: '.places', item: '.place', all: true },
  { selector: '.tiles' },
  { selector: '.cards' },
  { selector: '.related-list' },
  { selector: '.sitemap-list' },
  { selector: '.service-types' },
];

/** Footer hours entries (a day range or its hours) laid out on more than one line, e.g. "Saturday - / Sunday". */
export function wrappedHours(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('.hours dt, .hours dd')].filter((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)));
    return tops.size > 1;
  }).map((el) => (el.textContent ?? '').trim()));
}

/**
 * CSS px between the footer's bottom edge and where the body's bottom padding (painted navy behind
 * the fixed bar) begins: 0 when the footer runs straight into it.
 */
export function footerGap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const body = document.body.getBoundingClientRect();
    const footer = document.querySelector('footer')!.getBoundingClientRect();
    return Math.round(body.bottom - parseFloat(getComputedStyle(document.body).paddingBottom) - footer.bottom);
  });
}

/** Items of the grids above that differ in height from another item of their row (or of their grid, for `all`). */
export function unevenTiles(page: Page): Promise<string[]> {
  return page.evaluate((grids) => {
    const found: string[] = [];
    for (const { selector, item, all } of grids) {
      for (const grid of document.querySelectorAll(selector)) {
        const items = [...(item ? grid.querySelectorAll(item) : grid.children)].map((el) => ({ el, box: el.getBoundingClientRect() })).filter((i) => i.box.height > 0);
        const rows = new Map<number, typeof items>();
        for (const i of items) {
          const key = all ? 0 : Math.round(i.box.top);
          rows.set(key, [...(rows.get(key) ?? []), i]);
        }
        for (const row of rows.values()) {
          const heights = row.map((i) => Math.round(i.box.height));
          if (Math.max(...heights) - Math.min(...heights) > 1) found.push(`${selector}: ${row.map((i) => `"${(i.el.textContent ?? '').trim().slice(0, 20)}" ${Math.round(i.box.height)}px`).join(', ')}`);
        }
      }
    }
    return found;
  }, TILE_GRIDS);
}

/**
 * Lines of the page's own text inside the first screen (not scrolled) that lie under the fixed
 * contact buttons or the chatbot's button, e.g. '"What we do" (h2.section-title) y=820'.
 */
export async function textUnderFixedOnFirstScreen(page: Page): Promise<string[]> {
  return textLinesUnder(page, await settledBarBoxes(page), { firstScreen: true });
}
