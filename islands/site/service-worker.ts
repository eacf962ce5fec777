/**
 * Registers the service worker (islands/workers/service-worker.ts, at SERVICE_WORKER_PATH) once the
 * page has loaded, so it takes nothing from the first paint, and not in a development build (whose
 * pages change on every save). A browser without service workers, or one that refuses (private
 * mode, storage off), just stays online-only; the failure is logged as a warning.
 */
import { logger } from '../common/logger.ts';
import { SERVICE_WORKER_PATH } from '../common/offline.ts';

function register(): void {
  navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch((error) => logger.warn('Service worker not registered', {}, error));
}

if (!__SITE__.dev && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
export {};
