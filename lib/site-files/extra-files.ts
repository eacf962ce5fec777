/**
 * Files the build writes besides the pages and scripts: sitemap.xml, robots.txt, and whatever
 * the later features generate (web app manifest, contact card, hosting files, keyword corpus, service worker).
 * Each generator is a function of the site data and the route table, listed with the paths of
 * the files it writes (GENERATED_FILES, which the static folder's check reads); add one entry each.
 */
import type { BuiltPage, FileGenerator } from '../built-page.ts';
import type { Route } from '../route.ts';
import { HOSTING_FILES, hostingFiles } from './hosting.ts';
import type { SiteData } from '../content/load-content.ts';
import { generateManifest, MANIFEST_PATH } from './manifest.ts';
import { generateServiceWorker } from '../bundle/service-worker.ts';
import { generateRobots, generateSitemap } from './crawler-files.ts';
import { generateVCard, VCARD_PATH } from './vcard.ts';
import type { SiteFile } from '../write.ts';
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import { CORPUS_PATH, generateCorpus } from './corpus.ts';

/** One generator and the site paths of the files it writes, every build the same. */
interface Generator {
  paths: readonly string[];
  generate: FileGenerator;
}

const GENERATORS: readonly Generator[] = [
  {
    paths: ['/sitemap.xml', '/robots.txt'],
    generate: (site, routes) => [
      { path: '/sitemap.xml', contents: generateSitemap(routes, site.settings.siteUrl) },
      { path: '/robots.txt', contents: generateRobots(site.settings.siteUrl) },
    ],
  },
  { paths: [VCARD_PATH], generate: (site) => [{ path: VCARD_PATH, contents: generateVCard(site.settings) }] },
  { paths: [MANIFEST_PATH], generate: (site) => [{ path: MANIFEST_PATH, contents: generateManifest(site.settings) }] },
  { paths: [CORPUS_PATH], generate: generateCorpus },
  { paths: HOSTING_FILES, generate: hostingFiles },
  { paths: [SERVICE_WORKER_PATH], generate: (_site, _routes, pages, production) => generateServiceWorker(pages, production) },
];

/**
 * The site paths of every file extraFiles writes, e.g. "/robots.txt", "/sw.js", "/_headers":
 * known before the build, so a file of static/ with one of these names is refused at once
 * (lib/build/build-site.ts).
 */
export const GENERATED_FILES: readonly string[] = GENERATORS.flatMap((g) => g.paths);

/**
 * Runs every generator.
 * @throws Error when a generator writes a file it does not declare in its `paths` (a bug: the
 *   static folder's check reads those)
 */
export async function extraFiles(site: SiteData, routes: Route[], pages: BuiltPage[], production: boolean): Promise<SiteFile[]> {
  const made = await Promise.all(GENERATORS.map(async (g) => {
    const files = await g.generate(site, routes, pages, production);
    const stray = files.find((f) => !g.paths.includes(f.path));
    if (stray) throw new Error(`lib/site-files/extra-files.ts: a generator writes ${stray.path}, which its paths do not list; add it there.`);
    return files;
  }));
  return made.flat();
}
