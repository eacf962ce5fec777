/**
 * The whole build as one function, in named stages (docs/architecture.md follows one page through
 * them):
 *
 *   1. content   load and validate the content, list the routes, check them
 *   2. settle    photos, share image, stylesheet, browser bundle: every input a page is made from
 *                (lib/build/settle.ts)
 *   3. pages     each route through the page steps (lib/build/make-page.ts), on this thread and,
 *                for large sites, on worker threads; each page is written as soon as it is
 *                finished, after the script files it loads
 *   4. site files sitemap, robots, keyword corpus, manifest, contact card, hosting files, service
 *                worker (lib/site-files/extra-files.ts), made from what the pages reported
 *   5. commit    the writer puts the new site in place: `npm run build` swaps the finished folder
 *                in for the output folder (lib/write.ts); `npm run dev` writes only what changed
 *                (lib/serve/dev-output.ts)
 */
import path from 'node:path';
import fg from 'fast-glob';
import { buildRoutes } from '../../pages/routes.ts';
import { outputFile, type Route } from '../route.ts';
import type { BuiltPage } from '../built-page.ts';
import { extraFiles, GENERATED_FILES } from '../site-files/extra-files.ts';
import { DEPLOY_MANIFEST_PLAIN, HOSTING_FILES, REDIRECTS } from '../site-files/hosting.ts';
import { claimedByBuild, readStaticFolder, StaticFolderError } from '../static-folder.ts';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import { redirectProblems } from '../content/redirects.ts';
import { ContentError } from '../content/schema.ts';
import { loadContent, loadProjectContent, type RawContent, type SiteData } from '../content/load-content.ts';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { openSiteWriter, type SiteFile, type SiteWriter } from '../write.ts';
import type { BuildReuse } from './build-reuse.ts';
import { PageMaker, type FinishedPage, type PageTools } from './make-page.ts';
import { createPageMinifier } from './minify-page.ts';
import { createPageCss, runtimeStylesKey } from './page-css.ts';
import { defaultThreads, makePagesOnWorker, pageQueue, stopQueue, takePage } from './worker-pool.ts';
import { settleInputs, type Settled } from './settle.ts';
import type { BuildResult, PageReport } from './summary.ts';
import type { GeneratorConfig } from '../config.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuildOptions {
  /**
   * The generator's settings (lib/config.ts), resolved once by the command. The folders below,
   * when given, take the place of its own.
   */
  config: GeneratorConfig;
  /** Raw content to build from; default: the project's content files. */
  content?: RawContent;
  /** Output folder; default the config's (DIST_DIR, else "dist" in the project root). Not read with `writer`. */
  outDir?: string;
  /** Folder photo fields name files in; default the config's (content/photos/). */
  photosDir?: string;
  /** On-disk cache of encoded photos; default the config's (node_modules/.cache/photos/). */
  photoCacheDir?: string;
  /** Told of long work as it starts (encoding a photo for the first time), one line each. */
  progress?: (line: string) => void;
  /**
   * Threads making pages, this one included; default the config's (BUILD_THREADS), else
   * defaultThreads() of lib/build/worker-pool.ts (one for a site under WORKER_MIN_PAGES pages).
   * The output is the same for any number. Always one with `reuse`.
   */
  threads?: number;
  /**
   * What a long-lived process kept from its previous builds (`npm run dev`, lib/build/build-reuse.ts):
   * the minified stylesheet, the page CSS and minifier caches, the finished pages and the esbuild
   * contexts of the browser code, each reused only while its inputs are the same, so the files
   * are those of a build without it.
   */
  reuse?: BuildReuse;
  /**
   * Opens the writer the files go to, once the inputs are settled (so a content mistake opens
   * nothing); default openSiteWriter() of lib/write.ts on the static folder and `outDir`, the
   * config's DIST_REPLACE_EXISTING with it.
   */
  writer?: () => Promise<SiteWriter>;
  /** Page files to make first ("/areas/grants/index.html": `npm run dev`'s open tabs); the output is the same. */
  first?: readonly string[];
  /** Told the name of each stage as it ends ("content", "settled", "pages", "site files", "written"). */
  trace?: (stage: string) => void;
}

/**
 * Checks the operator's redirects against the route table and the files the build publishes
 * (lib/content/redirects.ts): the static folder's, the generated ones and the pages' files.
 * @throws ContentError naming content/settings.yaml, the row and the field of every bad redirect
 */
export function checkRedirects(site: SiteData, routes: Route[], staticDir = path.join(ROOT, 'static')): void {
  const files = new Set([...fg.sync('**/*', { cwd: staticDir, dot: true, onlyFiles: true }).map((f) => `/${f}`), ...filesOfTheBuild(routes).keys()]);
  const problems = redirectProblems(site.settings.redirects, new Set(routes.map((r) => r.path)), new Set(REDIRECTS.map((r) => r.from)), files);
  if (problems.length) throw new ContentError(problems);
}

/**
 * Every file the build writes whose name is known before it makes any (the pages, the generated
 * files of lib/site-files/extra-files.ts) and the deploy's record on servers that refuse dot-names,
 * by site path, each with what it is, for the lines of claimedByBuild.
 */
function filesOfTheBuild(routes: readonly Route[]): Map<string, string> {
  const built = new Map<string, string>(routes.map((r) => [`/${outputFile(r.path)}`, 'a page of the site']));
  for (const file of GENERATED_FILES) {
    const what = (HOSTING_FILES as readonly string[]).includes(file) ? 'a hosting file, made from lib/site-files/hosting.ts'
      : file === SERVICE_WORKER_PATH ? 'the service worker' : 'a file the build generates';
    built.set(file, what);
  }
  built.set(DEPLOY_MANIFEST_PLAIN, 'the name of the deploy\'s record on servers that refuse names starting with a dot; never served');
  return built;
}

/**
 * Checks the static folder before anything is written: the publishing rules of lib/static-folder.ts
 * and no file of a name the build writes itself (claimedByBuild).
 * @throws StaticFolderError, one line per file, naming it and why
 */
export async function checkStaticFolder(routes: readonly Route[], staticDir: string): Promise<void> {
  const { files, problems } = await readStaticFolder(staticDir);
  problems.push(...claimedByBuild(files, filesOfTheBuild(routes), staticDir));
  if (problems.length) throw new StaticFolderError(problems.join('\n'));
}

/** Checks the route table before anything is written: unique paths, well-formed. Lists every culprit. */
function checkRoutes(routes: Route[]): void {
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
 * The content, validated, and the route table, checked.
 * @param content raw content a test passes, else undefined to read the content folder
 * @throws ContentError, or Error for a bad route table
 */
function loadSite(content: RawContent | undefined, config: GeneratorConfig): { site: SiteData; routes: Route[] } {
  const site = content ? loadContent(content) : loadProjectContent(config.contentDir);
  const staticDir = config.staticDir;
  const routes = buildRoutes(site);
  checkRoutes(routes);
  checkRedirects(site, routes, staticDir);
  return { site, routes };
}

/** The pages' tools kept by a long-lived process while the stylesheet and the islands' run-time styles are the same. */
function keptTools(reuse: BuildReuse, css: string): PageTools {
  const deps = [css, runtimeStylesKey(), parseIslandKey];
  return {
    pageCss: reuse.keep('page-css', deps, () => createPageCss(css)),
    minifier: reuse.keep('minifier', [], () => createPageMinifier({ keepSkeletons: true })),
    finished: reuse.finished(deps),
  };
}

/** Route indexes in the order pages are made: those of `first` ahead, the rest in route order. */
function pageOrder(routes: readonly Route[], first: readonly string[] = []): number[] {
  const ahead = new Set(first);
  const all = routes.map((_, i) => i);
  const isAhead = (i: number) => ahead.has(`/${outputFile(routes[i].path)}`);
  return [...all.filter(isAhead), ...all.filter((i) => !isAhead(i))];
}

/** What the pages stage hands on: per page, in route order, its summary row and what the site files read. */
interface MadePages {
  reports: PageReport[];
  built: BuiltPage[];
  cssRuns: number;
  threads: number;
}

/**
 * Makes every page and writes each as soon as it is finished, with the script files it loads
 * written before it (once each).
 * @throws the first page's error (naming its route) or the writer's
 */
async function makePages(settled: Settled, routes: Route[], options: BuildOptions, writer: SiteWriter): Promise<MadePages> {
  const reports: PageReport[] = new Array(routes.length);
  const built: BuiltPage[] = new Array(routes.length);
  const scriptFiles = new Map(settled.scriptFiles.map((f) => [f.path, f]));
  const written = new Set<string>();
  const onPage = async (page: FinishedPage) => {
    const route = routes[page.index];
    const scripts = page.scriptFiles.filter((p) => !written.has(p)).map((p) => scriptFiles.get(p)!);
    for (const f of scripts) written.add(f.path);
    await writer.write([...scripts, { path: page.file, contents: page.html }]);
    const { bytes, gzipBytes, cssBytes, jsGzipBytes, jsInteractionGzipBytes, photoBytes } = page;
    reports[page.index] = { path: route.path, bytes, gzipBytes, cssBytes, jsGzipBytes, jsInteractionGzipBytes, photoBytes };
    built[page.index] = { route, digest: page.digest, text: page.text, html: route.path === OFFLINE_PAGE_PATH ? page.html : undefined };
  };
  const { reuse } = options;
  const queue = pageQueue(pageOrder(routes, options.first));
  const threads = reuse ? 1 : Math.max(1, Math.min(options.threads ?? options.config.threads ?? defaultThreads(routes.length), routes.length));
  const maker = new PageMaker(settled.inputs, routes, reuse && keptTools(reuse, settled.inputs.css));
  const stopOnFailure = (error: unknown): never => {
    stopQueue(queue);
    throw error;
  };
  const onWorkers = Array.from({ length: threads - 1 }, () => makePagesOnWorker(settled.inputs, routes, queue, onPage).catch(stopOnFailure));
  // Every worker's promise is awaited, even when this thread fails first (a worker always ends).
  // This thread writes a page while it makes the next one (at most one write waiting), except
  // the pages of `first`: the next page waits for their write (which may pause for the open tabs).
  const first = new Set(options.first);
  const mine = (async () => {
    let writing = Promise.resolve();
    try {
      for (let index = takePage(queue); index !== undefined; index = takePage(queue)) {
        const page = await maker.make(index);
        await writing;
        writing = onPage(page);
        writing.catch(() => undefined); // awaited below; marked handled while the next page is made
        if (first.has(page.file)) await writing;
      }
      await writing;
    } catch (error) {
      await writing.catch(() => undefined); // settled before the writer is aborted
      throw error;
    }
    return maker.cssRuns;
  })().catch(stopOnFailure);
  const runs = await Promise.allSettled([mine, ...onWorkers]);
  const failed = runs.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  const cssRuns = runs.reduce((n, r) => n + (r as PromiseFulfilledResult<number>).value, 0);
  return { reports, built, cssRuns, threads };
}

/**
 * Builds the site.
 * @throws ContentError for a content or settings mistake (names file, record, field); Error for a
 *   render or bundle failure (names the route). The previous output folder is untouched on failure.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const t0 = performance.now();
  const { config } = options;
  const trace = options.trace ?? (() => undefined);
  const { site, routes } = loadSite(options.content, config);
  await checkStaticFolder(routes, config.staticDir);
  trace('content');
  const folders = { photosDir: options.photosDir ?? config.photosDir, cacheDir: options.photoCacheDir ?? config.photoCacheDir, artDir: path.join(config.staticDir, 'img') };
  const settled = await settleInputs(site, folders, config.production, options.progress, options.reuse);
  trace('settled');
  const open = options.writer ?? (() => openSiteWriter(config.staticDir, options.outDir ?? config.outDir, { replaceExisting: config.replaceExisting }));
  const writer = await open();
  const files = new Set<string>();
  const write = (batch: SiteFile[]) => {
    for (const f of batch) files.add(f.path);
    return writer.write(batch);
  };
  try {
    await write([...settled.photos.files, ...(settled.shareImage ? [settled.shareImage] : [])]);
    const made = await makePages(settled, routes, options, { ...writer, write });
    trace('pages');
    await write(await extraFiles(site, routes, made.built, config.production));
    trace('site files');
    await writer.commit();
    trace('written');
    const photos = { count: settled.photos.library.size, encoded: settled.photos.encoded, reused: settled.photos.reused };
    return { site, routes, pages: made.reports, files: [...files], photos, ms: performance.now() - t0, cssRuns: made.cssRuns, threads: made.threads };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
