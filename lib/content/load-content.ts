/**
 * Loads the operator settings and every content collection, and checks them against
 * content/schema.ts. The one place where raw content becomes typed, trusted data.
 */
import { z } from 'zod';
import {
  check, checkAll, Community, ContentError, CoreService, HomeContent, Service, SiteSettings,
} from '../../content/schema.ts';
import { AREA_COPY } from '../../content/area-copy.ts';
import { closestKey } from '../../content/schema-messages.ts';
import { unbackedClaims } from './claims.ts';
import { countiesServed, countyPhrase } from './counties.ts';
import { servedOnRequestReader } from './coverage.ts';
import { hoursText } from './hours.ts';
import { parsePhone, type PhoneNumber } from './phone.ts';
import rawSettings from '../../content/site.ts';
import { COMMUNITIES } from '../../content/communities.ts';
import { SERVICES } from '../../content/services.ts';
import { CORE_SERVICES } from '../../content/core-services.ts';
import { HOME } from '../../content/home.ts';

/** Operator settings after validation, with the phone parsed and the optional lists present. */
export interface Settings extends Omit<z.infer<typeof SiteSettings>, 'phone' | 'redirects' | 'assistantUrl' | 'channelUrl'> {
  phone: PhoneNumber;
  redirects: { from: string; to: string }[];
  /** The external AI assistant, or "" for none. */
  assistantUrl: string;
  /** The video channel, or "" for none. */
  channelUrl: string;
}

/** A community that has its own area page. */
export type Area = Community & { page: NonNullable<Community['page']> };

/** Everything the pages are rendered from. */
export interface SiteData {
  settings: Settings;
  /** All communities, in display order (20 on /service-areas). */
  communities: Community[];
  /** Communities with their own page at /areas/{slug}/ (17). */
  areas: Area[];
  /** The 14 places listed on service and core pages. */
  places: Community[];
  /** The ten specialised services. */
  services: Service[];
  /** The four core services. */
  core: CoreService[];
  home: HomeContent;
}

/** Raw, unchecked inputs: what the content files export. Tests pass their own. */
export interface RawContent {
  settings: unknown;
  communities: unknown[];
  services: unknown[];
  core: unknown[];
  home: unknown;
}

/** The content files as they are in the project. */
export const PROJECT_CONTENT: RawContent = {
  settings: rawSettings,
  communities: COMMUNITIES,
  services: SERVICES,
  core: CORE_SERVICES,
  home: HOME,
};

/**
 * Validates raw content and returns typed site data. Besides each record's own fields, it checks
 * every text of every record for a clause that says "served on request" and names a community
 * (or, in a community's own record, names none): that community's record must be marked
 * `servedOnRequest`, so the words follow the record when the operator changes it; and that the
 * specialised services an area page links to (`page.town.services`) exist. It also refuses
 * a county that is a near miss of another record's (checkCounties) and a text claiming "licensed",
 * "insured" or "accredited" that the settings' credentials do not back (lib/content/claims.ts),
 * and fills "{hours}" and "{counties}" in the records' texts with the stated hours and the
 * counties of the primary-coverage communities.
 * @throws ContentError naming the file, the record and the field of the first mistake (of an
 *   unbacked claim: every such text at once, a line each)
 */
export function loadContent(raw: RawContent = PROJECT_CONTENT): SiteData {
  const s = check(SiteSettings, raw.settings, 'content/site.ts', 'settings');
  const settings: Settings = { ...s, phone: parsePhone(s.phone), redirects: s.redirects ?? [], assistantUrl: s.assistantUrl ?? '', channelUrl: s.channelUrl ?? '' };
  const communities = checkAll(Community, raw.communities, 'content/communities.ts', 'community', (c) => c.slug);
  checkCounties(communities);
  // "{hours}" and "{counties}" in a text stand for the stated hours and the counties served.
  const fill = fillIn({ hours: hoursText(settings.hours), counties: countyPhrase(countiesServed(communities).primary) });
  const services = checkAll(Service, raw.services, 'content/services.ts', 'service', (c) => c.slug).map(fill);
  const core = checkAll(CoreService, raw.core, 'content/core-services.ts', 'core service', (c) => c.slug).map(fill);
  const home = fill(check(HomeContent, raw.home, 'content/home.ts', 'home'));
  const taken = new Set<string>(core.map((c) => c.slug));
  for (const svc of services) {
    if (taken.has(svc.slug)) throw new ContentError(`content/services.ts: service "${svc.slug}": field "slug" is also a core service's slug; slugs must be unique.`);
  }
  const serviceSlugs = services.map((svc) => svc.slug);
  for (const c of communities) {
    const unknown = c.page?.town.services.find((slug) => !serviceSlugs.includes(slug));
    if (unknown) throw new ContentError(`content/communities.ts: community "${c.slug}": field "page.town.services" names "${unknown}", which is not a service of content/services.ts: use one of ${serviceSlugs.join(', ')}.`);
  }
  const records: { file: string; label: string; record: object; subject?: Community }[] = [
    ...communities.map((c) => ({ file: 'content/communities.ts', label: `community "${c.slug}"`, record: c, subject: c })),
    ...services.map((c) => ({ file: 'content/services.ts', label: `service "${c.slug}"`, record: c })),
    ...core.map((c) => ({ file: 'content/core-services.ts', label: `core service "${c.slug}"`, record: c })),
    { file: 'content/home.ts', label: 'home', record: home },
  ];
  const servedOnRequest = servedOnRequestReader(communities);
  for (const { file, label, record, subject } of records) {
    for (const [field, text] of textFields(record)) {
      const unmarked = servedOnRequest(text, subject).find((c) => !c.servedOnRequest);
      if (unmarked) {
        // The schema decides whether this record may carry the mark (extended coverage, no 24/7 promise).
        const fix = Community.safeParse({ ...unmarked, servedOnRequest: true }).success
          ? `add servedOnRequest: true to it in content/communities.ts, or change this text`
          : 'change this text (only an extended-coverage community without a 24/7 emergency promise can be served on request)';
        throw new ContentError(`${file}: ${label}: field "${field}" says ${unmarked.name} is served on request, but community "${unmarked.slug}" is not marked so: ${fix}.`);
      }
    }
  }
  const texts = [...records, { file: 'content/area-copy.ts', label: 'area copy', record: AREA_COPY }]
    .flatMap(({ file, label, record }) => textFields(record).map(([field, text]) => ({ file, label, field, text })));
  const unbacked = unbackedClaims(texts, settings.credentials);
  if (unbacked.length) throw new ContentError(unbacked.join('\n'));
  const areas = communities.filter((c): c is Area => c.page !== undefined);
  return {
    settings,
    communities,
    areas,
    places: communities.filter((c) => c.inPlacesList),
    services,
    core,
    home,
  };
}

/**
 * Every text of a record with its field's path, in the form the schema's messages use:
 * `[["faqs.3.answer", "Yes. We are fully mobile..."], ...]`.
 */
function textFields(value: unknown, field = ''): [field: string, text: string][] {
  if (typeof value === 'string') return [[field, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => textFields(v, field ? `${field}.${key}` : key));
}

/** A function that replaces each "{key}" of `values` in every text of a record (a copy; the record is left as it was). */
function fillIn(values: Record<string, string>): <T>(record: T) => T {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return <T>(record: T) => fill(record) as T;
}

/**
 * Any county name is accepted, but one that differs from a county other records use only by its
 * capitals or by a letter or two ("Mckinley" beside "McKinley") is a typing mistake: it would make
 * the county count and every sentence naming the counties wrong.
 * @throws ContentError naming the community and the county it probably meant
 */
function checkCounties(communities: readonly Community[]): void {
  const uses = new Map<string, number>();
  for (const c of communities) uses.set(c.county, (uses.get(c.county) ?? 0) + 1);
  for (const c of communities) {
    const others = [...uses.keys()].filter((k) => k !== c.county && uses.get(k)! >= uses.get(c.county)!);
    const near = others.find((k) => k.toLowerCase() === c.county.toLowerCase()) ?? (c.county.length >= 5 ? closestKey(c.county, others) : undefined);
    if (near) {
      throw new ContentError(`content/communities.ts: community "${c.slug}": field "county" must be written as the other records write it, not '${c.county}'; did you mean "${near}" (the county of ${uses.get(near)} communities)?`);
    }
  }
}
