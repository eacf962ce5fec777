/**
 * One pass of the layout checks over every built page at one viewport (one load a page): sideways
 * scroll and covered header text (test/helpers/layout.ts), optionally with rules added first (WCAG
 * text spacing).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Harness } from '../../tooling/browser.ts';
import { addRules, coveredHeaderText, sidewaysScroll } from './layout.ts';
import { browserPathOf, htmlFiles } from './site.ts';

/**
 * @param viewport CSS px
 * @param options  rules to add to each page before checking; `header: false` skips the header check
 * @returns one line per problem, "/path @320: ..." (none when every page holds)
 * @throws Error when fewer than 30 pages were found (the dist/ under test is not the site)
 */
export async function checkEveryPage(h: Harness, viewport: { width: number; height: number }, options: { rules?: readonly string[]; header?: boolean } = {}): Promise<string[]> {
  const paths = htmlFiles().map(browserPathOf);
  if (paths.length < 30) throw new Error(`only ${paths.length} pages in dist/`);
  const { page, context } = await h.page(viewport);
  page.setDefaultTimeout(30_000);
  const problems: string[] = [];
  try {
    for (const p of paths) {
      const at = `${p} @${viewport.width}`;
      await page.goto(h.url(p), { waitUntil: 'load' });
      if (options.rules) await addRules(page, options.rules);
      const { overflow, culprits } = await sidewaysScroll(page);
      if (overflow > 0) problems.push(`${at}: scrolls ${overflow} px sideways (${culprits.join(', ')})`);
      if (options.header !== false) for (const c of await coveredHeaderText(page)) problems.push(`${at}: header text ${c}`);
    }
  } finally {
    await context.close();
  }
  return problems;
}

/**
 * Runs one uvu suite named `title`: at each of `widths` (CSS px, at `height`), every page neither
 * scrolls sideways nor covers header text (checkEveryPage), then closes the harness `h`.
 */
export function everyPageAtWidths(title: string, h: Harness, widths: number[], height: number): void {
  const widthSuite = suite(title);
  for (const width of widths) {
    widthSuite(`should not scroll sideways or cover header text at ${width} px`, async () => {
      assert.equal(await checkEveryPage(h, { width, height }), []);
    });
  }
  widthSuite.after(() => h.close());
  widthSuite.run();
}
