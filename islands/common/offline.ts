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
