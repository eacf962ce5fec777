/**
 * The local preview server (sirv), used by `npm start`, `npm run serve`, `npm run dev` and the
 * browser tests: the rules of the generated hosting files (lib/site-files/hosting.ts), only its own
 * Host (lib/serve/own-origin.ts), nothing outside the folder. sirv runs in its `dev` mode, which
 * looks each file up per request; its default mode would answer a rebuilt file with its old length
 * (sirv README, "opts.dev").
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import sirv from 'sirv';
import {
  cacheControlFor, contentSecurityPolicyFor, isCompressible, isHiddenPath, MIME_TYPES, REDIRECTS, redirectFor, redirectsOfFile, robotsTagFor, SECURITY_HEADERS,
  type Redirect,
} from '../site-files/hosting.ts';
import { startLocalServer, type RunningServer } from './own-origin.ts';
import { rangeAnswer } from './byte-range.ts';
import { encodeUrlPath } from '../url-path.ts';

export type { RunningServer } from './own-origin.ts';

/**
 * The path a request names, decoded once and normalised as Apache normalises it before it looks a
 * file up, or undefined when it names no file (answered 404):
 * - `target` is the request target's path as sent (before any "?"); an absolute-form target
 *   ("http://host/path") is read by its path;
 * - an encoded slash or backslash ("%2f", "%5c") is refused, as Apache does by default
 *   (AllowEncodedSlashes Off), so "/img/x.svg%2f" is never the file "/img/x.svg";
 * - malformed or overlong %-escapes ("%zz", "%c0%af"), a control character (NUL included), a
 *   backslash or a ".." segment are refused;
 * - "." segments and empty segments are dropped ("/.//services" is "/services", never
 *   "//services", which a browser would read as the host "services"); a final "/" or "/." stays a
 *   final "/".
 * @returns e.g. "/files/a#b.txt" for "/files/a%23b.txt", "/" for "/"
 */
function decodePath(target: string): string | undefined {
  let raw = target;
  if (!raw.startsWith('/')) {
    try {
      raw = new URL(raw).pathname;
    } catch {
      return undefined;
    }
  }
  if (/%(2f|5c)/i.test(raw)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[\x00-\x1f\x7f\\]/.test(decoded)) return undefined;
  const parts = decoded.split('/').slice(1);
  const names = parts.filter((part) => part !== '' && part !== '.');
  if (names.includes('..')) return undefined;
  const folder = parts.at(-1) === '' || parts.at(-1) === '.';
  return `/${names.join('/')}${folder && names.length ? '/' : ''}`;
}

/**
 * Routes a request as the hosts do, for the preview server (files on disk) and the editor's
 * preview (files in memory): a redirect of `redirects`, or "/dir" -> "/dir/" when "/dir/index.html"
 * exists; else the file the path names by its exact name: a path ending in "/" names the folder's
 * index.html and nothing else (so "/img/x.svg/" is no file, as on Apache), another path the file of
 * that name, else the page "<path>.html". A hidden or hosting file (isHiddenPath) is none.
 * @param url the request target ("/a%20b/?x=1")
 * @param has true when the site holds a site path ("/a b/index.html")
 * @returns `location`, a redirect's target with the query (never "//...", another host); else
 *   `file` to send (undefined: 404); `decoded`, decodePath's reading; `search`, the query or ""
 */
export function route(url: string, redirects: readonly Redirect[], has: (file: string) => boolean): { location?: string; decoded?: string; file?: string; search: string } {
  const query = url.indexOf('?');
  const search = query < 0 ? '' : url.slice(query);
  const decoded = decodePath(query < 0 ? url : url.slice(0, query));
  if (decoded === undefined) return { search };
  const target = redirectFor(decoded, redirects)
    ?? (!decoded.endsWith('/') && !path.extname(decoded) && has(`${decoded}/index.html`) ? `${encodeUrlPath(decoded)}/` : undefined);
  if (target) return { location: target + search, search };
  const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}.html`];
  return { decoded, search, file: isHiddenPath(decoded) ? undefined : candidates.find((c) => has(c) && !isHiddenPath(c)) };
}

/** True when `file` (a site path of `dir`) is a plain file that lies, symbolic links followed, inside `dir`. */
function servable(dir: string, file: string): boolean {
  try {
    if (!statSync(path.join(dir, file)).isFile()) return false;
    const root = realpathSync(dir);
    const real = realpathSync(path.join(dir, file));
    return real === root || real.startsWith(root + path.sep);
  } catch {
    return false; // none, or a file where a folder of the path should be (ENOTDIR)
  }
}

/**
 * Gzips the response body when the client accepts gzip and the type is text, like the hosts'
 * mod_deflate / CDN compression. Wraps writeHead/write/end of this one response.
 */
function gzipWhenAccepted(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'HEAD' || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return;
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.setHeader('Vary', 'Accept-Encoding');
  (res as any).writeHead = (status: number, headers: Record<string, unknown> = {}) => {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v as string);
    if ((status === 200 || status === 404) && isCompressible(String(res.getHeader('content-type') ?? ''))) {
      res.removeHeader('Content-Length');
      res.setHeader('Content-Encoding', 'gzip');
      const gzip = createGzip();
      gzip.on('data', (c) => write(c));
      gzip.on('end', () => end());
      (res as any).write = (chunk: unknown) => { gzip.write(chunk); return true; };
      (res as any).end = (chunk?: unknown) => { if (chunk && typeof chunk !== 'function') gzip.write(chunk); gzip.end(); return res; };
    }
    return writeHead(status);
  };
}

/**
 * Applies rangeAnswer (lib/serve/byte-range.ts) before sirv sends a file of `length` bytes: an
 * ignored range is removed (sirv threw on "bytes=5-2"), a part handed on as "bytes=first-last"
 * (one ending at byte 0 is sent whole, as RFC 9110 allows: sirv reads a last byte of 0 as "to the
 * end"), an unsatisfiable range answered 416 here.
 * @returns false when the request has been answered (416)
 */
function acceptRange(req: IncomingMessage, res: ServerResponse, length: number): boolean {
  const ifRange = req.headers['if-range'];
  const range = rangeAnswer(req.headers.range, req.method, ifRange === undefined ? undefined : String(ifRange), length);
  delete req.headers.range;
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${length}`, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end();
    return false;
  }
  if (range.kind === 'part' && range.end > 0) req.headers.range = `bytes=${range.start}-${range.end}`;
  return true;
}

export interface ServerOptions {
  /**
   * Called first for every request, after the security headers are set; returns true when it
   * answered the request itself (the dev server's live-reload client and build-error page).
   */
  intercept?(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * The redirects of the folder served, the operator's included, as the hosts get them: read from
 * its _redirects (generateRedirectsFile) and read again when that file changes (a new build);
 * REDIRECTS while the folder has none.
 */
function redirectsOf(dir: string): () => readonly Redirect[] {
  let cached: { mtimeMs: number; redirects: Redirect[] } | undefined;
  return () => {
    const file = path.join(dir, '_redirects');
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return REDIRECTS;
    if (cached?.mtimeMs !== st.mtimeMs) cached = { mtimeMs: st.mtimeMs, redirects: redirectsOfFile(readFileSync(file, 'utf8')) };
    return cached.redirects;
  };
}

/**
 * @param dir  folder to serve (a built dist/)
 * @param port TCP port; 0 picks a free one
 * @param host interface to listen on (default 127.0.0.1)
 * @throws the listen error, e.g. code "EADDRINUSE" when the port is taken (lib/serve/listen.ts turns it into one line)
 */
export async function startServer(dir: string, port = 0, host = '127.0.0.1', options: ServerOptions = {}): Promise<RunningServer> {
  const serve = sirv(dir, {
    dev: true, etag: true, dotfiles: false, extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      const type = MIME_TYPES[path.extname(pathname)];
      if (type) res.setHeader('Content-Type', type);
      const robots = robotsTagFor(pathname);
      if (robots) res.setHeader('X-Robots-Tag', robots);
    },
  });
  const redirects = redirectsOf(dir);
  /** The 404 page with status 404, for any path that names no file. */
  const notFound = async (res: ServerResponse) => {
    res.setHeader('Content-Security-Policy', SECURITY_HEADERS['Content-Security-Policy']);
    try {
      const body = await readFile(path.join(dir, '404.html'));
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControlFor('/404.html') });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }
  };
  return startLocalServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (options.intercept?.(req, res)) return;
    const { location, decoded, file, search } = route(req.url ?? '/', redirects(), (f) => servable(dir, f));
    if (location) return void res.writeHead(301, { Location: location }).end();
    gzipWhenAccepted(req, res);
    if (decoded !== undefined) res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(decoded)); // a 304 too
    if (file === undefined) return void notFound(res);
    if (!acceptRange(req, res, statSync(path.join(dir, file)).size)) return;
    req.url = encodeUrlPath(file) + search;
    // sirv reads the path with @polka/url, which keeps its reading on req._parsedUrl while req.url
    // is unchanged, and decodes it with decodeURI, which leaves "%23", "%3F" (and the other
    // reserved characters) encoded: so it is given the exact name, only its "%" encoded.
    (req as IncomingMessage & { _parsedUrl: unknown })._parsedUrl = { pathname: file.replace(/%/g, '%25'), search, query: undefined, hash: undefined, raw: req.url };
    // sirv pipes a file stream with no error listener: a file removed between the lookup and the
    // read (a rebuild swapping the folder) would end the process; the response is dropped instead.
    res.once('pipe', (source: NodeJS.ReadableStream) => source.once('error', () => res.destroy()));
    serve(req, res, () => void notFound(res));
  }, port, host);
}
