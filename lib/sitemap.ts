/**
 * sitemap.xml and robots.txt, from the route table.
 * Sources: sitemaps.org protocol; Google's robots.txt "Sitemap:" line.
 */
import { isIndexable, type Route } from '../pages/route.ts';
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

/** robots.txt allowing everything but the internal keyword page, with its Sitemap: line. */
export function generateRobots(siteUrl: string): string {
  return `User-agent: *\nDisallow: /keyword-analysis/\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}
