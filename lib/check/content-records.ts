/**
 * What the pre-publish check's findings point at: the content files, the records in each with the
 * label a finding gives them, and every text of a record with its dotted field path. Shared by the
 * sample rules (lib/check/prepublish-check.ts) and the consistency rules
 * (lib/check/site-consistency.ts).
 */
import type { SiteData } from '../content/load-content.ts';
import { HOME_FILE, recordFile, SETTINGS_FILE } from '../content/content-paths.ts';

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
export const communityLabel = (c: { slug: string }) => `community "${c.slug}"`;

/** One record with its file and the label a finding gives it (undefined: the file is the record). */
export interface RecordRef {
  file: string;
  record: unknown;
  label: string | undefined;
}

/**
 * Every record of the content with its file, in display order.
 * @param settings the settings record as scanned (default all of site.settings; the sample rules
 *   leave out the fields they check on their own)
 */
export function contentRecords(site: SiteData, settings: object = site.settings): RecordRef[] {
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
