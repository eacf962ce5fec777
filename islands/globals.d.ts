/**
 * Globals of the browser code (islands/). `__SITE__` is not a real variable: lib/bundle/bundle.ts
 * replaces every use of it with the site's ClientConfig at build time (esbuild `define`).
 * Modules that tests import under Node guard it with `typeof __SITE__ !== 'undefined'`.
 */

/** Site facts compiled into the browser code: { name, slug, analyticsId, dev, openMinutes, zoneTable } (lib/bundle/client-config.ts ClientConfig). */
declare const __SITE__: import('../lib/bundle/client-config.ts').ClientConfig;

/**
 * Site paths of the Web Workers lib/bundle/bundle.ts built ("" for one not in this build), replaced at
 * build time like `__SITE__`.
 */
declare const __WORKERS__: Record<import('../lib/bundle/client-config.ts').WorkerName, string>;

interface Window {
  /** gtag.js command queue (Google Analytics 4); present only when a measurement id is configured. */
  dataLayer?: IArguments[];
  /** The gtag() function of the GA4 snippet; present only when a measurement id is configured. */
  gtag?: (...args: unknown[]) => void;
  /**
   * Read-only view of the browser diagnostics, for tests and for a person in the console
   * (islands/site/error-handlers.ts): the kept log entries and the analytics events sent.
   */
  __diagnostics?: {
    /** The kept log entries, oldest first (copies). */
    log(): import('./common/logger.ts').LogEntry[];
    /** The analytics events sent or, without a measurement id, logged, oldest first (copies). */
    events(): import('./site/gtag.ts').SentEvent[];
  };
}
