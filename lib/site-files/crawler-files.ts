/**
 * The files crawlers read: sitemap.xml and robots.txt, from the route table. (The robots meta
 * tag of each page is lib/site-files/robots-meta.ts.)
 * Sources: sitemaps.org protocol; Google's robots.txt "Sitemap:" line.
 */
import { isIndexable, type Route } from '../route.ts';
import { absoluteUrl } from './structured-data.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * @param routes  the route table; only indexable, self-canonical pages are listed
 * @param siteUrl absolute site root, e.g. "https://www.example.com"
 * @returns the XML, URLs sorted so builds are reproducible
 */
export function generateSitemap(routes: Pick<Route, 'path' | 'meta'>[], siteUrl: string): string {
  const urls = routes
    .filter((r) => isIndexable(r as Route))
    .map((r) => absoluteUrl(siteUrl, r.path))
    .sort();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `  <url><loc>${escapeXml(u)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt letting crawlers fetch every page (an empty Disallow, RFC 9309), with its Sitemap:
 * line. Pages kept out of search results (the internal keyword page, the 404 page) say so with
 * their robots meta tag, which a crawler obeys only if it may fetch the page; a disallowed URL
 * can still be indexed from links to it
 * (https://developers.google.com/search/docs/crawling-indexing/block-indexing).
 */
export function generateRobots(siteUrl: string): string {
  return `User-agent: *\nDisallow:\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}
