/**
 * What the pre-publish check's findings point at: the content files, the records in each with the
 * label a finding gives them, and every text of a record with its dotted field path. Shared by the
 * sample rules (lib/deploy/prepublish-check.ts) and the consistency rules
 * (lib/deploy/site-consistency.ts).
 */
import type { SiteData } from '../content/load-content.ts';

/** Where a finding points, and what it says: one line for the operator. */
export interface Remark {
  /** Content file, e.g. "content/site.ts". */
  file: string;
  /** The record inside the file, e.g. 'review 1 ("Maria G.")'; absent for the settings. */
  record?: string;
  /** Dotted field path, e.g. "videos.more.0.youtubeId". */
  field: string;
  /** What is wrong and what to put instead. */
  message: string;
}

/** The content files findings name. */
export const CONTENT_FILES = {
  settings: 'content/site.ts',
  home: 'content/home.ts',
  communities: 'content/communities.ts',
  core: 'content/core-services.ts',
  services: 'content/services.ts',
} as const;

/** The label of a community record in a finding: 'community "thoreau"'. */
export const communityLabel = (c: { slug: string }) => `community "${c.slug}"`;

/** The records of one content file, with the label a finding gives each (undefined: the file is one record). */
export interface FileRecords {
  file: string;
  records: readonly unknown[];
  label: (record: any) => string | undefined;
}

/**
 * Every content file with its records, in file order.
 * @param settings the settings record as scanned (default all of site.settings; the sample rules
 *   leave out the fields they check on their own)
 */
export function contentRecords(site: SiteData, settings: object = site.settings): FileRecords[] {
  return [
    { file: CONTENT_FILES.settings, records: [settings], label: () => undefined },
    { file: CONTENT_FILES.home, records: [site.home], label: () => undefined },
    { file: CONTENT_FILES.communities, records: site.communities, label: communityLabel },
    { file: CONTENT_FILES.core, records: site.core, label: (r) => `core service "${r.slug}"` },
    { file: CONTENT_FILES.services, records: site.services, label: (r) => `service "${r.slug}"` },
  ];
}

/** Every string inside a value, with its dotted field path. */
export function* strings(value: unknown, path: string[] = []): Generator<[string, string]> {
  if (typeof value === 'string') yield [path.join('.'), value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, [...path, String(i)]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, [...path, k]);
}
