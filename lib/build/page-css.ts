/**
 * Per-page CSS: each page inlines only the stylesheet's rules it can use, found by PurgeCSS
 * (https://purgecss.com) over the names in its HTML plus what its browser code adds at run time
 * (islands/runtime/runtime-styles.ts). Cached by the names that occur in the stylesheet's
 * selectors, so thousands of area pages run PurgeCSS a handful of times.
 */
import { PurgeCSS, type ExtractorResultDetailed } from 'purgecss';
import { ISLAND_RUNTIME_STYLES } from '../../islands/registry.ts';
import { RUNTIME_STYLES as ERROR_SCREEN_STYLES } from '../../islands/ErrorScreen.tsx';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { SITE_RUNTIME_STYLES, type RuntimeStyles } from '../../islands/runtime/runtime-styles.ts';
import { hashSource } from '../csp.ts';
import { parseHtml, type HTMLElement } from '../html.ts';
import { regionCache, sharedRegions } from './shared-regions.ts';
import { minifyCss } from './styles.ts';

/** The run-time additions a page with these island keys can see, all together. */
export function runtimeStylesFor(islandKeys: Iterable<string>): RuntimeStyles {
  const names = [...new Set([...islandKeys].map((k) => parseIslandKey(k).name))].sort();
  const parts = [SITE_RUNTIME_STYLES, ...(names.length ? [ERROR_SCREEN_STYLES] : []), ...names.map((n) => ISLAND_RUNTIME_STYLES[n])];
  return {
    classes: parts.flatMap((p) => p?.classes ?? []),
    attributes: [...new Set(parts.flatMap((p) => p?.attributes ?? []))],
  };
}

/** Everything besides the stylesheet and a page's HTML that page CSS is made from, as one text (a BuildCache key). */
export function runtimeStylesKey(): string {
  return JSON.stringify([SITE_RUNTIME_STYLES, ERROR_SCREEN_STYLES, ISLAND_RUNTIME_STYLES]);
}

/** Where a page's CSS goes: pages are rendered with an empty stylesheet (templates/Head.tsx), filled by PageCss.fill. */
const STYLE_SLOT = '<style></style>';

/** A purger over one site stylesheet. */
export interface PageCss {
  /** The CSS one page inlines (rendered with an empty stylesheet), minified: as `fill` puts it in. */
  forPage(html: string, islandKeys: Iterable<string>): Promise<string>;
  /**
   * The page with its own CSS in its empty <style> (STYLE_SLOT), and that CSS's hash in place of
   * the empty text's hash in the CSP's style-src, so the policy allows exactly that <style>. Its
   * CSS: the stylesheet's rules that match the page's HTML or what its islands add at run time.
   * @param html       a page rendered with an empty stylesheet (renderRoute with css "")
   * @param islandKeys the page's island keys (templates/Island.tsx)
   * @throws Error when the page does not carry the empty <style> and its hash exactly once
   */
  fill(html: string, islandKeys: Iterable<string>): Promise<string>;
}

/**
 * The names PurgeCSS compares selectors with, as its HTML extractor (purgecss-from-html) gives
 * them: every element, class, id, attribute name, and attribute value split at spaces (element
 * and attribute names in lower case, values with their character references decoded).
 * <template> content counts: the error screen is cloned from one.
 */
export function htmlNames(html: string): ExtractorResultDetailed {
  const tags = new Set<string>();
  const classes = new Set<string>();
  const ids = new Set<string>();
  const names = new Set<string>();
  const values = new Set<string>();
  const visit = (element: HTMLElement): void => {
    for (const child of element.childNodes) {
      if (child.nodeType !== 1) continue;
      const el = child as HTMLElement;
      tags.add(el.rawTagName.toLowerCase());
      for (const [key, value] of Object.entries(el.attributes)) {
        const name = key.toLowerCase();
        names.add(name);
        for (const part of value.split(' ')) values.add(part);
        if (name === 'class') for (const c of value.split(/\s+/)) if (c) classes.add(c);
        if (name === 'id') ids.add(value);
      }
      visit(el);
    }
  };
  visit(parseHtml(html));
  return { tags: [...tags], classes: [...classes], ids: [...ids], attributes: { names: [...names], values: [...values] }, undetermined: [] };
}

/** The union of several name lists, each list in first-seen order. */
function mergeNames(parts: ExtractorResultDetailed[]): ExtractorResultDetailed {
  const union = (lists: string[][]) => [...new Set(lists.flat())];
  return {
    tags: union(parts.map((p) => p.tags)),
    classes: union(parts.map((p) => p.classes)),
    ids: union(parts.map((p) => p.ids)),
    attributes: { names: union(parts.map((p) => p.attributes.names)), values: union(parts.map((p) => p.attributes.values)) },
    undetermined: [],
  };
}

/**
 * A page's names as htmlNames() gives them (the same sets; the order may differ), with the
 * regions most pages share (lib/build/shared-regions.ts) read once each through `regions`: names do not
 * depend on where an element stands, so the page's names are the union of its parts' names.
 */
export function pageNames(html: string, regions: { get(region: string): ExtractorResultDetailed }): ExtractorResultDetailed {
  const found = sharedRegions(html);
  if (!found) return htmlNames(html);
  let rest = '';
  let from = 0;
  for (const [start, end] of found) {
    rest += html.slice(from, start);
    from = end;
  }
  rest += html.slice(from);
  return mergeNames([htmlNames(rest), ...found.map(([start, end]) => regions.get(html.slice(start, end)))]);
}

/** @param css the whole minified site stylesheet (lib/build/styles.ts) */
export function createPageCss(css: string): PageCss {
  // The words of the selectors (declaration blocks dropped, innermost first): every name a
  // selector can compare with a page's names is one of them.
  let selectorText = css;
  for (let before = ''; before !== selectorText; ) {
    before = selectorText;
    selectorText = selectorText.replace(/\{[^{}]*\}/g, ' ');
  }
  const words = new Set(selectorText.match(/[A-Za-z0-9_-]+/g) ?? []);
  // An attribute selector that matches part of a value ([a*=b], [a^=b], [a$=b]) could match a
  // value that is no word of the stylesheet: then every attribute value counts for the cache.
  const partialValues = /\[[^\]]*[*^$]=/.test(css);
  // Without its quotes, which React writes as &#x27; in the attribute.
  const bare = (text: string) => hashSource(text).slice(1, -1);
  const emptyHash = bare('');
  const cache = new Map<string, Promise<string>>();
  const regionNames = regionCache(htmlNames);
  const relevant = (list: string[]) => [...new Set(list.filter((w) => words.has(w)))].sort().join(' ');
  const forPage = (html: string, islandKeys: Iterable<string>): Promise<string> => {
    const found = pageNames(html, regionNames);
    const islands = [...new Set(islandKeys)].map((k) => parseIslandKey(k).name).sort();
    // Same relevant names, same result: PurgeCSS only ever compares the stylesheet's selector
    // names with these lists, and every such name is a word of the stylesheet.
    const key = [islands.join(' '), relevant(found.tags), relevant(found.classes), relevant(found.ids), relevant(found.attributes.names), partialValues ? found.attributes.values.join(' ') : relevant(found.attributes.values)].join('|');
    let result = cache.get(key);
    if (!result) {
      result = purge(css, found, runtimeStylesFor(islands));
      cache.set(key, result);
    }
    return result;
  };
  return {
    forPage,
    async fill(html, islandKeys) {
      const at = html.indexOf(STYLE_SLOT);
      if (at < 0 || html.indexOf(STYLE_SLOT, at + 1) >= 0 || html.split(emptyHash).length !== 2) {
        throw new Error('The page must carry one empty <style> and the empty text\'s hash once in its CSP, as templates/Head.tsx writes them with css "".');
      }
      const own = await forPage(html, islandKeys);
      return html.replace(emptyHash, () => bare(own)).replace(STYLE_SLOT, () => `<style>${own}</style>`);
    },
  };
}

async function purge(css: string, found: ExtractorResultDetailed, runtime: RuntimeStyles): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: ' ', extension: 'html' }],
    css: [{ raw: css }],
    extractors: [{ extensions: ['html'], extractor: () => found }],
    safelist: { standard: runtime.classes },
    dynamicAttributes: runtime.attributes,
    keyframes: true,
    variables: true,
  });
  return minifyCss(result.css);
}
