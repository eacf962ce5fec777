/**
 * The whole build as one function, in named stages: load and validate content, list routes,
 * render every page to memory, bundle the islands the pages used, finish the pages, write
 * everything into a fresh folder and swap it in for the output folder.
 */
import path from 'node:path';
import fg from 'fast-glob';
import { gunzipSync } from 'node:zlib';
import { buildRoutes } from '../../pages/routes.ts';
import { outputFile, type Route } from '../route.ts';
import { bundleIslands } from '../bundle/bundle.ts';
import { clientConfig } from '../bundle/client-config.ts';
import { PAGE_GZIP_BUDGET_BYTES } from './budgets.ts';
import type { BuiltPage } from '../built-page.ts';
import { extraFiles } from '../site-files/extra-files.ts';
import { REDIRECTS } from '../site-files/hosting.ts';
import { redirectProblem } from '../content/redirects.ts';
import { ContentError } from '../../content/schema.ts';
import { loadContent, PROJECT_CONTENT, type RawContent, type SiteData } from '../content/load-content.ts';
import { PAGE_PHOTO_BUDGET_BYTES, pagePhotoBytes } from '../photos/photo-bytes.ts';
import { SUMMARY_PHONE } from '../photos/photo-slots.ts';
import { photoUses, processPhotos, type PhotoBuild } from '../photos/photos.ts';
import { bundlePictureScript } from '../bundle/picture-script.ts';
import { PageBatch, type FinishedInfo, type RenderedInfo } from './page-batch.ts';
import { createPageCss, runtimeStylesKey } from './page-css.ts';
import { createPageMinifier } from './minify-page.ts';
import { defaultThreads, shareRoutes, WorkerBatch } from './page-workers.ts';
import type { BuildReuse } from './build-reuse.ts';
import { loadStylesheet, minifyStylesheet, readStylesheetSource } from './styles.ts';
import { writeSite, type SiteFile } from '../write.ts';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { resolveConfig } from '../config.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The output folder: $DIST_DIR when set (lets parallel builds and tests use their own), else dist/ (lib/config.ts). */
export function distDir(): string {
  return resolveConfig().outDir;
}

/** One row of the build summary. Sizes in bytes. */
export interface PageReport {
  path: string;
  bytes: number;
  /** The page gzipped at level 6 (lib/build/budgets.ts GZIP_LEVEL), as a host sends it. */
  gzipBytes: number;
  /** The page's inline CSS, bytes (not gzipped; lib/build/page-css.ts). */
  cssBytes: number;
  /**
   * JavaScript the page loads without the visitor doing anything, all files together, gzipped
   * (entries, their chunks, and what they import by themselves, e.g. web-vitals 1 s after load).
   * The JavaScript budget: at most 15 KB on any page.
   */
  jsGzipBytes: number;
  /** Further JavaScript, gzipped, loaded only when the visitor acts on an island (e.g. presses play). */
  jsInteractionGzipBytes: number;
  /** Bytes of the page's photos a phone downloads when scrolled to the end (lib/photos/photo-bytes.ts); 0 without photos. */
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
  /** How many times PurgeCSS ran, all threads together (each thread's lib/build/page-css.ts caches the rest). */
  cssRuns: number;
  /** How many threads rendered and finished the pages (this one plus worker threads). */
  threads: number;
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
   * rendered markup and script tags (lib/build/page-batch.ts): a page whose markup is unchanged is taken from here instead
   * of being minified again (`npm run dev` after a content-only save). Filled with this build's
   * pages. Only valid while the generator's code is unchanged.
   */
  finished?: Map<string, string>;
  /**
   * Threads for rendering and finishing pages, this one included; default defaultThreads() of
   * lib/build/page-workers.ts (one for a site under WORKER_MIN_PAGES pages). The output is the same
   * for any number. Always one with `reuse`.
   */
  threads?: number;
  /**
   * What this process kept from its previous builds (`npm run dev`, lib/build/build-reuse.ts):
   * the minified stylesheet, the page CSS and minifier caches, the finished pages and the esbuild
   * contexts of the browser code, each reused only while its inputs are the same, so the files
   * are those of a build without it. The caller reports each build's changes to it.
   */
  reuse?: BuildReuse;
  /**
   * Writes the site instead of lib/write.ts writeSite (the generated files, the static folder
   * copied first, the output folder): `npm run dev` writes only the files that changed.
   */
  write?: (files: SiteFile[], staticDir: string, outDir: string) => Promise<void>;
  /**
   * Told the name of each stage as it ends ("content", "photos", "stylesheet", with `early` "early
   * pages rendered", "early pages bundled", "early pages finished", "early pages handed over",
   * then "rendered", "bundled", "finished", "site files", "written"): `npm run dev` times them
   * (DEV_TRACE=1).
   */
  trace?: (stage: string) => void;
  /**
   * Pages to finish before the others, by their file ("/areas/grants/index.html"; `npm run dev`:
   * the pages open in the browser): these pages are finished and handed to `write` together with
   * the files they may load that the build makes (scripts, photos), before the other pages are
   * finished; with `reuse` and a previous build, before the other pages are even rendered (the
   * previous build's islands are the guess; a wrong guess hands them over a second time, right
   * after the other pages are rendered). Once the build returns, the last files handed over are
   * the same as in the whole build. Only with one thread; otherwise ignored.
   */
  early?: { files: readonly string[]; write(files: SiteFile[]): Promise<void> };
}

/** The browser code the pages load (see scriptsFor in buildSite). */
interface PageScripts {
  bundle: Awaited<ReturnType<typeof bundleIslands>>;
  pictureScript?: Awaited<ReturnType<typeof bundlePictureScript>>;
}

/** True when two lists of island keys hold the same keys (the bundle depends on the set only). */
function sameKeys(a: string[], b: string[]): boolean {
  const [x, y] = [new Set(a), new Set(b)];
  return x.size === y.size && [...x].every((key) => y.has(key));
}

/**
 * Checks the operator's redirects against the route table (lib/content/redirects.ts).
 * @throws ContentError naming content/site.ts and the redirect's field
 */
export function checkRedirects(site: SiteData, routes: Route[], staticDir = path.join(ROOT, 'static')): void {
  const files = new Set(fg.sync('**/*', { cwd: staticDir, dot: true, onlyFiles: true }).map((f) => `/${f}`));
  const problem = redirectProblem(site.settings.redirects, new Set(routes.map((r) => r.path)), new Set(REDIRECTS.map((r) => r.from)), files);
  if (problem) throw new ContentError(problem);
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
  checkRedirects(site, routes);
  const trace = options.trace ?? (() => undefined);
  trace('content');
  const photos: PhotoBuild = await processPhotos(photoUses(site), {
    photosDir: options.photosDir ?? path.join(ROOT, 'content', 'photos'),
    cacheDir: options.photoCacheDir ?? path.join(ROOT, 'node_modules', '.cache', 'photos'),
    onEncode: (src, i, n) => options.progress?.(`Encoding photo ${i + 1} of ${n}, ${src} (once: later builds take it from the cache)...`),
  });
  trace('photos');
  const { reuse } = options;
  const source = reuse && (await readStylesheetSource());
  const css = reuse ? await reuse.keep('stylesheet', [source], () => minifyStylesheet(source || '')) : await loadStylesheet();
  trace('stylesheet');
  // Every page is rendered before the islands are bundled (the bundle holds only the islands some
  // page placed), and written only at the end; only `npm run dev`'s open pages (`early`) may go
  // ahead, see below. Large sites share the pages out to worker threads
  // (lib/build/page-workers.ts); this thread takes the first share itself.
  const threads = reuse ? 1 : Math.max(1, Math.min(options.threads ?? defaultThreads(routes.length), routes.length));
  const [ownShare, ...workerShares] = shareRoutes(routes.length, threads);
  // Finishing a page reads, besides its markup and script tags, only the run-time styles of the
  // browser code (lib/build/page-css.ts) and how island keys are read.
  const finishInputs = reuse && [runtimeStylesKey(), parseIslandKey];
  const kept = reuse && finishInputs && {
    pageCss: reuse.keep('page-css', [css, ...finishInputs], () => createPageCss(css)),
    minifier: reuse.keep('minifier', [], () => createPageMinifier({ keepSkeletons: true })),
  };
  const keptPages = reuse && finishInputs ? reuse.finished(finishInputs) : undefined;
  const own = new PageBatch(site, routes, ownShare, css, photos.library, kept || undefined);
  const workers = workerShares.map((share) => new WorkerBatch(site, routes, share, css, photos.library));
  try {
    const config = clientConfig(site.settings);
    const finishOptions = { liveReloadScript: options.liveReloadScript, finished: options.finished, keptPages };
    const pageFile = (index: number) => `/${outputFile(routes[index].path)}`;
    /** The browser code for the island keys `used`: the islands' bundle, and the picture script when a page placed a photo. */
    const scriptsFor = async (used: string[], photosPlaced: boolean): Promise<PageScripts> => ({
      bundle: await bundleIslands(used, config, reuse?.esbuild),
      pictureScript: photosPlaced ? await bundlePictureScript(config, reuse?.esbuild) : undefined,
    });
    const tagsFor = (infos: RenderedInfo[], scripts: PageScripts) =>
      new Map(infos.map((p) => [p.index, scripts.bundle.tagsFor(p.islands) + (scripts.pictureScript && p.photos.length ? scripts.pictureScript.tag : '')]));
    /** Hands the finished early pages to options.early, with the scripts and photos they may load. */
    const handOver = async (finished: FinishedInfo[], scripts: PageScripts) => {
      const pageFiles = finished.map((f): SiteFile => ({ path: pageFile(f.index), contents: gunzipSync(f.gzipped) }));
      await options.early!.write([...scripts.bundle.files, ...(scripts.pictureScript ? [scripts.pictureScript.file] : []), ...photos.files, ...pageFiles]);
      trace('early pages handed over');
    };
    const early = options.early && !workers.length ? new Set(routes.map((_, i) => i).filter((i) => options.early!.files.includes(pageFile(i)))) : undefined;
    // The early pages (`npm run dev`'s open tabs) go first. Their script tags depend on the islands
    // every page placed (the bundle holds only those), known once all pages are rendered; the
    // previous build's islands are the guess: with it, the early pages are rendered, finished and
    // handed over before the other pages are rendered. If the other pages then place other
    // islands, the guess was wrong: the early pages are finished again and handed over again, so
    // every file written is still the build's own.
    const guess = early?.size ? reuse?.placedIslands : undefined;
    let earlyRendered: RenderedInfo[] = [];
    let earlyInfo: FinishedInfo[] = [];
    let guessed: PageScripts | undefined;
    if (guess) {
      earlyRendered = own.render(early);
      trace('early pages rendered');
      if (earlyRendered.every((p) => p.islands.every((key) => guess.includes(key)))) {
        // An island the previous build placed may be gone from the project (renamed, deleted):
        // then the guess cannot be bundled, and the open pages wait for the real bundle below.
        guessed = await scriptsFor(guess, earlyRendered.some((p) => p.photos.length)).catch(() => undefined);
        trace('early pages bundled');
      }
      if (guessed) {
        earlyInfo = await own.finish(tagsFor(earlyRendered, guessed), { ...finishOptions, only: early });
        trace('early pages finished');
        if (earlyInfo.length) await handOver(earlyInfo, guessed);
      }
    }
    const renderedInfo = [...earlyRendered, ...own.render(), ...(await Promise.all(workers.map((w) => w.render()))).flat()].sort((a, b) => a.index - b.index);
    trace('rendered');
    const used = [...new Set(renderedInfo.flatMap((p) => p.islands))];
    const photosPlaced = renderedInfo.some((p) => p.photos.length);
    if (reuse) reuse.placedIslands = used;
    let scripts: PageScripts;
    if (guessed && sameKeys(used, guess!)) {
      scripts = { bundle: guessed.bundle, pictureScript: photosPlaced ? (guessed.pictureScript ?? (await bundlePictureScript(config, reuse?.esbuild))) : undefined };
    } else {
      if (guessed) {
        own.render(early); // finished with the wrong islands: finished and handed over again below
        earlyInfo = [];
      }
      scripts = await scriptsFor(used, photosPlaced);
    }
    const { bundle, pictureScript } = scripts;
    trace('bundled');
    const tags = tagsFor(renderedInfo, scripts);
    if (early?.size && !earlyInfo.length) {
      earlyInfo = await own.finish(tags, { ...finishOptions, only: early });
      if (earlyInfo.length) await handOver(earlyInfo, scripts);
    }
    const finishedInfo = [...earlyInfo, ...(await Promise.all([own.finish(tags, finishOptions), ...workers.map((w) => w.finish(tags, { liveReloadScript: options.liveReloadScript }))])).flat()];
    trace('finished');
    const finishedByIndex = new Map(finishedInfo.map((f) => [f.index, f]));

    const files: SiteFile[] = [];
    const pages: PageReport[] = [];
    const built: BuiltPage[] = [];
    for (const info of renderedInfo) {
      const route = routes[info.index];
      const { gzipped, bytes, cssBytes, text } = finishedByIndex.get(info.index)!;
      built.push({ route, text, get html() { return gunzipSync(gzipped).toString('utf8'); } });
      files.push({ path: `/${outputFile(route.path)}`, get contents() { return gunzipSync(gzipped); } });
      const js = bundle.scriptsFor(info.islands, { analytics: route.analytics !== false });
      pages.push({
        path: route.path,
        bytes,
        gzipBytes: gzipped.length,
        cssBytes,
        jsGzipBytes: js.loadGzipBytes + (pictureScript && info.photos.length ? pictureScript.gzipBytes : 0),
        jsInteractionGzipBytes: js.interactionGzipBytes,
        photoBytes: pagePhotoBytes(info.photos, photos.library),
      });
    }
    files.push(...bundle.files, ...(pictureScript ? [pictureScript.file] : []), ...photos.files, ...(await extraFiles(site, routes, built)));
    trace('site files');
    await (options.write ?? writeSite)(files, path.join(ROOT, 'static'), outDir);
    trace('written');
    const photoStats = { count: photos.library.size, encoded: photos.encoded, reused: photos.reused };
    const cssRuns = own.cssRuns + workers.reduce((n, w) => n + w.cssRuns, 0);
    return { site, routes, pages, files, photos: photoStats, ms: performance.now() - t0, cssRuns, threads };
  } finally {
    await Promise.all(workers.map((w) => w.close()));
  }
}

/**
 * The build summary: each route with KB and KB gzipped (HTML with its inline CSS), the inline
 * CSS in KB, JS KB gzipped loaded with the page, JS KB gzipped loaded only on interaction, and KB
 * of photos a 390 px phone downloads ("-" when none), "over 14 KB" after a page over the budget
 * (lib/build/budgets.ts); then the photos' files (encoded or from the cache), a warning for each page
 * whose photos pass PAGE_PHOTO_BUDGET_BYTES, a warning for each page over 14 KB (by how many bytes,
 * what it costs visitors and what to shorten) and their count, and the total time.
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
  for (const p of over) {
    lines.push(`Warning: ${p.path} is ${p.gzipBytes - PAGE_GZIP_BUDGET_BYTES} bytes over 14 KB gzipped: on a slow phone connection it no longer arrives in the first round trip, so a visitor waits longer to see the call button. Shorten that page's text (its About paragraphs, FAQ answers or list of places) until it fits.`);
  }
  if (over.length) lines.push(`${over.length} page(s) over 14 KB gzipped: the whole page no longer arrives in the first round trip.`);
  lines.push(`${result.pages.length} pages, ${result.files.length} files generated in ${Math.round(result.ms)} ms`);
  return lines.join('\n');
}
