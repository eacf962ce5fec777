/**
 * html-minifier-terser over whole pages, the regions most pages share (lib/build/shared-regions.ts,
 * about half the work on an area page) minified once a build: React writes no whitespace between
 * elements, so a region minified alone gives the bytes it has inside its page. The page is
 * minified with a placeholder in each region's place, then the region's minified markup replaces
 * it; test/build/shared-regions.test.ts proves the result equals minifying each page whole.
 */
import { minify, type Options as MinifyOptions } from 'html-minifier-terser';
import { regionCache, sharedRegions } from './shared-regions.ts';

/**
 * Options that pay on React's output. minifyCSS/minifyJS are off: the stylesheet is minified once
 * (lib/build/styles.ts), and the inline <style> must stay as given for its CSP hash.
 */
export const MINIFY_OPTIONS: MinifyOptions = {
  collapseWhitespace: true,
  conservativeCollapse: false,
  removeComments: true,
  collapseBooleanAttributes: true,
  removeRedundantAttributes: true,
  useShortDoctype: true,
  // React already escapes text and attributes correctly. Decoding and re-encoding them turned
  // the text "&lt;script&gt;" (React: "&amp;lt;script&amp;gt;") into "&amplt;script&ampgt;", an
  // HTML parse error ("missing semicolon after character reference"); left as React wrote them,
  // entities cost about 40 bytes gzipped a page.
  decodeEntities: false,
  minifyCSS: false,
  minifyJS: false,
};

/** Minifies pages; one per build (or per worker thread), so its cache lives as long as the build. */
export interface PageMinifier {
  /** The page minified with MINIFY_OPTIONS, byte for byte what minify(html, MINIFY_OPTIONS) gives. */
  minify(html: string): Promise<string>;
  /**
   * Pages minified so far; how many of them had both regions found (the rest were minified whole);
   * how many regions were minified (distinct region markup, each once while it stays cached).
   */
  readonly stats: { readonly pages: number; readonly split: number; readonly regions: number };
}

/**
 * The placeholder of region i: an element the minifier keeps as written and, like a header or
 * footer, does not treat as inline (so whitespace around it is trimmed the same way). React escapes
 * "<" in text, so the prefix can only be in raw markup (a script); a page holding it is minified whole.
 */
const PLACEHOLDER_PREFIX = '<minify-region-';
const placeholder = (i: number) => `${PLACEHOLDER_PREFIX}${i}></minify-region-${i}>`;

/**
 * Creates a minifier with its own cache of region markup.
 * @param options.keepSkeletons also keep each page's markup outside the regions minified, by its
 *   text (`npm run dev`, which builds the same site again and again); off for `npm run build`
 */
export function createPageMinifier(options: { keepSkeletons?: boolean } = {}): PageMinifier {
  const regions = regionCache((text) => minify(text, MINIFY_OPTIONS));
  const skeletons = options.keepSkeletons ? regionCache((text) => minify(text, MINIFY_OPTIONS)) : { get: (text: string) => minify(text, MINIFY_OPTIONS) };
  const stats = {
    pages: 0,
    split: 0,
    get regions() {
      return regions.computed;
    },
  };
  return {
    stats,
    async minify(html) {
      stats.pages++;
      const found = html.includes(PLACEHOLDER_PREFIX) ? undefined : sharedRegions(html);
      if (!found) return minify(html, MINIFY_OPTIONS);
      stats.split++;
      let skeleton = '';
      let from = 0;
      found.forEach(([start, end], i) => {
        skeleton += html.slice(from, start) + placeholder(i);
        from = end;
      });
      skeleton += html.slice(from);
      const [page, ...parts] = await Promise.all([skeletons.get(skeleton), ...found.map(([start, end]) => regions.get(html.slice(start, end)))]);
      return parts.reduce((out, part, i) => out.replace(placeholder(i), () => part), page);
    },
  };
}
