/**
 * The incremental build of `npm run dev`: a long-lived process (lib/serve/dev-server.ts forks it)
 * that runs buildSite, the function of `npm run build`, on every save. Only the changed project
 * modules and their importers are evaluated again (lib/serve/dev-module-hooks.mjs gives them new
 * URLs); lib/build/build-cache.ts keeps the results whose inputs are the same; lib/serve/dev-output.ts
 * writes the files whose bytes changed. Messages (Node IPC): RebuildRequest and ResumeRequest in,
 * AheadReport and RebuildReport out. The process ends when the parent's IPC channel closes.
 */
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { describeBuildError } from '../build/build-error.ts';
import { BuildCache } from '../build/build-cache.ts';
import type { BuildOptions } from '../build/build-site.ts';
import { createOutputSync, type OutputWrite } from './dev-output.ts';
import type { GeneratorConfig } from '../config.ts';
import { traceNow, type TraceMark } from './dev-trace.ts';

// The same mode as `npm run build`, so the dev pages are the pages that get published.
process.env.NODE_ENV ||= 'production';
const ROOT = path.resolve(import.meta.dirname, '../..');
const ROOT_URL = pathToFileURL(`${ROOT}/`).href;
const ENTRY = new URL('lib/build/build-site.ts', ROOT_URL).href;

/** A request from lib/serve/dev-server.ts. */
export interface RebuildRequest {
  type: 'build';
  /** The dev command's configuration (lib/config.ts), resolved once by it; the same in every request. */
  config: GeneratorConfig;
  outDir: string;
  liveReloadScript: string;
  /** Project-relative paths changed since the previous request ([] for the first). */
  changed: string[];
  /** True when a file was added or removed since the previous request. */
  added: boolean;
  /** Build without writing (a replacement process getting ready while another one serves). */
  dryRun?: boolean;
  /** Files of the pages open in the browser ("/areas/grants/index.html"): made and written first (AheadReport). */
  first?: string[];
}

/**
 * Sent once the open pages (RebuildRequest.first) are written: the files written so far (site
 * paths). When pages are among them, the build waits for a ResumeRequest before it makes the
 * other pages, so the reloaded tabs have the CPU to themselves.
 */
export interface AheadReport {
  type: 'ahead';
  written: string[];
}

/** From the parent: the tabs reloaded ahead have painted (or none was reloaded); go on. */
export interface ResumeRequest {
  type: 'resume';
}

/** What this process reports of one build. */
export type RebuildReport =
  | {
    type: 'built'; pages: number; pagesWritten: number; trace?: TraceMark[];
    /** Site paths of the files this build wrote or removed, and of those it wrote ahead of the rest (AheadReport). */
    changed: string[]; ahead: string[];
    /** True when a static file was written (new or changed): any page may show it. */
    otherChanged: boolean;
  }
  | { type: 'failed'; problem: ReturnType<typeof describeBuildError>; trace?: TraceMark[] };

/** Room for the module versions handed to the hooks, bytes (a few hundred modules need about 30 KB). */
const VERSIONS_BYTES = 4 << 20;

/** Tracks the project's module graph and gives changed modules and their importers new versions. */
class ModuleVersions {
  private readonly importers = new Map<string, Set<string>>();
  private readonly versions = new Map<string, number>();
  private generation = 0;
  private readonly shared = new SharedArrayBuffer(VERSIONS_BYTES);

  constructor() {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', ([parent, url]: [string, string]) => {
      if (!parent) return;
      let set = this.importers.get(url);
      if (!set) this.importers.set(url, (set = new Set()));
      set.add(parent);
    });
    port1.unref();
    register('./dev-module-hooks.mjs', import.meta.url, { data: { port: port2, root: ROOT_URL, shared: this.shared }, transferList: [port2] });
  }

  /** Gives each changed file and everything that imports it a new version. */
  invalidate(files: string[]): void {
    const dirty = new Set<string>();
    const stack = files.map((f) => new URL(f, ROOT_URL).href);
    while (stack.length) {
      const url = stack.pop()!;
      if (dirty.has(url)) continue;
      dirty.add(url);
      for (const parent of this.importers.get(url) ?? []) stack.push(parent);
    }
    if (![...dirty].some((url) => this.importers.has(url) || url === ENTRY || this.versions.has(url))) return;
    this.generation++;
    for (const url of dirty) this.versions.set(url, this.generation);
    const bytes = new TextEncoder().encode(JSON.stringify({ generation: this.generation, versions: [...this.versions] }));
    if (bytes.length + 4 > VERSIONS_BYTES) throw new Error('Too many module versions for the dev build; restart npm run dev.');
    new Uint8Array(this.shared, 4, bytes.length).set(bytes);
    new Int32Array(this.shared, 0, 1)[0] = bytes.length;
  }

  /** The URL to import the build from now. */
  entry(): string {
    const version = this.versions.get(ENTRY);
    return version ? `${ENTRY}?v=${version}` : ENTRY;
  }
}

/** Strips the module versions from an error's message and stack, so it names files as they are. */
function withoutVersions(error: unknown): unknown {
  const strip = (text: string | undefined) => text?.replace(/(\.[cm]?[jt]sx?)\?v=\d+/g, '$1');
  for (let e = error as (Error & { cause?: unknown }) | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    try {
      e.message = strip(e.message) ?? e.message;
      e.stack = strip(e.stack);
    } catch { /* a frozen error is reported as it is */ }
  }
  return error;
}

if (process.send) {
  const modules = new ModuleVersions();
  const cache = new BuildCache();
  let output: ReturnType<typeof createOutputSync> | undefined;
  let first = true;
  // Ends with the parent: the IPC channel closes when the parent exits, however it ended.
  process.on('disconnect', () => process.exit(0));
  let queue = Promise.resolve();
  /** Ends the pause of the build under way after its AheadReport. */
  let resume: (() => void) | undefined;
  process.on('message', (request: RebuildRequest | ResumeRequest) => {
    if (request.type === 'resume') {
      const go = resume;
      resume = undefined;
      return go?.();
    }
    queue = queue.then(async () => {
      const marks: TraceMark[] = [];
      const { config } = request;
      const trace = config.devTrace ? (phase: string) => { marks.push([phase, traceNow()]); } : undefined;
      trace?.('request received');
      output ??= createOutputSync(request.outDir, request.liveReloadScript);
      let report: RebuildReport;
      try {
        if (!first) modules.invalidate(request.changed);
        cache.startBuild({ changed: request.changed, added: first || request.added });
        first = false;
        const { buildSite } = (await import(modules.entry())) as typeof import('../build/build-site.ts');
        trace?.('modules evaluated');
        const sync = output;
        if (request.dryRun) sync.forget();
        const ahead: string[] = [];
        // Once made, the open pages' files that changed are written and said in an AheadReport;
        // when pages are among them, the build waits for the parent's ResumeRequest.
        const openTabs: BuildOptions['first'] = request.first?.length && !request.dryRun ? {
          pages: request.first,
          async ready(files) {
            const written = await sync.writeAhead(files);
            if (!written.length) return;
            ahead.push(...written);
            process.send!({ type: 'ahead', written } satisfies AheadReport);
            if (written.some((f) => f.endsWith('.html'))) await new Promise<void>((go) => { resume = go; });
          },
        } : undefined;
        const result = await buildSite({ config, cache, trace, first: openTabs });
        const written: Pick<OutputWrite, 'pages' | 'changed' | 'otherChanged'> = request.dryRun ? { pages: 0, changed: [], otherChanged: false } : await sync.write(result.files, config.staticDir);
        trace?.('written');
        await cache.endBuild(true);
        report = { type: 'built', pages: result.pages.length, pagesWritten: written.pages, changed: written.changed, ahead, otherChanged: written.otherChanged };
      } catch (error) {
        output.forget();
        await cache.endBuild(false);
        report = { type: 'failed', problem: describeBuildError(withoutVersions(error), ROOT) };
      }
      if (trace) report.trace = marks;
      await new Promise<void>((resolve) => process.send!(report, () => resolve()));
    });
  });
}
