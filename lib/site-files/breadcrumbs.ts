import { slugToTitle } from '../text.ts';

/** One breadcrumb. `path` is absent on the last crumb, which is not a link. */
export interface Crumb {
  label: string;
  /** Site-absolute path with trailing slash, e.g. "/service-areas/". Absent on the last crumb. */
  path?: string;
}

/**
 * Labels of path segments other than their title case. "areas" has no page of its own (the hosts
 * answer /areas/ with a 301 to /service-areas/), so its crumb links to /service-areas/.
 */
const CRUMB_LABELS: Record<string, { label: string; path?: string }> = {
  'service-areas': { label: 'Service Areas' },
  areas: { label: 'Service Areas', path: '/service-areas/' },
  services: { label: 'Services' },
  automotive: { label: 'Automotive Services' },
  residential: { label: 'Residential Services' },
  commercial: { label: 'Commercial Services' },
  emergency: { label: 'Emergency Services' },
  sitemap: { label: 'Sitemap' },
  'mobile-apps': { label: 'Mobile Apps' },
  'keyword-analysis': { label: 'Keyword Analysis' },
};

/**
 * Breadcrumbs of a site path ("/areas/fence-lake/"), Home first; the last crumb has no link. A
 * segment after "areas" gets ", " and `region` (the settings' state, "NM").
 * @param labels label overrides by segment (e.g. a service's display name)
 */
export function breadcrumbsFor(path: string, region: string, labels: Record<string, string> = {}): Crumb[] {
  const segments = path.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Home', path: '/' }];
  segments.forEach((segment, i) => {
    const special = CRUMB_LABELS[segment];
    let label = labels[segment] ?? special?.label ?? slugToTitle(segment);
    if (segments[i - 1] === 'areas') label = `${labels[segment] ?? slugToTitle(segment)}, ${region}`;
    const own = `/${segments.slice(0, i + 1).join('/')}/`;
    crumbs.push({ label, path: special?.path ?? own });
  });
  delete crumbs[crumbs.length - 1].path;
  return crumbs;
}

/** True when the trail should be shown: more than one crumb (hidden when there is only one). */
export function showBreadcrumbs(crumbs: Crumb[]): boolean {
  return crumbs.length > 1;
}
