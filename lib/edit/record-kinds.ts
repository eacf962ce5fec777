/**
 * The kinds of record the editor lists and edits, each with its file or folder, its zod schema,
 * the label an owner reads and the page it makes; and the reading of one record file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { COLLECTIONS, SINGLE_FILES } from '../content/read-content.ts';
import { readYaml } from '../content/yaml-file.ts';
import type { RecordKind, RecordSummary } from './api-types.ts';

/** One kind: a single file (`file`) or a folder of records named by slug (`folder`). */
export interface KindInfo {
  kind: RecordKind;
  label: string;
  schema: z.ZodType;
  file?: string;
  folder?: string;
}

/** Every kind, in the order the editor lists them. */
export const KINDS: readonly KindInfo[] = [
  { kind: 'settings', label: 'Business settings', schema: SINGLE_FILES.settings.schema, file: SINGLE_FILES.settings.file },
  { kind: 'home', label: 'Home page', schema: SINGLE_FILES.home.schema, file: SINGLE_FILES.home.file },
  { kind: 'community', label: 'Communities', schema: COLLECTIONS.communities.schema, folder: `content/${COLLECTIONS.communities.folder}` },
  { kind: 'core', label: 'Core services', schema: COLLECTIONS.core.schema, folder: `content/${COLLECTIONS.core.folder}` },
  { kind: 'service', label: 'Services', schema: COLLECTIONS.services.schema, folder: `content/${COLLECTIONS.services.folder}` },
  { kind: 'areaCopy', label: 'Area page copy', schema: SINGLE_FILES.areaCopy.schema, file: SINGLE_FILES.areaCopy.file },
  { kind: 'chatbot', label: 'Chat panel', schema: SINGLE_FILES.chatbot.schema, file: SINGLE_FILES.chatbot.file },
];

/** The kind of a record file and its slug (for a folder's records), or undefined for any other path. */
export function kindOfFile(file: string): { info: KindInfo; slug?: string } | undefined {
  for (const info of KINDS) {
    if (info.file === file) return { info };
    if (info.folder && path.posix.dirname(file) === info.folder && file.endsWith('.yaml')) return { info, slug: path.posix.basename(file, '.yaml') };
  }
  return undefined;
}

/** The file of a new record of a folder's kind, e.g. ("community", "zuni") -> "content/areas/zuni.yaml". */
export function fileOfRecord(kind: RecordKind, slug: string): string | undefined {
  const folder = KINDS.find((k) => k.kind === kind)?.folder;
  return folder ? `${folder}/${slug}.yaml` : undefined;
}

/**
 * The site path of the page a record makes, when the build shown has it.
 * @param pages the site paths of the build's pages
 */
export function pageOf(kind: RecordKind, slug: string | undefined, pages: ReadonlySet<string>): string | undefined {
  const page = kind === 'areaCopy' ? [...pages].find((p) => p.startsWith('/areas/')) : pagePath(kind, slug);
  return page && pages.has(page) ? page : undefined;
}

/** The site path a record's page has when the build makes one (a community without `page` makes none). */
export function pagePath(kind: RecordKind, slug: string | undefined): string | undefined {
  const paths: Record<RecordKind, string | undefined> = {
    settings: '/', home: '/', chatbot: '/', areaCopy: undefined,
    community: `/areas/${slug}/`, service: `/services/${slug}/`, core: `/${slug}/`,
  };
  return paths[kind];
}

/** A record file read: its text and its data as the build reads it (undefined when it does not parse). */
export function readRecord(root: string, file: string, info: KindInfo): { text: string; bytes: Buffer; data: unknown } {
  const bytes = readFileSync(path.join(root, file));
  const text = bytes.toString('utf8');
  return { text, bytes, data: readYaml(file, text, info.schema).data };
}

/** The title a record is listed by: its `name`, else its `title`, else its slug or kind's label. */
export function titleOf(data: unknown, fallback: string): string {
  const d = (data ?? {}) as { name?: unknown; title?: unknown };
  return typeof d.name === 'string' && d.name ? d.name : typeof d.title === 'string' && d.title ? d.title : fallback;
}

/** The records of a kind, a folder's in their `order` (then slug). */
export function listRecords(root: string, info: KindInfo, pages: ReadonlySet<string>): RecordSummary[] {
  if (info.file) return existsSync(path.join(root, info.file)) ? [{ file: info.file, title: info.label, page: pageOf(info.kind, undefined, pages) }] : [];
  const folder = path.join(root, info.folder!);
  const names = existsSync(folder) ? readdirSync(folder).filter((n) => n.endsWith('.yaml') && !n.startsWith('.')) : [];
  const rows = names.map((name) => {
    const file = `${info.folder}/${name}`;
    const slug = name.slice(0, -'.yaml'.length);
    const { data } = readRecord(root, file, info);
    const order = (data as { order?: unknown } | undefined)?.order;
    return { order: typeof order === 'number' ? order : Infinity, row: { file, slug, title: titleOf(data, slug), page: pageOf(info.kind, slug, pages) } };
  });
  return rows.sort((a, b) => a.order - b.order || a.row.slug.localeCompare(b.row.slug)).map((r) => r.row);
}
