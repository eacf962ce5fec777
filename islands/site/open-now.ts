/**
 * The header's open-now notice: every `[data-open-now]` element (empty and hidden in the server
 * HTML) is shown with "Open now" during the stated hours in America/Denver and "Closed now"
 * otherwise (islands/common/hours.ts). The emergency-available notice beside it is server HTML and
 * always shown, with or without JavaScript. Re-checked every minute, so a page left open turns
 * over at opening and closing time; `data-state` is "open" or "closed" for CSS.
 */
import { isOpenAt, CLOSED_TEXT, OPEN_TEXT } from '../common/hours.ts';

/** How often the notice is re-checked, in ms. */
export const RECHECK_MS = 60_000;

/** Sets every open-now notice for the instant `now`. */
export function updateOpenNow(now: Date = new Date()): void {
  const open = isOpenAt(now);
  for (const el of document.querySelectorAll<HTMLElement>('[data-open-now]')) {
    el.textContent = open ? OPEN_TEXT : CLOSED_TEXT;
    el.dataset.state = open ? 'open' : 'closed';
    el.hidden = false;
  }
}

updateOpenNow();
setInterval(updateOpenNow, RECHECK_MS);
