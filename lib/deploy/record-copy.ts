/**
 * The deploy's local copy of its record: after each deploy that got every page onto the server,
 * `npm run deploy` writes here what the server's record (DEPLOY_MANIFEST) now says, with where
 * and when. `npm run check` reads it to name the pages that deploy published and the content no
 * longer makes, whatever the output folder holds (it may have been rebuilt since, or be empty).
 * The file lives at the project root (RECORD_COPY_FILE of lib/deploy/deploy-target.ts,
 * git-ignored; DEPLOY_RECORD_COPY names another), never in the output folder, so it is not
 * published; deleting it only makes the check blind to earlier deploys until the next one.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRecord, type DeployRecord } from './deploy-plan.ts';
import { DeployError } from './deploy-target.ts';
import { pageOfFile, redirectAdvice } from './deleted-pages.ts';

/** What the copy says. */
export interface RecordCopy {
  /** The target deployed to, as describeTarget writes it (no password), e.g. "ftps://me@ftp.yourdomain.com:21/public_html". */
  target: string;
  /** When that deploy finished its upload, ISO 8601 UTC. */
  deployedAt: string;
  /** The server's record after that deploy. */
  record: DeployRecord;
}

/**
 * Writes the copy: to a temporary name beside `file`, renamed over it, so a reader never meets
 * half of it. Makes the folder when missing.
 * @param target where the deploy went (describeTarget's text)
 * @throws the file system's error (the caller decides whether a deploy fails for it)
 */
export async function saveRecordCopy(file: string, record: DeployRecord, target: string, now = new Date()): Promise<void> {
  const copy = {
    about: 'Written by npm run deploy after each deploy that put every page on the server: a copy of the record it keeps there. npm run check reads it to name published pages this content no longer makes. Safe to delete.',
    target,
    deployedAt: now.toISOString(),
    files: Object.fromEntries(Object.entries(record.files).sort(([a], [b]) => (a < b ? -1 : 1))),
    pending: [...record.pending].sort(),
    retired: record.retired ?? {},
  };
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(copy, null, 1)}\n`);
  await rename(tmp, file);
}

/**
 * Reads the copy.
 * @returns undefined when there is none (no deploy from this folder yet)
 * @throws DeployError naming the file when it is not a copy this tool wrote (edited by hand)
 */
export function readRecordCopy(file: string): RecordCopy | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  const broken = new DeployError(`${file} is not the copy of a deploy record that npm run deploy writes: delete it (the next deploy writes it again).`);
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    throw broken;
  }
  if (typeof data?.target !== 'string' || typeof data?.deployedAt !== 'string') throw broken;
  try {
    return { target: data.target, deployedAt: data.deployedAt, record: parseRecord(text) };
  } catch {
    throw broken;
  }
}

/**
 * The pages the record's deploy published (its files and pending files named index.html), as
 * page paths: "/areas/milan/index.html" -> "/areas/milan/". Retired files are scripts and photos.
 */
export function publishedPages(record: DeployRecord): string[] {
  return [...new Set([...Object.keys(record.files), ...record.pending])].map(pageOfFile).filter((p): p is string => p !== undefined).sort();
}

/**
 * The warnings for pages that were published or built before and that this content no longer
 * makes, with no redirect covering them: one line each, saying where the page was seen (the last
 * deploy wins over the output folder, as the live page is what visitors reach) and how to add the
 * redirect.
 * @param made    page paths the current content makes, e.g. "/areas/grants/"
 * @param sources redirect sources, each with and without its trailing slash
 * @param built   page paths in the output folder (the last build)
 * @param copy    the last deploy's record copy, when there is one
 * @param outDir  the output folder's name for the message, e.g. "dist/"
 */
export function pagesNoLongerMade(made: ReadonlySet<string>, sources: ReadonlySet<string>, built: readonly string[], copy: RecordCopy | undefined, outDir: string): string[] {
  const published = new Set(copy ? publishedPages(copy.record) : []);
  const gone = [...new Set([...published, ...built])].filter((p) => !made.has(p) && !sources.has(p)).sort();
  return gone.map((page) => {
    const seen = published.has(page)
      ? `was published by the last deploy (to ${copy!.target}, ${copy!.deployedAt.slice(0, 16).replace('T', ' ')} UTC) and this content no longer makes it: the next deploy deletes it from the live site`
      : `is in the last build (${outDir}) but this content makes no such page: once deployed it is deleted`;
    return `Warning: ${page} ${seen}, and visitors following links or search results to it see "page not found". ${redirectAdvice(page)}.`;
  });
}
