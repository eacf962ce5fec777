/**
 * Runs the keyword analysis in the keyword worker (islands/workers/keyword-analysis.ts), so the
 * page's main thread stays free (Lighthouse total blocking time 0 ms). The analysis code
 * lives only in the worker's file: the page's own JavaScript stays within the 15 KB budget.
 */
import type { KeywordView } from './keywords.ts';
import type { WorkerAnswer } from '../workers/keyword-analysis.ts';

/**
 * How long the worker may take before the page gives up, in ms. The analysis takes well under a
 * second of CPU on a 2-core machine; 30 s leaves room for a slow phone and still ends a hung worker
 * with "Analysis Failed" instead of an endless loading state.
 */
const WORKER_TIMEOUT_MS = 30_000;

/**
 * Analyses the corpus file's text in a new worker, which ends when it has answered.
 * @param text      the body of /keyword-corpus.json
 * @param workerUrl site path of the bundled worker (lib/bundle/bundle.ts `__WORKERS__.keywordAnalysis`)
 * @returns the analysis as the page shows it (KeywordView)
 * @throws Error with the name and message the analysis threw (SyntaxError for invalid JSON,
 *   TypeError for a corpus of the wrong shape); Error when there is no worker to run it in (no
 *   Worker API, no worker in the build, its script failed to load or run, its answer could not
 *   be read, or no answer within WORKER_TIMEOUT_MS)
 */
export function analyzeOffMainThread(text: string, workerUrl: string): Promise<KeywordView> {
  return new Promise<KeywordView>((resolve, reject) => {
    if (!workerUrl || typeof Worker === 'undefined') throw new Error(workerUrl ? 'This browser has no Worker API.' : 'No keyword worker in this build.');
    const worker = new Worker(workerUrl);
    const fail = (message: string) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(`The keyword worker ${workerUrl} failed: ${message}.`));
    };
    const timer = setTimeout(() => fail(`no answer within ${WORKER_TIMEOUT_MS} ms`), WORKER_TIMEOUT_MS);
    worker.onmessageerror = () => fail('its answer could not be read');
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      clearTimeout(timer);
      worker.terminate();
      const answer = event.data;
      if (answer.ok) {
        resolve(answer.view);
      } else {
        const error = new Error(answer.message);
        error.name = answer.name;
        reject(error);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault(); // reported by the caller, once
      fail(event.message || 'its script did not load');
    };
    worker.postMessage(text);
  });
}
