/**
 * `npm run dev`: builds the site into a dev folder, serves it with the preview server (the same
 * headers and redirects as the hosts), watches the project's sources with chokidar, rebuilds on
 * every save in a fresh process (lib/serve/dev-build-process.ts) and reloads every open tab
 * (lib/serve/live-reload.ts). While the last build failed, every page request gets the error page
 * (lib/serve/dev-error-page.ts) and the terminal has one line per mistake; the next good build reloads
 * the tabs back to the site.
 *
 * The dev pages are the production pages plus one <script> for the live-reload client; they are
 * written to their own folder (DEV_OUT_DIR), never to dist/, so `npm run build` output never
 * carries it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { BuildProblem } from '../build/build-error.ts';
import type { BuildReport, BuildRequest } from './dev-build-process.ts';
import { devErrorPage } from './dev-error-page.ts';
import { startOnFreePort } from './listen.ts';
import { attachLiveReload, CLIENT_PATH } from './live-reload.ts';
import { startServer, type RunningServer } from './preview-server.ts';

/** Folders whose changes trigger a rebuild, relative to the project. */
export const WATCHED_DIRS = ['content', 'pages', 'templates', 'islands', 'static', 'lib'] as const;
/** The dev build's output, relative to the project (inside node_modules, so never published or committed). */
export const DEV_OUT_DIR = 'node_modules/.cache/dev-site';
/**
 * Saves closer together than this (ms) make one rebuild: editors often write a file in two steps
 * (truncate, write), and "save all" writes several files.
 */
const SETTLE_MS = 40;

export interface DevServerOptions {
  /** Project folder (the one holding content/, lib/, …). */
  root: string;
  /** Port asked for; taken -> the next free one, said in one line. 0 lets the OS pick. */
  port: number;
  /** Where the terminal lines go (default console.log). */
  say?: (line: string) => void;
}

export interface DevServer {
  /** e.g. "http://127.0.0.1:8080". */
  url: string;
  /** Stops the watcher, the waiting build process and the server. */
  close(): Promise<void>;
}

/** A build process started ahead of time: resolves "ready" once its libraries are loaded. */
interface WarmBuild {
  child: ChildProcess;
  ready: Promise<boolean>;
  result: Promise<BuildReport>;
}

function startWarmBuild(root: string, outDir: string): WarmBuild {
  const child = fork(path.join(root, 'lib/serve/dev-build-process.ts'), [outDir], {
    cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let markReady!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => { markReady = resolve; });
  const result = new Promise<BuildReport>((resolve) => {
    child.on('message', (report: BuildReport) => {
      if (report.type === 'ready') markReady(true);
      else resolve(report);
    });
    child.on('exit', (code, signal) => {
      markReady(false);
      resolve({
        type: 'failed',
        problem: {
          lines: [`The build process ended unexpectedly (${signal ?? `exit code ${code}`}).`],
          hint: 'Save the file again to retry; if it keeps happening, stop npm run dev (Ctrl+C) and start it again.',
        },
      });
    });
  });
  return { child, ready, result };
}

/**
 * Starts the dev server: first build, then serve and watch.
 * @throws the listen error when no port is free (one-line message)
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { root } = options;
  const say = options.say ?? ((line: string) => console.log(line));
  const outDir = path.join(root, DEV_OUT_DIR);
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  let problem: BuildProblem | undefined;
  let warm = startWarmBuild(root, outDir);
  let closed = false;

  /** Saves of code (anything but content/ and static/) so far, and how many the last good build had seen. */
  let codeSaves = 0;
  let codeSavesAtLastGoodBuild = -1;

  /** Runs one build in the waiting process and starts the next one. */
  async function buildOnce(): Promise<BuildReport> {
    const current = warm;
    await current.ready;
    const seen = codeSaves;
    const reuseFinished = seen === codeSavesAtLastGoodBuild;
    current.child.send({ type: 'build', outDir, liveReloadScript: CLIENT_PATH, reuseFinished } satisfies BuildRequest);
    const report = await current.result;
    if (report.type === 'built') codeSavesAtLastGoodBuild = seen;
    if (!closed) warm = startWarmBuild(root, outDir);
    return report;
  }

  function report(result: BuildReport, changed: string[], t0: number): void {
    if (result.type === 'failed') {
      problem = result.problem;
      for (const line of problem.lines) say(`Build stopped: ${line}`);
    } else if (result.type === 'built') {
      problem = undefined;
      const why = changed.length ? ` after a change to ${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}` : '';
      say(`Built ${result.pages} pages in ${Math.round(performance.now() - t0)} ms${why}.`);
    }
  }

  const t0 = performance.now();
  say('Building the site ...');
  report(await buildOnce(), [], t0);

  let liveReload: ReturnType<typeof attachLiveReload> | undefined;
  const server: RunningServer = await startOnFreePort(
    (port) => startServer(outDir, port, '127.0.0.1', {
      intercept(req, res) {
        if (liveReload?.serveClient(req, res)) return true;
        if (!problem || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
        const { pathname } = new URL(req.url ?? '/', 'http://localhost');
        if (!/(\/|\.html|^[^.]*)$/.test(pathname)) return false; // assets still load; pages get the error
        const body = devErrorPage(problem, CLIENT_PATH);
        res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return true;
      },
    }),
    options.port,
    say,
  );
  liveReload = attachLiveReload(server.server);

  let changed = new Set<string>();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const rebuild = async () => {
    while (changed.size && !closed) {
      const files = [...changed];
      changed = new Set();
      const started = performance.now();
      const result = await buildOnce();
      if (closed) return;
      report(result, files, started);
      liveReload!.reload();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!running) running = rebuild().finally(() => { running = undefined; if (changed.size) schedule(); });
    }, SETTLE_MS);
  };
  const watcher: FSWatcher = watch(WATCHED_DIRS.map((d) => path.join(root, d)), { ignoreInitial: true });
  watcher.on('all', (_event, file) => {
    const name = rel(file);
    if (!/^(content|static)\//.test(name)) codeSaves++;
    changed.add(name);
    schedule();
  });
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  say(`Dev server at ${server.url}  (watching ${WATCHED_DIRS.map((d) => `${d}/`).join(' ')}; a save rebuilds and reloads open tabs; Ctrl+C to stop)`);

  return {
    url: server.url,
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      warm.child.kill();
      liveReload!.close();
      await server.close();
    },
  };
}
