/**
 * Who the local servers (preview and dev) answer: only a browser that reached them by their own
 * address. Binding 127.0.0.1 keeps other machines out, but any web page the owner visits can still
 * point a name it controls at 127.0.0.1 (DNS rebinding: the browser then sends that name in
 * `Host`) or open a WebSocket to the port (the browser sends the page's own `Origin`). So:
 * - a request whose `Host` is not one of the names the server listens as is refused (403);
 * - a WebSocket upgrade whose `Origin` is not the server's own is refused (403). Browsers always
 *   send `Origin` on a WebSocket handshake (https://www.rfc-editor.org/rfc/rfc6455#section-4.1,
 *   https://fetch.spec.whatwg.org/#append-a-request-origin-header), so an upgrade without one
 *   comes from a program on this machine, which could read the folder anyway, and is let through.
 */

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
 * True when a WebSocket upgrade may go on: no `Origin` (not a browser), or an `Origin` of
 * http://HOST for one of `hosts`. "null" (a sandboxed page, a file: page) and any other site are refused.
 */
export function isOwnOrigin(origin: string | undefined, hosts: readonly string[]): boolean {
  if (origin === undefined) return true;
  return hosts.some((host) => origin.trim().toLowerCase() === `http://${host}`);
}

/** The one line a refused request gets, naming the addresses that work. */
export function refusal(hosts: readonly string[]): string {
  return `This local server answers only ${hosts.map((h) => `http://${h}/`).join(' or ')}.\n`;
}
