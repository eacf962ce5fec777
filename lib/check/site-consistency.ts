/**
 * What the content says that does not add up: the warnings of the pre-publish check, which print
 * without stopping `npm run check` or `npm run deploy`; and the records and texts findings name.
 */
import { arrivalOf } from '../content/arrival.ts';
import type { SiteData } from '../content/load-content.ts';
import { HOME_FILE, recordFile, SETTINGS_FILE } from '../content/content-paths.ts';
import { escapeRegExp } from '../text.ts';

/** Where a finding points, and what it says: one line for the operator. */
export interface Remark {
  /** Content file, e.g. "content/settings.yaml". */
  file: string;
  /** The record inside the file, e.g. 'review 1 ("Maria G.")'; absent for the settings. */
  record?: string;
  /** Dotted field path, e.g. "videos.more.0.youtubeId". */
  field: string;
  /** What is wrong and what to put instead. */
  message: string;
}

/** The content files findings name: the settings, the home page, and each record's own file. */
export const CONTENT_FILES = {
  settings: SETTINGS_FILE,
  home: HOME_FILE,
  community: (c: { slug: string }) => recordFile('community', c.slug),
} as const;

/** The label of a community record in a finding: 'community "thoreau"'. */
const communityLabel = (c: { slug: string }) => `community "${c.slug}"`;

/** Every record of the content with its file, in display order, `settings` standing for the settings record. */
export function contentRecords(site: SiteData, settings: object = site.settings): { file: string; record: unknown; label?: string }[] {
  return [
    { file: CONTENT_FILES.settings, record: settings, label: undefined },
    { file: CONTENT_FILES.home, record: site.home, label: undefined },
    ...site.communities.map((r) => ({ file: CONTENT_FILES.community(r), record: r, label: communityLabel(r) })),
    ...site.core.map((r) => ({ file: recordFile('core service', r.slug), record: r, label: `core service "${r.slug}"` })),
    ...site.services.map((r) => ({ file: recordFile('service', r.slug), record: r, label: `service "${r.slug}"` })),
  ];
}

/** Every string inside a value, with its dotted field path. */
export function* strings(value: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof value === 'string') yield [path.join('.'), value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, [...path, String(i)]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, [...path, k]);
}

/**
 * Decimals Google asks for in a LocalBusiness's geo coordinates: "precision of at least 5 decimal
 * places" (https://developers.google.com/search/docs/appearance/structured-data/local-business).
 */
const MIN_COORDINATE_DECIMALS = 5;

/**
 * Longest meta description, in characters, whose end search results still show: Google cuts
 * snippets "typically to fit the device width" (https://developers.google.com/search/docs/appearance/snippet#meta-descriptions).
 */
export const MAX_DESCRIPTION = 160;

const LOCAL_BUSINESS_GUIDANCE = 'https://developers.google.com/search/docs/appearance/structured-data/local-business';

/** A page of the route table (lib/route.ts Route), as far as the check reads it. */
export interface PageDescription {
  /** Site path, e.g. "/emergency/". */
  path: string;
  meta: { description: string; noIndex?: boolean };
}

/**
 * The digits after the decimal point of a coordinate, as written: 35.1472 -> 4, "35.14720" -> 5,
 * -107 -> 0, 1e-7 -> 7. A number counts as JavaScript writes it (its shortest form, so a
 * trailing zero is gone: 35.14720 counts 4); give the source text to count the zeros the owner
 * wrote.
 * @throws TypeError when the text is not a decimal number
 */
export function decimalPlaces(value: number | string): number {
  const text = String(value).trim();
  const m = /^[+-]?\d*(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m || !/\d/.test(text)) throw new TypeError(`"${text}" is not a decimal number`);
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** The upper bound of a response time in minutes: "20-45" -> 45, "30" -> 30 (lib/content/schema.ts Minutes). */
export function upperMinutes(range: string): number {
  return Number(range.split('-').at(-1));
}

/**
 * Every consistency warning of the site, in file order: a primary town the arrival estimate puts
 * beyond the normal response time, imprecise coordinates, long meta descriptions.
 * @param pages the route table's pages (pages/routes.ts buildRoutes), passed in by the command
 */
export function consistencyRemarks(site: SiteData, pages: readonly PageDescription[] = [], sourceOf: SourceText = () => undefined): Remark[] {
  return [...slowPrimaryTowns(site), ...impreciseCoordinates(site, sourceOf), ...longDescriptions(site, pages)];
}

/** The text of a plain value as written at `path` (["location", "latitude"]) in `file`, e.g. "35.14720", or undefined. */
export type SourceText = (file: string, path: readonly string[]) => string | undefined;

/**
 * Community records whose texts were written from another base than the settings' (`writtenFor`),
 * each naming the fields to rewrite for the new base.
 */
export function writtenForAnotherBase(site: SiteData): Remark[] {
  const base = site.settings.location.locality;
  return site.communities.filter((c) => c.writtenFor !== base).map((c) => {
    // A text naming the old base, or (in the base's own record, whose texts name its town anyway)
    // saying where the business is based.
    const names = c.name === c.writtenFor ? /\bbased?\b|\bour van\b/i : new RegExp(`\\b${escapeRegExp(c.writtenFor)}\\b`);
    const named = [...strings(c)].filter(([field, text]) => names.test(text) && !['writtenFor', 'name'].includes(field) && !field.startsWith('sources')).map(([field]) => field);
    const fields = [...new Set([...(c.page ? ['page.town.route'] : []), ...named])];
    return {
      file: CONTENT_FILES.community(c), record: communityLabel(c), field: 'writtenFor',
      message: `is "${c.writtenFor}", but your base is ${base} (location.locality in ${CONTENT_FILES.settings}): this record's texts describe the drive and the landmarks from ${c.writtenFor}. Rewrite ${fields.length ? fields.map((f) => `"${f}"`).join(', ') : 'its texts'} for a technician coming from ${base}, then set writtenFor: ${base}.`,
    };
  });
}

/** Primary-coverage towns the site's own estimate puts beyond the owner's normal response time. */
function slowPrimaryTowns(site: SiteData): Remark[] {
  const normal = site.settings.responseMinutes.normal;
  const base = site.settings.location.locality;
  return site.areas.flatMap((town) => {
    const a = arrivalOf(town, site.settings);
    if (town.coverage !== 'primary' || a.minutes <= upperMinutes(normal)) return [];
    return [{
      file: CONTENT_FILES.community(town), record: communityLabel(town), field: 'coverage',
      message: `is "primary", but the site estimates ${a.estimate} to get there (${a.km} km from ${base} as the crow flies), beyond your normal response time of ${normal} minutes (responseMinutes.normal in ${CONTENT_FILES.settings}): make it coverage: extended, or, if you do get there within ${normal} minutes, widen responseMinutes.normal.`,
    }];
  });
}

/** Coordinates with fewer than MIN_COORDINATE_DECIMALS decimals, counted in the text as written where known. */
function impreciseCoordinates(site: SiteData, sourceOf: SourceText): Remark[] {
  const points = [
    { file: CONTENT_FILES.settings, record: undefined, field: 'location', point: site.settings.location },
    ...site.areas.map((c) => ({ file: CONTENT_FILES.community(c), record: communityLabel(c), field: 'page.town.coordinates', point: c.page.town.coordinates })),
  ];
  return points.flatMap(({ file, record, field, point }) => {
    const written = (k: 'latitude' | 'longitude') => sourceOf(file, [...field.split('.'), k]) ?? String(point[k]);
    const short = (['latitude', 'longitude'] as const).filter((k) => decimalPlaces(written(k)) < MIN_COORDINATE_DECIMALS);
    if (!short.length) return [];
    const which = short.map((k) => `${k} ${written(k)} (${decimalPlaces(written(k))} decimals)`).join(' and ');
    return [{
      file, record, field,
      message: `has ${which}: Google's LocalBusiness guidance asks for at least ${MIN_COORDINATE_DECIMALS} decimal places (${LOCAL_BUSINESS_GUIDANCE}); write ${short.length > 1 ? 'both' : 'it'} with ${MIN_COORDINATE_DECIMALS} or more, e.g. from the place's pin on a map.`,
    }];
  });
}

/**
 * Indexable pages whose meta description is over MAX_DESCRIPTION code points, once per
 * description, naming the content field that holds exactly that text, else the route table.
 */
function longDescriptions(site: SiteData, pages: readonly PageDescription[]): Remark[] {
  const long = pages.filter((p) => !p.meta.noIndex && [...p.meta.description].length > MAX_DESCRIPTION);
  if (!long.length) return [];
  const source = new Map<string, Omit<Remark, 'message'>>();
  for (const { file, record, label } of contentRecords(site)) for (const [field, text] of strings(record)) if (!source.has(text)) source.set(text, { file, record: label, field });
  const said = new Set<string>();
  return long.flatMap((p) => {
    const text = p.meta.description;
    if (said.has(text)) return [];
    said.add(text);
    const at = source.get(text) ?? { file: 'pages/routes.ts', record: `page ${p.path}`, field: 'meta.description' };
    return [{ ...at, message: `is the meta description of ${p.path} and is ${[...text].length} characters long: search results cut descriptions to fit the screen, so its end is lost (${MAX_DESCRIPTION} characters is about what they show): shorten it to ${MAX_DESCRIPTION} or fewer.` }];
  });
}
