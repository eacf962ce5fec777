/**
 * The header's open-now notice (beyond the spec; issue 5): every `[data-open-now]` element shows
 * "Open now" during the stated hours in America/Denver and "Closed now - emergency service
 * available" otherwise (islands/lib/hours.ts). The server HTML carries the neutral emergency
 * notice, so nothing changes for visitors without JavaScript. Re-checked every minute, so a page
 * left open turns over at opening and closing time; `data-state` is "open" or "closed" for CSS.
 */
import { isOpenAt, CLOSED_TEXT, OPEN_TEXT } from '../lib/hours.ts';

/** How often the notice is re-checked, in ms. */
export const RECHECK_MS = 60_000;

/** Sets every open-now notice for the instant `now`. */
export function updateOpenNow(now: Date = new Date()): void {
  const open = isOpenAt(now);
  for (const el of document.querySelectorAll<HTMLElement>('[data-open-now]')) {
    el.textContent = open ? OPEN_TEXT : CLOSED_TEXT;
    el.dataset.state = open ? 'open' : 'closed';
  }
}

updateOpenNow();
setInterval(updateOpenNow, RECHECK_MS);
