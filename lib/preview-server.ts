/**
 * The local preview server (sirv), used by `npm start` and by the browser tests, so what a
 * developer sees matches what the tests check. Serves dist/ with index.html for directories and
 * 404.html (status 404) for anything unknown, like the hosting files do.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sirv from 'sirv';

export interface RunningServer {
  /** e.g. "http://127.0.0.1:8080" (no trailing slash). */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * @param dir  folder to serve (a built dist/)
 * @param port TCP port; 0 picks a free one
 * @param host interface to listen on (default 127.0.0.1)
 */
export async function startServer(dir: string, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  const serve = sirv(dir, { dev: false, etag: true, dotfiles: false, extensions: ['html'] });
  const server = createServer((req, res) => {
    serve(req, res, async () => {
      try {
        const body = await readFile(path.join(dir, '404.html'));
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const addr = server.address();
  const actualPort = typeof addr === 'object' && addr ? addr.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    server,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
