/**
 * Web-vitals ratings: the good/poor thresholds of each metric and the rating of a
 * value. Pure: no DOM, tested under Node (test/unit/vitals-rating.test.ts).
 *
 * A value up to and including the first threshold is "good", up to and including the second is
 * "needs-improvement", above it "poor". Source: web.dev, "Defining the Core Web Vitals metrics
 * thresholds" (https://web.dev/articles/defining-core-web-vitals-thresholds), whose table reads
 * "Good ≤2500ms, Poor >4000ms" for LCP, "≤100ms / >300ms" for FID, "≤0.1 / >0.25" for CLS; the
 * same rule in the web-vitals library (`MetricRatingThresholds`: ≤ [0] good, > [0] and ≤ [1] needs improvement,
 * > [1] poor; node_modules/web-vitals/README.md).
 */

/** The metrics the site reports. INP is FID's successor (web.dev/articles/inp); both are sent. */
export type VitalName = 'CLS' | 'FCP' | 'FID' | 'INP' | 'LCP' | 'TTFB';

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** [good, poor] boundaries: ≤ good is "good", > poor is "poor". */
export type VitalThresholds = readonly [good: number, poor: number];

/** First Contentful Paint, ms; good/poor at 1800/3000. */
const FCP_THRESHOLDS_MS: VitalThresholds = [1800, 3000];
/** Cumulative Layout Shift, unitless layout-shift score; good/poor at 0.1/0.25. */
const CLS_THRESHOLDS: VitalThresholds = [0.1, 0.25];
/** First Input Delay, ms; good/poor at 100/300. */
const FID_THRESHOLDS_MS: VitalThresholds = [100, 300];
/** Largest Contentful Paint, ms; good/poor at 2500/4000. */
const LCP_THRESHOLDS_MS: VitalThresholds = [2500, 4000];
/** Time to First Byte, ms; good/poor at 800/1800. */
const TTFB_THRESHOLDS_MS: VitalThresholds = [800, 1800];
/** Interaction to Next Paint, ms (web.dev/articles/inp): 200/500. */
const INP_THRESHOLDS_MS: VitalThresholds = [200, 500];

/** Thresholds by metric name. */
export const VITAL_THRESHOLDS: Record<VitalName, VitalThresholds> = {
  CLS: CLS_THRESHOLDS,
  FCP: FCP_THRESHOLDS_MS,
  FID: FID_THRESHOLDS_MS,
  INP: INP_THRESHOLDS_MS,
  LCP: LCP_THRESHOLDS_MS,
  TTFB: TTFB_THRESHOLDS_MS,
};

/**
 * @param name  the metric
 * @param value its value: ms for timings, the unitless score for CLS
 * @returns "good" when value ≤ good threshold, "poor" when value > poor threshold, else
 *   "needs-improvement"
 */
export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value > poor) return 'poor';
  if (value > good) return 'needs-improvement';
  return 'good';
}

/**
 * The value sent to analytics: timings rounded to whole ms; CLS (a small unitless score, where
 * rounding to an integer would always give 0 or 1) rounded to 3 decimals.
 */
export function roundVital(name: VitalName, value: number): number {
  return name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
}
