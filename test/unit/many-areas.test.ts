/**
 * What every page carries about the areas stays the same size with thousands of them: the
 * header's Areas menu (lib/content/area-menu.ts: every area while they fit, as on the real site; past the
 * limit the primary areas only, capped, and a link to the full list) and the business JSON-LD's
 * areaServed (lib/site-files/structured-data.ts: every community, or past the limit their counties).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AREA_MENU_LIMIT, areaMenuLinks } from '../../lib/content/area-menu.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { AREA_SERVED_LIMIT, locksmithJsonLd } from '../../lib/site-files/structured-data.ts';
import { syntheticAreas } from '../../tooling/synthetic-areas.ts';
import type { Community } from '../../lib/content/schema.ts';

const area = (i: number, coverage: 'primary' | 'extended') => ({ name: `Place ${i}`, slug: `place-${i}`, coverage });
const menu = suite('Areas menu');

menu('should list every area of the real site after "All Service Areas"', () => {
  const { areas } = loadContent(PROJECT_CONTENT);
  const links = areaMenuLinks(areas, 'NM');
  assert.ok(areas.length <= AREA_MENU_LIMIT);
  assert.equal(links[0], { label: 'All Service Areas', href: '/service-areas/' });
  assert.equal(links.slice(1).map((l) => l.href), areas.map((a) => `/areas/${a.slug}/`));
  assert.is(links[1].label, 'Grants, NM');
});

menu('should list only primary areas, at most the limit, and link to all of them, past the limit', () => {
  const many = Array.from({ length: 4000 }, (_, i) => area(i, i % 3 === 0 ? 'primary' : 'extended'));
  const links = areaMenuLinks(many, 'NM');
  assert.is(links.length, AREA_MENU_LIMIT + 2);
  assert.ok(links.slice(1, -1).every((l) => Number(l.href.match(/place-(\d+)/)![1]) % 3 === 0), 'primary only');
  assert.equal(links.at(-1), { label: 'All 4000 areas', href: '/service-areas/#communities' });
  assert.is(areaMenuLinks(many.slice(0, AREA_MENU_LIMIT), 'NM').length, AREA_MENU_LIMIT + 1, 'all listed at the limit, no extra link');
});

menu('should name every community of the real site in areaServed, and only counties past the limit', () => {
  const site = loadContent(PROJECT_CONTENT);
  assert.equal(((locksmithJsonLd(site) as unknown as { areaServed: { name: string }[] }).areaServed).map((a) => a.name), site.communities.map((c) => `${c.name}, NM`));
  const communities = PROJECT_CONTENT.communities as Community[];
  const big = loadContent({ ...PROJECT_CONTENT, communities: [...communities, ...syntheticAreas(communities[0], AREA_SERVED_LIMIT)] });
  assert.equal((locksmithJsonLd(big) as { areaServed: unknown }).areaServed, ['Cibola', 'McKinley', 'Catron'].map((c) => ({ '@type': 'AdministrativeArea', name: `${c} County, NM` })));
});

menu.run();
