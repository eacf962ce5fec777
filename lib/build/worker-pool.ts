/**
 * Pages made on worker threads (https://nodejs.org/api/worker_threads.html) for builds large
 * enough that a second core pays for starting one: each runs lib/build/worker-thread.ts, takes
 * pages from the shared queue as the main thread does and posts each page once made.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Route } from '../route.ts';
import type { FinishedPage, PageInputs } from './make-page.ts';

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
 * How many threads make the pages, this one included: the configured number, else one below
 * WORKER_MIN_PAGES pages and os.availableParallelism() up to MAX_THREADS above; never more than
 * the pages, and one with a BuildCache (its kept tools live on this thread). The site is the same.
 */
export function threadCount(configured: number | undefined, pages: number, cached: boolean): number {
  if (cached) return 1;
  const wanted = configured ?? (pages < WORKER_MIN_PAGES ? 1 : Math.min(MAX_THREADS, os.availableParallelism()));
  return Math.max(1, Math.min(wanted, pages));
}

/**
 * The pages still to make, shared by every thread of a build: each takes the next route index of
 * `order` when it is ready for another page (Atomics on a SharedArrayBuffer, which worker threads
 * share rather than copy: https://nodejs.org/api/worker_threads.html#portpostmessagevalue-transferlist),
 * so a thread slowed by the machine (or, the main one, by the pages it receives) simply makes fewer pages.
 */
export interface PageQueue {
  /** Route indexes in the order pages are taken. */
  order: number[];
  /** One Int32: how many of `order` have been taken. */
  taken: SharedArrayBuffer;
}

/** A queue over `order`, nothing taken yet. */
export function pageQueue(order: number[]): PageQueue {
  return { order, taken: new SharedArrayBuffer(4) };
}

/** Marks every page of the queue taken: after a failure, no thread starts another page. */
export function stopQueue(queue: PageQueue): void {
  Atomics.store(new Int32Array(queue.taken), 0, queue.order.length);
}

/** The next route index of the queue, or undefined when every page has been taken. */
export function takePage(queue: PageQueue): number | undefined {
  const i = Atomics.add(new Int32Array(queue.taken), 0, 1);
  return i < queue.order.length ? queue.order[i] : undefined;
}

/**
 * The old-generation heap limit of a build worker, MB: 160 plus 1 per 40 pages (each holds the
 * site data and route table). With a limit V8 collects sooner, at no cost in time; the formula
 * leaves about twice the heap a worker was seen to run out at (`npm run bench -- --areas N`).
 */
function workerHeapMb(pages: number): number {
  return Math.round(160 + pages / 40);
}

/** What a worker is started with (structured-cloned into it; the queue's counter is shared). */
export interface WorkerInput {
  inputs: PageInputs;
  queue: PageQueue;
  /** Every route's path (checked against the worker's own route table). */
  paths: string[];
}

/**
 * What a worker posts for a failure: the Error itself (structured clone keeps its message, stack
 * and cause), or, when its cause or a property cannot be cloned (a function, a socket: postMessage
 * would throw DataCloneError and lose it), a plain Error with its message and stack.
 */
export function crossingError(error: unknown): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  try {
    structuredClone(failure);
    return failure;
  } catch {
    return Object.assign(new Error(failure.message), { stack: failure.stack });
  }
}

/**
 * A message from a worker: a finished page, the end of its share, or its failure (an Error
 * crosses threads by structured clone with its message, stack and cause).
 */
export type WorkerMessage = { page: FinishedPage } | { done: true } | { error: Error };

/**
 * Makes pages of the queue on a worker thread until none is left, handing each finished page to
 * `onPage` as it arrives.
 * @param heapMb the worker's old-generation heap limit, MB (default workerHeapMb of the site's pages)
 * @throws the worker's own error (a failed render, a crash, running out of memory); the worker
 *   has ended either way
 */
export async function makePagesOnWorker(
  inputs: PageInputs, routes: readonly Route[], queue: PageQueue, onPage: (page: FinishedPage) => void, heapMb = workerHeapMb(routes.length),
): Promise<void> {
  const input: WorkerInput = { inputs, queue, paths: routes.map((r) => r.path) };
  const worker = new Worker(new URL('./worker-thread.mjs', import.meta.url), { workerData: input, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  let shareDone = false;
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if ('page' in message) onPage(message.page);
        else if ('done' in message) {
          shareDone = true;
          resolve();
        } else reject(message.error);
      });
      worker.on('error', (error: Error & { code?: string }) => {
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new Error(`A build worker thread ran out of memory (its limit: ${heapMb} MB for a site of ${routes.length} pages); build on one thread instead: BUILD_THREADS=1 npm run build`, { cause: error })
          : error);
      });
      worker.on('exit', (code) => shareDone || reject(new Error(`A build worker thread stopped (exit code ${code}) before finishing its pages.`)));
    });
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
