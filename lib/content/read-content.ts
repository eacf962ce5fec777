/**
 * Reads the content folder's YAML files, one file per record for the collections (as Astro's
 * content collections do): the file's name is the record's slug, its `order` field its place.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  AreaCopy, ChatbotContent, Community, ContentError, type ContentProblem, CoreService, HomeContent, Service, SiteSettings, Slug,
} from './schema.ts';
import { AREA_COPY_FILE, CHATBOT_FILE, COLLECTION_FOLDERS, HOME_FILE, SETTINGS_FILE } from './content-paths.ts';
import { readYaml, type YamlFile } from './yaml-file.ts';

/** Raw, unchecked inputs: each collection in display order, each record with its `slug` (its file's name). */
export interface RawContent {
  settings: unknown;
  communities: unknown[];
  services: unknown[];
  core: unknown[];
  home: unknown;
  areaCopy: unknown;
  chatbot: unknown;
}

/** The files that hold one record each, and their schemas. */
export const SINGLE_FILES = {
  settings: { file: SETTINGS_FILE, schema: SiteSettings },
  home: { file: HOME_FILE, schema: HomeContent },
  areaCopy: { file: AREA_COPY_FILE, schema: AreaCopy },
  chatbot: { file: CHATBOT_FILE, schema: ChatbotContent },
} as const satisfies Record<string, { file: string; schema: z.ZodType }>;

/** The collections: a folder of the content folder, one record a file, and the records' schema. */
export const COLLECTIONS = {
  communities: { folder: COLLECTION_FOLDERS.community, schema: Community, kind: 'community' },
  services: { folder: COLLECTION_FOLDERS.service, schema: Service, kind: 'service' },
  core: { folder: COLLECTION_FOLDERS['core service'], schema: CoreService, kind: 'core service' },
} as const satisfies Record<string, { folder: string; schema: z.ZodType; kind: string }>;

/** The raw content and the parsed files it came from (for the lines of later problems). */
export interface ContentFiles {
  raw: RawContent;
  /** Every file read, by its path relative to the project, e.g. "content/areas/gallup.yaml". */
  files: Map<string, YamlFile>;
}

/**
 * Reads every data file of the content folder.
 * @param contentDir the content folder (its files are named in messages as "content/...")
 * @param overlay files read from here instead of the disk, by their path relative to the project
 *   ("content/areas/gallup.yaml"): a text takes the file's place (or is added), null reads as if
 *   the file were not there. The editor checks a save this way before it writes anything.
 * @returns the records, each collection in its records' `order`
 * @throws ContentError with every mistake of every file found at this stage, each with its line:
 *   YAML that does not parse, a file name that is not a slug, a `slug` field (the file name is the
 *   slug), an `order` that is missing, not a whole number, or another record's too
 */
export function readContent(contentDir: string, overlay: ReadonlyMap<string, string | null> = new Map()): ContentFiles {
  const files = new Map<string, YamlFile>();
  const problems: ContentProblem[] = [];
  const read = (file: string, schema: z.ZodType): unknown => {
    const full = path.join(contentDir, file.slice('content/'.length));
    const text = overlay.has(file) ? overlay.get(file) : existsSync(full) ? readFileSync(full, 'utf8') : null;
    if (text === null || text === undefined) {
      problems.push({ file, expected: `is missing: the content folder must have ${file}` });
      return undefined;
    }
    const yaml = readYaml(file, text, schema);
    files.set(file, yaml);
    problems.push(...yaml.problems);
    return yaml.data;
  };
  const single = Object.fromEntries(Object.entries(SINGLE_FILES).map(([key, { file, schema }]) => [key, read(file, schema)]));
  const collection = (folder: string, schema: z.ZodType, kind: string): unknown[] => {
    const names = namesIn(contentDir, folder, overlay);
    const records: { order: number; slug: string; data: Record<string, unknown> }[] = [];
    for (const name of names) {
      const file = `content/${folder}/${name}`;
      const slug = name.replace(/\.ya?ml$/, '');
      if (slug === name) {
        problems.push({ file, expected: `is not a YAML file: a ${kind} is a file named <slug>.yaml, e.g. content/${folder}/fence-lake.yaml` });
        continue;
      }
      const data = read(file, schema);
      if (!Slug.safeParse(slug).success) {
        problems.push({ file, expected: `is not a good page address: name the file in lowercase words joined by "-", e.g. content/${folder}/fence-lake.yaml` });
        continue;
      }
      if (data === undefined) continue;
      if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        problems.push({ file, line: 1, column: 1, record: `${kind} "${slug}"`, slug, expected: `must be a group of fields, one "name: value" a line` });
        continue;
      }
      records.push({ order: orderOf(data, files.get(file)!, `${kind} "${slug}"`, slug, problems), slug, data: data as Record<string, unknown> });
    }
    problems.push(...orderClashes(records, folder, kind, files));
    return records.sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug)).map(({ slug, data }) => ({ ...data, slug }));
  };
  const collections = Object.entries(COLLECTIONS).map(([key, c]) => [key, collection(c.folder, c.schema, c.kind)]);
  const raw = { ...single, ...Object.fromEntries(collections) } as RawContent;
  if (problems.length) throw new ContentError(problems);
  return { raw, files };
}

/** The file names of a collection's folder, sorted, dot-files left out, with the overlay's changes. */
function namesIn(contentDir: string, folder: string, overlay: ReadonlyMap<string, string | null>): string[] {
  const names = new Set(existsSync(path.join(contentDir, folder)) ? readdirSync(path.join(contentDir, folder)) : []);
  for (const [file, text] of overlay) {
    if (path.posix.dirname(file) !== `content/${folder}`) continue;
    if (text === null) names.delete(path.posix.basename(file));
    else names.add(path.posix.basename(file));
  }
  return [...names].filter((n) => !n.startsWith('.')).sort();
}

/** A record's `order` (Infinity when it has none or a bad one, with the problem added). */
function orderOf(data: object, yaml: YamlFile, record: string, slug: string, problems: ContentProblem[]): number {
  const { order } = data as { order?: unknown; slug?: unknown };
  if ('slug' in data) {
    problems.push({ file: yaml.file, ...yaml.positionOf(['slug'], true), record, slug, field: 'slug', unknownField: true, expected: 'is not a field of this record', hint: `the file's name is the slug (${slug}): remove this line, or rename the file` });
  }
  if (typeof order === 'number' && Number.isInteger(order)) return order;
  problems.push({
    file: yaml.file, ...yaml.positionOf(['order']), record, slug, field: 'order', value: order,
    expected: order === undefined ? 'is missing: add it, e.g. order: 30 (records are listed from the smallest order up)' : 'must be a whole number, e.g. order: 30',
  });
  return Infinity;
}

/** A problem for each record whose `order` another record of the collection has too. */
function orderClashes(records: readonly { order: number; slug: string }[], folder: string, kind: string, files: Map<string, YamlFile>): ContentProblem[] {
  const first = new Map<number, string>();
  const problems: ContentProblem[] = [];
  for (const { order, slug } of records) {
    if (!Number.isFinite(order)) continue;
    const other = first.get(order);
    if (other === undefined) { first.set(order, slug); continue; }
    const file = `content/${folder}/${slug}.yaml`;
    problems.push({
      file, ...files.get(file)?.positionOf(['order']), record: `${kind} "${slug}"`, slug, field: 'order', value: order,
      expected: `is also the order of content/${folder}/${other}.yaml: give each ${kind} its own number, e.g. ${order + 5}`,
    });
  }
  return problems;
}

/** The problems with their line and column added, where their file was read and their field can be found. */
export function locate(problems: readonly ContentProblem[], files: ReadonlyMap<string, YamlFile>): ContentProblem[] {
  return problems.map((p) => {
    if (p.line !== undefined) return p;
    const yaml = files.get(p.file);
    if (!yaml) return p;
    const at = yaml.positionOf(p.field ? p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : [], p.unknownField === true);
    return at ? { ...p, ...at } : p;
  });
}

/**
 * The text of each plain value as the owner wrote it, e.g. "35.14720" for a latitude read as 35.1472.
 * @returns a lookup by file ("content/settings.yaml") and the value's path in it
 * @throws ContentError as readContent does
 */
export function writtenValues(contentDir: string): (file: string, path: readonly string[]) => string | undefined {
  const { files } = readContent(contentDir);
  return (file, path) => files.get(file)?.sourceOf(path);
}
