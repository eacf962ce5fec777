/**
 * A build worker thread (lib/build/worker-pool.ts starts it): makes pages from the shared queue
 * and posts each at once (WorkerMessage). It rebuilds the route table from the site data (page
 * components cannot cross threads) and checks it has the same paths.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildRoutes } from '../../pages/routes.ts';
import { PageMaker, pageTools } from './make-page.ts';
import { crossingError, takePage, type WorkerInput, type WorkerMessage } from './worker-pool.ts';

const input = workerData as WorkerInput;
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

try {
  const routes = buildRoutes(input.inputs.site);
  for (const [index, path] of input.paths.entries()) {
    if (routes[index]?.path !== path) throw new Error(`Build worker: route ${index} is "${routes[index]?.path}" here but "${path}" in the main thread; the route table must depend on the site data only.`);
  }
  const maker = new PageMaker(input.inputs, routes, pageTools(input.inputs.css));
  for (let index = takePage(input.queue); index !== undefined; index = takePage(input.queue)) post({ page: await maker.make(index) });
  post({ done: true });
} catch (error) {
  post({ error: crossingError(error) });
}
