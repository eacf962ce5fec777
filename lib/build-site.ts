/**
 * The whole build as one function, in named stages: load and validate content, list routes,
 * render every page to memory, bundle the islands the pages used, finish the pages, write
 * everything into a fresh folder and swap it in for the output folder.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { buildRoutes } from '../pages/routes.ts';
import { outputFile, type Route } from './route.ts';
import { bundleIslands } from './bundle.ts';
import { clientConfig } from './client-config.ts';
import { GZIP_LEVEL, PAGE_GZIP_BUDGET_BYTES } from './budgets.ts';
import { checkPageCsp, inlineStyles } from './csp.ts';
import type { BuiltPage } from './built-page.ts';
import { extraFiles } from './extra-files.ts';
import { loadContent, PROJECT_CONTENT, type RawContent, type SiteData } from './load-content.ts';
import { PAGE_PHOTO_BUDGET_BYTES, pagePhotoBytes } from './photo-bytes.ts';
import { SUMMARY_PHONE } from './photo-slots.ts';
import { photoUses, processPhotos, type PhotoBuild } from './photos.ts';
import { bundlePictureScript } from './picture-script.ts';
import { createPageCss } from './page-css.ts';
import { finishPage, renderRoute, type RenderedPage } from './render.ts';
import { loadStylesheet } from './styles.ts';
import { writeSite, type SiteFile } from './write.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The output folder: $DIST_DIR when set (lets parallel builds and tests use their own), else dist/. */
export function distDir(): string {
  return path.resolve(ROOT, process.env.DIST_DIR || 'dist');
}

/** One row of the build summary. Sizes in bytes. */
export interface PageReport {
  path: string;
  bytes: number;
  /** The page gzipped at level 6 (lib/budgets.ts GZIP_LEVEL), as a host sends it. */
  gzipBytes: number;
  /** The page's inline CSS, bytes (not gzipped; lib/page-css.ts). */
  cssBytes: number;
  /**
   * JavaScript the page loads without the visitor doing anything, all files together, gzipped
   * (entries, their chunks, and what they import by themselves, e.g. web-vitals 1 s after load).
   * The JavaScript budget: at most 15 KB on any page.
   */
  jsGzipBytes: number;
  /** Further JavaScript, gzipped, loaded only when the visitor acts on an island (e.g. presses play). */
  jsInteractionGzipBytes: number;
  /** Bytes of the page's photos a phone downloads when scrolled to the end (lib/photo-bytes.ts); 0 without photos. */
  photoBytes: number;
}

export interface BuildResult {
  site: SiteData;
  routes: Route[];
  pages: PageReport[];
  /** Every file written, site-absolute paths. */
  files: SiteFile[];
  /** The photos' files: how many this build encoded and how many came from the on-disk cache. */
  photos: { count: number; encoded: number; reused: number };
  /** Wall time of the build in ms. */
  ms: number;
  /** How many distinct per-page stylesheets PurgeCSS computed (lib/page-css.ts caches the rest). */
  cssRuns: number;
}

export interface BuildOptions {
  /** Raw content to build from; default: the project's content files. */
  content?: RawContent;
  /** Output folder; default $DIST_DIR, else "dist" in the project root. */
  outDir?: string;
  /** Folder photo fields name files in; default content/photos/ in the project root. */
  photosDir?: string;
  /** On-disk cache of encoded photos; default node_modules/.cache/photos/ in the project root. */
  photoCacheDir?: string;
  /** Told of long work as it starts (encoding a photo for the first time), one line each. */
  progress?: (line: string) => void;
  /**
   * Site path of a live-reload client to load on every page (`npm run dev` only, e.g.
   * "/livereload.js"); never set by `npm run build`, so published pages carry no such script.
   */
  liveReloadScript?: string;
  /**
   * Finished (minified) pages of an earlier build with the same code, by finishKey() of their
   * rendered markup and script tags: a page whose markup is unchanged is taken from here instead
   * of being minified again (`npm run dev` after a content-only save). Filled with this build's
   * pages. Only valid while the generator's code is unchanged.
   */
  finished?: Map<string, string>;
}

/** Key of a page in BuildOptions.finished: SHA-256 of its rendered markup and its script tags. */
export function finishKey(markup: string, tags: string): string {
  return createHash('sha256').update(markup).update('\0').update(tags).digest('base64');
}

/** Checks the route table before anything is written: unique paths, well-formed. Lists every culprit. */
export function checkRoutes(routes: Route[]): void {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const r of routes) {
    if (seen.has(r.path)) problems.push(`pages/routes.ts: route "${r.path}" is listed twice.`);
    seen.add(r.path);
    if (!/^\/([a-z0-9-]+\/)*([a-z0-9-]+\.html)?$/.test(r.path)) problems.push(`pages/routes.ts: route "${r.path}" must be "/a/b/" or "/name.html".`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

/**
 * Builds the site.
 * @throws ContentError for a content or settings mistake (names file, record, field); Error for a
 *   render or bundle failure (names the route). The previous output folder is untouched on failure.
 */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const t0 = performance.now();
  const outDir = options.outDir ?? distDir();
  const site = loadContent(options.content ?? PROJECT_CONTENT);
  const routes = buildRoutes(site);
  checkRoutes(routes);
  const photos: PhotoBuild = await processPhotos(photoUses(site), {
    photosDir: options.photosDir ?? path.join(ROOT, 'content', 'photos'),
    cacheDir: options.photoCacheDir ?? path.join(ROOT, 'node_modules', '.cache', 'photos'),
    onEncode: (src, i, n) => options.progress?.(`Encoding photo ${i + 1} of ${n}, ${src} (once: later builds take it from the cache)...`),
  });
  const css = await loadStylesheet();
  // Every page is rendered before the islands are bundled (the bundle holds only the islands some
  // page placed), and written only at the end: until then each page waits compressed, so a build
  // of thousands of pages holds a few tens of MB of them instead of hundreds.
  const rendered = routes.map((route) => packed(renderRoute(route, site, css, photos.library)));
  const used = [...new Set(rendered.flatMap((p) => p.islands))];
  const config = clientConfig(site.settings);
  const bundle = await bundleIslands(used, config);
  const pictureScript = rendered.some((p) => p.photos.length) ? await bundlePictureScript(config) : undefined;

  const pageCss = createPageCss(css);
  const files: SiteFile[] = [];
  const pages: PageReport[] = [];
  const built: BuiltPage[] = [];
  for (let i = 0; i < rendered.length; i++) {
    const page = unpacked(rendered[i]);
    rendered[i] = { ...rendered[i], markup: Buffer.alloc(0) };
    const withPhotos = pictureScript && page.photos.length > 0;
    const tags = bundle.tagsFor(page.islands) + (withPhotos ? pictureScript.tag : '');
    const key = options.finished && finishKey(page.markup, tags);
    const finished = (key && options.finished!.get(key)) || await finishPage(page, tags, pageCss);
    if (key) options.finished!.set(key, finished);
    const html = options.liveReloadScript ? finished.replace('</body>', `<script src="${options.liveReloadScript}" async></script></body>`) : finished;
    checkPageCsp(html, page.route.path); // the style hash must match the final minified bytes
    const gzipped = gzipSync(html, { level: GZIP_LEVEL });
    built.push({ route: page.route, get html() { return gunzipSync(gzipped).toString('utf8'); } });
    files.push({ path: `/${outputFile(page.route.path)}`, get contents() { return gunzipSync(gzipped); } });
    const js = bundle.scriptsFor(page.islands, { analytics: page.route.analytics !== false });
    pages.push({
      path: page.route.path,
      bytes: Buffer.byteLength(html),
      gzipBytes: gzipped.length,
      cssBytes: inlineStyles(html).reduce((n, css) => n + Buffer.byteLength(css), 0),
      jsGzipBytes: js.loadGzipBytes + (withPhotos ? pictureScript.gzipBytes : 0),
      jsInteractionGzipBytes: js.interactionGzipBytes,
      photoBytes: pagePhotoBytes(page.photos, photos.library),
    });
  }
  files.push(...bundle.files, ...(pictureScript ? [pictureScript.file] : []), ...photos.files, ...(await extraFiles(site, routes, built)));
  await writeSite(files, path.join(ROOT, 'static'), outDir);
  const photoStats = { count: photos.library.size, encoded: photos.encoded, reused: photos.reused };
  return { site, routes, pages, files, photos: photoStats, ms: performance.now() - t0, cssRuns: pageCss.runs };
}

/** A rendered page whose markup waits compressed (level 1: fast, and about a fifth of the size). */
type PackedPage = Omit<RenderedPage, 'markup'> & { markup: Buffer };
const packed = (page: RenderedPage): PackedPage => ({ ...page, markup: deflateRawSync(page.markup, { level: 1 }) });
const unpacked = (page: PackedPage): RenderedPage => ({ ...page, markup: inflateRawSync(page.markup).toString('utf8') });

/**
 * The build summary: each route with KB and KB gzipped (HTML with its inline CSS), the inline
 * CSS in KB, JS KB gzipped loaded with the page, JS KB gzipped loaded only on interaction, and KB
 * of photos a 390 px phone downloads ("-" when none), "over 14 KB" after a page over the budget
 * (lib/budgets.ts); then the photos' files (encoded or from the cache), a warning for each page
 * whose photos pass PAGE_PHOTO_BUDGET_BYTES, the pages over 14 KB, and the total time.
 */
export function formatSummary(result: BuildResult): string {
  const kb = (n: number, w = 6) => (n / 1024).toFixed(1).padStart(w);
  const width = Math.max(...result.pages.map((p) => p.path.length), 5);
  const photoColumn = `photo KB ${SUMMARY_PHONE.width}px`;
  const lines = [`${'route'.padEnd(width)}     KB  KB gz  CSS KB  JS KB gz  JS on interaction  ${photoColumn}`];
  const over = result.pages.filter((p) => p.gzipBytes > PAGE_GZIP_BUDGET_BYTES);
  for (const p of result.pages) {
    const later = p.jsInteractionGzipBytes ? kb(p.jsInteractionGzipBytes, 18) : '-'.padStart(18);
    const photos = p.photoBytes ? kb(p.photoBytes, photoColumn.length) : '-'.padStart(photoColumn.length);
    const flag = p.gzipBytes > PAGE_GZIP_BUDGET_BYTES ? '  over 14 KB' : '';
    lines.push(`${p.path.padEnd(width)} ${kb(p.bytes)} ${kb(p.gzipBytes)} ${kb(p.cssBytes, 7)} ${kb(p.jsGzipBytes, 9)} ${later}  ${photos}${flag}`);
  }
  const { count, encoded, reused } = result.photos;
  if (count) lines.push(`${count} photo${count === 1 ? '' : 's'}: ${encoded + reused} files, ${encoded} encoded, ${reused} from the cache`);
  for (const p of result.pages.filter((page) => page.photoBytes > PAGE_PHOTO_BUDGET_BYTES)) {
    lines.push(`Warning: ${p.path} makes a ${SUMMARY_PHONE.width} px phone download ${kb(p.photoBytes, 0)} KB of photos, over the ${PAGE_PHOTO_BUDGET_BYTES / 1024} KB a page should stay under on a mobile connection: show fewer photos on it.`);
  }
  if (over.length) lines.push(`${over.length} page(s) over 14 KB gzipped: the whole page no longer arrives in the first round trip.`);
  lines.push(`${result.pages.length} pages, ${result.files.length} files generated in ${Math.round(result.ms)} ms`);
  return lines.join('\n');
}
