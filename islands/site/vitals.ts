/**
 * Web-vitals collection, loaded on demand by islands/site/analytics.ts
 * 1000 ms after the load event, as its own chunk: the first render ships none of this.
 *
 * CLS, FCP, LCP, TTFB and INP come from the `web-vitals` library (v6: onCLS/onFCP/onLCP/onTTFB/
 * onINP, each calling back when its value is final, e.g. LCP at the first input or when the page is
 * hidden). FID is no longer in the library: it is read from the browser's `first-input`
 * performance entry as processingStart - startTime (https://web.dev/articles/fid#measure-fid-in-javascript).
 * Ratings use the site's thresholds (islands/common/vitals-rating.ts), not the library's.
 *
 * This module imports nothing the page's first-load module imports (it gets its sinks as
 * arguments), so esbuild gives it a chunk of its own instead of splitting shared code out of the
 * site module.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { rateVital, roundVital, type VitalName, type VitalRating } from '../common/vitals-rating.ts';

/** One metric value ready to send: value rounded (ms, or the CLS score to 3 decimals). */
interface VitalReport {
  name: VitalName;
  value: number;
  rating: VitalRating;
}

/** Where reports and failures go. */
export interface VitalsSinks {
  report(vital: VitalReport): void;
  /** Called with a message, context and error when a callback or an observer fails. */
  fail(message: string, context: Record<string, unknown>, error: unknown): void;
}

type OnMetric = (callback: (metric: { name: string; value: number }) => void) => void;

/** The library's reporters by metric name. */
const LIBRARY_METRICS: [VitalName, OnMetric][] = [
  ['CLS', onCLS as OnMetric],
  ['FCP', onFCP as OnMetric],
  ['LCP', onLCP as OnMetric],
  ['TTFB', onTTFB as OnMetric],
  ['INP', onINP as OnMetric],
];

/**
 * Starts collecting every metric. Each value is rated and rounded, then passed to `sinks.report`;
 * a throwing reporter or an unsupported observer goes to `sinks.fail` and stops nothing else.
 */
export function startVitals(sinks: VitalsSinks): void {
  const deliver = (name: VitalName, raw: number) => {
    try {
      sinks.report({ name, value: roundVital(name, raw), rating: rateVital(name, raw) });
    } catch (error) {
      sinks.fail('Web-vitals callback failed', { metric: name }, error);
    }
  };
  for (const [name, on] of LIBRARY_METRICS) {
    try {
      on((metric) => deliver(name, metric.value));
    } catch (error) {
      sinks.fail('Web-vitals metric could not start', { metric: name }, error);
    }
  }
  try {
    if (PerformanceObserver.supportedEntryTypes?.includes('first-input')) {
      const observer = new PerformanceObserver((list) => {
        const entry = list.getEntries()[0] as PerformanceEventTiming | undefined;
        if (!entry) return;
        observer.disconnect();
        deliver('FID', entry.processingStart - entry.startTime);
      });
      observer.observe({ type: 'first-input', buffered: true });
    }
  } catch (error) {
    sinks.fail('Web-vitals metric could not start', { metric: 'FID' }, error);
  }
}
