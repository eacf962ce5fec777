/**
 * The live check: after a deploy, read the site back over HTTP(S) from where this machine can
 * reach it (DEPLOY_LIVE_URL, default siteUrl) and check that what visitors get is what was built
 * and that the hosting file is in force:
 *  - every page of the build (each .html file, at its route: /areas/grants/index.html is
 *    /areas/grants/) answers 200 with the page's bytes, after decoding gzip or brotli; the build's
 *    files are those the deploy uploads (hashSite: its bookkeeping, NOT_SITE, left out);
 *  - every other file the hosts serve (scripts, the chunks they import, images, the keyword
 *    corpus, …) answers 200 with its bytes: a changed shared chunk is cached by visitors for a
 *    year, so none is left out;
 *  - the security headers (SECURITY_HEADERS, and HSTS over HTTPS) are on every page and on the
 *    404 answer; every page has its Cache-Control; one file of each cache rule, one of each MIME
 *    type the rules add and the service worker have their Cache-Control and Content-Type;
 *  - each redirect of the build (its _redirects file: REDIRECTS and the operator's own) answers
 *    301 to its target, with and without the trailing slash; a missing page answers 404 with the
 *    404 page,
 *    the hosting files and the deploy record are not served (404, or 403 from the host's own
 *    configuration), and the MIME types the rules add apply.
 * Everything it expects comes from lib/site-files/hosting.ts, the rules' single source, and the
 * built folder itself.
 *
 * Whatever differs is fetched again after LIVE_RETRY_WAITS_MS (a cache in front may still hold
 * the previous version; the requests ask it to revalidate with `Cache-Control: no-cache`). A file
 * whose bytes still differ (or that is missing) is repaired once when the caller can (`repair`
 * uploads it again), then read once more; what differs after that (a host or CDN rewriting it) is
 * named in the failed verdict. Two
 * failures are named for what they are, each with what to fix on the host: the uploaded folder is
 * not the web root (the home page, and the service worker whose version hashes every page, are
 * not the ones just uploaded), and the host ignores .htaccess (no header, redirect or 404 page of
 * it applies). Nothing is rolled back. The check sends plain GET requests without any credential:
 * never the deploy's password, and DEPLOY_LIVE_URL may not hold a user name or password.
 */
import http from 'node:http';
import https from 'node:https';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import {
  cacheControlFor, DEPLOY_MANIFEST, HSTS_HEADER, isHiddenPath, MIME_TYPES, NOT_FOUND_PAGE, REDIRECTS, SECURITY_HEADERS, CACHE_RULES, redirectsOfFile, type Redirect,
} from '../site-files/hosting.ts';
import { hashSite } from './deploy-plan.ts';
import { DeployError, liveUrlProblem } from './deploy-target.ts';
import { encodeUrlPath } from '../url-path.ts';

/** Waits before each new try of what differs, in ms: a cache in front gets about 7 s to catch up. */
const LIVE_RETRY_WAITS_MS = [1000, 2000, 4000];
/** Requests in flight at once: enough to overlap round trips, few enough for a shared host. */
const PARALLEL_REQUESTS = 4;
/** Characters of context shown on each side of the first difference of a page. */
const SNIPPET = 40;
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
  /**
   * Uploads these files of the build (site paths of dist/, e.g. "/assets/chunk-X.js") again; the
   * deploy passes it. Without it differences are only reported.
   */
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

/** A request the check makes and what it expects of the answer. */
interface Probe {
  /** Site path requested, e.g. "/areas/grants/". */
  path: string;
  kind: 'page' | 'file' | 'redirect' | 'missing' | 'hidden';
  /** Expected body (page, file, the 404 page). */
  body?: Buffer;
  /** The file of dist/ the body is, as a site path ("/areas/grants/index.html"). */
  file?: string;
  /** False for a file compared by its bytes only (Cache-Control and Content-Type are checked on one file per rule and type). */
  headers?: boolean;
  /** Where the body comes from, for messages ("dist/areas/grants/index.html"). */
  source?: string;
  /** Expected redirect target path. */
  location?: string;
  /** Expected Cache-Control and Content-Type (base type). */
  cacheControl?: string;
  contentType?: string;
  /** The answer of the last try, and what was wrong with it. */
  answer?: Answer;
  problems: Problem[];
}

/** One thing wrong with one answer. `header` names the header when that is what is wrong. */
interface Problem {
  header?: string;
  text: string;
}

/** A failure to reach the server at all: ends the check with this message. */
class Unreachable extends Error {}

/** The site path a built file is served at: /a/index.html -> /a/, /index.html -> /. */
const routeOf = (file: string) => file.replace(/(^|\/)index\.html$/, '$1');

/** The built folder's own `_redirects` file. */
const REDIRECTS_FILE = '/_redirects';

/** The redirects of the build in `dir`: those of its _redirects file, else (a build without one) REDIRECTS. */
async function buildRedirects(dir: string, files: string[]): Promise<readonly Redirect[]> {
  if (!files.includes(REDIRECTS_FILE)) return REDIRECTS;
  return redirectsOfFile(await readFile(path.join(dir, REDIRECTS_FILE), 'utf8'));
}

/**
 * Reads the live site back and compares it with the build in `dir`.
 * @returns the verdict and the lines to print; never throws for what the server does (an
 *   unreachable server is a failed check with a message)
 * @throws DeployError when `dir` holds a symbolic link (hashSite, as for the deploy)
 */
export async function checkLive(dir: string, options: LiveCheckOptions): Promise<LiveCheckResult> {
  const base = options.url.replace(/\/+$/, '');
  const secure = base.startsWith('https:');
  const files = [...(await hashSite(dir)).keys()].sort();
  const redirects = await buildRedirects(dir, files);
  const redirectFrom = (route: string) => redirects.some((r) => route === r.from || `${route}/` === r.from);
  const read = (file: string) => readFile(path.join(dir, file));
  const probes: Probe[] = [];
  const add = (p: Omit<Probe, 'problems'>) => probes.push({ ...p, problems: [] });

  for (const file of files.filter((f) => f.endsWith('.html') && !isHiddenPath(f))) {
    const route = routeOf(file);
    if (redirectFrom(route)) continue; // a redirect probe below covers it
    add({ path: route, kind: 'page', body: await read(file), file, source: `dist${file}`, cacheControl: cacheControlFor(route) });
  }
  const pages = probes.length;
  // One file per cache rule and per added MIME type, and the service worker (it changes with
  // every page, so it tells this build from any other).
  const chosen = new Set<string>(files.includes(SERVICE_WORKER_PATH) ? [SERVICE_WORKER_PATH] : []);
  for (const rule of CACHE_RULES) {
    const f = files.find((x) => rule.path.test(x) && !isHiddenPath(x));
    if (f) chosen.add(f);
  }
  for (const ext of Object.keys(MIME_TYPES)) {
    const f = files.find((x) => x.endsWith(ext) && !isHiddenPath(x));
    if (f) chosen.add(f);
  }
  for (const f of files.filter((x) => !x.endsWith('.html') && !isHiddenPath(x))) {
    const ext = path.posix.extname(f);
    const headers = chosen.has(f);
    add({ path: f, kind: 'file', body: await read(f), file: f, source: `dist${f}`, headers, cacheControl: cacheControlFor(f), contentType: headers ? MIME_TYPES[ext]?.split(';')[0] : undefined });
  }
  const others = probes.length - pages;
  for (const r of redirects) {
    for (const from of new Set([r.from, r.from.replace(/\/$/, '')])) add({ path: from, kind: 'redirect', location: r.to });
  }
  const missing = `/live-check-${randomBytes(6).toString('hex')}/`;
  if (files.includes(NOT_FOUND_PAGE)) add({ path: missing, kind: 'missing', body: await read(NOT_FOUND_PAGE), source: `dist${NOT_FOUND_PAGE}` });
  for (const f of new Set([...files.filter(isHiddenPath), DEPLOY_MANIFEST])) add({ path: f, kind: 'hidden' });

  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: PARALLEL_REQUESTS, rejectUnauthorized: !options.insecureTls })
    : new http.Agent({ keepAlive: true, maxSockets: PARALLEL_REQUESTS });
  // Site paths are file names (a space, "#", "?", "%" in them): percent-encoded for the request line.
  const get = (p: string, revalidate: boolean) => fetchRaw(`${base}${encodeUrlPath(p)}`, agent, options.timeoutMs, revalidate);
  const probe = (todo: Probe[], revalidate: boolean) => inParallel(todo, async (p) => {
    p.answer = await get(p.path, revalidate);
    p.problems = judge(p, base, secure);
  });
  const repairLines: string[] = [];
  const repaired: string[] = [];
  try {
    let todo = probes;
    const waits = options.retryWaitsMs ?? LIVE_RETRY_WAITS_MS;
    for (let attempt = 0; ; attempt++) {
      await probe(todo, attempt > 0);
      todo = probes.filter((p) => p.problems.length);
      if (!todo.length || attempt >= waits.length) break;
      await new Promise((r) => setTimeout(r, waits[attempt]));
    }
    // Uploading again cannot help when the site is served from another folder.
    const wrong = servesAnotherFolder(probes) ? [] : probes.filter(hasWrongBytes);
    if (wrong.length && options.repair) {
      await options.repair(wrong.map((p) => p.file!));
      const why = new Map(wrong.map((p) => [p, p.problems.find((x) => !x.header)!.text]));
      await probe(wrong, true);
      for (const p of wrong) {
        const fixed = !hasWrongBytes(p);
        if (fixed) repaired.push(p.file!);
        repairLines.push(`Live check: ${p.path} ${why.get(p)}; uploaded it again: ${fixed ? 'it matches now' : 'the server still sends other bytes (below)'}.`);
      }
    }
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    return { ok: false, pages, files: others, repaired, lines: [...repairLines, `Live check failed (${base}): ${err.message}`] };
  } finally {
    agent.destroy();
  }
  const result = verdict(probes, pages, others, base);
  return { ...result, repaired, lines: [...repairLines, ...result.lines] };
}

/**
 * True when the home page, and the service worker (whose version hashes every page), are not this
 * build's: the site is served from another folder than the uploaded one.
 */
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

/**
 * One GET, no redirect followed, the body decoded by its Content-Encoding (gzip, brotli, deflate).
 * Sends no credential and no cookie.
 * @throws Unreachable when the server cannot be reached or does not answer in time
 */
function fetchRaw(url: string, agent: http.Agent, timeoutMs: number, revalidate: boolean): Promise<Answer> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'Accept-Encoding': 'br, gzip', 'User-Agent': 'npm-run-deploy-live-check' };
  if (revalidate) headers['Cache-Control'] = 'no-cache';
  return new Promise((resolve, reject) => {
    const req = lib.get(u, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => reject(unreachable(err, u, timeoutMs)));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
        let body: Buffer;
        try {
          body = decode(raw, encoding);
        } catch {
          body = Buffer.from(`(a body the check cannot decode from "${encoding}")`);
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', (err) => reject(unreachable(err, u, timeoutMs)));
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  });
}

/** The body of an answer without its Content-Encoding. @throws on an encoding it cannot read */
function decode(raw: Buffer, encoding: string): Buffer {
  if (encoding === 'identity' || encoding === '' || raw.length === 0) return raw;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(raw);
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  if (encoding === 'deflate') {
    try {
      return zlib.inflateSync(raw);
    } catch {
      return zlib.inflateRawSync(raw); // some servers send raw deflate without the zlib wrapper
    }
  }
  throw new Error(`unknown encoding ${encoding}`);
}

/** The message of a request that never got an answer, with what to do. */
function unreachable(err: any, u: URL, timeoutMs: number): Unreachable {
  const code = String(err?.code ?? '');
  const where = u.host;
  const notOnline = 'if the site is not online yet, deploy with --no-live-check; DEPLOY_LIVE_URL names another address this machine can read it at';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new Unreachable(`"${u.hostname}" was not found (DNS): ${notOnline}.`);
  if (code === 'ECONNREFUSED') return new Unreachable(`${where} refused the connection: ${notOnline}.`);
  if (code === 'ETIMEDOUT') return new Unreachable(`${where} did not answer ${u.pathname} within ${timeoutMs / 1000} s: ${notOnline}; DEPLOY_TIMEOUT_SECONDS waits longer.`);
  if (/CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|HOSTNAME/.test(code)) {
    return new Unreachable(`the TLS certificate of ${where} is not trusted (${code}): fix the site's certificate; DEPLOY_INSECURE_TLS=1 accepts it for the live check too (only for a server you control).`);
  }
  return new Unreachable(`${where} could not be read (${code || String(err?.message ?? err).slice(0, 80)}): ${notOnline}.`);
}

/** The first difference of two byte strings, as "at byte N: dist/ has "…" and the server sends "…"". */
export function firstDifference(expected: Buffer, actual: Buffer): string {
  let i = 0;
  while (i < expected.length && i < actual.length && expected[i] === actual[i]) i++;
  const show = (b: Buffer) => JSON.stringify(b.subarray(Math.max(0, i - SNIPPET), i + SNIPPET).toString('utf8').replace(/\s+/g, ' '));
  if (i === expected.length) return `the server sends ${actual.length - i} more byte(s) after byte ${i}: ${show(actual)}`;
  if (i === actual.length) return `the server's copy ends at byte ${i} of ${expected.length}: dist/ goes on with ${show(expected)}`;
  return `first difference at byte ${i}: dist/ has ${show(expected)}, the server sends ${show(actual)}`;
}

/** What is wrong with the answer to `p` (nothing: []). */
function judge(p: Probe, base: string, secure: boolean): Problem[] {
  const a = p.answer!;
  const out: Problem[] = [];
  const header = (name: string) => {
    const v = a.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  const expectHeader = (name: string, value: string) => {
    const got = header(name);
    if (got === undefined) out.push({ header: name, text: `no ${name} header` });
    else if (got !== value) out.push({ header: name, text: `${name} is "${got}", not "${value}"` });
  };
  const expectBody = () => {
    if (!a.body.equals(p.body!)) out.push({ text: `is not ${p.source}: ${firstDifference(p.body!, a.body)}` });
  };
  const security = () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expectHeader(name, value);
    if (secure) expectHeader('Strict-Transport-Security', HSTS_HEADER);
  };
  if (p.kind === 'page' || p.kind === 'file') {
    if (a.status !== 200) {
      const to = header('location');
      return [{ text: `answers ${a.status}${to ? ` (to ${to})` : ''} instead of 200 with ${p.source}` }];
    }
    expectBody();
    if (p.kind === 'page') security();
    if (p.headers === false) return out;
    expectHeader('Cache-Control', p.cacheControl!);
    if (p.contentType) {
      const got = String(header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (got !== p.contentType) out.push({ header: 'Content-Type', text: `Content-Type is "${got || 'missing'}", not "${p.contentType}"` });
    }
  } else if (p.kind === 'redirect') {
    const to = header('location');
    const target = to && URL.canParse(to, `${base}/`) ? new URL(to, `${base}/`) : undefined;
    const wanted = new URL(`${base}${p.location}`);
    if (a.status !== 301 || target?.pathname !== wanted.pathname) out.push({ text: `answers ${a.status}${to ? ` to ${to}` : ''} instead of 301 to ${p.location}` });
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
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/** The result of the check once every probe has its last answer. */
function verdict(probes: Probe[], pages: number, files: number, base: string): Omit<LiveCheckResult, 'repaired'> {
  const failed = probes.filter((p) => p.problems.length);
  if (!failed.length) return { ok: true, pages, files, lines: [`Live check: ${pages} pages and ${files} other files match dist/, headers applied (${base})`] };
  const home = probes.find((p) => p.kind === 'page' && p.path === '/');
  const worker = probes.find((p) => p.kind === 'file' && p.path === SERVICE_WORKER_PATH);
  const tail = 'Nothing was rolled back';

  if (home && servesAnotherFolder(probes)) {
    const what = home.answer!.status === 200 ? 'serves a home page that is not the one just uploaded' : `answers ${home.answer!.status}`;
    return {
      ok: false, pages, files, lines: [
        `Live check failed (${base}): the uploaded folder is not the web root: ${base}/ ${what}${worker ? ` and ${SERVICE_WORKER_PATH} is not this build's either` : ''}. ${tail}: the files are in the folder of DEPLOY_TARGET, but the site is served from another one. Set DEPLOY_TARGET's folder to the one your host serves the domain from (often public_html or www; ask the host), or point the domain at the uploaded folder in the hosting panel; then deploy again.`,
        `  / ${home.problems[0].text}`,
      ],
    };
  }

  const pageLike = probes.filter((p) => p.kind === 'page' || p.kind === 'missing');
  const noSecurityHeader = pageLike.every((p) => Object.keys(SECURITY_HEADERS).every((h) => p.problems.some((x) => x.header === h && x.text.startsWith('no '))));
  const redirects = probes.filter((p) => p.kind === 'redirect');
  const notFound = probes.find((p) => p.kind === 'missing');
  const lines: string[] = [];
  const listed = new Set<Problem>();
  if (noSecurityHeader && redirects.every((p) => p.problems.length) && (!notFound || notFound.problems.some((x) => !x.header))) {
    lines.push(`Live check failed (${base}): the host ignores .htaccess: none of the headers it sets is sent (${some(Object.keys(SECURITY_HEADERS))}), ${redirects[0] ? `${redirects[0].path} ${redirects[0].problems[0].text}, ` : ''}and a missing page does not get the site's 404 page. ${tail}: the pages are live without their security headers, redirect, caching rules and 404 page. Ask your host to allow .htaccess files in the web root (Apache: AllowOverride FileInfo, or All) or, if it runs nginx, to use the config of npm run hosting -- nginx; then run npm run deploy again to check.`);
    for (const p of probes) for (const x of p.problems) if (x.header || p.kind === 'redirect' || p.kind === 'missing') listed.add(x);
  } else {
    lines.push(`Live check failed (${base}): ${failed.length} of ${probes.length} answers differ from dist/ and the hosting rules (below). ${tail}: fix them on the host, or find what rewrites them (a CDN's e-mail obfuscation or HTML minifier, a cache that keeps old copies), then run npm run deploy again to check.`);
  }
  // Header problems, one line per header and text, naming where; then everything else, one per answer.
  const byHeader = new Map<string, string[]>();
  for (const p of failed) {
    for (const x of p.problems) {
      if (!x.header || listed.has(x)) continue;
      byHeader.set(x.text, [...(byHeader.get(x.text) ?? []), p.path]);
    }
  }
  const rest: string[] = [...byHeader].map(([text, where]) => `  ${text}: ${some(where)}`);
  for (const p of failed) {
    for (const x of p.problems) if (!x.header && !listed.has(x)) rest.push(`  ${p.path} ${x.text}`);
  }
  lines.push(...rest.slice(0, MAX_LISTED));
  if (rest.length > MAX_LISTED) lines.push(`  … and ${rest.length - MAX_LISTED} more`);
  return { ok: false, pages, files, lines };
}
