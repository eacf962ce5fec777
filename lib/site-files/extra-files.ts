/**
 * Files the build writes besides the pages and scripts, each generator listed with the paths it
 * writes (GENERATED_FILES, which the static folder's check reads).
 */
import type { BuiltPage, FileGenerator } from '../built-page.ts';
import { isIndexable, type Route } from '../route.ts';
import { absoluteUrl } from './structured-data.ts';
import { HOSTING_FILES, hostingFiles } from './hosting.ts';
import type { SiteData } from '../content/load-content.ts';
import { generateManifest, MANIFEST_PATH } from './manifest.ts';
import { generateServiceWorker } from '../bundle/service-worker.ts';
import { generateVCard, VCARD_PATH } from './vcard.ts';
import type { SiteFile } from '../write.ts';
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import { CORPUS_PATH, generateCorpus } from './corpus.ts';

/**
 * sitemap.xml (sitemaps.org protocol): every indexable, self-canonical page, URLs sorted so builds
 * are reproducible.
 */
function generateSitemap(routes: Pick<Route, 'path' | 'meta'>[], siteUrl: string): string {
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = routes.filter((r) => isIndexable(r as Route)).map((r) => absoluteUrl(siteUrl, r.path)).sort();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `  <url><loc>${escapeXml(u)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt letting crawlers fetch every page (an empty Disallow, RFC 9309): pages kept out of
 * results say so in their meta tag, which a crawler obeys only if it may fetch the page
 * (https://developers.google.com/search/docs/crawling-indexing/block-indexing).
 */
function generateRobots(siteUrl: string): string {
  return `User-agent: *\nDisallow:\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

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

/** The site paths of every file extraFiles writes, known before the build (a static/ file of one of these names is refused). */
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
