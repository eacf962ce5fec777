/**
 * The live check: after a deploy, read the site back over HTTP(S) (readLiveUrl) and check that
 * visitors get what was built, with the hosting rules of lib/site-files/hosting.ts in force (probesOf
 * says what is asked). Nothing is rolled back; the requests carry no credential.
 */
import http from 'node:http';
import https from 'node:https';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import {
  cacheControlFor, DEPLOY_MANIFEST, HSTS_HEADER, isHiddenPath, MIME_TYPES, NOT_FOUND_PAGE, REDIRECTS, SECURITY_HEADERS, CACHE_RULES, redirectsOfFile,
} from '../site-files/hosting.ts';
import { hashSite } from './deploy-plan.ts';
import { DeployError, liveUrlProblem } from './deploy-target.ts';
import { encodeUrlPath } from '../url-path.ts';

/** Waits before each new try of what differs, in ms: a cache in front gets about 7 s to catch up. */
const LIVE_RETRY_WAITS_MS = [1000, 2000, 4000];
/** Requests in flight at once: enough to overlap round trips, few enough for a shared host. */
const PARALLEL_REQUESTS = 4;
/** Problems listed one by one before the rest are counted. */
const MAX_LISTED = 8;

export interface LiveCheckOptions {
  /** Where the site is read from: http(s)://host[:port][/path], e.g. https://www.example.com (readLiveUrl). */
  url: string;
  /** DEPLOY_INSECURE_TLS=1: accept a certificate that is self-signed or made out to another name. */
  insecureTls: boolean;
  /** How long one request may take, in ms. */
  timeoutMs: number;
  /** Waits before each retry, in ms (default LIVE_RETRY_WAITS_MS). */
  retryWaitsMs?: number[];
  /** Uploads these files of the build (site paths, e.g. "/assets/chunk-X.js") again; without it differences are only reported. */
  repair?: (files: string[]) => Promise<void>;
}

export interface LiveCheckResult {
  /** True when everything matched. */
  ok: boolean;
  /** Pages compared byte for byte (every .html of the build except the sources of its redirects). */
  pages: number;
  /** Other files compared byte for byte (every file the hosts serve that is not a page). */
  files: number;
  /** Files of dist/ (site paths) that differed and were uploaded again, and then matched. */
  repaired: string[];
  /** What to print: one line when ok, else a first line naming the failure and one per problem. */
  lines: string[];
}

/**
 * The address the live check reads: DEPLOY_LIVE_URL, default `siteUrl`; trailing slashes dropped.
 * @throws DeployError when DEPLOY_LIVE_URL is not an http(s) address, or holds a user name or password
 */
export function readLiveUrl(env: NodeJS.ProcessEnv, siteUrl: string): string {
  const raw = env.DEPLOY_LIVE_URL?.trim() || siteUrl;
  const problem = liveUrlProblem(raw);
  if (problem) throw new DeployError(problem);
  const url = new URL(raw);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** One answer as the server sent it, the body decoded. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request the check makes, what it expects of the answer, and what was wrong with the last one. */
interface Probe {
  /** Site path requested, e.g. "/areas/grants/". */
  path: string;
  kind: 'page' | 'file' | 'redirect' | 'missing' | 'hidden';
  /** The file of dist/ whose bytes the answer must be (site path), and those bytes. */
  file?: string;
  body?: Buffer;
  /** Expected Cache-Control (undefined: not checked) and Content-Type (base type). */
  cacheControl?: string;
  contentType?: string;
  /** Expected redirect target path. */
  location?: string;
  answer?: Answer;
  /** What is wrong; `header` names the header when that is what is wrong. */
  problems: { header?: string; text: string }[];
}

/** A failure to reach the server at all: ends the check with this message. */
class Unreachable extends Error {}

/**
 * The probes of the build in `dir` whose site files are `files`, and how many are pages and other
 * files: every page at its route and every other served file (200, its bytes); the security
 * headers on pages and the 404 answer, Cache-Control on pages, headers on one file per cache rule
 * and MIME type; each redirect of _redirects (301, with and without the trailing slash); a missing
 * page (404, the 404 page); the hosting files and the record (404, or 403 from the host).
 */
async function probesOf(dir: string, files: string[]): Promise<{ probes: Probe[]; pages: number; others: number }> {
  const read = (file: string) => readFile(path.join(dir, file));
  const redirects = files.includes('/_redirects') ? redirectsOfFile(await read('/_redirects').then(String)) : REDIRECTS;
  const served = files.filter((f) => !isHiddenPath(f));
  const probes: Probe[] = [];
  for (const file of served.filter((f) => f.endsWith('.html'))) {
    const route = file.replace(/(^|\/)index\.html$/, '$1');
    if (redirects.some((r) => route === r.from || `${route}/` === r.from)) continue; // a redirect probe covers it
    probes.push({ path: route, kind: 'page', file, body: await read(file), cacheControl: cacheControlFor(route), problems: [] });
  }
  const pages = probes.length;
  // Headers on one file per cache rule and per added MIME type, and the service worker (it
  // changes with every page, so it tells this build from any other).
  const withHeaders = new Set([
    ...served.filter((f) => f === SERVICE_WORKER_PATH),
    ...[...CACHE_RULES.map((rule) => served.find((f) => rule.path.test(f))), ...Object.keys(MIME_TYPES).map((ext) => served.find((f) => f.endsWith(ext)))].filter((f) => f !== undefined),
  ]);
  for (const file of served.filter((f) => !f.endsWith('.html'))) {
    const headers = withHeaders.has(file);
    probes.push({ path: file, kind: 'file', file, body: await read(file), cacheControl: headers ? cacheControlFor(file) : undefined, contentType: headers ? MIME_TYPES[path.posix.extname(file)]?.split(';')[0] : undefined, problems: [] });
  }
  const others = probes.length - pages;
  for (const r of redirects) {
    for (const from of new Set([r.from, r.from.replace(/\/$/, '')])) probes.push({ path: from, kind: 'redirect', location: r.to, problems: [] });
  }
  if (files.includes(NOT_FOUND_PAGE)) probes.push({ path: `/live-check-${randomBytes(6).toString('hex')}/`, kind: 'missing', file: NOT_FOUND_PAGE, body: await read(NOT_FOUND_PAGE), problems: [] });
  for (const f of new Set([...files.filter(isHiddenPath), DEPLOY_MANIFEST])) probes.push({ path: f, kind: 'hidden', problems: [] });
  return { probes, pages, others };
}

/**
 * Reads the live site back and compares it with the build in `dir`. What differs is fetched again
 * after each of LIVE_RETRY_WAITS_MS, asking caches to revalidate; a file whose bytes still differ
 * is uploaded again once (`repair`) and read once more.
 * @returns the verdict and the lines to print; never throws for what the server does (an
 *   unreachable server is a failed check with a message)
 * @throws DeployError when `dir` holds a symbolic link (hashSite, as for the deploy)
 */
export async function checkLive(dir: string, options: LiveCheckOptions): Promise<LiveCheckResult> {
  const base = options.url.replace(/\/+$/, '');
  const secure = base.startsWith('https:');
  const { probes, pages, others } = await probesOf(dir, [...(await hashSite(dir)).keys()].sort());
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: PARALLEL_REQUESTS, rejectUnauthorized: !options.insecureTls })
    : new http.Agent({ keepAlive: true, maxSockets: PARALLEL_REQUESTS });
  const probe = (todo: Probe[], revalidate: boolean) => inParallel(todo, async (p) => {
    // Site paths are file names (a space, "#", "?", "%" in them): percent-encoded for the request line.
    p.answer = await fetchRaw(`${base}${encodeUrlPath(p.path)}`, agent, options.timeoutMs, revalidate);
    p.problems = judge(p, p.answer, base, secure);
  });
  const lines: string[] = [];
  const repaired: string[] = [];
  try {
    const waits = options.retryWaitsMs ?? LIVE_RETRY_WAITS_MS;
    for (let attempt = 0, todo = probes; todo.length; attempt++, todo = probes.filter((p) => p.problems.length)) {
      if (attempt > waits.length) break;
      if (attempt) await new Promise((r) => setTimeout(r, waits[attempt - 1]));
      await probe(todo, attempt > 0);
    }
    // Uploading again cannot help when the site is served from another folder.
    const wrong = servesAnotherFolder(probes) ? [] : probes.filter(hasWrongBytes);
    if (wrong.length && options.repair) {
      await options.repair(wrong.map((p) => p.file!));
      const why = new Map(wrong.map((p) => [p, p.problems.find((x) => !x.header)!.text]));
      await probe(wrong, true);
      for (const p of wrong) {
        if (!hasWrongBytes(p)) repaired.push(p.file!);
        lines.push(`Live check: ${p.path} ${why.get(p)}; uploaded it again: ${hasWrongBytes(p) ? 'the server still sends other bytes (below)' : 'it matches now'}.`);
      }
    }
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    return { ok: false, pages, files: others, repaired, lines: [...lines, `Live check failed (${base}): ${err.message}`] };
  } finally {
    agent.destroy();
  }
  const failed = probes.filter((p) => p.problems.length);
  lines.push(...(failed.length ? failure(probes, failed, base) : [`Live check: ${pages} pages and ${others} other files match dist/, headers applied (${base})`]));
  return { ok: !failed.length, pages, files: others, repaired, lines };
}

/** The home page, and the service worker (whose version hashes every page), are not this build's: the site is served from another folder. */
function servesAnotherFolder(probes: Probe[]): boolean {
  const home = probes.find((p) => p.kind === 'page' && p.path === '/');
  const worker = probes.find((p) => p.kind === 'file' && p.path === SERVICE_WORKER_PATH);
  const notThisBuild = (p?: Probe) => !p || p.problems.some((x) => !x.header);
  return Boolean(home) && notThisBuild(home) && notThisBuild(worker);
}

/** True when a page or file answered with other bytes than the build's, or not at all (404): a re-upload may help. */
function hasWrongBytes(p: Probe): boolean {
  if (!(p.kind === 'page' || p.kind === 'file') || !p.answer) return false;
  return p.answer.status === 404 || (p.answer.status === 200 && !p.answer.body.equals(p.body!));
}

/** Runs `work` on every item, PARALLEL_REQUESTS at a time; the first failure rejects. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, queue.length) }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

/** The decoders of each Content-Encoding the check reads, tried in turn (deflate: with its zlib wrapper, or raw as some servers send it). */
const DECODERS = new Map<string, ((raw: Buffer) => Buffer)[]>([
  ['gzip', [zlib.gunzipSync]], ['x-gzip', [zlib.gunzipSync]], ['br', [zlib.brotliDecompressSync]], ['deflate', [zlib.inflateSync, zlib.inflateRawSync]],
]);

/** The body of an answer without its Content-Encoding, or a note saying it cannot be read. */
function decode(raw: Buffer, encoding: string): Buffer {
  if (!raw.length || encoding === '' || encoding === 'identity') return raw;
  for (const decoder of DECODERS.get(encoding) ?? []) {
    try {
      return decoder(raw);
    } catch { /* the next decoder, or the note below */ }
  }
  return Buffer.from(`(a body the check cannot decode from "${encoding}")`);
}

/**
 * One GET, no redirect followed, the body decoded by its Content-Encoding. Sends no credential and no cookie.
 * @throws Unreachable when the server cannot be reached or does not answer in time
 */
function fetchRaw(url: string, agent: http.Agent, timeoutMs: number, revalidate: boolean): Promise<Answer> {
  const u = new URL(url);
  const headers = { 'Accept-Encoding': 'br, gzip', 'User-Agent': 'npm-run-deploy-live-check', ...(revalidate ? { 'Cache-Control': 'no-cache' } : {}) };
  return new Promise((resolve, reject) => {
    const req = (u.protocol === 'https:' ? https : http).get(u, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => reject(unreachable(err, u, timeoutMs)));
      res.on('end', () => {
        const body = decode(Buffer.concat(chunks), String(res.headers['content-encoding'] ?? '').trim().toLowerCase());
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', (err) => reject(unreachable(err, u, timeoutMs)));
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  });
}

/** The message of a request that never got an answer, with what to do. */
function unreachable(err: any, u: URL, timeoutMs: number): Unreachable {
  const code = String(err?.code ?? '');
  const notOnline = 'if the site is not online yet, deploy with --no-live-check; DEPLOY_LIVE_URL names another address this machine can read it at';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new Unreachable(`"${u.hostname}" was not found (DNS): ${notOnline}.`);
  if (code === 'ECONNREFUSED') return new Unreachable(`${u.host} refused the connection: ${notOnline}.`);
  if (code === 'ETIMEDOUT') return new Unreachable(`${u.host} did not answer ${u.pathname} within ${timeoutMs / 1000} s: ${notOnline}; DEPLOY_TIMEOUT_SECONDS waits longer.`);
  if (/CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|HOSTNAME/.test(code)) {
    return new Unreachable(`the TLS certificate of ${u.host} is not trusted (${code}): fix the site's certificate; DEPLOY_INSECURE_TLS=1 accepts it for the live check too (only for a server you control).`);
  }
  return new Unreachable(`${u.host} could not be read (${code || String(err?.message ?? err).slice(0, 80)}): ${notOnline}.`);
}

/** The first difference of two byte strings, with 40 characters of context on each side. */
export function firstDifference(expected: Buffer, actual: Buffer): string {
  let i = 0;
  while (i < expected.length && i < actual.length && expected[i] === actual[i]) i++;
  const show = (b: Buffer) => JSON.stringify(b.subarray(Math.max(0, i - 40), i + 40).toString('utf8').replace(/\s+/g, ' '));
  if (i === expected.length) return `the server sends ${actual.length - i} more byte(s) after byte ${i}: ${show(actual)}`;
  if (i === actual.length) return `the server's copy ends at byte ${i} of ${expected.length}: dist/ goes on with ${show(expected)}`;
  return `first difference at byte ${i}: dist/ has ${show(expected)}, the server sends ${show(actual)}`;
}

/** What is wrong with the answer `a` to `p` (nothing: []). */
function judge(p: Probe, a: Answer, base: string, secure: boolean): Probe['problems'] {
  const out: Probe['problems'] = [];
  const header = (name: string) => {
    const v = a.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  const expectHeader = (name: string, value: string) => {
    const got = header(name);
    if (got !== value) out.push({ header: name, text: got === undefined ? `no ${name} header` : `${name} is "${got}", not "${value}"` });
  };
  const security = () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expectHeader(name, value);
    if (secure) expectHeader('Strict-Transport-Security', HSTS_HEADER);
  };
  if (p.kind === 'page' || p.kind === 'file') {
    if (a.status !== 200) return [{ text: `answers ${a.status}${header('location') ? ` (to ${header('location')})` : ''} instead of 200 with dist${p.file}` }];
    if (!a.body.equals(p.body!)) out.push({ text: `is not dist${p.file}: ${firstDifference(p.body!, a.body)}` });
    if (p.kind === 'page') security();
    if (p.cacheControl) expectHeader('Cache-Control', p.cacheControl);
    const type = String(header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (p.contentType && type !== p.contentType) out.push({ header: 'Content-Type', text: `Content-Type is "${type || 'missing'}", not "${p.contentType}"` });
  } else if (p.kind === 'redirect') {
    const to = header('location');
    const target = to && URL.canParse(to, `${base}/`) ? new URL(to, `${base}/`) : undefined;
    if (a.status !== 301 || target?.pathname !== new URL(`${base}${p.location}`).pathname) out.push({ text: `answers ${a.status}${to ? ` to ${to}` : ''} instead of 301 to ${p.location}` });
  } else if (p.kind === 'missing') {
    if (a.status !== 404) out.push({ text: `(a page that does not exist) answers ${a.status} instead of 404` });
    else if (!a.body.equals(p.body!)) out.push({ text: `(a page that does not exist) answers 404 without the site's 404 page: ${firstDifference(p.body!, a.body)}` });
    security();
  } else if (a.status !== 404 && a.status !== 403) {
    // Never served: 404 by the hosting rules, or 403 where the host's own configuration denies it first.
    out.push({ text: a.status === 200 ? 'is served to anyone (200); it must answer 404' : `answers ${a.status} instead of 404` });
  }
  return out;
}

/** "a, b, c and 3 more". */
function some(items: string[], max = 3): string {
  return items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');
}

/** The lines of a failed check: what failed, named for what it is where it can be, then the problems. */
function failure(probes: Probe[], failed: Probe[], base: string): string[] {
  const home = probes.find((p) => p.kind === 'page' && p.path === '/');
  const tail = 'Nothing was rolled back';
  if (home && servesAnotherFolder(probes)) {
    const what = home.answer!.status === 200 ? 'serves a home page that is not the one just uploaded' : `answers ${home.answer!.status}`;
    const worker = probes.some((p) => p.kind === 'file' && p.path === SERVICE_WORKER_PATH) ? ` and ${SERVICE_WORKER_PATH} is not this build's either` : '';
    return [
      `Live check failed (${base}): the uploaded folder is not the web root: ${base}/ ${what}${worker}. ${tail}: the files are in the folder of DEPLOY_TARGET, but the site is served from another one. Set DEPLOY_TARGET's folder to the one your host serves the domain from (often public_html or www; ask the host), or point the domain at the uploaded folder in the hosting panel; then deploy again.`,
      `  / ${home.problems[0].text}`,
    ];
  }
  const noSecurityHeader = probes.filter((p) => p.kind === 'page' || p.kind === 'missing')
    .every((p) => Object.keys(SECURITY_HEADERS).every((h) => p.problems.some((x) => x.header === h && x.text.startsWith('no '))));
  const redirects = probes.filter((p) => p.kind === 'redirect');
  const notFound = probes.find((p) => p.kind === 'missing');
  const ignored = noSecurityHeader && redirects.every((p) => p.problems.length) && (!notFound || notFound.problems.some((x) => !x.header));
  // Where .htaccess is ignored, its headers, redirects and 404 page are said at once above the rest.
  const told = (p: Probe, x: Probe['problems'][number]) => ignored && (x.header !== undefined || p.kind === 'redirect' || p.kind === 'missing');
  const lines = [ignored
    ? `Live check failed (${base}): the host ignores .htaccess: none of the headers it sets is sent (${some(Object.keys(SECURITY_HEADERS))}), ${redirects[0] ? `${redirects[0].path} ${redirects[0].problems[0].text}, ` : ''}and a missing page does not get the site's 404 page. ${tail}: the pages are live without their security headers, redirect, caching rules and 404 page. Ask your host to allow .htaccess files in the web root (Apache: AllowOverride FileInfo, or All) or, if it runs nginx, to use the config of npm run hosting -- nginx; then run npm run deploy again to check.`
    : `Live check failed (${base}): ${failed.length} of ${probes.length} answers differ from dist/ and the hosting rules (below). ${tail}: fix them on the host, or find what rewrites them (a CDN's e-mail obfuscation or HTML minifier, a cache that keeps old copies), then run npm run deploy again to check.`];
  // Header problems, one line per header and text, naming where; then everything else, one per answer.
  const byHeader = new Map<string, string[]>();
  for (const p of failed) for (const x of p.problems) if (x.header && !told(p, x)) byHeader.set(x.text, [...(byHeader.get(x.text) ?? []), p.path]);
  const rest = [...byHeader].map(([text, where]) => `  ${text}: ${some(where)}`);
  for (const p of failed) for (const x of p.problems) if (!x.header && !told(p, x)) rest.push(`  ${p.path} ${x.text}`);
  return [...lines, ...rest.slice(0, MAX_LISTED), ...(rest.length > MAX_LISTED ? [`  … and ${rest.length - MAX_LISTED} more`] : [])];
}
