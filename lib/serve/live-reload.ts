/**
 * Live reload for `npm run dev`, on the dev server's own port, so the pages' own
 * Content-Security-Policy allows it (CSP Level 3: 'self' matches ws: on an http: page): the
 * LiveReload protocol's client (`livereload-js`, served at CLIENT_PATH) talks over a WebSocket
 * (`ws`, at SOCKET_PATH) to this module (http://livereload.com/api/protocol/: "hello" both ways;
 * the client's "info" says the page it shows, so a rebuild reloads only the tabs whose page it
 * changed; the server's "reload" with liveCSS and liveImg off reloads the page). An upgrade whose
 * `Host` or `Origin` is not the server's own is refused (lib/serve/own-origin.ts).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isOwnHost, isOwnOrigin } from './own-origin.ts';

const require = createRequire(import.meta.url);

/** Where the pages load the client from (lib/build/build-site.ts `liveReloadScript`). */
export const CLIENT_PATH = '/livereload.js';
/** The WebSocket path livereload-js connects to by default. */
export const SOCKET_PATH = '/livereload';
/**
 * Added after the client: once the page has painted (https://w3c.github.io/paint-timing/), it
 * sends {"command":"painted"}, this server's own command, so a build that reloaded this tab ahead
 * of its other pages goes on only once the tab is on screen.
 */
const PAINTED_NOTICE = `
;(function () {
  var tries = 0;
  function say() {
    var connector = window.LiveReload && window.LiveReload.connector;
    if (connector && connector.protocol > 0) connector.sendCommand({ command: 'painted' });
    else if (tries++ < 100) setTimeout(say, 20);
  }
  if (!window.PerformanceObserver) return;
  new PerformanceObserver(function (list, observer) { observer.disconnect(); say(); }).observe({ type: 'paint', buffered: true });
})();
`;

/** The protocol version this server speaks (LiveReload protocol 7, the one livereload-js asks for first). */
const PROTOCOLS = ['http://livereload.com/protocols/official-7'];

/** The file a page address is served from: "/a/" and "/a" -> "/a/index.html", "/sitemap.html" as it is. */
function pageFile(pathname: string): string {
  if (pathname.endsWith('/')) return `${pathname}index.html`;
  return /\.[a-z0-9]+$/i.test(pathname) ? pathname : `${pathname}/index.html`;
}

export interface LiveReload {
  /** Answers GET CLIENT_PATH with the client script; false for any other request. */
  serveClient(req: IncomingMessage, res: ServerResponse): boolean;
  /** The files of the pages the connected tabs show (pageFile()), each once; tabs that have not said theirs are left out. */
  pages(): string[];
  /** Tells the connected tabs to reload for which `which` (given the tab's page file, if said) returns true, or all; returns how many. */
  reload(which?: (page: string | undefined) => boolean): number;
  /** Calls `listener` with the file of a tab's page each time a tab says it has painted (PAINTED_NOTICE); returns a function that stops it. */
  onPainted(listener: (page: string | undefined) => void): () => void;
  /** Closes every connection (the http server is closed by its owner). */
  close(): void;
}

/**
 * Attaches live reload to an http server (its "upgrade" requests at SOCKET_PATH).
 * @param hosts the Host names the server answers (lib/serve/own-origin.ts ownHosts()); an upgrade
 *   with another Host or Origin is answered 403 and closed
 */
export function attachLiveReload(server: Server, hosts: readonly string[]): LiveReload {
  const client = Buffer.concat([readFileSync(require.resolve('livereload-js')), Buffer.from(PAINTED_NOTICE)]);
  const painted = new Set<(page: string | undefined) => void>();
  const wss = new WebSocketServer({ noServer: true });
  /** The file of the page each tab shows, from its "info" message. */
  const shown = new WeakMap<WebSocket, string>();
  wss.on('connection', (socket: WebSocket) => {
    socket.on('error', () => socket.terminate());
    socket.on('message', (data) => {
      let message: { command?: string; url?: unknown };
      try { message = JSON.parse(String(data)); } catch { return; }
      if (message.command === 'hello') socket.send(JSON.stringify({ command: 'hello', protocols: PROTOCOLS, serverName: 'npm run dev' }));
      if (message.command === 'painted') for (const listener of painted) listener(shown.get(socket));
      if (message.command === 'info' && typeof message.url === 'string') {
        try { shown.set(socket, pageFile(decodeURIComponent(new URL(message.url).pathname))); } catch { /* an address it cannot read: the tab reloads on every build */ }
      }
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== SOCKET_PATH) { socket.destroy(); return; }
    if (!isOwnHost(req.headers.host, hosts) || !isOwnOrigin(req.headers.origin, hosts)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  return {
    serveClient(req, res) {
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== CLIENT_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': client.length });
      res.end(req.method === 'HEAD' ? undefined : client);
      return true;
    },
    pages() {
      return [...new Set([...wss.clients].flatMap((socket) => shown.get(socket) ?? []))];
    },
    reload(which) {
      let told = 0;
      for (const socket of wss.clients) {
        if (socket.readyState !== socket.OPEN || (which && !which(shown.get(socket)))) continue;
        socket.send(JSON.stringify({ command: 'reload', path: '/', liveCSS: false, liveImg: false }));
        told++;
      }
      return told;
    },
    onPainted(listener) {
      painted.add(listener);
      return () => painted.delete(listener);
    },
    close() {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
    },
  };
}
