/**
 * Where the offline support lives, shared by the build (lib/bundle/service-worker.ts, pages/routes.ts),
 * the page that registers the service worker (islands/site/service-worker.ts) and the worker
 * (islands/workers/service-worker.ts). Free of side effects.
 */

/**
 * Site path of the service worker script. At the root, so its scope is the whole site (a worker
 * controls only paths under its own folder: https://developer.mozilla.org/en-US/docs/Web/API/ServiceWorkerContainer/register).
 * Not content-hashed: the browser looks for a new version at this fixed address on every visit.
 */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Site path of the page shown for a page that was never visited when the network fails. */
export const OFFLINE_PAGE_PATH = '/offline.html';

/**
 * How long a page request may wait for the network before the cached copy is shown, ms. A fresh
 * page wins whenever the network answers within it; with no copy cached, the request keeps waiting.
 */
export const NETWORK_TIMEOUT_MS = 3000;

/**
 * True when a response's Cache-Control says it must not be stored (`no-store`,
 * https://www.rfc-editor.org/rfc/rfc9111#name-no-store): the service worker leaves such a
 * response out of its caches, as a browser cache does.
 */
export function forbidsStoring(cacheControl: string | null): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl ?? '');
}

/**
 * Whether the service worker stores a page it fetched: only one of this build's own pages (other
 * pages of the same origin, e.g. another app in a subfolder, are left alone), answered 200-299 by
 * the site itself (not a redirect, not another origin) and not marked `no-store`.
 * @param pathname the page's path, e.g. "/areas/grants/"
 * @param pages    the build's pages, as site paths (the service worker's compiled-in list)
 */
export function mayStorePage(pathname: string, pages: readonly string[], response: { ok: boolean; redirected: boolean; type: string; headers: { get(name: string): string | null } }): boolean {
  return pages.includes(pathname) && response.ok && !response.redirected && response.type === 'basic' && !forbidsStoring(response.headers.get('Cache-Control'));
}
