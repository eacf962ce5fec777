/** Loads and checks the settings and every content collection: where raw content becomes typed data. */
import { z } from 'zod';
import {
  AreaCopy, ChatbotContent, checkAll, checkRecord, rowNamesOf, Community, ContentError, type ContentProblem, CoreService, HomeContent, Service, SiteSettings,
} from './schema.ts';
import { closestKey } from './schema-messages.ts';
import { AREA_COPY_FILE, CHATBOT_FILE, HOME_FILE, recordFile, SETTINGS_FILE } from './content-paths.ts';
import { unbackedClaims } from './claims.ts';
import { countiesServed, countyPhrase } from './counties.ts';
import { greatCircleKm } from './arrival.ts';
import { nameList, servedOnRequestReader } from './coverage.ts';
import { hoursText } from './hours.ts';
import { parsePhone, type PhoneNumber } from './phone.ts';
import { locate, readContent, type RawContent } from './read-content.ts';

/** Operator settings after validation, with the phone parsed and the optional lists present. */
export interface Settings extends Omit<z.infer<typeof SiteSettings>, 'phone' | 'redirects' | 'assistantUrl' | 'channelUrl'> {
  phone: PhoneNumber;
  redirects: { from: string; to: string }[];
  /** "" for none. */
  assistantUrl: string;
  /** "" for none. */
  channelUrl: string;
}

/** A community that has its own area page. */
export type Area = Community & { page: NonNullable<Community['page']> };

/** Everything the pages are rendered from. */
export interface SiteData {
  settings: Settings;
  /** All communities, in display order. */
  communities: Community[];
  /** Communities with their own page at /areas/{slug}/. */
  areas: Area[];
  /** The places listed on service and core pages. */
  places: Community[];
  services: Service[];
  core: CoreService[];
  home: HomeContent;
  areaCopy: AreaCopy;
  chatbot: ChatbotContent;
}

export type { RawContent } from './read-content.ts';

/**
 * Reads and checks the content folder.
 * @throws ContentError with every mistake of every file, each with the line and column of the field
 */
export function loadProjectContent(contentDir: string): SiteData {
  const { raw, files } = readContent(contentDir);
  try {
    return loadContent(raw);
  } catch (error) {
    if (error instanceof ContentError) throw new ContentError(locate(error.problems, files));
    throw error;
  }
}

/**
 * Validates raw content and returns typed site data, the placeholders filled in (placeholderValues).
 * @throws ContentError with every mistake found, a line each naming the file, the record and the
 *   field: first the records' own mistakes; when there are none, every mistake between records (an
 *   unknown placeholder, a clashing slug, an unknown service, an unmarked "served on request", a
 *   claim the credentials do not back)
 */
export function loadContent(raw: RawContent): SiteData {
  const { settings, communities, ...records } = checkRecords(raw);
  const values = placeholderValues(settings, communities);
  const fill = fillIn(values);
  const services = records.services.map(fill);
  const core = records.core.map(fill);
  const home = fill(records.home);
  const chatbot = fill(records.chatbot);
  const filled: Text[] = [
    ...services.map((c) => ({ file: recordFile('service', c.slug), label: `service "${c.slug}"`, slug: c.slug, record: c })),
    ...core.map((c) => ({ file: recordFile('core service', c.slug), label: `core service "${c.slug}"`, slug: c.slug, record: c })),
    { file: HOME_FILE, label: 'home', record: home },
    { file: CHATBOT_FILE, label: 'chat panel', record: chatbot },
  ];
  const texts: Text[] = [
    ...communities.map((c) => ({ file: recordFile('community', c.slug), label: `community "${c.slug}"`, slug: c.slug, record: c, subject: c })),
    ...filled,
  ];
  const problems = [
    ...placeholderProblems(filled, Object.keys(values)),
    ...slugProblems(services, core),
    ...townServiceProblems(communities, services),
    ...servedOnRequestProblems(texts, communities),
    ...unbackedClaims([...texts, { file: AREA_COPY_FILE, label: 'area copy', record: records.areaCopy }]
      .flatMap(({ file, label, slug, record }) => textFields(record).map(([field, text]) => ({ file, label, slug, field, text }))), settings.credentials),
  ];
  if (problems.length) {
    // Name the rows on the way to each field ("point 2 (Licensed and insured)") from its record.
    const recordOf = new Map<string, object>([...texts.map((t) => [`${t.file} ${t.label}`, t.record] as const), [`${AREA_COPY_FILE} area copy`, records.areaCopy]]);
    throw new ContentError(problems.map((p) => (p.rowNames ? p : { ...p, rowNames: rowNamesOf(recordOf.get(`${p.file} ${p.record}`), p.field) })));
  }
  const areas = communities.filter((c): c is Area => c.page !== undefined);
  return { settings, communities, areas, places: communities.filter((c) => c.inPlacesList), services, core, home, areaCopy: records.areaCopy, chatbot };
}

/** One record whose texts are checked: its file, how lines name it, its slug and, for a community, itself. */
interface Text {
  file: string;
  label: string;
  slug?: string;
  record: object;
  subject?: Community;
}

/** Checks the settings and every record. @throws ContentError with the mistakes of every file at once */
function checkRecords(raw: RawContent): { settings: Settings; communities: Community[]; services: Service[]; core: CoreService[]; home: HomeContent; areaCopy: AreaCopy; chatbot: ChatbotContent } {
  const problems: ContentProblem[] = [];
  const one = <S extends z.ZodType>(schema: S, data: unknown, file: string, label: string) => {
    const checked = checkRecord(schema, data, file, label);
    problems.push(...checked.problems);
    return checked.record;
  };
  const all = <S extends z.ZodType>(schema: S, records: unknown[], kind: 'community' | 'service' | 'core service') => {
    const checked = checkAll(schema, records, kind);
    problems.push(...checked.problems);
    return checked.problems.length ? undefined : checked.records as z.infer<S>[];
  };
  const s = one(SiteSettings, raw.settings, SETTINGS_FILE, 'settings');
  const communities = all(Community, raw.communities, 'community');
  const services = all(Service, raw.services, 'service');
  const core = all(CoreService, raw.core, 'core service');
  const home = one(HomeContent, raw.home, HOME_FILE, 'home');
  const areaCopy = one(AreaCopy, raw.areaCopy, AREA_COPY_FILE, 'area copy');
  const chatbot = one(ChatbotContent, raw.chatbot, CHATBOT_FILE, 'chat panel');
  if (communities) problems.push(...countyProblems(communities));
  if (problems.length || !s || !communities || !services || !core || !home || !areaCopy || !chatbot) throw new ContentError(problems);
  const settings: Settings = { ...s, phone: parsePhone(s.phone), redirects: s.redirects ?? [], assistantUrl: s.assistantUrl ?? '', channelUrl: s.channelUrl ?? '' };
  return { settings, communities, services, core, home, areaCopy, chatbot };
}

/** A specialised service whose slug is a core service's too (both would be /{slug}/ in menus and links). */
function slugProblems(services: readonly Service[], core: readonly CoreService[]): ContentProblem[] {
  const taken = new Set<string>(core.map((c) => c.slug));
  return services.filter((svc) => taken.has(svc.slug)).map((svc) => ({
    file: recordFile('service', svc.slug), record: `service "${svc.slug}"`, slug: svc.slug, value: svc.slug,
    expected: `is also a core service's slug (content/core-services/${svc.slug}.yaml): rename this file, since each page needs its own address`,
  }));
}

/** Each specialised service an area page links to (`page.town.services`) that content/services/*.yaml does not have. */
function townServiceProblems(communities: readonly Community[], services: readonly Service[]): ContentProblem[] {
  const serviceSlugs = services.map((svc) => svc.slug);
  return communities.flatMap((c) => (c.page?.town.services ?? []).filter((slug) => !serviceSlugs.includes(slug)).map((unknown) => ({
    file: recordFile('community', c.slug), record: `community "${c.slug}"`, slug: c.slug, field: 'page.town.services', value: unknown,
    expected: `names "${unknown}", which is not a service of content/services/: use one of ${serviceSlugs.join(', ')}.`,
  })));
}

/** Each text that says a community is served on request while its record is not marked so (one per field). */
function servedOnRequestProblems(texts: readonly Text[], communities: readonly Community[]): ContentProblem[] {
  const servedOnRequest = servedOnRequestReader(communities);
  const problems: ContentProblem[] = [];
  for (const { file, label, slug, record, subject } of texts) {
    for (const [field, text] of textFields(record)) {
      const unmarked = servedOnRequest(text, subject).find((c) => !c.servedOnRequest);
      if (!unmarked) continue;
      // The schema decides whether this record may carry the mark (extended coverage, no 24/7 promise).
      const fix = Community.safeParse({ ...unmarked, servedOnRequest: true }).success
        ? `add servedOnRequest: true to ${recordFile('community', unmarked.slug)}, or change this text`
        : 'change this text (only an extended-coverage community without a 24/7 emergency promise can be served on request)';
      problems.push({ file, record: label, slug, field, value: text, expected: `says ${unmarked.name} is served on request, but community "${unmarked.slug}" is not marked so: ${fix}.` });
    }
  }
  return problems;
}

/** Each text that still holds a "{word}" after the fill: a placeholder the loader does not know (one per field). */
function placeholderProblems(texts: readonly Text[], known: readonly string[]): ContentProblem[] {
  return texts.flatMap(({ file, label, slug, record }) => textFields(record).flatMap(([field, text]) => {
    const unknown = /\{(\w+)\}/.exec(text);
    if (!unknown) return [];
    const near = closestKey(unknown[1], [...known]);
    return [{
      file, record: label, ...(slug ? { slug } : {}), field, value: text,
      expected: `has the placeholder "{${unknown[1]}}", which is not one of ${known.map((k) => `{${k}}`).join(', ')}`,
      ...(near ? { hint: `did you mean "{${near}}"?` } : {}),
    }];
  }));
}

/** Every text of a record with its field's path: `[["faqs.3.answer", "Yes. We are fully mobile..."], ...]`. */
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

/** A county that differs from one more records use only by capitals or a letter or two ("Mckinley"), one problem each. */
function countyProblems(communities: readonly Community[]): ContentProblem[] {
  const uses = new Map<string, number>();
  for (const c of communities) uses.set(c.county, (uses.get(c.county) ?? 0) + 1);
  return communities.flatMap((c) => {
    const others = [...uses.keys()].filter((k) => k !== c.county && uses.get(k)! >= uses.get(c.county)!);
    const near = others.find((k) => k.toLowerCase() === c.county.toLowerCase()) ?? (c.county.length >= 5 ? closestKey(c.county, others) : undefined);
    return near ? [{
      file: recordFile('community', c.slug), record: `community "${c.slug}"`, slug: c.slug, field: 'county', value: c.county,
      expected: `must be written as the other records write it, not '${c.county}'`,
      hint: `did you mean "${near}" (the county of ${uses.get(near)} communities)?`,
    }] : [];
  });
}

/**
 * The value of every placeholder of the texts of services, core services, home page and chatbot,
 * by its name without braces:
 *
 * | placeholder          | stands for                                                        | sample                        |
 * |----------------------|-------------------------------------------------------------------|-------------------------------|
 * | `{base}`             | the base town, `location.locality`                                | Grants                        |
 * | `{region}`           | its state, `location.region`                                      | NM                            |
 * | `{county}`           | the base's county: its community record's, else the first primary community's | Cibola County     |
 * | `{counties}`         | the counties of the primary-coverage communities                  | Cibola and McKinley Counties  |
 * | `{hours}`            | the stated opening hours                                          | Monday to Friday 6 am to ...  |
 * | `{minutes}`          | `responseMinutes.usual`                                           | 15-30                         |
 * | `{normalMinutes}`    | `responseMinutes.normal`                                          | 20-45                         |
 * | `{emergencyMinutes}` | `responseMinutes.emergency`                                       | 15-30                         |
 * | `{radius}`           | `serviceRadiusMiles`                                              | 60+                           |
 * | `{payment}`          | `paymentAccepted` as words                                        | cash, credit card and check   |
 * | `{farthestTowns}`    | the two listed places farthest from the base                      | Gallup and Fort Wingate       |
 * @param communities every community record, in display order
 */
function placeholderValues(settings: Settings, communities: readonly Community[]): Record<string, string> {
  const { location, responseMinutes } = settings;
  const home = communities.find((c) => c.name === location.locality) ?? communities.find((c) => c.coverage === 'primary');
  // The listed places with an area page, farthest from the base first (great-circle).
  const farthest = communities.filter((c) => c.inPlacesList && c.page)
    .map((c) => ({ c, km: greatCircleKm(location, c.page!.town.coordinates) })).sort((a, b) => b.km - a.km);
  return {
    base: location.locality,
    region: location.region,
    county: home ? `${home.county} County` : '',
    counties: countyPhrase(countiesServed(communities).primary),
    hours: hoursText(settings.hours),
    minutes: responseMinutes.usual,
    normalMinutes: responseMinutes.normal,
    emergencyMinutes: responseMinutes.emergency,
    radius: settings.serviceRadiusMiles,
    payment: nameList(settings.paymentAccepted),
    farthestTowns: nameList(farthest.slice(0, 2).map(({ c }) => c.name)),
  };
}
