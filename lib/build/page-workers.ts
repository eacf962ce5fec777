/**
 * Page batches on worker threads, for builds large enough that a second core pays for starting
 * one (https://nodejs.org/api/worker_threads.html). Each worker runs lib/build/page-worker.ts with a
 * share of the routes; the main thread drives it through the same two stages as its own
 * PageBatch: render, then finish with the script tags.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Route } from '../route.ts';
import type { SiteData } from '../content/load-content.ts';
import type { FinishedInfo, FinishOptions, RenderedInfo } from './page-batch.ts';
import type { PhotoLibrary } from '../photos/photos.ts';
import { resolveConfig } from '../config.ts';

/**
 * Below this many pages the build uses one thread: starting a worker (loading the TypeScript
 * loader, React, every page component and the minifier once more) costs about as much time as
 * rendering and minifying a few hundred pages, and over 100 MB of memory; compare
 * `npm run bench -- --areas N --threads 1` with `--threads 2`.
 */
export const WORKER_MIN_PAGES = 500;

/** At most this many threads: the pages' work shares nothing, but each thread costs memory. */
export const MAX_THREADS = 4;

/**
 * How many threads a build of `pages` pages uses by default: BUILD_THREADS of `env` when set (a
 * whole number, at least 1; lib/config.ts reads it), else one below WORKER_MIN_PAGES, else the
 * machine's available parallelism (os.availableParallelism()) up to MAX_THREADS. Commands pass
 * GeneratorConfig.threads to buildSite instead; `env` defaults to none.
 * @throws ConfigError when BUILD_THREADS is set to anything but a whole number from 1 up
 */
export function defaultThreads(pages: number, env: Readonly<Record<string, string | undefined>> = {}): number {
  const chosen = resolveConfig({ BUILD_THREADS: env.BUILD_THREADS }).threads;
  if (chosen !== undefined) return chosen;
  return pages < WORKER_MIN_PAGES ? 1 : Math.max(1, Math.min(MAX_THREADS, os.availableParallelism()));
}

/**
 * The routes of each of `threads` batches: route i goes to batch i mod threads, so the large
 * pages at the head of the route table (home, the service-area list) are spread out.
 */
export function shareRoutes(count: number, threads: number): number[][] {
  const shares: number[][] = Array.from({ length: threads }, () => []);
  for (let i = 0; i < count; i++) shares[i % threads].push(i);
  return shares;
}

/**
 * The old-generation heap limit of a build worker, MB: 160 plus 1 MB for every 40 pages of the
 * site (every worker holds the whole site data and route table, and its share of the pages'
 * compressed markup). Without a limit V8 lets a worker's heap grow with its garbage as far as the
 * machine allows; with one it collects sooner, at no cost in time on these pages. The formula
 * leaves about twice the heap a worker was seen to run out at (`npm run bench -- --areas N`).
 */
export function workerHeapMb(pages: number): number {
  return Math.round(160 + pages / 40);
}

/** What a worker is started with (structured-cloned into it). */
export interface WorkerInput {
  site: SiteData;
  /** The route indexes of its batch, and their paths (checked against the worker's own route table). */
  indexes: number[];
  paths: string[];
  css: string;
  photos: PhotoLibrary;
}

interface ErrorData {
  message: string;
  stack?: string;
  cause?: { message: string; stack?: string };
}

/** An error from a worker, with its cause and the worker's stack, as if thrown here. */
function rebuildError(data: ErrorData): Error {
  const cause = data.cause && Object.assign(new Error(data.cause.message), { stack: data.cause.stack });
  return Object.assign(new Error(data.message, cause ? { cause } : undefined), { stack: data.stack });
}

/** A PageBatch running on a worker thread. Call render(), then finish(), and close() in any case. */
export class WorkerBatch {
  private readonly worker: Worker;
  /** Replies that arrived before anyone asked for them, oldest first. */
  private readonly inbox: unknown[] = [];
  private readonly waiting: { resolve: (m: unknown) => void; reject: (e: Error) => void }[] = [];
  private failure?: Error;
  /** Finished pages posted so far (finish stage), in the order they came. */
  private readonly finishedChunks: FinishedInfo[][] = [];
  /** The route indexes of this worker's batch. */
  private readonly indexes: number[];
  /** How many times the worker's page CSS ran PurgeCSS; known after finish(). */
  cssRuns = 0;

  /**
   * Starts the worker. Its errors (a failed render, a crash, running out of memory) reject the
   * pending render() or finish() with the worker's own message and cause.
   * @param heapMb the worker's old-generation heap limit, MB (default workerHeapMb of the site's pages)
   */
  constructor(site: SiteData, routes: readonly Route[], indexes: number[], css: string, photos: PhotoLibrary, heapMb = workerHeapMb(routes.length)) {
    this.indexes = indexes;
    const input: WorkerInput = { site, indexes, paths: indexes.map((i) => routes[i].path), css, photos };
    this.worker = new Worker(new URL('./page-worker.mjs', import.meta.url), { workerData: input, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.worker.on('message', (message: { error?: ErrorData; finishedChunk?: FinishedInfo[] }) => {
      if (message.error) this.fail(rebuildError(message.error));
      else if (message.finishedChunk) this.finishedChunks.push(message.finishedChunk);
      else if (this.waiting.length) this.waiting.shift()!.resolve(message);
      else this.inbox.push(message);
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new Error(`A build worker thread ran out of memory (its limit: ${heapMb} MB for a site of ${routes.length} pages); build on one thread instead: BUILD_THREADS=1 npm run build`, { cause: error })
        : error);
    });
    this.worker.on('exit', (code) => this.fail(new Error(`A build worker thread stopped (exit code ${code}) before finishing its pages.`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }

  private next<T>(): Promise<T> {
    if (this.inbox.length) return Promise.resolve(this.inbox.shift() as T);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => this.waiting.push({ resolve: resolve as (m: unknown) => void, reject }));
  }

  /** The worker's pages rendered (it starts rendering as soon as it starts). */
  async render(): Promise<RenderedInfo[]> {
    return (await this.next<{ rendered: RenderedInfo[] }>()).rendered;
  }

  /** The worker's pages finished with these script tags (by route index; only its own are sent). */
  async finish(tags: ReadonlyMap<number, string>, options: Omit<FinishOptions, 'finished'> = {}): Promise<FinishedInfo[]> {
    const reply = this.next<{ finished: FinishedInfo[]; cssRuns: number }>();
    const own = new Map(this.indexes.map((i) => [i, tags.get(i) ?? '']));
    this.worker.postMessage({ tags: own, options });
    const { finished, cssRuns } = await reply;
    this.cssRuns = cssRuns;
    return [...this.finishedChunks.splice(0).flat(), ...finished];
  }

  /** Ends the worker thread (also when a stage failed). */
  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
