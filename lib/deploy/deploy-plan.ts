/**
 * What a deploy must do, decided before anything is sent: the content hash of every local file,
 * the record the previous deploy left on the server, and from both the ordered uploads and
 * deletions. Pure apart from reading the local folder.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { NOT_SITE } from '../output-folder.ts';
import { DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN, HASHED_ASSET, HASHED_PHOTO, HOST_CONFIG_FILES } from '../site-files/hosting.ts';
import { DeployError } from './deploy-target.ts';

/** One local file of the built site, read once: what is hashed is what is uploaded. */
export interface LocalFile {
  /** Site path, e.g. "/areas/grants/index.html", "/.htaccess". */
  path: string;
  /** SHA-256 of the content, hex. */
  hash: string;
  data: Buffer;
}

/** The names the deploy's record may have on a server: DEPLOY_MANIFEST, else DEPLOY_MANIFEST_PLAIN where dot-names are refused. */
export const DEPLOY_RECORDS = [DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN] as const;

/** The deploy's record on the server (DEPLOY_RECORDS): what it put there, the only files it ever deletes. */
export interface DeployRecord {
  /** Site path -> SHA-256 hex: files known to be on the server with exactly that content. */
  files: Record<string, string>;
  /** Site paths, sorted: files whose state a cut left unknown (an upload or deletion was under way). */
  pending: string[];
  /** Site path -> SHA-256 hex: content-hashed files the build no longer has, kept one more deploy (isKeptOneMoreDeploy). */
  retired?: Record<string, string>;
}

/** The upload phases, in the order they run so the live site never references a missing file. */
export const PHASES = ['assets', 'pages', 'hosting'] as const;
export type Phase = (typeof PHASES)[number];

/** One upload of the plan. */
interface Upload {
  local: LocalFile;
  phase: Phase;
  /** True when a file of the previous deploy is (or may be) there under this path. */
  replaces: boolean;
}

export interface Plan {
  /** Uploads in order: assets, images and other files; then pages; then hosting files. */
  uploads: Upload[];
  /** Site paths to delete, pages first; each is in the previous record. */
  deletions: string[];
  /** Stale content-hashed files kept one more deploy (the record's `retired`), with their SHA-256. */
  retired: Record<string, string>;
  /** Local files already on the server with the same content. */
  unchanged: number;
  /** Every local file, by site path. */
  local: Map<string, LocalFile>;
}

/** Which phase a site path uploads in. */
export function phaseOf(sitePath: string): Phase {
  if ((HOST_CONFIG_FILES as readonly string[]).includes(sitePath)) return 'hosting';
  if (sitePath.endsWith('.html')) return 'pages';
  return 'assets';
}

/**
 * Reads and hashes every file under `dir`, dot-files included. Symbolic links are never followed
 * (a link to ../.env would publish it); the folder given may itself be a link.
 * @throws DeployError when the folder holds a symbolic link (naming it and where it points), or a
 *   file named like the deploy record (it would be overwritten)
 */
export async function hashSite(dir: string): Promise<Map<string, LocalFile>> {
  const entries = await fg('**/*', { cwd: dir, dot: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const link = entries.find((e) => e.dirent.isSymbolicLink());
  if (link) {
    const where = path.join(dir, link.path);
    const to = await readlink(where).catch(() => '?');
    throw new DeployError(`${where} is a symbolic link (to ${to}): the deploy never follows links, so that nothing outside the built site is published. Remove it, or build again (the build copies no links).`);
  }
  // The build's own bookkeeping at the root of an output folder swapped in place is not the site.
  const names = entries.filter((e) => e.dirent.isFile() && !NOT_SITE.test(e.path.split('/')[0])).map((e) => e.path).sort();
  const files = new Map<string, LocalFile>();
  for (const name of names) {
    const file = path.join(dir, name);
    const data = await readFile(file, { flag: constants.O_RDONLY | constants.O_NOFOLLOW });
    const sitePath = `/${name.split(path.sep).join('/')}`;
    if ((DEPLOY_RECORDS as readonly string[]).includes(sitePath)) throw new DeployError(`${file} has the name of the deploy's own record on the server; rename it.`);
    files.set(sitePath, { path: sitePath, hash: createHash('sha256').update(data).digest('hex'), data });
  }
  return files;
}

/**
 * Reads a record written by serializeRecord.
 * @param name the record's site path on the server, for the message
 * @throws DeployError when it is not one (edited by hand, or another tool's file of the same name)
 */
export function parseRecord(text: string, name: string = DEPLOY_MANIFEST): DeployRecord {
  const broken = () => new DeployError(`The server's ${name} is not a deploy record this tool can read; if you edited it, restore it. Deleting it makes the next deploy upload everything and delete nothing.`);
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    throw broken();
  }
  const files = data?.files;
  const pending = data?.pending ?? [];
  const retired = data?.retired ?? {};
  const isPath = (p: unknown) => typeof p === 'string' && p.startsWith('/') && !p.split('/').includes('..');
  if (!files || typeof files !== 'object' || !Array.isArray(pending)) throw broken();
  const hashes = (o: unknown) => Boolean(o) && typeof o === 'object' && Object.entries(o as object).every(([p, h]) => isPath(p) && typeof h === 'string');
  if (!hashes(files) || !hashes(retired) || !pending.every(isPath)) throw broken();
  return { files: { ...files }, pending: [...new Set<string>(pending)].sort(), retired: { ...retired } };
}

/** The record as stored on the server: sorted, one file per line, with a note for whoever opens it. */
export function serializeRecord(m: { files: Record<string, string>; pending: Iterable<string>; retired?: Record<string, string> }): string {
  const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${JSON.stringify({
    about: 'Written by npm run deploy: the files it put in this folder and their SHA-256. It deletes only files listed here. Do not edit.',
    files: sorted(m.files),
    pending: [...new Set(m.pending)].sort(),
    retired: sorted(m.retired ?? {}),
  }, null, 1)}\n`;
}

/**
 * Compares the local site with the server's record.
 * @param local    hashSite's result
 * @param previous the server's record, undefined on a first deploy
 */
export function planDeploy(local: Map<string, LocalFile>, previous?: DeployRecord): Plan {
  const prevFiles = previous?.files ?? {};
  const prevRetired = previous?.retired ?? {};
  const pending = new Set(previous?.pending ?? []);
  const uploads: Upload[] = [];
  let unchanged = 0;
  for (const file of local.values()) {
    if ((prevFiles[file.path] ?? prevRetired[file.path]) === file.hash && !pending.has(file.path)) {
      unchanged++;
      continue;
    }
    const replaces = file.path in prevFiles || file.path in prevRetired || pending.has(file.path);
    uploads.push({ local: file, phase: phaseOf(file.path), replaces });
  }
  uploads.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || (a.local.path < b.local.path ? -1 : 1));
  const owned = new Set([...Object.keys(prevFiles), ...pending, ...Object.keys(prevRetired)]);
  const stale = [...owned].filter((p) => !local.has(p) && !(DEPLOY_RECORDS as readonly string[]).includes(p));
  const retired: Record<string, string> = {};
  for (const p of stale) {
    if (p in prevFiles && !pending.has(p) && !(p in prevRetired) && isKeptOneMoreDeploy(p)) retired[p] = prevFiles[p];
  }
  const deletions = stale.filter((p) => !(p in retired));
  const rank = (p: string) => (phaseOf(p) === 'pages' ? 0 : 1);
  deletions.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  return { uploads, deletions, retired, unchanged, local };
}

/**
 * True for a file kept on the server for one more deploy once the build no longer has it: the
 * content-hashed scripts and photos (HASHED_ASSET, HASHED_PHOTO), which a tab opened before the
 * deploy may still ask for by their old names.
 */
export function isKeptOneMoreDeploy(sitePath: string): boolean {
  return HASHED_ASSET.test(sitePath) || HASHED_PHOTO.test(sitePath);
}

/** True for a site path with a file or folder name starting with a dot ("/.htaccess", "/.well-known/x"). */
export function isDotPath(sitePath: string): boolean {
  return sitePath.split('/').some((part) => part.startsWith('.'));
}

/** What a temporary name is for: an upload on its way in, or the old file moved aside while the new one takes its place. */
export type Leftover = 'deploy-tmp' | 'deploy-old';

/** A run id: 8 characters of [0-9a-z], new for every deploy. */
export const RUN_ID = /^[0-9a-z]{8}$/;

/**
 * The name a file has beside its place while the deploy replaces it: "/a/.index.html.RUN.deploy-tmp"
 * (the upload) or "/a/.index.html.RUN.deploy-old" (the old file moved aside, where the server will
 * not rename over a file), RUN being the deploy's run id, so two runs never share a name. A dot in
 * front keeps it from being served (HIDDEN_PATH), except on a server that refuses names starting
 * with a dot (`plain`): there "/a/index.html.RUN.deploy-tmp". A dot-file keeps its own dot:
 * "/.htaccess.RUN.deploy-tmp".
 */
export function temporaryName(sitePath: string, plain: boolean, kind: Leftover, runId: string): string {
  const base = path.posix.basename(sitePath);
  const dot = base.startsWith('.') || plain ? '' : '.';
  return path.posix.join(path.posix.dirname(sitePath), `${dot}${base}.${runId}.${kind}`);
}

/**
 * The names among `names` (a listing of the folder of `sitePath`) that an interrupted deploy may
 * have left beside `sitePath`, of one kind, with any run id, in both naming styles, as site paths.
 * The record's own (DEPLOY_RECORDS) have one style each: the dot-file's, and the plain name's plain one.
 */
export function leftoverNames(sitePath: string, kind: Leftover, names: Iterable<string>): string[] {
  const base = path.posix.basename(sitePath);
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const dot = sitePath === DEPLOY_MANIFEST_PLAIN || base.startsWith('.') ? '' : '\\.?';
  const pattern = new RegExp(`^${dot}${escaped}\\.[0-9a-z]{8}\\.${kind}$`);
  const dir = path.posix.dirname(sitePath);
  return [...names].filter((n) => pattern.test(n)).sort().map((n) => path.posix.join(dir, n));
}
