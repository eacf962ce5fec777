/**
 * Turns the page into the error screen (a render failure:
 * the error carries code COMPONENT_ERROR). Called by islands/runtime/mount.ts when an island
 * fails to render or hydrate. The screen's markup is already in the page, in an inert <template>
 * (islands/ErrorScreen.tsx, placed by templates/Island.tsx); this clones it into view. Shown once
 * per page, however many islands fail.
 */
import { AppError } from '../common/errors.ts';
import { reportError } from '../site/error-handlers.ts';

/** Error code of a render failure. */
const COMPONENT_ERROR = 'COMPONENT_ERROR';

/** Class on <body> while the error screen is shown; templates/styles/50-islands.css hides the rest of the page. */
const ERROR_SCREEN_CLASS = 'has-error-screen';

/**
 * Logs the failure (code COMPONENT_ERROR, forwarded to error reporting as fatal) and replaces the
 * view with the error screen, moving focus to its heading. Never throws.
 * @param name  the island that failed
 * @param error what it threw
 */
export function showErrorScreen(name: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  reportError(new AppError(`Island ${name} failed to render: ${message}`, COMPONENT_ERROR, { isOperational: false, cause: error }), {
    action: 'islandRender',
    fatal: true,
    island: name,
  });
  const body = document.body;
  const template = document.getElementById('error-screen-template');
  if (body.classList.contains(ERROR_SCREEN_CLASS) || !(template instanceof HTMLTemplateElement)) return;
  body.append(template.content.cloneNode(true));
  body.classList.add(ERROR_SCREEN_CLASS);
  body.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-error-reload]')) location.reload();
  });
  scrollTo(0, 0);
  body.querySelector<HTMLElement>('#error-screen-title')?.focus();
}
