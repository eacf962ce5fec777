/**
 * What the content says that does not add up: the warnings of the pre-publish check. None of
 * them makes a page wrong to publish, so they print without stopping `npm run check` or
 * `npm run deploy`; each names the file, the record and the field to look at:
 * - a town of "primary" coverage that the site's own arrival estimate (lib/content/arrival.ts)
 *   puts beyond the upper bound of the owner's normal response time;
 * - coordinates with fewer than 5 decimals, which Google's LocalBusiness structured-data guidance
 *   asks for at least (https://developers.google.com/search/docs/appearance/structured-data/local-business,
 *   "geo": "precision of at least 5 decimal places");
 * - a meta description over MAX_DESCRIPTION characters: Google cuts snippets "as needed,
 *   typically to fit the device width" (https://developers.google.com/search/docs/appearance/snippet#meta-descriptions),
 *   so the end of a longer one is lost.
 * Pure: reads validated site data and the route table the command passes in.
 */
import { arrivalOf } from '../content/arrival.ts';
import type { SiteData } from '../content/load-content.ts';
import { escapeRegExp } from '../text.ts';
import { communityLabel, CONTENT_FILES, contentRecords, strings, type Remark } from './content-records.ts';

/** Decimals Google asks for in a LocalBusiness's geo coordinates (about 1 m of latitude). */
const MIN_COORDINATE_DECIMALS = 5;

/** Longest meta description, in characters, whose end search results still show. */
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
 * Every consistency warning of the site, in file order.
 * @param pages the route table's pages (pages/routes.ts buildRoutes), which the command passes in;
 *   lib/ never imports the pages
 */
export function consistencyRemarks(site: SiteData, pages: readonly PageDescription[] = [], sourceOf: SourceText = () => undefined): Remark[] {
  return [...slowPrimaryTowns(site), ...impreciseCoordinates(site, sourceOf), ...longDescriptions(site, pages)];
}

/**
 * The text of a plain value exactly as the owner wrote it in a content file, e.g. "35.14720" for
 * latitude 35.1472 (lib/content/yaml-file.ts `sourceOf`), or undefined where it is not known.
 * @param file the file, e.g. "content/settings.yaml"
 * @param path the value's place in the file's data, e.g. ["location", "latitude"]
 */
export type SourceText = (file: string, path: readonly string[]) => string | undefined;

/**
 * Community records whose texts were written from another base than the settings' (`writtenFor`
 * is not `location.locality`): their routes ("From Grants we drive ...") and landmarks describe
 * the drive from the old base. Each names the record's file and the fields to rewrite: the route,
 * and every text that names the old base (in the old base's own record, every text that says
 * where the business is based); then `writtenFor` is to say the new base.
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

/**
 * The settings' location and each town's coordinates written with fewer than
 * MIN_COORDINATE_DECIMALS decimals, counted in the text as written where `sourceOf` knows it (so
 * "35.14720" counts 5), else in the number.
 */
function impreciseCoordinates(site: SiteData, sourceOf: SourceText = () => undefined): Remark[] {
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
 * Indexable pages whose meta description is over MAX_DESCRIPTION characters (Unicode code
 * points, as a reader counts them), once per description. The finding names the content field the
 * description comes from when one holds exactly that text, else the route table.
 */
function longDescriptions(site: SiteData, pages: readonly PageDescription[]): Remark[] {
  const long = pages.filter((p) => !p.meta.noIndex && [...p.meta.description].length > MAX_DESCRIPTION);
  if (!long.length) return [];
  const source = new Map<string, Omit<Remark, 'message'>>();
  for (const { file, record, label } of contentRecords(site)) {
    for (const [field, text] of strings(record)) if (!source.has(text)) source.set(text, { file, record: label, field });
  }
  const said = new Set<string>();
  return long.flatMap((p) => {
    const text = p.meta.description;
    if (said.has(text)) return [];
    said.add(text);
    const at = source.get(text) ?? { file: 'pages/routes.ts', record: `page ${p.path}`, field: 'meta.description' };
    return [{ ...at, message: `is the meta description of ${p.path} and is ${[...text].length} characters long: search results cut descriptions to fit the screen, so its end is lost (${MAX_DESCRIPTION} characters is about what they show): shorten it to ${MAX_DESCRIPTION} or fewer.` }];
  });
}
