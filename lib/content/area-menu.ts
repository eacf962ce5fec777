import type { Area } from './load-content.ts';

/**
 * Most areas the menu lists: twelve rows of the menu's two columns, what a 1366x900 screen shows
 * in the open panel without scrolling it.
 */
export const AREA_MENU_LIMIT = 24;

/** One menu link. */
export interface MenuLink { label: string; href: string }

/**
 * The links of the header's Areas menu: every area while they fit; past AREA_MENU_LIMIT, the
 * primary areas up to that many, so the header (on every page twice) does not grow with the areas.
 * @param areas every area with a page, in display order (primary first)
 * @param region the state said after each name (the settings' `location.region`), e.g. "NM"
 * @returns "All Service Areas" first, then "{name}, NM" per area listed; when not every area is
 *   listed, a last link "All {n} areas" to the community cards of /service-areas/
 */
export function areaMenuLinks(areas: Pick<Area, 'name' | 'slug' | 'coverage'>[], region: string): MenuLink[] {
  const link = (a: Pick<Area, 'name' | 'slug'>) => ({ label: `${a.name}, ${region}`, href: `/areas/${a.slug}/` });
  const all = { label: 'All Service Areas', href: '/service-areas/' };
  if (areas.length <= AREA_MENU_LIMIT) return [all, ...areas.map(link)];
  const listed = areas.filter((a) => a.coverage === 'primary').slice(0, AREA_MENU_LIMIT);
  return [all, ...listed.map(link), { label: `All ${areas.length} areas`, href: '/service-areas/#communities' }];
}
