/**
 * The local preview server (sirv), used by `npm start`, `npm run serve`, `npm run dev` and by the
 * browser tests, so what a developer sees matches what the tests check. sirv runs in its `dev`
 * mode: it looks each file up on disk per request (size, mtime, ETag), where its default mode
 * lists the folder once at start-up and then answers a rebuilt file with its old length and ETag
 * and a new file with 404 (sirv README, "opts.dev"). Serves dist/ with index.html for directories and
 * 404.html (status 404) for anything unknown, like the hosting files do, and applies the same
 * rules as the generated hosting files (lib/site-files/hosting.ts): the redirects of the folder's
 * _redirects (the operator's included), "/dir" -> "/dir/", the
 * security headers, Cache-Control, MIME types and gzip of text when the client accepts it.
 *
 * It serves nothing outside the built folder and answers only its owner: a request whose `Host`
 * is not the server's own is refused (lib/serve/own-origin.ts); the path is decoded once, before
 * every check, so "/%2ehtaccess" is the hidden "/.htaccess", and the file is looked up by that
 * exact name (decodePath, fileFor): "/files/a%23b.txt" is the file "a#b.txt", "/img/x.svg/" and
 * "/img/x.svg%2f" are no file (404, as on Apache); the file it would serve is resolved with
 * realpath and refused when it lies outside the folder (a symbolic link pointing out). Every
 * `Location` it makes is percent-encoded by encodeUrlPath (lib/url-path.ts) and never starts with
 * "//"; a `Range` header is read as RFC 9110 says (lib/serve/byte-range.ts); a request it did not
 * foresee gets 500, and the server goes on.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import sirv from 'sirv';
import {
  cacheControlFor, contentSecurityPolicyFor, isCompressible, isHiddenPath, MIME_TYPES, REDIRECTS, redirectFor, redirectsOfFile, robotsTagFor, SECURITY_HEADERS,
  type Redirect,
} from '../site-files/hosting.ts';
import { isOwnHost, ownHosts, refusal } from './own-origin.ts';
import { rangeAnswer } from './byte-range.ts';
import { encodeUrlPath } from '../url-path.ts';

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
export function decodePath(target: string): string | undefined {
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

/** True when `file` is a plain file (symbolic links followed). */
function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false; // none, or a file where a folder of the path should be (ENOTDIR)
  }
}

/**
 * The file of `dir` a decoded path names, by its exact name, as a site path, or undefined: a path
 * ending in "/" names the folder's index.html and nothing else (so "/img/x.svg/" is no file, as
 * on Apache); another path names the file of that name, else the page "<path>.html". A file that
 * resolves, symbolic links followed, outside `dir` is none.
 * @param decoded a path of decodePath
 * @returns e.g. "/services/index.html" for "/services/"
 */
function fileFor(dir: string, decoded: string): string | undefined {
  const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}.html`];
  const file = candidates.find((candidate) => isFile(path.join(dir, candidate)));
  return file === undefined || leavesFolder(dir, file) ? undefined : file;
}

/** True when `file` (a site path of `dir`) resolves, symbolic links followed, outside `dir`. */
function leavesFolder(dir: string, file: string): boolean {
  try {
    const root = realpathSync(dir);
    const real = realpathSync(path.join(dir, file));
    return real !== root && !real.startsWith(root + path.sep);
  } catch {
    return true;
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
 * Applies rangeAnswer (lib/serve/byte-range.ts) to a request for a file of `length` bytes before
 * sirv sends it: an ignored range is removed from the request (sirv reads every `Range` header,
 * and "bytes=5-2" made it throw), a part is handed on in the one form sirv reads right
 * ("bytes=first-last"; a part ending at byte 0 is sent whole, as RFC 9110 allows, since sirv reads
 * a last byte of 0 as "to the end"), and an unsatisfiable range is answered 416 here.
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

export interface RunningServer {
  /** e.g. "http://127.0.0.1:8080" (no trailing slash). */
  url: string;
  /** The Host names it answers, e.g. ["127.0.0.1:8080", "localhost:8080"] (lib/serve/own-origin.ts). */
  hosts: string[];
  server: Server;
  close(): Promise<void>;
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
  /** The Host names this server answers (set once it listens, before any request). */
  let hosts: string[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (!isOwnHost(req.headers.host, hosts)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(refusal(hosts));
      return;
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (options.intercept?.(req, res)) return;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const search = query < 0 ? '' : url.slice(query);
    const decoded = decodePath(query < 0 ? url : url.slice(0, query));
    const target = decoded === undefined ? undefined : redirectFor(decoded, redirects())
      ?? (!decoded.endsWith('/') && !path.extname(decoded) && isFile(path.join(dir, decoded, 'index.html')) ? `${encodeUrlPath(decoded)}/` : undefined);
    if (target) {
      // decodePath leaves no empty segment, so no Location starts with "//" (another host).
      res.writeHead(301, { Location: target + search }).end();
      return;
    }
    gzipWhenAccepted(req, res);
    if (decoded !== undefined) res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(decoded)); // a 304 too
    const file = decoded === undefined || isHiddenPath(decoded) ? undefined : fileFor(dir, decoded);
    if (file === undefined || isHiddenPath(file)) return void notFound(res);
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
  };
  const server = createServer((req, res) => {
    try {
      answer(req, res);
    } catch (error) {
      // A request this server did not foresee: it answers 500 and keeps serving.
      console.error(`Preview server: ${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  const addr = server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : port;
  hosts = ownHosts(host, actualPort);
  return {
    url: `http://${host}:${actualPort}`,
    hosts,
    server,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
