/**
 * At most 14 KB gzipped for a page's HTML with its inline CSS, so the whole page arrives in the
 * first round trip: TCP's initial congestion window is 10 segments (RFC 6928), about 14 KB
 * (web.dev, "Critical rendering path").
 */
export const PAGE_GZIP_BUDGET_BYTES = 14 * 1024;

/** The first call (tel:) link within the first 10 KB gzipped of every page. */
export const CALL_LINK_GZIP_BUDGET_BYTES = 10 * 1024;

/**
 * At most 1,000 elements in <body>, counted in the loaded page. Lighthouse's "Avoid an excessive
 * DOM size" audit starts to lower its score at about 800 and halves it at 1,400
 * (https://developer.chrome.com/docs/lighthouse/performance/dom-size/); the largest page,
 * /service-areas/ with its twenty community cards, has about 900, so this holds the site where it
 * is and stops it from drifting towards 1,400.
 */
export const DOM_ELEMENTS_BUDGET = 1000;

/**
 * gzip level for the budgets: 6, zlib's default and Apache mod_deflate's (a host compresses at
 * this level, not at 9).
 */
export const GZIP_LEVEL = 6;
