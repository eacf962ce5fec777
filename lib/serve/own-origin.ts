/**
 * Who the local servers (preview, dev, editor) answer: only a browser that reached them by their
 * own address. Binding 127.0.0.1 keeps other machines out, but any web page the owner visits can
 * still point a name it controls at 127.0.0.1 (DNS rebinding: the browser then sends that name in
 * `Host`) or open a WebSocket to the port (the browser sends the page's own `Origin`). So a request
 * with another `Host`, or a WebSocket upgrade with another `Origin`, is refused (403).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * The `Host` values the server answers, lowercase: "127.0.0.1:PORT", "localhost:PORT", and the
 * address it listens on when that is another one (e.g. "[::1]:PORT").
 * @param host the listen address, e.g. "127.0.0.1"
 * @param port the port actually bound
 */
export function ownHosts(host: string, port: number): string[] {
  const listened = host.includes(':') ? `[${host}]` : host;
  return [...new Set([`127.0.0.1:${port}`, `localhost:${port}`, `${listened.toLowerCase()}:${port}`])];
}

/** True when a request's `Host` header is one of `hosts` (ownHosts()); false when it is missing. */
export function isOwnHost(header: string | undefined, hosts: readonly string[]): boolean {
  return header !== undefined && hosts.includes(header.trim().toLowerCase());
}

/**
 * True when a WebSocket upgrade may go on: no `Origin`, or an `Origin` of http://HOST for one of
 * `hosts`. "null" (a sandboxed page, a file: page) and any other site are refused. Browsers always
 * send `Origin` on a WebSocket handshake (https://www.rfc-editor.org/rfc/rfc6455#section-4.1,
 * https://fetch.spec.whatwg.org/#append-a-request-origin-header), so an upgrade without one comes
 * from a program on this machine, which could read the folder anyway.
 */
export function isOwnOrigin(origin: string | undefined, hosts: readonly string[]): boolean {
  if (origin === undefined) return true;
  return hosts.some((host) => origin.trim().toLowerCase() === `http://${host}`);
}

/** A local server listening. */
export interface RunningServer {
  /** e.g. "http://127.0.0.1:8080" (no trailing slash). */
  url: string;
  /** The Host names it answers, e.g. ["127.0.0.1:8080", "localhost:8080"] (ownHosts()). */
  hosts: string[];
  server: Server;
  close(): Promise<void>;
}

/**
 * Starts an http server that refuses (403, one line naming the addresses that work) a request
 * whose `Host` is not its own and hands every other request to `answer`; a request `answer`
 * throws on gets 500, and the server goes on.
 * @param port TCP port; 0 picks a free one
 * @param host interface to listen on
 * @throws the listen error, e.g. code "EADDRINUSE" when the port is taken (lib/serve/listen.ts turns it into one line)
 */
export async function startLocalServer(answer: (req: IncomingMessage, res: ServerResponse) => void, port: number, host: string): Promise<RunningServer> {
  let hosts: string[] = [];
  const server = createServer((req, res) => {
    try {
      if (isOwnHost(req.headers.host, hosts)) return answer(req, res);
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(`This local server answers only ${hosts.map((h) => `http://${h}/`).join(' or ')}.\n`);
    } catch (error) {
      console.error(`Local server: ${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  const bound = (server.address() as { port: number }).port;
  hosts = ownHosts(host, bound);
  return {
    url: `http://${host}:${bound}`,
    hosts,
    server,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
