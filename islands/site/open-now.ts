/**
 * The header's notices, kept true to the clock: every `[data-open-now]` element (empty and hidden
 * in the server HTML) is shown with "Open now" during the stated hours in America/Denver and
 * "Office closed" otherwise, and the emergency notice beside it (`.notice-emergency`, server HTML
 * "Emergency service available", shown with or without JavaScript) says "Emergency line answers
 * now" while the office is closed (islands/common/hours.ts). Re-checked every minute, so a page
 * left open turns over at opening and closing time; `data-state` is "open" or "closed" for CSS.
 */
import { headerNotices } from '../common/hours.ts';

/** How often the notices are re-checked, in ms. */
const RECHECK_MS = 60_000;

/** Sets every header notice for the instant `now`. */
function updateOpenNow(now: Date = new Date()): void {
  const { open, emergency, openNow } = headerNotices(now);
  for (const el of document.querySelectorAll<HTMLElement>('[data-open-now]')) {
    el.textContent = openNow;
    el.dataset.state = open ? 'open' : 'closed';
    el.hidden = false;
  }
  for (const el of document.querySelectorAll('.notice-emergency')) el.textContent = emergency;
}

updateOpenNow();
setInterval(updateOpenNow, RECHECK_MS);
