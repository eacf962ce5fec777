/**
 * One rebuild of `npm run dev`, in a process of its own (lib/serve/dev-server.ts forks it), so every
 * rebuild runs the current code of every project module: nothing of the project is imported
 * before the build is asked for, and the process ends after one build.
 *
 * To keep save-to-screen short, the process is started ahead of time and first imports only the
 * libraries from node_modules (which a save in the project cannot change), then warms them up on
 * the previous build's pages (V8 compiles a function properly only after it has run: minifying
 * the pages once makes the next minify about three times faster); it then says "ready" and
 * waits. Asked to build, it imports lib/build/build-site.ts fresh, builds, reports and exits. After a
 * save that changed no code, pages whose rendered markup did not change are not minified again.
 *
 * Messages (Node IPC): child -> parent {type:"ready"}, then {type:"built", pages, files, ms, cpuMs}
 * (ms: wall time of the import and build; cpuMs: CPU time this process spent on them) or
 * {type:"failed", problem: BuildProblem}; parent -> child {type:"build", outDir, liveReloadScript}.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describeBuildError } from '../build/build-error.ts';

// The same mode as `npm run build`, so the dev pages are the pages that get published (and React's
// production renderer is about three times faster than its development one).
process.env.NODE_ENV ||= 'production';
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The heavy libraries the build uses; importing them early takes them off the save-to-screen path. */
const LIBRARIES = [
  'react', 'react-dom/server', 'preact', 'preact-render-to-string', 'esbuild', 'zod', 'libphonenumber-js',
  'html-minifier-terser', 'node-html-parser', 'fast-glob',
];

/** A request from lib/serve/dev-server.ts. */
export interface BuildRequest {
  type: 'build';
  outDir: string;
  liveReloadScript: string;
  /**
   * True when no code changed since the last good build (only content/ or static/ did): the
   * pages that render the same as then are taken from FINISHED_FILE instead of being minified again.
   */
  reuseFinished: boolean;
}

/** Where the finished pages of the last good build are kept between build processes (beside outDir). */
const finishedFile = (outDir: string) => `${outDir}-finished.json`;

/** The finished pages of the last good build, or none. */
async function loadFinished(outDir: string): Promise<[string, string][]> {
  try {
    return JSON.parse(await readFile(finishedFile(outDir), 'utf8'));
  } catch {
    return [];
  }
}

/** A Map that also records what was set in it: the pages of this build, kept for the next one. */
class RecordingMap extends Map<string, string> {
  readonly written = new Map<string, string>();
  override set(key: string, value: string): this {
    this.written?.set(key, value);
    return super.set(key, value);
  }
}

/** What this process reports back. */
export type BuildReport =
  | { type: 'ready' }
  | { type: 'built'; pages: number; files: number; ms: number; cpuMs: number }
  | { type: 'failed'; problem: ReturnType<typeof describeBuildError> };

/** How many of the previous build's pages the warm-up minifies. */
const WARM_UP_PAGES = 8;

/**
 * Runs the minifier and esbuild once on the previous dev build (its folder is argv[2]), so their
 * code is compiled before a save; does nothing when there is no previous build.
 */
async function warmUp(outDir: string | undefined): Promise<void> {
  if (!outDir) return;
  const [{ minify }, esbuild, fg] = await Promise.all([import('html-minifier-terser'), import('esbuild'), import('fast-glob')]);
  const pages = (await fg.default('**/*.html', { cwd: outDir }).catch(() => [])).slice(0, WARM_UP_PAGES);
  for (const page of pages) {
    const html = await readFile(path.join(outDir, page), 'utf8').catch(() => '');
    await minify(html, { collapseWhitespace: true, removeComments: true, collapseBooleanAttributes: true, removeRedundantAttributes: true, decodeEntities: true });
  }
  await esbuild.transform('export const warm = 1;', { minify: true });
}

const send = (report: BuildReport) => new Promise<void>((resolve) => process.send!(report, () => resolve()));

if (process.send) {
  // Ends with the parent: the IPC channel closes when the parent exits, however it ended.
  process.on('disconnect', () => process.exit(0));
  await Promise.all(LIBRARIES.map((name) => import(name).catch(() => undefined)));
  await warmUp(process.argv[2]).catch(() => undefined);
  process.once('message', async (request: BuildRequest) => {
    let report: BuildReport;
    const [t0, cpu] = [performance.now(), process.cpuUsage()];
    try {
      const { buildSite } = await import('../build/build-site.ts');
      const finished = new RecordingMap(request.reuseFinished ? await loadFinished(request.outDir) : []);
      const result = await buildSite({ outDir: request.outDir, liveReloadScript: request.liveReloadScript, finished });
      await writeFile(finishedFile(request.outDir), JSON.stringify([...finished.written]));
      const used = process.cpuUsage(cpu);
      report = { type: 'built', pages: result.pages.length, files: result.files.length, ms: performance.now() - t0, cpuMs: (used.user + used.system) / 1000 };
    } catch (error) {
      report = { type: 'failed', problem: describeBuildError(error, ROOT) };
    }
    await send(report);
    process.exit(0);
  });
  await send({ type: 'ready' });
}
