/**
 * The service worker (served at /sw.js, generated on every build by lib/bundle/service-worker.ts), so a
 * visitor who opened the site once still has the phone number and the call, text and e-mail links
 * when the network drops. A few lines rather than Workbox: it needs three caching rules, and the
 * worker must be rebuilt with the build's version in it anyway.
 *
 * - Install: precaches the offline page and the images it shows (`__SW_PRECACHE__`), then takes
 *   over at once (skipWaiting).
 * - Pages (navigations), network first: the network's answer is shown and, when it is one of
 *   this build's pages (`__SW_PAGES__`) answered successfully without `Cache-Control: no-store`,
 *   stored (mayStorePage: other apps on the same origin are never stored); after NETWORK_TIMEOUT_MS without an answer the stored copy is shown, if there is one;
 *   if the network fails, the stored copy, else the offline page.
 * - Content-hashed scripts (/assets/name-HASH.js), cache first: a name never changes content
 *   (a `no-store` answer is not stored).
 * - Other files of the site: the network, else a stored copy (the offline page's images).
 * - Activate: the pages open in the browser and those stored by an earlier build are fetched
 *   again into this build's cache, then every earlier build's cache is deleted, so no page with
 *   an old phone number outlives the new worker; then it controls the open pages (clients.claim).
 *
 * Each build has its own caches, named after `__SW_VERSION__` (a hash of every page), so a
 * changed page means a changed worker, which the browser installs on the visitor's next visit
 * (https://web.dev/articles/service-worker-lifecycle#updates).
 */
import { forbidsStoring, mayStorePage, NETWORK_TIMEOUT_MS, OFFLINE_PAGE_PATH } from '../common/offline.ts';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];
/** The site paths of this build's pages ("/", "/areas/grants/", "/offline.html"). */
declare const __SW_PAGES__: string[];

/** The parts of the service worker scope and its events used here (tsconfig has DOM, not WebWorker). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ url: string }[]> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const scope = self as unknown as WorkerScope;

const PAGES = `pages-${__SW_VERSION__}`;
const ASSETS = `assets-${__SW_VERSION__}`;
/** Content-hashed scripts, as lib/bundle/bundle.ts names them (lib/site-files/hosting.ts HASHED_ASSET). */
const HASHED = /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Z0-9]{8}\.js$/;

/** The request's URL without query or fragment: one stored copy per page. */
const keyOf = (url: string) => url.split(/[?#]/)[0];

/**
 * Stores a page the network answered when mayStorePage allows it: one of the build's pages, not an
 * error, not the end of a redirect (a browser refuses a redirected response for a navigation), not `no-store`.
 */
async function storePage(url: string, response: Response): Promise<void> {
  if (new URL(url).origin === scope.location.origin && mayStorePage(new URL(keyOf(url)).pathname, __SW_PAGES__, response)) await (await caches.open(PAGES)).put(keyOf(url), response);
}

async function page(event: FetchEvent): Promise<Response> {
  const network = fetch(event.request);
  event.waitUntil(network.then((r) => storePage(event.request.url, r.clone()), () => undefined));
  const stored = () => caches.match(keyOf(event.request.url), { cacheName: PAGES });
  const late = new Promise<Response | undefined>((resolve) => setTimeout(() => stored().then(resolve), NETWORK_TIMEOUT_MS));
  try {
    // The network, or the stored copy once the wait is over; with none stored, the network still.
    return await Promise.race([network, late.then((copy) => copy ?? network)]);
  } catch {
    return (await stored()) ?? (await caches.match(OFFLINE_PAGE_PATH, { cacheName: PAGES })) ?? Response.error();
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && !forbidsStoring(response.headers.get('Cache-Control'))) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

async function other(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { cacheName: PAGES });
    if (cached) return cached;
    throw error;
  }
}

scope.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => cache.addAll(__SW_PRECACHE__)).then(() => scope.skipWaiting()));
});

scope.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // The pages open now (the first visit's page loaded before this worker existed) and those
    // stored under an earlier build: fetched again, so only this build's copies stay.
    const open = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).map((c) => c.url);
    const old: string[] = [];
    for (const name of await caches.keys()) {
      if (name !== PAGES && name.startsWith('pages-')) old.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
    }
    const pages = new Set([...open, ...old].map(keyOf).filter((url) => new URL(url).origin === scope.location.origin && !__SW_PRECACHE__.includes(new URL(url).pathname)));
    await Promise.all([...pages].map((url) => fetch(url, { cache: 'no-cache' }).then((response) => storePage(url, response), () => undefined)));
    for (const name of await caches.keys()) if (name !== PAGES && name !== ASSETS) await caches.delete(name);
    await scope.clients.claim();
  })());
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (HASHED.test(url.pathname)) event.respondWith(asset(request));
  else event.respondWith(other(request));
});
