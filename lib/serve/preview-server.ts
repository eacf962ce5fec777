/**
 * The local preview server (sirv), used by `npm start`, `npm run serve`, `npm run dev` and by the
 * browser tests, so what a developer sees matches what the tests check. sirv runs in its `dev`
 * mode: it looks each file up on disk per request (size, mtime, ETag), where its default mode
 * lists the folder once at start-up and then answers a rebuilt file with its old length and ETag
 * and a new file with 404 (sirv README, "opts.dev"). Serves dist/ with index.html for directories and
 * 404.html (status 404) for anything unknown, like the hosting files do, and applies the same
 * rules as the generated hosting files (lib/site-files/hosting.ts): the redirects, "/dir" -> "/dir/", the
 * security headers, Cache-Control, MIME types and gzip of text when the client accepts it.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import sirv from 'sirv';
import { cacheControlFor, isCompressible, isHiddenPath, MIME_TYPES, redirectFor, robotsTagFor, SECURITY_HEADERS } from '../site-files/hosting.ts';

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
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (options.intercept?.(req, res)) return;
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    const target = redirectFor(pathname)
      ?? (!pathname.endsWith('/') && !path.extname(pathname) && existsSync(path.join(dir, pathname, 'index.html')) ? `${pathname}/` : undefined);
    if (target) {
      res.writeHead(301, { Location: target + search }).end();
      return;
    }
    gzipWhenAccepted(req, res);
    if (isHiddenPath(pathname)) req.url = '/404-not-a-page';
    serve(req, res, async () => {
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
  return {
    url: `http://${host}:${actualPort}`,
    server,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
