/**
 * The deploy's local copy of its record (saveRecordCopy, at recordCopyFile() of
 * lib/deploy/deploy-target.ts, never in the output folder), and the pages the live site loses,
 * named before they turn into a 404 with the redirect that sends their visitors on: by the deploy
 * (deletedPageWarnings) and by `npm run check` (pagesNoLongerMade).
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { SETTINGS_FILE } from '../content/content-paths.ts';
import { parseRecord, serializeRecord, type DeployRecord } from './deploy-plan.ts';
import { DeployError } from './deploy-target.ts';
import { writeFileAtomic } from '../atomic-write.ts';

/** What the copy says. */
export interface RecordCopy {
  /** The target deployed to, as describeTarget writes it (no password), e.g. "ftps://me@ftp.yourdomain.com:21/public_html". */
  target: string;
  /** When that deploy finished its upload, ISO 8601 UTC. */
  deployedAt: string;
  /** The server's record after that deploy. */
  record: DeployRecord;
}

/** What to write to send a removed page's visitors on, in the settings file's own words. */
function redirectAdvice(page: string): string {
  return `Add a row to redirects in ${SETTINGS_FILE}: "- from: ${page}" with "to: /service-areas/" (or another page) under it`;
}

/** The folder path of a page file ("/areas/old-town/index.html" -> "/areas/old-town/"), or undefined for any other file. */
export function pageOfFile(sitePath: string): string | undefined {
  return sitePath.endsWith('/index.html') ? sitePath.slice(0, -'index.html'.length) : undefined;
}

/**
 * The redirect sources of a built `_redirects` file (lib/site-files/hosting.ts writes every
 * redirect there, for every host), each also without its trailing slash.
 */
export function redirectSources(redirectsFile: string): Set<string> {
  const froms = redirectsFile.split('\n').map((line) => line.trim().split(/\s+/)[0]).filter((from) => from && !from.startsWith('#'));
  return new Set(froms.flatMap((from) => [from, from.replace(/\/$/, '')]));
}

/**
 * The warnings for a deploy of `dir` that deletes `deletions` (site paths): one line per page no
 * redirect of `dir`/_redirects covers (none built: no redirects), saying what happens to its
 * visitors and how to add the redirect.
 */
export function deletedPageWarnings(dir: string, deletions: readonly string[]): string[] {
  let text = '';
  try { text = readFileSync(path.join(dir, '_redirects'), 'utf8'); } catch { /* no redirects built */ }
  const sources = redirectSources(text);
  return deletions.map(pageOfFile).filter((p): p is string => p !== undefined && !sources.has(p)).map((page) =>
    `Warning: the live page ${page} will be deleted and no redirect sends its visitors on: links and search results pointing at it will show "page not found". To send them to another page, ${redirectAdvice(page).replace(/^A/, 'a')}, build and deploy again.`);
}

/**
 * Writes the copy: to a temporary name beside `file`, renamed over it, so a reader never meets
 * half of it. Makes the folder when missing.
 * @param target where the deploy went (describeTarget's text)
 * @throws the file system's error (the caller decides whether a deploy fails for it)
 */
export async function saveRecordCopy(file: string, record: DeployRecord, target: string, now = new Date()): Promise<void> {
  const copy = {
    ...JSON.parse(serializeRecord(record)),
    about: 'Written by npm run deploy after each deploy that put every page on the server: a copy of the record it keeps there. npm run check reads it to name published pages this content no longer makes. Safe to delete.',
    target,
    deployedAt: now.toISOString(),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(copy, null, 1)}\n`);
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
  try {
    const data = JSON.parse(text);
    if (typeof data?.target === 'string' && typeof data?.deployedAt === 'string') return { target: data.target, deployedAt: data.deployedAt, record: parseRecord(text) };
  } catch { /* refused below */ }
  throw new DeployError(`${file} is not the copy of a deploy record that npm run deploy writes: delete it (the next deploy writes it again).`);
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
