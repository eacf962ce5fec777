/**
 * The focus tab-through over the pages of each kind at one viewport (test/helpers/layout.ts
 * tabThrough), for focus-not-obscured.test.ts. Motion is reduced: the site then scrolls at
 * once (scroll-behavior: auto) where it would scroll smoothly, to the same place, so each stop is
 * read without waiting out an animation.
 */
import type { Harness } from '../../tooling/browser.ts';
import { KINDS, tabThrough } from './layout.ts';

/**
 * @returns one line per focused element under the fixed bar or the chatbot's button, "/path: a.x ..."
 * @throws Error when a page has fewer than 20 focus stops before the bar (the walk did not run)
 */
export async function coveredFocusStops(h: Harness, viewport: { width: number; height: number }): Promise<string[]> {
  const { page, context } = await h.page(viewport);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const found: string[] = [];
  try {
    for (const p of KINDS) {
      await page.goto(h.url(p));
      const { stops, covered } = await tabThrough(page);
      if (stops <= 20) throw new Error(`${p}: only ${stops} focus stops before the bar`);
      for (const c of covered) found.push(`${p}: ${c}`);
    }
  } finally {
    await context.close();
  }
  return found;
}
