/** JSON-LD builders (schema.org Locksmith, FAQPage, BreadcrumbList), typed with schema-dts. */
import type { BreadcrumbList, FAQPage, Locksmith, WithContext } from 'schema-dts';
import { openingHoursSpecs, openingHoursText } from '../content/hours.ts';
import { ratingMarkedUp } from '../content/rating.ts';
import type { Faq } from '../content/schema.ts';
import type { Crumb } from './breadcrumbs.ts';
import { e164WithExtension } from '../content/phone.ts';
import { isMapLink, profileLinks } from '../content/profiles.ts';
import type { SiteData } from '../content/load-content.ts';
import { DRAWN_SHARE_IMAGE } from '../route.ts';

/** Absolute URL of a site path, e.g. ("https://x.com", "/areas/grants/") -> "https://x.com/areas/grants/". */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

/** Most communities `areaServed` names one by one; past it, their counties (it is on every page, so it stays small). */
export const AREA_SERVED_LIMIT = 40;

/**
 * Every community as a Place ("Grants, NM", `region` the settings' state); past AREA_SERVED_LIMIT,
 * their counties as AdministrativeArea ("Cibola County, NM").
 */
function areaServed(communities: SiteData['communities'], region: string): ({ '@type': 'Place'; name: string } | { '@type': 'AdministrativeArea'; name: string })[] {
  if (communities.length <= AREA_SERVED_LIMIT) return communities.map((c) => ({ '@type': 'Place' as const, name: `${c.name}, ${region}` }));
  return [...new Set(communities.map((c) => c.county))].map((county) => ({ '@type': 'AdministrativeArea' as const, name: `${county} County, ${region}` }));
}

/** Each word of each entry capitalised, entries joined by ", ": ["cash", "credit card"] -> "Cash, Credit Card" (the form schema.org's examples use). */
function capitalisedList(entries: readonly string[]): string {
  return entries.map((e) => e.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())).join(', ');
}

/** The business's logo: a PNG of at least 112x112 px, as Google asks for a logo (made by scripts/make-icons.ts from the SVG logo). */
const LOGO_PNG_PATH = '/img/logo.png';

/**
 * The business's profiles elsewhere as schema.org `sameAs`: each address once, in the order
 * given, empty ones dropped; undefined when none is left (no empty property).
 * @param urls absolute addresses of pages that are the business's own (its channel, its profiles)
 */
export function sameAsList(urls: readonly (string | undefined)[]): string[] | undefined {
  const list = [...new Set(urls.filter((u): u is string => Boolean(u)))];
  return list.length ? list : undefined;
}

/**
 * The business as a schema.org Locksmith from the settings. The hours in both of schema.org's
 * forms come from the same rows, so they never disagree; the street only when the settings
 * publish it; `hasMap` only for a Google Maps profile link. `aggregateRating` only with
 * `withRating` (the page that passes it shows the rating) and only for a rating collected on this
 * site (lib/content/rating.ts). `images`: site paths (lib/photos/share-image.ts businessImages).
 */
export function locksmithJsonLd(site: SiteData, { withRating = false, images = [DRAWN_SHARE_IMAGE] }: { withRating?: boolean; images?: readonly string[] } = {}): WithContext<Locksmith> {
  const { settings, communities } = site;
  const { location, rating } = settings;
  const profiles = profileLinks(settings);
  const map = profiles.googleBusiness && isMapLink(profiles.googleBusiness) ? profiles.googleBusiness : undefined;
  const sameAs = sameAsList([settings.channelUrl, profiles.googleBusiness, ...profiles.social, settings.credentials.bureau?.url]);
  return {
    '@context': 'https://schema.org',
    '@type': 'Locksmith',
    '@id': `${settings.siteUrl}/#business`,
    name: settings.name,
    url: `${settings.siteUrl}/`,
    telephone: e164WithExtension(settings.phone),
    email: settings.email,
    image: images.length === 1 ? absoluteUrl(settings.siteUrl, images[0]) : images.map((p) => absoluteUrl(settings.siteUrl, p)),
    logo: absoluteUrl(settings.siteUrl, LOGO_PNG_PATH),
    address: {
      '@type': 'PostalAddress',
      ...(location.showStreetAddress && location.streetAddress ? { streetAddress: location.streetAddress } : {}),
      addressLocality: location.locality,
      addressRegion: location.region,
      postalCode: location.postalCode,
      addressCountry: location.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
    openingHours: openingHoursText(settings.hours),
    openingHoursSpecification: openingHoursSpecs(settings.hours).map((h) => ({
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: h.days.map((d) => `https://schema.org/${d}` as `https://schema.org/${'Monday'}`),
      opens: h.opens,
      closes: h.closes,
    })),
    ...(withRating && rating && ratingMarkedUp(rating) ? {
      aggregateRating: {
        '@type': 'AggregateRating' as const,
        ratingValue: rating.value.toFixed(1),
        reviewCount: rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    } : {}),
    priceRange: settings.priceRange,
    paymentAccepted: capitalisedList(settings.paymentAccepted),
    currenciesAccepted: settings.currenciesAccepted.join(', '),
    areaServed: areaServed(communities, location.region),
    ...(map && { hasMap: map }),
    ...(sameAs && { sameAs }),
  };
}

/** FAQPage JSON-LD of the questions a page shows (schema.org/FAQPage). */
export function faqJsonLd(faqs: Faq[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({
      '@type': 'Question' as const,
      name: f.question,
      acceptedAnswer: { '@type': 'Answer' as const, text: f.answer },
    })),
  };
}

/** BreadcrumbList JSON-LD of a trail; the last crumb, which has no link, gets the page's URL. */
export function breadcrumbJsonLd(crumbs: Crumb[], siteUrl: string, pagePath: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem' as const,
      position: i + 1,
      name: c.label,
      item: absoluteUrl(siteUrl, c.path ?? pagePath),
    })),
  };
}

/**
 * Serialises JSON-LD for a <script type="application/ld+json"> block. "<" is escaped as \u003c so
 * no content can close the script element ("</script>" injection).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
