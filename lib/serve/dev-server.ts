/**
 * `npm run dev`: builds the site into its own folder (DEV_OUT_DIR, never dist/), serves it with
 * the preview server, watches the sources with chokidar, rebuilds on every save in a long-lived
 * process (lib/serve/dev-rebuilder.ts) and reloads the open tabs whose page changed
 * (lib/serve/live-reload.ts, tabNeedsReload), the open pages written and reloaded first. While the
 * last build failed, every page request gets the error page (lib/serve/dev-error-page.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { formatProblem, type BuildProblem } from '../build/build-error.ts';
import type { GeneratorConfig } from '../config.ts';
import type { AheadReport, RebuildReport, RebuildRequest, ResumeRequest } from './dev-rebuilder.ts';
import { devErrorPage } from './dev-error-page.ts';
import { startOnFreePort } from './listen.ts';
import { traceLines, traceNow, type TraceMark } from './dev-trace.ts';
import { attachLiveReload, CLIENT_PATH } from './live-reload.ts';
import { startServer, type RunningServer } from './preview-server.ts';
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';

/** Folders whose changes trigger a rebuild, relative to the project. */
const WATCHED_DIRS = ['content', 'pages', 'templates', 'islands', 'static', 'lib'] as const;
/** The dev build's output, relative to the project (inside node_modules, so never published or committed). */
const DEV_OUT_DIR = 'node_modules/.cache/dev-site';
/**
 * The dev server's service worker, instead of the build's (which would store every page and, new
 * after each save, fetch the open pages again): it takes over from an earlier one, deletes its
 * caches and handles no fetch, so every reload goes to the server; its bytes never change, so
 * registering it again costs only an update check (https://web.dev/articles/service-worker-lifecycle#updates).
 */
const DEV_SERVICE_WORKER = `// npm run dev: no service worker (the pages change on every save).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key)))).then(() => self.clients.claim())));
`;

/** Longest wait, ms, for the tabs reloaded ahead of a build's other pages to say they painted before the build goes on. */
const MAX_PAUSE_MS = 1_000;

/**
 * Saves closer together than this (ms) make one rebuild: editors often write a file in two steps
 * (truncate, write), and "save all" writes several files within a few ms.
 */
const SETTLE_MS = 10;

const say = (line: string) => console.log(line);

export interface DevServer {
  /** e.g. "http://127.0.0.1:8080". */
  url: string;
  /** Stops the watcher, the waiting build process and the server. */
  close(): Promise<void>;
}

/** What a good build wrote (RebuildReport's site paths), so that only the tabs it concerns reload. */
type Written = Pick<Extract<RebuildReport, { type: 'built' }>, 'changed' | 'ahead' | 'otherChanged'>;

/** The outcome of one build, for the terminal and the pages. */
type Outcome = ({ ok: true; line: string; written: Written } | { ok: false; problem: BuildProblem }) & { trace?: TraceMark[] };

/**
 * The open tabs, for a build that serves them first: the files of their pages
 * ("/areas/grants/index.html"), and `ahead`, told the files written ahead of the rest of the build
 * (site paths); the build goes on when the promise it returns resolves.
 */
interface OpenTabs { pages: string[]; ahead(written: string[]): Promise<void> | void }

/** What a change list says in the terminal: "content/settings.yaml" or "a.ts, b.ts, c.ts and 2 more". */
function describeChanges(changed: string[]): string {
  return `${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''}`;
}

/** A build process that ended unexpectedly, as a problem for the pages and the terminal. */
function crashed(code: number | null, signal: NodeJS.Signals | null): BuildProblem {
  return {
    lines: [`The build process ended unexpectedly (${signal ?? `exit code ${code}`}).`],
    hint: 'Save the file again to retry; if it keeps happening, stop npm run dev (Ctrl+C) and start it again.',
  };
}

/**
 * Builds after this many saves in one incremental build process before a fresh one replaces it:
 * Node cannot unload an ES module, so each save leaves the old instances of the modules it changed
 * in memory (measured: about 3 MB a content save). The fresh process builds once without writing,
 * beside the old one, and takes over once it is ready and no build runs.
 */
const RECYCLE_AFTER_BUILDS = 15;

/** An incremental build process (lib/serve/dev-rebuilder.ts), how many builds it was asked for, and how to ask. */
interface Rebuilder { child: ChildProcess; builds: number; request(changed: string[], added: boolean, dryRun?: boolean, tabs?: OpenTabs): Promise<RebuildReport> }

function startRebuilder(config: GeneratorConfig, outDir: string): Rebuilder {
  const { root } = config;
  const child = fork(path.join(root, 'lib/serve/dev-rebuilder.ts'), [], {
    cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: ((report: RebuildReport) => void)[] = [];
  /** Told of the files a build under way wrote ahead. */
  let ahead: OpenTabs['ahead'] | undefined;
  child.on('message', (report: RebuildReport | AheadReport) => {
    if (report.type !== 'ahead') return waiting.shift()?.(report);
    void Promise.resolve(ahead?.(report.written)).then(() => {
      if (child.connected) child.send({ type: 'resume' } satisfies ResumeRequest);
    });
  });
  child.on('exit', (code, signal) => {
    for (const resolve of waiting.splice(0)) resolve({ type: 'failed', problem: crashed(code, signal) });
  });
  const rebuilder: Rebuilder = {
    child,
    builds: 0,
    request(changed, added, dryRun, tabs) {
      rebuilder.builds++;
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve({ type: 'failed', problem: crashed(child.exitCode, child.signalCode) });
        waiting.push((report) => {
          ahead = undefined;
          resolve(report);
        });
        ahead = tabs?.ahead;
        child.send({ type: 'build', config, outDir, liveReloadScript: CLIENT_PATH, changed, added, dryRun, first: tabs?.pages } satisfies RebuildRequest);
      });
    },
  };
  return rebuilder;
}

/**
 * Why a change needs a fresh process instead of the incremental build, or undefined: the
 * generator's own code (lib/) is not reloaded in place, and after a failed build Node may keep a
 * failure in its module cache that no new module version clears (a module read empty while an
 * editor wrote it: "does not provide an export named ...").
 * @returns the words for the terminal line, e.g. "lib/text.ts changed"
 */
function needsFreshProcess(changed: string[], lastFailed: boolean): string | undefined {
  const code = changed.find((name) => name.startsWith('lib/'));
  if (code) return `${code} changed`;
  return lastFailed ? `${describeChanges(changed)} changed after a failed build` : undefined;
}

/**
 * The terminal line of a good build: "Built N pages in M ms" for a first or fresh build, else
 * "Rebuilt after <files>: K of N pages changed, M ms."
 */
function builtLine(report: Extract<RebuildReport, { type: 'built' }>, changed: string[], fresh: boolean, ms: number): string {
  if (fresh || !changed.length) return `Built ${report.pages} pages in ${ms} ms${changed.length ? ` after a change to ${describeChanges(changed)}` : ''}.`;
  return `Rebuilt after ${describeChanges(changed)}: ${report.pagesWritten} of ${report.pages} pages changed, ${ms} ms.`;
}

/**
 * Runs the builds in the incremental build process; a change it cannot be sure of
 * (needsFreshProcess) gets a full rebuild in a fresh process, said in one line. `build(changed,
 * added, tabs)`: `changed` project-relative paths ([] for the first build), `added` true when a
 * file was added or removed, `tabs` the open tabs, whose pages are written first.
 */
function incrementalBuilder(config: GeneratorConfig, outDir: string) {
  let active = startRebuilder(config, outDir);
  let lastFailed = false;
  let building = false;
  /** A fresh process getting ready to replace `active` (RECYCLE_AFTER_BUILDS), and the changes since it started. */
  let spare: { rebuilder: Rebuilder; ready: boolean; changed: Set<string>; added: boolean } | undefined;
  /** Changes the active process has not built yet: those a spare had not seen when it took over. */
  let owed: { changed: Set<string>; added: boolean } | undefined;
  const replace = (next: Rebuilder) => {
    active.child.kill();
    active = next;
  };
  /** A ready spare takes over at once, unless a build is running (then when it ends). */
  const takeOverIfReady = () => {
    if (!spare?.ready || building) return;
    replace(spare.rebuilder);
    owed = { changed: spare.changed, added: spare.added };
    spare = undefined;
  };
  /** Starts a spare: it builds once without writing, then takes over when it can. */
  const startSpare = () => {
    const rebuilder = startRebuilder(config, outDir);
    const next = { rebuilder, ready: false, changed: new Set<string>(), added: false };
    spare = next;
    void rebuilder.request([], true, true).then((r) => {
      if (spare !== next) return;
      if (r.type === 'built') {
        next.ready = true;
        return takeOverIfReady();
      }
      rebuilder.child.kill();
      spare = undefined;
    });
  };
  return {
    async build(changed: string[], added: boolean, tabs?: OpenTabs): Promise<Outcome> {
      const t0 = performance.now();
      building = true;
      try {
        if (active.child.exitCode !== null || active.child.signalCode !== null) replace(startRebuilder(config, outDir));
        let fresh = active.builds === 0;
        const reason = fresh ? undefined : needsFreshProcess(changed, lastFailed);
        if (reason) {
          say(`${reason}: full rebuild in a fresh process.`);
          spare?.rebuilder.child.kill();
          spare = undefined;
          owed = undefined;
          replace(startRebuilder(config, outDir));
          fresh = true;
        } else if (spare) {
          for (const name of changed) spare.changed.add(name);
          spare.added ||= added;
        }
        const ask = owed ? [...new Set([...owed.changed, ...changed])] : changed;
        const askAdded = added || !!owed?.added;
        owed = undefined;
        const sent = traceNow();
        const report = await active.request(fresh ? [] : ask, askAdded, false, tabs);
        const trace: TraceMark[] | undefined = report.trace && [['sent to the build process', sent], ...report.trace, ['report received', traceNow()]];
        lastFailed = report.type === 'failed';
        if (report.type === 'failed') return { ok: false, problem: report.problem, trace };
        if (active.builds >= RECYCLE_AFTER_BUILDS && !spare) startSpare();
        return { ok: true, trace, written: report, line: builtLine(report, changed, fresh, Math.round(performance.now() - t0)) };
      } finally {
        building = false;
        takeOverIfReady();
      }
    },
    close() {
      spare?.rebuilder.child.kill();
      active.child.kill();
    },
  };
}

/**
 * Whether the tab showing `page` (a file of `outDir`) reloads after a build that wrote `written`:
 * always when that is unknown (a failed build, the build after one), when the page is unknown or
 * gone, or when a static file was written (a page may show it without naming it, e.g. the
 * favicon); else when its page changed and was not reloaded ahead, or a file its page names (the
 * keyword corpus, a removed image) changed and was not written ahead.
 */
function tabNeedsReload(outDir: string, page: string | undefined, written: Written | undefined, reloadedAhead: ReadonlySet<string>): boolean {
  if (!written || page === undefined || written.otherChanged) return true;
  const file = path.join(outDir, page);
  if (!existsSync(file)) return true;
  const ahead = reloadedAhead.has(page);
  if (!ahead && written.changed.includes(page)) return true;
  const named = written.changed.filter((f) => !f.endsWith('.html') && !(ahead && written.ahead.includes(f)));
  if (!named.length) return false;
  const html = readFileSync(file, 'utf8');
  return named.some((f) => html.includes(f));
}

/** What the dev server's requests read of the builds. */
interface ServeState {
  /** The last build's problem. */
  problem?: BuildProblem;
  /** DEV_TRACE=1: the marks of the save being built, until its first page request. */
  tracing?: { marks: TraceMark[] };
  liveReload?: ReturnType<typeof attachLiveReload>;
}

/**
 * Serves the dev folder with the preview server, answering besides it: the live-reload client,
 * the dev service worker, and, while the last build failed, the error page for every page request.
 * @throws the listen error when no port is free (one-line message)
 */
async function serveDevFolder(outDir: string, port: number, state: ServeState): Promise<RunningServer> {
  return startOnFreePort(
    (free) => startServer(outDir, free, '127.0.0.1', {
      intercept(req, res) {
        const { pathname } = new URL(req.url ?? '/', 'http://localhost');
        if (state.tracing && /(\/|\.html)$/.test(pathname)) {
          const marks = state.tracing.marks;
          marks.push(['server: page requested', traceNow()]);
          res.once('finish', () => marks.push(['server: page sent', traceNow()]));
          state.tracing = undefined; // the first page request of the build only
        }
        if (state.liveReload?.serveClient(req, res)) return true;
        if (pathname === SERVICE_WORKER_PATH) {
          res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
          res.end(req.method === 'HEAD' ? undefined : DEV_SERVICE_WORKER);
          return true;
        }
        if (!state.problem || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
        if (!/(\/|\.html|^[^.]*)$/.test(pathname)) return false; // assets still load; pages get the error
        const body = devErrorPage(state.problem, CLIENT_PATH);
        res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return true;
      },
    }),
    port,
    say,
  );
}

/**
 * The open tabs for one build: their pages go first, and when they are written their tabs reload
 * at once; the rest of the build waits until each reloaded tab has painted (at most MAX_PAUSE_MS).
 * @param reloadedAhead filled with the pages whose tabs were reloaded ahead
 */
function openTabs(liveReload: ReturnType<typeof attachLiveReload>, reloadedAhead: Set<string>, marks?: TraceMark[]): OpenTabs {
  return {
    pages: liveReload.pages(),
    ahead(written) {
      const pages = new Set(written.filter((f) => f.endsWith('.html')));
      let left = liveReload.reload((page) => page !== undefined && pages.has(page));
      for (const page of pages) reloadedAhead.add(page);
      marks?.push(['live reload sent to the open tab', traceNow()]);
      if (!left) return;
      return new Promise<void>((resolve) => {
        const done = () => {
          stop();
          clearTimeout(timer);
          marks?.push(['open tab painted', traceNow()]);
          resolve();
        };
        const stop = liveReload.onPainted((page) => { if (page !== undefined && pages.has(page) && --left <= 0) done(); });
        const timer = setTimeout(done, MAX_PAUSE_MS);
      });
    },
  };
}

/**
 * Starts the dev server: first build, then serve and watch; says what it does on the terminal.
 * @param options.config the command's configuration (lib/config.ts): `root`, the project folder;
 *   `port`, asked for (taken: the next free one; 0: any); `devTrace`, print each save's phases
 * @throws the listen error when no port is free (one-line message)
 */
export async function startDevServer({ config }: { config: GeneratorConfig }): Promise<DevServer> {
  const { root } = config;
  const outDir = path.join(root, DEV_OUT_DIR);
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const state: ServeState = {};
  const builder = incrementalBuilder(config, outDir);
  let closed = false;

  function report(outcome: Outcome): void {
    state.problem = outcome.ok ? undefined : outcome.problem;
    if (outcome.ok) say(outcome.line);
    else for (const line of formatProblem(outcome.problem)) say(`Build stopped: ${line}`);
  }

  say('Building the site ...');
  report(await builder.build([], false));
  const server = await serveDevFolder(outDir, config.port, state);
  const liveReload = (state.liveReload = attachLiveReload(server.server, server.hosts));

  let changed = new Set<string>();
  let added = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** DEV_TRACE=1: the phases of the saves not yet built (the first save's write time, then marks). */
  let traced: { start: number; marks: TraceMark[] } | undefined;
  const rebuild = async () => {
    while (changed.size && !closed) {
      const files = [...changed].sort();
      const structural = added;
      const tracedNow = traced;
      changed = new Set();
      added = false;
      traced = undefined;
      state.tracing = tracedNow;
      // While the site is good, the tabs' pages are written first and their tabs reloaded at once.
      const showedError = state.problem !== undefined;
      const reloadedAhead = new Set<string>();
      const outcome = await builder.build(files, structural, showedError ? undefined : openTabs(liveReload, reloadedAhead, tracedNow?.marks));
      if (closed) return;
      report(outcome);
      const written = outcome.ok && !showedError ? outcome.written : undefined;
      liveReload.reload((page) => tabNeedsReload(outDir, page, written, reloadedAhead));
      if (tracedNow) for (const line of traceLines(tracedNow.start, [...tracedNow.marks, ...(outcome.trace ?? []), ['live reload sent', traceNow()]])) say(line);
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      traced?.marks.push(['settled (SETTLE_MS)', traceNow()]);
      if (!running) running = rebuild().finally(() => { running = undefined; if (changed.size) schedule(); });
    }, SETTLE_MS);
  };
  const watcher: FSWatcher = watch(WATCHED_DIRS.map((d) => path.join(root, d)), { ignoreInitial: true });
  watcher.on('all', (event, file, stats) => {
    if (config.devTrace && !traced) {
      const at = traceNow();
      traced = { start: stats?.mtimeMs ?? statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? at, marks: [['file event (chokidar)', at]] };
    }
    changed.add(rel(file));
    if (event !== 'change') added = true;
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
      builder.close();
      liveReload.close();
      await server.close();
    },
  };
}
