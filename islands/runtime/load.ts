/**
 * When an island's code loads: the vocabulary shared by the build (templates/Island.tsx,
 * lib/bundle/bundle.ts) and the browser (islands/runtime/interaction.ts). After Astro's `client:load` /
 * `client:visible` directives (https://docs.astro.build/en/reference/directives-reference/) and
 * 11ty's `<is-land on:interaction>` (https://www.11ty.dev/docs/plugins/is-land/).
 *
 * - "load" (default): the island's code loads with the page and hydrates at once.
 * - "interaction": the page loads only a few hundred bytes of listeners; the island's component
 *   (and Preact, if the page has no other island) loads when the visitor first acts on the island
 *   (pointerdown, focus, key, click), then hydrates. Its server HTML must work alone until then
 *   (e.g. the video facade is a link to the watch page; the chatbot's button is a <details> toggle).
 *
 * Free of side effects and of browser globals: imported under Node by the build.
 */

/** An island's load strategy. */
export type IslandLoad = 'load' | 'interaction';

/** Attribute on the island element carrying a strategy other than "load" (templates/Island.tsx). */
export const LOAD_ATTR = 'data-load';

/**
 * Events on an island element that count as the visitor acting on it. pointerdown, focusin and
 * keydown come before the click they lead to, so the code usually arrives before the click does.
 */
export const INTERACTION_EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

/**
 * Attribute marking an element of an interaction-loaded island whose click the island itself
 * must answer (the video facade: play here, not open the watch page). A click on such an element
 * before the code arrives is held and replayed after hydration (islands/runtime/interaction.ts);
 * every other click (links, contact buttons, a <summary> that opens natively) goes through at once.
 */
export const HOLD_CLICK_ATTR = 'data-hold-click';

/** Separator between name and strategy in an island use key. */
const SEP = '@';

/**
 * The key a page records for one placement of an island (the page's `islands` list, read by
 * lib/bundle/bundle.ts): "VideoPlayer" for "load", "VideoPlayer@interaction" otherwise.
 * @param name a key of islands/registry.ts
 * @param load its strategy on this placement
 */
export function islandKey(name: string, load: IslandLoad = 'load'): string {
  return load === 'load' ? name : `${name}${SEP}${load}`;
}

/**
 * Reads a key made by `islandKey`.
 * @returns the island name and strategy
 * @throws Error for an unknown strategy (a bug in the caller)
 */
export function parseIslandKey(key: string): { name: string; load: IslandLoad } {
  const i = key.indexOf(SEP);
  if (i < 0) return { name: key, load: 'load' };
  const load = key.slice(i + 1);
  if (load !== 'interaction') throw new Error(`Island key "${key}": unknown load strategy "${load}".`);
  return { name: key.slice(0, i), load };
}
