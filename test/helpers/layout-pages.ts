/**
 * One pass of the layout checks over the built pages at one width, several checks on each load:
 * the test files that sweep the same pages at the same width share the load instead of each
 * loading every page again. What runs at a width is fixed by the tables below; each check's
 * problems are kept apart, so each test asserts only its own.
 */
import type { Page } from 'playwright-core';
import type { Harness } from '../../tooling/browser.ts';
import { addRules, coveredHeaderText, sidewaysScroll, TEXT_SPACING_RULES } from './layout.ts';
import { footerGap, textUnderFixedOnFirstScreen, unevenTiles, wrappedHours } from './layout-details.ts';
import { browserPathOf, htmlFiles } from './site.ts';

/** The checks of a sweep; each one's problems are "/path @320: ..." lines. */
export type Check = 'layout' | 'spacing' | 'tiles' | 'hours' | 'clear';

/**
 * Widths (CSS px) each check runs at. layout: no sideways scroll and no covered header text (320 is
 * the WCAG 1.4.10 reflow width, 768 also a 1536 px screen at 200% zoom); spacing: the same with
 * WCAG 1.4.12 text spacing; tiles: the tiles of a grid row equally tall; hours: footer hours on one
 * line each and no strip under the footer; clear: no text under the fixed buttons on the first screen.
 */
export const WIDTHS: Record<Check, number[]> = {
  layout: [320, 360, 390, 768, 1366, 1920],
  spacing: [320, 1366],
  tiles: [320, 390, 768, 1366],
  hours: [320, 360, 390, 768, 1024, 1366, 1920],
  clear: [1366],
};

/**
 * Viewport height at each width, CSS px: one per width, shared by the checks at that width, all
 * above the 24rem (384 px) short-screen rule, the only height the styles switch at. The checks
 * do not depend on height; the text under the fixed bar is checked at 1366x900 as before.
 */
const HEIGHTS: Record<number, number> = { 320: 800, 360: 800, 390: 844, 768: 900, 1024: 800, 1366: 900, 1920: 900 };

/** One page of each kind with the fixed bar, for the hours check: home, areas, a service, core pages, the hubs, the sitemap and the apps page. */
const FINISH_KINDS = ['/', '/areas/grants/', '/areas/gallup/', '/services/car-lockout/', '/automotive/', '/emergency/', '/services/', '/service-areas/', '/sitemap/', '/mobile-apps/'];

/** Runs `check` on the loaded page, pushing its problems to `found` as "`at`: ..." lines. */
async function runCheck(check: Check, page: Page, at: string, found: string[]): Promise<void> {
  if (check === 'layout' || check === 'spacing') {
    if (check === 'spacing') await addRules(page, TEXT_SPACING_RULES);
    const { overflow, culprits } = await sidewaysScroll(page);
    if (overflow > 0) found.push(`${at}: scrolls ${overflow} px sideways (${culprits.join(', ')})`);
    for (const c of await coveredHeaderText(page)) found.push(`${at}: header text ${c}`);
  } else if (check === 'tiles') {
    for (const u of await unevenTiles(page)) found.push(`${at}: ${u}`);
  } else if (check === 'hours') {
    for (const w of await wrappedHours(page)) found.push(`${at}: "${w}"`);
    const gap = await footerGap(page);
    if (gap !== 0) found.push(`${at}: ${gap} px between the footer and the band`);
  } else {
    for (const line of await textUnderFixedOnFirstScreen(page)) found.push(`${at}: ${line}`);
  }
}

/**
 * Loads each page once at `width` and runs on it every check of WIDTHS at that width (the hours
 * check only on FINISH_KINDS); text spacing goes last, as it changes the page's stylesheet.
 * @returns each check's problems (an empty list for a check that holds or does not run at `width`)
 * @throws Error when fewer than 30 pages were found (the dist/ under test is not the site), a page
 *   of FINISH_KINDS is missing, or a page does not load
 */
async function sweep(h: Harness, width: number): Promise<Record<Check, string[]>> {
  const paths = htmlFiles().map(browserPathOf);
  if (paths.length < 30) throw new Error(`only ${paths.length} pages in dist/`);
  const missing = FINISH_KINDS.filter((p) => !paths.includes(p));
  if (missing.length) throw new Error(`pages the hours check needs are not in dist/: ${missing.join(', ')}`);
  const checks = (Object.keys(WIDTHS) as Check[]).filter((c) => WIDTHS[c].includes(width));
  const problems = { layout: [], spacing: [], tiles: [], hours: [], clear: [] } as Record<Check, string[]>;
  const { page, context } = await h.page({ width, height: HEIGHTS[width] });
  page.setDefaultTimeout(30_000);
  try {
    for (const p of paths) {
      const here = checks.filter((c) => c !== 'hours' || FINISH_KINDS.includes(p));
      if (here.length === 0) continue;
      await page.goto(h.url(p), { waitUntil: 'load' });
      // Text spacing last: it is the one check that changes the page.
      for (const check of here.sort((a, b) => Number(a === 'spacing') - Number(b === 'spacing'))) {
        await runCheck(check, page, `${p} @${width}`, problems[check]);
      }
    }
  } finally {
    await context.close();
  }
  return problems;
}

/**
 * The problems `check` found at `width`, from one sweep a width per harness: the first caller
 * starts it, later callers share it.
 * @throws Error when `check` does not run at `width` (see WIDTHS), or the sweep failed
 */
export async function sweepProblems(h: Harness, check: Check, width: number): Promise<string[]> {
  if (!WIDTHS[check].includes(width)) throw new Error(`the ${check} check does not run at ${width} px`);
  let byWidth = sweeps.get(h);
  if (!byWidth) sweeps.set(h, (byWidth = new Map()));
  if (!byWidth.has(width)) byWidth.set(width, sweep(h, width));
  return (await byWidth.get(width)!)[check];
}
const sweeps = new WeakMap<Harness, Map<number, Promise<Record<Check, string[]>>>>();
