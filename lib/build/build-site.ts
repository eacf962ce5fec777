/**
 * The whole build as one function that returns the site as a value, every file (path and bytes)
 * and a report, in four stages (buildSite reads one a line): content, inputs (lib/build/inputs.ts),
 * pages (lib/build/make-page.ts, on worker threads too for large sites: lib/build/worker-pool.ts),
 * site files (lib/site-files/extra-files.ts). Nothing is written here.
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
import type { SiteFile } from '../write.ts';
import type { BuildCache } from './build-cache.ts';
import { PageMaker, pageTools, type FinishedPage } from './make-page.ts';
import { makePagesOnWorker, pageQueue, stopQueue, takePage, threadCount } from './worker-pool.ts';
import { prepareInputs, type PreparedInputs } from './inputs.ts';
import type { BuildResult, PageReport } from './summary.ts';
import type { GeneratorConfig } from '../config.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuildOptions {
  /** The generator's settings (lib/config.ts). */
  config: GeneratorConfig;
  /** Raw content to build from (a test's, the editor's unsaved forms); default: the content folder's files. */
  content?: RawContent;
  /** Told of long work as it starts (encoding a photo for the first time), one line each. */
  progress?: (line: string) => void;
  /** Told the name of each stage as it ends ("content", "inputs", "pages", "site files"). */
  trace?: (stage: string) => void;
  /**
   * What a long-lived process keeps between builds (`npm run dev`, the editor's preview;
   * lib/build/build-cache.ts): the site is the same with or without it, only made faster.
   */
  cache?: BuildCache;
  /**
   * Pages made before the others (`npm run dev`'s open tabs, by file: "/areas/grants/index.html"),
   * and what to do with them at once: `ready` gets those pages with the photos, share image and
   * script files, and the build goes on once it resolves. The site is the same.
   */
  first?: { pages: readonly string[]; ready(files: SiteFile[]): Promise<void> };
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
  const routes = buildRoutes(site);
  checkRoutes(routes);
  checkRedirects(site, routes, config.staticDir);
  return { site, routes };
}

/** Route indexes in the order pages are made: those of `first` ahead, the rest in route order. */
function pageOrder(routes: readonly Route[], first: readonly string[] = []): number[] {
  const ahead = new Set(first);
  const all = routes.map((_, i) => i);
  const isAhead = (i: number) => ahead.has(`/${outputFile(routes[i].path)}`);
  return [...all.filter(isAhead), ...all.filter((i) => !isAhead(i))];
}

/**
 * Makes every page, in route order in the result, on `threads` threads; this thread hands the
 * pages of `options.first` to its `ready` as soon as they are made, before it makes another.
 * @param before the files the pages of `first` are handed on with (photos, share image)
 * @throws the first page's error (naming its route), every thread ended
 */
async function makePages(prepared: PreparedInputs, routes: Route[], options: BuildOptions, threads: number, before: SiteFile[]): Promise<FinishedPage[]> {
  const pages: FinishedPage[] = new Array(routes.length);
  const first = options.first;
  const queue = pageQueue(pageOrder(routes, first?.pages));
  const maker = new PageMaker(prepared.inputs, routes, pageTools(prepared.inputs.css, options.cache));
  const stopOnFailure = (error: unknown): never => {
    stopQueue(queue);
    throw error;
  };
  const onWorkers = Array.from({ length: threads - 1 }, () => makePagesOnWorker(prepared.inputs, routes, queue, (page) => { pages[page.index] = page; }).catch(stopOnFailure));
  const mine = (async () => {
    const waiting = new Set(first?.pages);
    for (let index = takePage(queue); index !== undefined; index = takePage(queue)) {
      const page = (pages[index] = await maker.make(index));
      if (!waiting.delete(page.file) || waiting.size) continue;
      const made = first!.pages.map((file) => pages.find((p) => p?.file === file)).filter((p): p is FinishedPage => p !== undefined);
      await first!.ready([...before, ...scriptFilesOf(prepared, made), ...made.map((p) => ({ path: p.file, contents: p.html }))]);
    }
  })().catch(stopOnFailure);
  // Every worker's promise is awaited, even when this thread fails first (a worker always ends).
  const runs = await Promise.allSettled([mine, ...onWorkers]);
  const failed = runs.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return pages;
}

/** The files of the browser bundle that `pages` load, in the bundle's order. */
function scriptFilesOf(prepared: PreparedInputs, pages: readonly FinishedPage[]): SiteFile[] {
  const loaded = new Set(pages.flatMap((p) => p.scriptFiles));
  return prepared.scriptFiles.filter((f) => loaded.has(f.path));
}

/**
 * Builds the site: every file it makes, with the summary's figures. Writes nothing.
 * @throws ContentError for a content or settings mistake (names file, record, field);
 *   StaticFolderError for a file the static folder may not hold; Error for a render or bundle
 *   failure (names the route)
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const t0 = performance.now();
  const { config } = options;
  const trace = options.trace ?? (() => undefined);
  const { site, routes } = loadSite(options.content, config);
  await checkStaticFolder(routes, config.staticDir);
  trace('content');
  const prepared = await prepareInputs(site, config, options.progress, options.cache);
  const media = [...prepared.photos.files, ...(prepared.shareImage ? [prepared.shareImage] : [])];
  trace('inputs');
  const threads = threadCount(config.threads, routes.length, options.cache !== undefined);
  const pages = await makePages(prepared, routes, options, threads, media);
  trace('pages');
  const built: BuiltPage[] = pages.map((p, i) => ({ route: routes[i], digest: p.digest, text: p.text, html: routes[i].path === OFFLINE_PAGE_PATH ? p.html : undefined }));
  const siteFiles = await extraFiles(site, routes, built, config.production);
  trace('site files');
  const reports: PageReport[] = pages.map((p, i) => {
    const { bytes, gzipBytes, cssBytes, jsGzipBytes, jsInteractionGzipBytes, photoBytes } = p;
    return { path: routes[i].path, bytes, gzipBytes, cssBytes, jsGzipBytes, jsInteractionGzipBytes, photoBytes };
  });
  const all = [...media, ...scriptFilesOf(prepared, pages), ...pages.map((p) => ({ path: p.file, contents: p.html })), ...siteFiles];
  const files = [...new Map(all.map((f) => [f.path, f])).values()]; // one file a path, the last made
  const photos = { count: prepared.photos.library.size, encoded: prepared.photos.encoded, reused: prepared.photos.reused };
  return { site, routes, files, pages: reports, photos, ms: performance.now() - t0, threads };
}
