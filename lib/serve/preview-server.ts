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
 * every check, so "/%2ehtaccess" is the hidden "/.htaccess"; the file it would serve is resolved
 * with realpath and refused when it lies outside the folder (a symbolic link pointing out).
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
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

/**
 * A request path decoded once, as the file lookup will read it ("/_header%73" -> "/_headers"),
 * or undefined when it is no path of a file: malformed %-escapes, a NUL, a backslash or a ".."
 * segment (e.g. from "%2e%2e%2f", which the URL parser does not treat as a folder step).
 */
export function decodePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (/[\0\\]/.test(decoded) || decoded.split('/').includes('..')) return undefined;
  return decoded;
}

/**
 * True when a file the server would serve for `decoded` (the candidates sirv tries: the path,
 * path.html, path/index.html) resolves, symbolic links followed, outside `dir`.
 */
export function leavesFolder(dir: string, decoded: string): boolean {
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    return false; // no folder: nothing is served anyway
  }
  const base = decoded.replace(/\/+$/, '');
  for (const candidate of [base, `${base}.html`, `${base}/index`, `${base}/index.html`]) {
    let real: string;
    try {
      real = realpathSync(path.join(dir, candidate));
    } catch {
      continue;
    }
    if (real !== root && !real.startsWith(root + path.sep)) return true;
  }
  return false;
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
  /** The Host names this server answers (set once it listens, before any request). */
  let hosts: string[] = [];
  const server = createServer((req, res) => {
    if (!isOwnHost(req.headers.host, hosts)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(refusal(hosts));
      return;
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (options.intercept?.(req, res)) return;
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    const decoded = decodePath(pathname);
    const target = decoded === undefined ? undefined : redirectFor(decoded, redirects())
      ?? (!decoded.endsWith('/') && !path.extname(decoded) && existsSync(path.join(dir, decoded, 'index.html')) ? `${pathname}/` : undefined);
    if (target) {
      res.writeHead(301, { Location: target + search }).end();
      return;
    }
    gzipWhenAccepted(req, res);
    if (decoded !== undefined) res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(decoded)); // a 304 too
    // sirv decodes the path again (decodeURI): it gets the decoded path, re-encoded, so both read the same file.
    req.url = decoded === undefined || isHiddenPath(decoded) || leavesFolder(dir, decoded) ? '/404-not-a-page' : encodeURI(decoded).replace(/[?#]/g, encodeURIComponent) + search;
    serve(req, res, async () => {
      res.setHeader('Content-Security-Policy', SECURITY_HEADERS['Content-Security-Policy']);
      try {
        const body = await readFile(path.join(dir, '404.html'));
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControlFor('/404.html') });
        res.end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not found');
      }
    });
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
