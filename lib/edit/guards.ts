/**
 * Who the editor answers: only its owner's browser, on this machine, on the editor's own page.
 * - Host: a request whose `Host` is not one of the server's own names is refused (DNS rebinding;
 *   lib/serve/own-origin.ts), on the editor and on the preview.
 * - Origin: every POST must carry the editor's own origin (http://127.0.0.1:PORT or
 *   http://localhost:PORT). Browsers send `Origin` with every POST
 *   (https://fetch.spec.whatwg.org/#origin-header), so a missing one is refused too.
 * - Token: every POST must carry `X-Editor-Token` with the random token of this editor process,
 *   which only the editor's own page holds (in its HTML). A custom header cannot be sent across
 *   origins without a CORS preflight, which the editor never grants
 *   (https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html#custom-request-headers).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isOwnHost } from '../serve/own-origin.ts';

/** The header a write carries the token in (lowercase, as Node gives headers). */
const TOKEN_HEADER = 'x-editor-token';

/** A new random token for one editor process: 32 bytes, hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** True when `given` is the token (compared in constant time). */
function sameToken(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a request to the editor is refused (one line for the 403 answer), or undefined when it may go on.
 * @param hosts the Host names the editor answers (ownHosts)
 * @param token this editor's token
 */
export function refusalOf(req: IncomingMessage, hosts: readonly string[], token: string): string | undefined {
  if (!isOwnHost(req.headers.host, hosts)) return `This editor answers only ${hosts.map((h) => `http://${h}/`).join(' or ')}.`;
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const origin = req.headers.origin?.trim().toLowerCase();
  if (origin === undefined || !hosts.some((h) => origin === `http://${h}`)) return 'A change is accepted only from the editor\'s own page (its Origin).';
  if (!sameToken(req.headers[TOKEN_HEADER], token)) return 'A change needs the editor\'s token: reload the editor\'s page.';
  return undefined;
}
