/**
 * A build worker thread: runs one PageBatch (lib/build/page-batch.ts) for the main thread
 * (lib/build/page-workers.ts). It rebuilds the route table from the site data (route records hold
 * page components, which cannot cross threads), checks it has the same paths, renders its
 * pages and reports them, waits for their script tags, finishes them and reports again.
 *
 * Messages to the main thread: { rendered: RenderedInfo[] }, then { finishedChunk: FinishedInfo[] }
 * as pages are done and { finished: FinishedInfo[], cssRuns } with the rest, or
 * { error: { message, stack, cause } } at the first failure, after which the thread ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildRoutes } from '../../pages/routes.ts';
import { PageBatch, type FinishOptions } from './page-batch.ts';
import type { WorkerInput } from './page-workers.ts';

const input = workerData as WorkerInput;
const port = parentPort!;

/** An error as plain data, with the message of its cause (an Error loses `cause` crossing threads). */
function errorData(error: unknown) {
  const e = error instanceof Error ? error : new Error(String(error));
  const cause = e.cause instanceof Error ? e.cause : undefined;
  return { message: e.message, stack: e.stack, cause: cause && { message: cause.message, stack: cause.stack } };
}

try {
  const routes = buildRoutes(input.site);
  for (const [i, index] of input.indexes.entries()) {
    if (routes[index]?.path !== input.paths[i]) throw new Error(`Build worker: route ${index} is "${routes[index]?.path}" here but "${input.paths[i]}" in the main thread; the route table must depend on the site data only.`);
  }
  const batch = new PageBatch(input.site, routes, input.indexes, input.css, input.photos);
  port.postMessage({ rendered: batch.render() });
  port.once('message', (message: { tags: Map<number, string>; options: FinishOptions }) => {
    batch.finish(message.tags, message.options, (pages) => port.postMessage({ finishedChunk: pages })).then(
      (finished) => port.postMessage({ finished, cssRuns: batch.cssRuns }),
      (error) => port.postMessage({ error: errorData(error) }),
    );
  });
} catch (error) {
  port.postMessage({ error: errorData(error) });
}
