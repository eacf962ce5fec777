import type { ComponentType } from 'react';
import type { Photo } from './content/photo-schema.ts';

/**
 * Site path of the share image the build draws from the settings (lib/photos/share-image.ts): the
 * og:image of every page without a photo of its own, unless the settings name a photo instead.
 */
export const DRAWN_SHARE_IMAGE = '/img/og-image.png';

/**
 * Size of every share image, px: the drawn one and each photo's card (1.91:1, the size Facebook
 * recommends for link previews, https://developers.facebook.com/docs/sharing/webmasters/images/).
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Page metadata. Open Graph and Twitter fields derive from these. */
export interface PageMeta {
  /** Page title without the business name; the layout appends " | {name}" where it fits (lib/text.ts documentTitle). */
  title: string;
  description: string;
  keywords: string[];
  /**
   * Path the canonical URL points at; defaults to the route's own path. null: no canonical (and no
   * og:url), for a page served at addresses that are not its own (the 404 page answers any unknown
   * path, the offline page any page the service worker cannot fetch).
   */
  canonicalPath?: string | null;
  noIndex?: boolean;
  noFollow?: boolean;
  /** Open Graph type; default "website". */
  ogType?: 'website' | 'article';
  /** Site path of the share image; default the site's (the settings' `shareImage` photo, else DRAWN_SHARE_IMAGE). */
  ogImage?: string;
  /** The page's own photo: its 1200x630 social card (lib/photos/photos.ts) becomes the share image. */
  photo?: Photo;
  /** Extra JSON-LD blocks (FAQPage, ...). The layout adds Locksmith and BreadcrumbList itself. */
  structuredData?: object[];
  /**
   * True on the page that shows the business's rating (the home page, beside the reviews): only
   * its Locksmith JSON-LD may carry `aggregateRating`, since marked-up content must be visible.
   */
  showsRating?: boolean;
}

/** Header item highlighted with aria-current. */
export type NavKey = 'home' | 'sitemap' | 'core' | 'services' | 'service-areas' | 'none';

/** Groups of the /sitemap page, in the order the page shows them. */
export const SITEMAP_GROUPS = ['Main Pages', 'Core Services', 'Specialized Services', 'Service Areas'] as const;
export type SitemapGroup = (typeof SITEMAP_GROUPS)[number];

/** One row of the route table: which component renders which URL, with what props. */
export interface Route<P = any> {
  /** Site-absolute path ending in "/", e.g. "/areas/grants/", or a file such as "/404.html". Unique. */
  path: string;
  Page: ComponentType<P>;
  props: P;
  meta: PageMeta;
  nav: NavKey;
  /** Page tracker for analytics: page type and key (read by islands/analytics). */
  tracker?: { type: 'area' | 'service' | 'core' | 'home'; key: string };
  /** Whether the page has the chatbot sidebar and the fixed call/text buttons. */
  chatbot: boolean;
  /**
   * False for an internal page that sends no analytics at all (no page view, click events,
   * gtag.js or web-vitals; `<body data-analytics="off">`, read by islands/site/analytics.ts): its
   * visitors are the operator's staff, whose visits would skew the figures, and its JavaScript
   * stays within the 15 KB gzipped JavaScript budget. Default true.
   */
  analytics?: boolean;
  /** Breadcrumb label overrides by path segment, e.g. { "car-lockout": "Car Lockout" }. */
  crumbLabels?: Record<string, string>;
  /** Entry on the /sitemap page; absent for pages not listed there (404, alias, internal). */
  sitemapEntry?: { group: SitemapGroup; name: string; description: string };
  /**
   * The /sitemap page group this page is the hub of (the page that lists the group's pages, e.g.
   * /services/ for Specialized Services): the group's heading there links to it. A hub may also be
   * an entry of its group (/service-areas/) or not (/services/: the group lists the services only).
   */
  hubFor?: SitemapGroup;
}

/** Output file of a route: "/a/b/" -> "a/b/index.html", "/404.html" -> "404.html". */
export function outputFile(path: string): string {
  return path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1);
}

/** True when the route belongs in sitemap.xml: indexable and its own canonical. */
export function isIndexable(route: Route): boolean {
  return !route.meta.noIndex && (route.meta.canonicalPath ?? route.path) === route.path && route.path.endsWith('/');
}
