/**
 * The analytics transport: Google Analytics 4 through gtag.js, or the log when no measurement id
 * is configured (content/settings.yaml `analyticsId`, compiled in as `__SITE__.analyticsId`).
 *
 * The GA4 snippet's inline bootstrap (`dataLayer`, `gtag()`) lives here, in a same-origin module,
 * so pages carry no inline script. gtag.js itself is only requested by `loadGtagScript()`, which
 * islands/site/analytics.ts calls after the page's load event. Events sent before it arrives wait
 * in `dataLayer`, as with Google's snippet
 * (https://developers.google.com/tag-platform/gtagjs/install).
 *
 * Without a measurement id nothing third-party is loaded and no request leaves the page: each event
 * is logged at debug level (kept only in a development build). Either way every event is also
 * recorded in memory, newest 100, readable as `window.__diagnostics.events()`, so tests and a
 * person in the console can see what was (or would have been) sent in a production build.
 */
import { logger } from '../common/logger.ts';

/** GA4 measurement id, e.g. "G-ABC123XYZ9", or "" for no analytics. */
const ANALYTICS_ID: string = typeof __SITE__ !== 'undefined' ? __SITE__.analyticsId : '';

/** Address of gtag.js for a measurement id. */
const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js?id=';

/** Most events kept by the in-memory record. */
const MAX_RECORDED_EVENTS = 100;

/** Event parameters, as GA4 takes them (flat name -> string, number or boolean). */
export type EventParams = Record<string, string | number | boolean>;

/** One event the site sent, or would have sent without a measurement id. */
export interface SentEvent {
  /** GA4 event name, e.g. "page_view", "phone_call". */
  name: string;
  params: EventParams;
  /** "gtag": queued for GA4; "log": no measurement id, logged at debug level. */
  transport: 'gtag' | 'log';
  /** When, in ms since the page's time origin (performance.now()). */
  atMs: number;
}

const recorded: SentEvent[] = [];

/** The recorded events, oldest first (copies). */
export function sentEvents(): SentEvent[] {
  return recorded.map((e) => ({ ...e, params: { ...e.params } }));
}

/**
 * Sets up `window.dataLayer` and `window.gtag` and queues the `js` and `config` commands, with
 * the automatic page view turned off (analytics.ts sends its own, with page_type and page_key).
 * Does nothing without a measurement id.
 * @returns true when analytics is configured
 */
export function initGtag(): boolean {
  if (!ANALYTICS_ID) return false;
  if (window.gtag) return true;
  const dataLayer = (window.dataLayer = window.dataLayer || []);
  // gtag.js reads `arguments` objects from dataLayer, not arrays: keep the snippet's form.
  window.gtag = function gtag() {
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', ANALYTICS_ID, { send_page_view: false });
  return true;
}

/**
 * Sends one GA4 event (or logs it without a measurement id) and records it.
 * Never throws: a failure is logged as a warning, and nothing else happens.
 * @param name   GA4 event name
 * @param params its parameters
 */
export function sendEvent(name: string, params: EventParams): void {
  try {
    const transport = ANALYTICS_ID && window.gtag ? 'gtag' : 'log';
    recorded.push({ name, params, transport, atMs: Math.round(performance.now()) });
    if (recorded.length > MAX_RECORDED_EVENTS) recorded.shift();
    if (transport === 'gtag') window.gtag!('event', name, params);
    else logger.debug(`Analytics event ${name} (no measurement id)`, { event: name, ...params });
  } catch (error) {
    logger.warn(`Analytics event ${name} could not be sent`, { event: name }, error);
  }
}

/**
 * Adds the gtag.js script (async) to the page. Call after the load event. A script that fails to
 * load is logged as a warning and changes nothing else. Does nothing without a measurement id or
 * when already added.
 */
export function loadGtagScript(): void {
  if (!ANALYTICS_ID || document.querySelector('script[data-gtag]')) return;
  const src = GTAG_SCRIPT_URL + encodeURIComponent(ANALYTICS_ID);
  try {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.dataset.gtag = '';
    script.addEventListener('error', () => logger.warn('Analytics script failed to load', { src }));
    document.head.append(script);
  } catch (error) {
    logger.warn('Analytics script could not be added', { src }, error);
  }
}
