/**
 * The analytics events, on every page:
 * - `page_view` at once (page_title, page_location, page_path, plus page_type and page_key from
 *   the page tracker `<body data-page-type data-page-key>` where the page has one);
 * - `phone_call`, `email_click`, `location_text` and `chatbot_click` from ONE delegated click listener on the
 *   contact links (`data-track`, `data-source`, templates/ContactLinks.tsx);
 * - after the load event: gtag.js (when a measurement id is configured), and 1000 ms later the
 *   web-vitals collection, a separate chunk imported on demand (islands/site/vitals.ts) so the
 *   first render ships none of it.
 * None of this on a page whose body says `data-analytics="off"` (an internal page, pages/route.ts
 * `analytics: false`): no gtag set-up, no event, no gtag.js, no web-vitals chunk.
 * Nothing here throws into the page: every failure is logged as a warning.
 */
import { logger } from '../common/logger.ts';
import { initGtag, loadGtagScript, sendEvent, type EventParams } from './gtag.ts';

/**
 * Delay between the load event and the start of web-vitals collection, ms. 
 * (Kept here, not in islands/common/vitals-rating.ts, so the first-load module does not share a
 * chunk with the lazily loaded vitals code.)
 */
const VITALS_START_DELAY_MS = 1000;

/** Business name as a slug (`__SITE__.slug`), for the assistant label. */
const SLUG: string = typeof __SITE__ !== 'undefined' ? __SITE__.slug : '';

/**
 * The page_view parameters for a document.
 * @returns page_title, page_location (full URL), page_path, and page_type/page_key when the body
 *   carries the page tracker
 */
function pageViewParams(doc: Document = document): EventParams {
  const params: EventParams = {
    page_title: doc.title,
    page_location: doc.location.href,
    page_path: doc.location.pathname,
  };
  const { pageType, pageKey } = doc.body?.dataset ?? {};
  if (pageType) params.page_type = pageType;
  if (pageKey) params.page_key = pageKey;
  return params;
}

/**
 * The event a click on a tracked link sends, or undefined when its `data-track` sends none.
 * chatbot_click: category engagement, label "<business slug>_assistant", value 1.
 * phone_call / email_click / location_text ("Text us my location", templates/TextLocation.tsx;
 * sent on the tap, so it never carries the position): category engagement, label = source,
 * value 1, source (e.g. "chatbot_sidebar", "header", "hero", "fixed").
 */
function clickEvent(track: string, source: string): { name: string; params: EventParams } | undefined {
  if (track === 'chatbot_click') {
    return { name: track, params: { event_category: 'engagement', event_label: `${SLUG}_assistant`, value: 1 } };
  }
  if (track === 'phone_call' || track === 'email_click' || track === 'location_text') {
    return { name: track, params: { event_category: 'engagement', event_label: source, value: 1, source } };
  }
  return undefined;
}

function onClick(event: MouseEvent): void {
  try {
    // A middle click opens a link too (auxclick); right clicks open nothing.
    if (event.type === 'auxclick' && event.button !== 1) return;
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLElement>('[data-track]');
    if (!link) return;
    // A click held until an island's code arrived is dispatched again by the interaction runtime
    // (islands/runtime/interaction.ts, `data-hold-click`): the visitor's own click was counted.
    if (!event.isTrusted && link.closest('[data-hold-click]')) return;
    const tracked = clickEvent(link.dataset.track ?? '', link.dataset.source ?? 'unknown');
    if (tracked) sendEvent(tracked.name, tracked.params);
  } catch (error) {
    logger.warn('Click tracking failed', {}, error);
  }
}

/** Runs `fn` once the page's load event has fired (at once if it already has). */
function afterLoad(fn: () => void): void {
  if (document.readyState === 'complete') fn();
  else addEventListener('load', fn, { once: true });
}

function startVitals(): void {
  import('./vitals.ts')
    .then(({ startVitals }) =>
      startVitals({
        report: ({ name, value, rating }) => sendEvent('web_vitals', { name, value, rating, non_interaction: true }),
        fail: (message, context, error) => logger.warn(message, context, error),
      }),
    )
    .catch((error) => logger.warn('Web-vitals could not be loaded', {}, error));
}

/** Value of `<body data-analytics>` on a page that sends no analytics (templates/Layout.tsx). */
const ANALYTICS_OFF = 'off';

/**
 * Starts the page's analytics, unless the page turned it off (`<body data-analytics="off">`);
 * runs once, when this module is first imported. Never throws.
 */
function startAnalytics(): void {
  try {
    if (document.body?.dataset.analytics === ANALYTICS_OFF) return;
    initGtag();
    sendEvent('page_view', pageViewParams());
    // Capture phase: a component that stops propagation cannot hide a contact click.
    document.addEventListener('click', onClick, { capture: true });
    document.addEventListener('auxclick', onClick, { capture: true });
    afterLoad(() => {
      loadGtagScript();
      // Web vitals only where someone receives them: with a measurement id (or in a development
      // build, for the log). Without an id the 3.7 KB gz chunk would measure and then discard.
      if (__SITE__.analyticsId || __SITE__.dev) setTimeout(startVitals, VITALS_START_DELAY_MS);
    });
  } catch (error) {
    logger.warn('Analytics could not start', {}, error);
  }
}

startAnalytics();
