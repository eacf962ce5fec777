/**
 * The parts of a page most pages share, each a run of complete top-level elements of <body>, so
 * work on elements (minifying, collecting names) is done once per distinct region: the site
 * header, and the run from the site footer to the structured data. Their markers are as
 * templates/Header.tsx, Footer.tsx and Head.tsx (JsonLd) write them; a header never contains
 * another (https://html.spec.whatwg.org/multipage/sections.html#the-header-element).
 */
const HEADER_START = '<header class="site-header"';
const HEADER_END = '</header>';
const FOOTER_START = '<footer class="site-footer"';
/** The footer region runs up to the first structured data script after it, or </body>. */
const FOOTER_REGION_ENDS = ['<script type="application/ld+json">', '</body>'];

/** [start, end) of the header and footer regions, or undefined when either is not found once. */
export function sharedRegions(html: string): [number, number][] | undefined {
  const headerAt = html.indexOf(HEADER_START);
  const footerAt = html.indexOf(FOOTER_START);
  if (headerAt < 0 || footerAt < 0 || html.indexOf(HEADER_START, headerAt + 1) >= 0 || html.indexOf(FOOTER_START, footerAt + 1) >= 0) return undefined;
  const headerEnd = html.indexOf(HEADER_END, headerAt);
  if (headerEnd < 0 || headerEnd > footerAt) return undefined;
  const ends = FOOTER_REGION_ENDS.map((marker) => html.indexOf(marker, footerAt)).filter((at) => at >= 0);
  if (!ends.length) return undefined;
  return [
    [headerAt, headerEnd + HEADER_END.length],
    [footerAt, Math.min(...ends)],
  ];
}

/** A cache of work on regions by their markup, with how many regions it has computed. */
export interface RegionCache<T> {
  /** The cached result for this region's markup, computed on first use. */
  get(region: string): T;
  /** Regions computed so far (a region computed again after the cache was cleared counts again). */
  readonly computed: number;
}

/** Most distinct regions a cache keeps before it starts over: a site has a few header and footer variants; the limit bounds memory. */
const CACHE_LIMIT = 200;

/** A RegionCache over `compute`. */
export function regionCache<T>(compute: (region: string) => T): RegionCache<T> {
  const cache = new Map<string, T>();
  let computed = 0;
  return {
    get computed() {
      return computed;
    },
    get(region) {
      if (cache.has(region)) return cache.get(region)!;
      if (cache.size >= CACHE_LIMIT) cache.clear();
      computed++;
      const result = compute(region);
      cache.set(region, result);
      return result;
    },
  };
}
