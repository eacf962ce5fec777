/**
 * Error reporting for every page: the global handlers for uncaught errors and
 * unhandled promise rejections, `reportError` for other modules, the startup log entry, and the
 * `window.__diagnostics` view of the log and the analytics events.
 *
 * "Error reporting" is the GA4 `exception` event (description, fatal) when analytics is configured,
 * and the log alone when it is not (islands/site/gtag.ts then only logs the event at debug level).
 * Imported first by islands/site.ts so the handlers are in place before other modules run.
 */
import { toAppError } from '../common/errors.ts';
import { logger } from '../common/logger.ts';
import { sendEvent, sentEvents, type EventParams } from './gtag.ts';

/** GA4 limits an event parameter value to 100 characters. Source: support.google.com/analytics/answer/9267744. */
const MAX_PARAM_CHARS = 100;

/** What went wrong where, sent with the exception event. */
export interface ErrorDetails {
  /** What the site was doing, e.g. "uncaughtError", "unhandledRejection", "islandRender". */
  action: string;
  /** True when the page can no longer be used (e.g. the error screen replaced it). Default false. */
  fatal?: boolean;
  /** AppError code for a value that is not already an AppError; default UNKNOWN_ERROR. */
  code?: string;
  /** Extra flat facts, e.g. filename, lineno, colno. */
  [extra: string]: string | number | boolean | undefined;
}

/**
 * Logs an error at level error and forwards it to error reporting (GA4 `exception` event with
 * description, fatal, action and the extra details). A value that is not an Error is logged as
 * "Unexpected error: ...". Never throws.
 * @param error   the thrown or rejected value
 * @param details the action (required) and extra facts
 */
export function reportError(error: unknown, details: ErrorDetails): void {
  try {
    const { action, fatal = false, code, ...extra } = details;
    const appError = toAppError(error, code);
    const facts: EventParams = {};
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) facts[k] = v;
    logger.error(`${action}: ${appError.message}`, { action, code: appError.code, ...facts, ...appError.context }, error ?? appError);
    sendEvent('exception', { description: appError.message.slice(0, MAX_PARAM_CHARS), fatal, action, ...facts });
  } catch (failure) {
    try {
      logger.error('Error reporting failed', { action: details?.action }, failure);
    } catch {
      // Nothing left to do; never break the page from here.
    }
  }
}

/** Installs the global handlers (once), logs startup and exposes `window.__diagnostics`. */
function installErrorHandlers(): void {
  if (window.__diagnostics) return;
  window.__diagnostics = { log: () => logger.entries(), events: () => sentEvents() };

  addEventListener('error', (event) => {
    // Resource load failures (img, script) reach window only in the capture phase; this listener
    // is for the bubbling ErrorEvents of uncaught script errors.
    if (!(event instanceof ErrorEvent)) return;
    reportError(event.error ?? event.message, {
      action: 'uncaughtError',
      filename: event.filename,
      lineno: event.lineno,
      colno: event.colno,
    });
  });
  addEventListener('unhandledrejection', (event) => {
    reportError(event.reason, { action: 'unhandledRejection' });
  });

  // "Startup is logged in the production environment" (kept despite threshold warn).
  logger.always('info', 'Site started', {
    url: location.href,
    pageType: document.body?.dataset.pageType ?? '',
    dev: typeof __SITE__ !== 'undefined' && __SITE__.dev,
  });
}

installErrorHandlers();
