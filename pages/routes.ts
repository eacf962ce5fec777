/**
 * THE ROUTE TABLE: the one place that says which URLs exist.
 * Everything that lists pages (sitemap.xml, the /sitemap page, the header menus, the place grids)
 * derives from this table and the content records, never from a second hand-kept list.
 */
import { ACOMA_ALIAS, AREA_ALIAS } from '../lib/content/area-alias.ts';
import { areaFaqs } from '../lib/content/area-faqs.ts';
import { countiesServed, countyPhrase } from '../lib/content/counties.ts';
import { nameList } from '../lib/content/coverage.ts';
import type { SiteData } from '../lib/content/load-content.ts';
import { faqJsonLd } from '../lib/site-files/structured-data.ts';
import { AreaPage } from './AreaPage.tsx';
import { CorePage } from './CorePage.tsx';
import { HomePage } from './HomePage.tsx';
import { KeywordAnalysisPage } from './KeywordAnalysisPage.tsx';
import { MobileAppsPage } from './MobileAppsPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { OfflinePage } from './OfflinePage.tsx';
import { OFFLINE_PAGE_PATH } from '../islands/common/offline.ts';
import { type Route, SITEMAP_GROUPS } from '../lib/route.ts';
import { ServiceAreasPage } from './ServiceAreasPage.tsx';
import { ServicePage } from './ServicePage.tsx';
import { SERVICES_HUB_TITLE, ServicesPage } from './ServicesPage.tsx';
import { SitemapPage, type SitemapGroupProps } from './SitemapPage.tsx';

/** A typed route row. */
function route<P>(r: Route<P>): Route<P> {
  return r;
}

/** The /sitemap page's groups, computed from the routes' sitemap entries, in the order the page shows them. */
export function sitemapGroups(routes: Route[]): SitemapGroupProps[] {
  return SITEMAP_GROUPS.map((group) => ({
    group,
    hub: routes.find((r) => r.hubFor === group)?.path,
    pages: routes.filter((r) => r.sitemapEntry?.group === group).map((r) => ({ name: r.sitemapEntry!.name, description: r.sitemapEntry!.description, path: r.path })),
  }));
}

/**
 * Lists every route of the site: the main pages, the core services, the specialised services, the
 * service areas, the area alias and the utility pages, in that order.
 * @param site validated content (lib/content/load-content.ts)
 * @returns the route table, in the order pages are listed on /sitemap
 */
export function buildRoutes(site: SiteData): Route[] {
  const where = whereWords(site);
  const sitemapRoute = sitemapPageRoute(where);
  const routes: Route[] = [
    ...mainRoutes(site.home, sitemapRoute, where),
    ...coreRoutes(site.core),
    ...serviceRoutes(site.services, where),
    ...areaRoutes(site, where),
    ...areaAliasRoutes(site),
    ...utilityRoutes(),
  ];
  // The /sitemap page lists the routes, itself included, so its props are filled in last.
  sitemapRoute.props = { groups: sitemapGroups(routes) };
  return routes;
}

/** Where the business is, as the titles, descriptions and keywords of the hub pages say it: from the settings and the community records. */
interface WhereWords {
  /** The base town and its state, e.g. "Grants, NM". */
  base: string;
  /** The same without the comma, as a search is typed, e.g. "Grants NM". */
  baseTyped: string;
  /** The state, e.g. "NM". */
  region: string;
  /** The counties of the primary-coverage communities, e.g. ["Cibola", "McKinley"]. */
  counties: string[];
  /** The listed places other than the base, in display order. */
  places: string[];
}

/** The words of WhereWords for `site`. */
function whereWords(site: SiteData): WhereWords {
  const { locality, region } = site.settings.location;
  const counties = countiesServed(site.communities);
  return {
    base: `${locality}, ${region}`,
    baseTyped: `${locality} ${region}`,
    region,
    counties: counties.primary.length ? counties.primary : counties.all,
    places: site.places.filter((p) => p.name !== locality).map((p) => p.name),
  };
}

/** The /sitemap page, with no groups yet: buildRoutes fills them in once the table is complete. */
function sitemapPageRoute(where: WhereWords): Route<{ groups: SitemapGroupProps[] }> {
  return route({
    path: '/sitemap/',
    Page: SitemapPage,
    props: { groups: [] as SitemapGroupProps[] },
    meta: { title: 'Website Sitemap', description: `Every page of our website: core services, specialised locksmith services and the communities we serve in ${countyPhrase(where.counties)}.`, keywords: ['sitemap', `locksmith ${where.baseTyped}`] },
    nav: 'sitemap',
    chatbot: true,
    sitemapEntry: { group: 'Main Pages', name: 'Sitemap', description: 'This list of every page on the site.' },
  });
}

/** The main pages: home (/), the /sitemap page and /mobile-apps/. */
function mainRoutes(home: SiteData['home'], sitemapRoute: Route, where: WhereWords): Route[] {
  return [
    route({
      path: '/',
      Page: HomePage,
      props: {},
      meta: { title: home.title, description: home.metaDescription, keywords: home.keywords, photo: home.photo, structuredData: [faqJsonLd(home.faqs)], showsRating: true },
      nav: 'home',
      tracker: { type: 'home', key: 'home' },
      chatbot: true,
      sitemapEntry: { group: 'Main Pages', name: 'Home', description: `Mobile locksmith in ${where.base}: call, text or e-mail, services and areas.` },
    }),
    sitemapRoute,
    route({
      path: '/mobile-apps/',
      Page: MobileAppsPage,
      props: {},
      meta: { title: 'Save Our Number on Your Phone', description: 'Save our contact card and add our site to your home screen, so a locksmith is one tap away when you are locked out.', keywords: ['locksmith contact card', 'save locksmith number'] },
      nav: 'none',
      chatbot: true,
      sitemapEntry: { group: 'Main Pages', name: 'Mobile Apps', description: 'Save our number and add the site to your home screen.' },
    }),
  ];
}

/** A core or specialised service page's meta: its own title, description, keywords and photo, and its FAQ as JSON-LD. */
function serviceMeta(service: SiteData['core'][number] | SiteData['services'][number]): Route['meta'] {
  return { title: service.title, description: service.metaDescription, keywords: service.keywords, photo: service.photo, structuredData: [faqJsonLd(service.faqs)] };
}

/** One page per core service, at /{slug}/ (e.g. /automotive/), in the content's order. */
function coreRoutes(core: SiteData['core']): Route[] {
  return core.map((service) =>
    route({
      path: `/${service.slug}/`,
      Page: CorePage,
      props: { service },
      meta: serviceMeta(service),
      nav: 'core',
      tracker: { type: 'core', key: service.slug },
      chatbot: true,
      sitemapEntry: { group: 'Core Services', name: service.name, description: service.cardText },
    }),
  );
}

/** The /services/ hub, then one page per specialised service at /services/{slug}/. */
function serviceRoutes(services: SiteData['services'], where: WhereWords): Route[] {
  return [
    route({
      path: '/services/',
      Page: ServicesPage,
      props: {},
      meta: {
        title: SERVICES_HUB_TITLE,
        description: `All ${services.length} of our specialized locksmith services around ${where.base}, for cars, homes and businesses, each with what it covers. One call and we come to you.`,
        keywords: [`locksmith services ${where.baseTyped}`, 'specialized locksmith services', ...where.counties.slice(0, 1).map((c) => `locksmith services ${c} County`)],
      },
      nav: 'services',
      chatbot: true,
      hubFor: 'Specialized Services',
    }),
    ...services.map((service) =>
      route({
        path: `/services/${service.slug}/`,
        Page: ServicePage,
        props: { service },
        meta: serviceMeta(service),
        nav: 'services',
        tracker: { type: 'service', key: service.slug },
        chatbot: true,
        crumbLabels: { [service.slug]: service.name },
        sitemapEntry: { group: 'Specialized Services', name: service.name, description: service.summary },
      }),
    ),
  ];
}

/**
 * The /service-areas/ hub's meta: its title names the counties served ("Service Areas - Cibola &
 * McKinley Counties, NM"), its description the base and the first SERVICE_AREAS_NAMED listed
 * places, its keywords each county.
 */
function serviceAreasMeta(where: WhereWords): Route['meta'] {
  const counties = `${where.counties.join(' & ')} Count${where.counties.length === 1 ? 'y' : 'ies'}`;
  const named = where.places.slice(0, SERVICE_AREAS_NAMED);
  const more = where.places.length > named.length ? ' and more' : '';
  return {
    title: `Service Areas - ${counties}, ${where.region}`,
    description: `Communities our mobile locksmith serves around ${where.base}${named.length ? `: ${more ? named.join(', ') : nameList(named)}${more}` : ''}, with ZIP codes.`,
    keywords: ['locksmith service areas', ...where.counties.map((c) => `${c} County locksmith`)],
  };
}

/** How many places the /service-areas/ description names (a description of about 140 characters). */
const SERVICE_AREAS_NAMED = 6;

/** The /service-areas/ hub, then one page per community with its own page at /areas/{slug}/. */
function areaRoutes(site: SiteData, where: WhereWords): Route[] {
  const { areas, settings } = site;
  return [
    route({
      path: '/service-areas/',
      Page: ServiceAreasPage,
      props: {},
      meta: serviceAreasMeta(where),
      nav: 'service-areas',
      chatbot: true,
      hubFor: 'Service Areas',
      sitemapEntry: { group: 'Service Areas', name: 'All Service Areas', description: 'Every community we serve, with ZIP codes and coverage.' },
    }),
    ...areas.map((area) => {
      const faqs = areaFaqs(area, settings);
      return route({
        path: `/areas/${area.slug}/`,
        Page: AreaPage,
        props: { area, faqs },
        meta: { title: `Locksmith in ${area.name}, ${where.region}`, description: area.page.metaDescription, keywords: area.page.keywords, photo: area.photo, structuredData: [faqJsonLd(faqs)] },
        nav: 'service-areas',
        tracker: { type: 'area', key: area.slug },
        chatbot: true,
        crumbLabels: { [area.slug]: area.name },
        sitemapEntry: { group: 'Service Areas', name: `${area.name}, ${where.region}`, description: area.description },
      });
    }),
  ];
}

/**
 * The area alias (lib/content/area-alias.ts): the aliased community's page again at a second
 * path, its canonical link pointing at the page's own path, and not listed on /sitemap. None when
 * the content has no page for that community.
 */
function areaAliasRoutes({ areas, settings }: SiteData): Route[] {
  const acoma = areas.find((a) => a.slug === AREA_ALIAS.of);
  if (!acoma) return [];
  const faqs = areaFaqs(acoma, settings);
  return [route({
    path: ACOMA_ALIAS.from,
    Page: AreaPage,
    props: { area: acoma, faqs },
    meta: { title: `Locksmith in ${acoma.name}, ${settings.location.region}`, description: acoma.page.metaDescription, keywords: acoma.page.keywords, photo: acoma.photo, canonicalPath: ACOMA_ALIAS.to, structuredData: [faqJsonLd(faqs)] },
    nav: 'service-areas',
    tracker: { type: 'area', key: acoma.slug },
    chatbot: true,
    crumbLabels: { [AREA_ALIAS.slug]: acoma.name },
  })];
}

/**
 * The pages outside the menus and /sitemap: the internal keyword analysis, the 404 page and the
 * page the service worker shows offline; none is indexed by search engines.
 */
function utilityRoutes(): Route[] {
  return [
    route({
      path: '/keyword-analysis/',
      Page: KeywordAnalysisPage,
      props: {},
      meta: { title: 'Keyword Analysis (internal)', description: 'Internal page: which words and phrases the site uses.', keywords: ['keyword analysis'], noIndex: true, noFollow: true },
      nav: 'none',
      chatbot: false,
      analytics: false,
    }),
    route({
      path: '/404.html',
      Page: NotFoundPage,
      props: {},
      meta: { title: 'Page Not Found', description: 'This page could not be found. Call, text or e-mail us, or go to one of our main pages.', keywords: ['locksmith'], noIndex: true, canonicalPath: null },
      nav: 'none',
      chatbot: false,
    }),
    route({
      path: OFFLINE_PAGE_PATH,
      Page: OfflinePage,
      props: {},
      meta: { title: 'You Are Offline', description: 'No connection right now: call, text or e-mail us.', keywords: ['locksmith'], noIndex: true, canonicalPath: null },
      nav: 'none',
      chatbot: false,
      crumbLabels: { [OFFLINE_PAGE_PATH.slice(1)]: 'Offline' },
    }),
  ];
}
