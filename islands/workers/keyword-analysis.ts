/**
 * The keyword analysis as a dedicated Web Worker (Lighthouse total blocking time 0 ms).
 * Counting and ranking the terms of every page is one long task on the page's main thread; here it
 * runs on a thread of its own and the page only renders the answer, already cut to what it shows (islands/KeywordAnalysis.tsx).
 *
 * Protocol: the page posts the corpus file's text (string); the worker answers once with
 * WorkerAnswer. Bundled by lib/bundle/bundle.ts as a classic script (IIFE), so every browser of the
 * build target runs it (module workers need Firefox 114).
 */
import { analyzeCorpusText, type KeywordView } from '../common/keywords.ts';

/**
 * The worker's one answer: the analysis as the page shows it (KeywordView, about 500 entries), or
 * the error it threw (name and message, as Errors do not cross threads whole).
 */
export type WorkerAnswer = { ok: true; view: KeywordView } | { ok: false; name: string; message: string };

/** The part of DedicatedWorkerGlobalScope used here (tsconfig has the DOM library, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(answer: WorkerAnswer): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, view: analyzeCorpusText(event.data) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    answer = { ok: false, name: e.name, message: e.message };
  }
  scope.postMessage(answer);
};
