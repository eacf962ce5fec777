/**
 * The keyword analysis as a dedicated Web Worker (issue 8: Lighthouse total blocking time 0 ms).
 * Counting and ranking the terms of every page takes 60-250 ms of CPU on this project's test
 * machines, one long task on the page's main thread; here it runs on a thread of its own and the
 * page only renders the answer (islands/KeywordAnalysis.tsx).
 *
 * Protocol: the page posts the corpus file's text (string); the worker answers once with
 * WorkerAnswer. Bundled by lib/bundle.ts as a classic script (IIFE), so every browser of the
 * build target runs it (module workers need Firefox 114).
 */
import { analyzeCorpusText, type KeywordEntry, type ShownKeywordAnalysis } from '../lib/keywords.ts';

/** What the page gets back: the analysis without its per-page counts, the ranking and the number of pages read. */
export interface PageAnalysis {
  result: ShownKeywordAnalysis;
  ranked: KeywordEntry[];
  pageCount: number;
}

/** The worker's one answer: the analysis, or the error it threw (name and message, as Errors do not cross threads whole). */
export type WorkerAnswer = ({ ok: true } & PageAnalysis) | { ok: false; name: string; message: string };

/** The part of DedicatedWorkerGlobalScope used here (tsconfig has the DOM library, not WebWorker). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(answer: WorkerAnswer): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => {
  let answer: WorkerAnswer;
  try {
    const { result, ranked, pageCount } = analyzeCorpusText(event.data);
    const { pageKeywords: _notShown, ...shown } = result;
    answer = { ok: true, result: shown, ranked, pageCount };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    answer = { ok: false, name: e.name, message: e.message };
  }
  scope.postMessage(answer);
};
