/**
 * Loads the operator settings and every content collection, and checks them against
 * content/schema.ts. The one place where raw content becomes typed, trusted data.
 */
import { z } from 'zod';
import {
  check, checkAll, Community, ContentError, CoreService, HomeContent, Service, SiteSettings,
} from '../../content/schema.ts';
import { servedOnRequestReader } from './coverage.ts';
import { parsePhone, type PhoneNumber } from './phone.ts';
import rawSettings from '../../content/site.ts';
import { COMMUNITIES } from '../../content/communities.ts';
import { SERVICES } from '../../content/services.ts';
import { CORE_SERVICES } from '../../content/core-services.ts';
import { HOME } from '../../content/home.ts';

/** Operator settings after validation, with the phone parsed. */
export interface Settings extends Omit<z.infer<typeof SiteSettings>, 'phone'> {
  phone: PhoneNumber;
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
 * specialised services an area page links to (`page.town.services`) exist.
 * @throws ContentError naming the file, the record and the field of the first mistake
 */
export function loadContent(raw: RawContent = PROJECT_CONTENT): SiteData {
  const s = check(SiteSettings, raw.settings, 'content/site.ts', 'settings');
  const settings: Settings = { ...s, phone: parsePhone(s.phone) };
  const communities = checkAll(Community, raw.communities, 'content/communities.ts', 'community', (c) => c.slug);
  const services = checkAll(Service, raw.services, 'content/services.ts', 'service', (c) => c.slug);
  const core = checkAll(CoreService, raw.core, 'content/core-services.ts', 'core service', (c) => c.slug);
  const home = check(HomeContent, raw.home, 'content/home.ts', 'home');
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
