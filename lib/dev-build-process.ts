/**
 * One rebuild of `npm run dev`, in a process of its own (lib/dev-server.ts forks it), so every
 * rebuild runs the current code of every project module: nothing of the project is imported
 * before the build is asked for, and the process ends after one build.
 *
 * To keep save-to-screen short, the process is started ahead of time and first imports only the
 * libraries from node_modules (which a save in the project cannot change); it then says "ready"
 * and waits. Asked to build, it imports lib/build-site.ts fresh, builds, reports and exits.
 *
 * Messages (Node IPC): child -> parent {type:"ready"}, then {type:"built", pages, files, ms} or
 * {type:"failed", problem: BuildProblem}; parent -> child {type:"build", outDir, liveReloadScript}.
 */
import path from 'node:path';
import { describeBuildError } from './build-error.ts';

process.env.NODE_ENV ||= 'development';
const ROOT = path.resolve(import.meta.dirname, '..');

/** The heavy libraries the build uses; importing them early takes them off the save-to-screen path. */
const LIBRARIES = [
  'react', 'react-dom/server', 'preact', 'preact-render-to-string', 'esbuild', 'zod', 'libphonenumber-js',
  'html-minifier-terser', 'node-html-parser', 'fast-glob',
];

/** A request from lib/dev-server.ts. */
export interface BuildRequest {
  type: 'build';
  outDir: string;
  liveReloadScript: string;
}

/** What this process reports back. */
export type BuildReport =
  | { type: 'ready' }
  | { type: 'built'; pages: number; files: number; ms: number }
  | { type: 'failed'; problem: ReturnType<typeof describeBuildError> };

const send = (report: BuildReport) => new Promise<void>((resolve) => process.send!(report, () => resolve()));

if (process.send) {
  await Promise.all(LIBRARIES.map((name) => import(name).catch(() => undefined)));
  process.once('message', async (request: BuildRequest) => {
    let report: BuildReport;
    try {
      const { buildSite } = await import('./build-site.ts');
      const result = await buildSite({ outDir: request.outDir, liveReloadScript: request.liveReloadScript });
      report = { type: 'built', pages: result.pages.length, files: result.files.length, ms: result.ms };
    } catch (error) {
      report = { type: 'failed', problem: describeBuildError(error, ROOT) };
    }
    await send(report);
    process.exit(0);
  });
  await send({ type: 'ready' });
}
