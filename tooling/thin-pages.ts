import { mainTextBlocks, measureSimilarity, nameForms, thinPageWarnings } from '../lib/area-similarity.ts';
import { renderRoute } from '../lib/build/render.ts';
import type { SiteData } from '../lib/content/load-content.ts';
import { buildRoutes } from '../pages/routes.ts';

/**
 * The thin-page warnings of `npm run check`: the area pages rendered in memory, one warning per
 * page whose text is mostly shared with the others (lib/area-similarity.ts thinPageWarnings).
 * @throws Error when an area has no route (the route table and the content disagree)
 */
export function thinAreaWarnings(site: SiteData): string[] {
  if (site.areas.length < 2) return [];
  const routes = buildRoutes(site);
  const pages = site.areas.map((area) => {
    const route = routes.find((r) => r.path === `/areas/${area.slug}/`);
    if (!route) throw new Error(`No route renders the area page of "${area.slug}".`);
    return { slug: area.slug, names: nameForms(area), blocks: mainTextBlocks(renderRoute(route, site).markup) };
  });
  return thinPageWarnings(measureSimilarity(pages), (slug) => `/areas/${slug}/`);
}
