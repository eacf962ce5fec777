/**
 * Files the build writes besides the pages and scripts: sitemap.xml, robots.txt, and whatever
 * the later features generate (web app manifest, contact card, hosting files, keyword corpus, service worker).
 * Each generator is a function of the site data and the route table; add one per line.
 */
import type { BuiltPage, FileGenerator } from '../built-page.ts';
import type { Route } from '../route.ts';
import { generateCorpus } from './corpus.ts';
import { hostingFiles } from './hosting.ts';
import type { SiteData } from '../content/load-content.ts';
import { generateManifest, MANIFEST_PATH } from './manifest.ts';
import { generateServiceWorker } from '../bundle/service-worker.ts';
import { generateRobots, generateSitemap } from './sitemap.ts';
import { generateVCard, VCARD_PATH } from './vcard.ts';
import type { SiteFile } from '../write.ts';

const GENERATORS: FileGenerator[] = [
  (site, routes) => [
    { path: '/sitemap.xml', contents: generateSitemap(routes, site.settings.siteUrl) },
    { path: '/robots.txt', contents: generateRobots(site.settings.siteUrl) },
  ],
  (site) => [{ path: VCARD_PATH, contents: generateVCard(site.settings) }],
  (site) => [{ path: MANIFEST_PATH, contents: generateManifest(site.settings) }],
  generateCorpus,
  hostingFiles,
  (_site, _routes, pages) => generateServiceWorker(pages),
];

/** Runs every generator. */
export async function extraFiles(site: SiteData, routes: Route[], pages: BuiltPage[]): Promise<SiteFile[]> {
  return (await Promise.all(GENERATORS.map((g) => g(site, routes, pages)))).flat();
}
