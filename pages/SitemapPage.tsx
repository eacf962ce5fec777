/**
 * The sitemap page (/sitemap/). Heading "Website Sitemap" and a total
 * page count computed from the lists; the groups Main Pages, Core Services, Specialized Services
 * and Service Areas, all four headed alike (icon, name, count), each entry its name linked to the
 * page (the link carries the path: no raw path is shown, and no row of identical "Visit Page"
 * buttons) and its description; a link to /sitemap.xml in a new tab; a help section with phone
 * and e-mail links.
 * The groups are computed from the route table by `sitemapGroups()` in pages/routes.ts; a group
 * with a hub page not listed among its entries (/services/) links to it in a line under its
 * heading, so the counts stay those of the pages listed.
 */
import type { IconName } from '../lib/content/schema.ts';
import { toSlug } from '../lib/text.ts';
import { CallLink, EmailLink, ExternalLink } from '../templates/ContactLinks.tsx';
import { Icon } from '../templates/icons.tsx';
import type { SitemapGroup } from '../lib/route.ts';

/** One group of the page: its name, its hub page if it has one (Route.hubFor), and its pages, in route-table order. */
export interface SitemapGroupProps { group: SitemapGroup; hub?: string; pages: { name: string; path: string; description: string }[] }

/** Icon of each group (a group is a name, an icon and its pages). */
const SITEMAP_GROUP_ICONS: Record<SitemapGroup, IconName> = {
  'Main Pages': 'home',
  'Core Services': 'key',
  'Specialized Services': 'wrench',
  'Service Areas': 'map',
};

/** Id of a group's section, e.g. "Specialized Services" -> "specialized-services" (the jump links go there). */
function sitemapGroupId(group: SitemapGroup): string {
  return toSlug(group);
}

/** "1 page", "4 pages". */
const pagesLabel = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;

/**
 * @param groups the groups with their pages (pages/routes.ts `sitemapGroups()`)
 * @returns the page's main content
 */
export function SitemapPage({ groups }: { groups: SitemapGroupProps[] }) {
  const total = groups.reduce((sum, g) => sum + g.pages.length, 0);
  return (
    <>
      <section className="sitemap-intro" aria-labelledby="page-title">
        <div className="container">
          <h1 id="page-title">Website Sitemap</h1>
          <p className="sitemap-total">
            <strong data-total-pages={total}>{pagesLabel(total)}</strong> in {groups.length} groups: every page of our website, with where it is and what it covers.
          </p>
          <ul className="sitemap-jump" role="list" aria-label="Groups">
            {groups.map((g) => (
              <li key={g.group}>
                <a className="chip sitemap-jump-link" href={`#${sitemapGroupId(g.group)}`}>
                  <Icon name={SITEMAP_GROUP_ICONS[g.group]} size={18} /> {g.group} <span className="sitemap-jump-count">({g.pages.length})</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="sitemap-xml">
            <Icon name="map" size={18} />{' '}
            <ExternalLink href="/sitemap.xml" track="sitemap_xml_click" source="sitemap_page">XML sitemap for search engines</ExternalLink>
          </p>
        </div>
      </section>
      {groups.map((g) => {
        const id = sitemapGroupId(g.group);
        return (
          <section key={g.group} className="section sitemap-group" id={id} aria-labelledby={`${id}-title`}>
            <div className="container">
              <h2 id={`${id}-title`} className="sitemap-group-title">
                <span className="sitemap-group-icon"><Icon name={SITEMAP_GROUP_ICONS[g.group]} size={22} /></span>
                <span className="sitemap-group-name">{g.group}</span>
                <span className="sitemap-count" data-count={g.pages.length}>{pagesLabel(g.pages.length)}</span>
              </h2>
              {g.hub && !g.pages.some((p) => p.path === g.hub) && <p className="sitemap-hub">All of them on one page: <a href={g.hub}>{g.group} overview</a></p>}
              <ul className="sitemap-list" role="list">
                {g.pages.map((p) => (
                  <li key={p.path} className="sitemap-entry">
                    <h3 className="sitemap-name"><a href={p.path}>{p.name}</a></h3>
                    <p className="sitemap-desc">{p.description}</p>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        );
      })}
      <section className="section sitemap-help" aria-labelledby="sitemap-help-title">
        <div className="container narrow">
          <h2 id="sitemap-help-title">Can't find what you need?</h2>
          <p>Call us or send an e-mail and we will answer your question or send you a free quote.</p>
          <p className="sitemap-help-actions">
            <CallLink source="sitemap_help" className="btn btn-call btn-lg" />
            <EmailLink source="sitemap_help" className="btn btn-quote btn-lg">E-mail for a free quote</EmailLink>
          </p>
        </div>
      </section>
    </>
  );
}
