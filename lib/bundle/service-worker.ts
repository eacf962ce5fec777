import { createHash } from 'node:crypto';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import type { BuiltPage } from '../built-page.ts';
import type { SiteFile } from '../write.ts';
import { encodeUrlPath } from '../url-path.ts';
import { BROWSER_TARGETS, ROOT } from './esbuild-options.ts';

/**
 * What the offline page needs besides itself: the site's own images and icons it names in `src`
 * or `href` (the logo, the favicon). Scripts are left out: the page works without them.
 * @param html the offline page as written
 * @returns URL paths, the offline page first, each percent-encoded once by encodeUrlPath (as the
 *   worker compares them with a request URL's `pathname`), whether the page wrote it encoded or not
 */
export function precacheList(html: string): string[] {
  const files = [...html.matchAll(/\s(?:src|href)="?(\/[^"\s>?#]+\.(?:svg|png|ico|webp|avif|jpg|jpeg|gif))/g)].map((m) => encodeUrlPath(decodedOnce(m[1])));
  return [encodeUrlPath(OFFLINE_PAGE_PATH), ...new Set(files)];
}

/** A URL path decoded once ("/img/a%20b.png" -> "/img/a b.png"); as it is when it holds a malformed escape. */
function decodedOnce(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/** The build's version: the first 16 hex digits of a SHA-256 of every page's path and digest (the SHA-256 of its HTML). */
export function buildVersion(pages: BuiltPage[]): string {
  const hash = createHash('sha256');
  for (const p of pages) hash.update(`${p.route.path}\n${p.digest}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The service worker (/sw.js): islands/workers/service-worker.ts bundled as a classic script with
 * this build's version (buildVersion: any visible change gives new bytes, which the browser installs
 * on the next visit, deleting the old caches), precache list and page list compiled in.
 * @param pages every page as written; one must be OFFLINE_PAGE_PATH
 * @param minify minify the worker: a production build (GeneratorConfig.production, lib/config.ts)
 * @returns the worker script at SERVICE_WORKER_PATH
 * @throws Error when the route table has no offline page (a bug), or from esbuild when the worker
 *   does not compile
 */
export async function generateServiceWorker(pages: BuiltPage[], minify: boolean): Promise<SiteFile[]> {
  const offline = pages.find((p) => p.route.path === OFFLINE_PAGE_PATH);
  if (!offline?.html) throw new Error(`pages/routes.ts: no route for the offline page "${OFFLINE_PAGE_PATH}", which the service worker precaches, or its HTML was not kept.`);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'islands/workers/service-worker.ts')],
    bundle: true,
    minify,
    format: 'iife',
    target: BROWSER_TARGETS,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: {
      __SW_VERSION__: JSON.stringify(buildVersion(pages)),
      __SW_PRECACHE__: JSON.stringify(precacheList(offline.html)),
      __SW_PAGES__: JSON.stringify(pages.map((p) => encodeUrlPath(p.route.path))),
    },
  });
  return [{ path: SERVICE_WORKER_PATH, contents: result.outputFiles[0].contents }];
}

/**
 * A service worker that removes itself (`npm run hosting -- retire-service-worker > sw.js`), for
 * when the domain moves to another site: it deletes every cache of this origin and unregisters
 * itself, reloading no page (that could loop); keep it there for months
 * (https://w3c.github.io/ServiceWorker/#navigator-service-worker-unregister).
 */
export const RETIRING_SERVICE_WORKER = `// Retires this site's service worker: deletes its caches and unregisters it.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
  })());
});
`;
