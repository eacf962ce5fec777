/**
 * Hydration on interaction (islands/runtime/load.ts, strategy "interaction"): the small loader
 * that decides, in the browser, when an island's code loads. The browser entry "<Name>@interaction"
 * of every island (lib/bundle/bundle.ts) is one call of `mountWhenUsed`, a few hundred bytes with
 * no Preact; a page that places the island with `<Island load="interaction">` loads it. The
 * island's own entry (component, Preact, islands/runtime/mount.ts; importing it hydrates every
 * element of the island) is imported when the visitor first acts on one of its elements. Where
 * the page also places the island without `data-load="interaction"`, it is imported at once
 * instead, as for any island.
 *
 * A plain click (primary button, no modifier) that arrives before the code on an element marked
 * `data-hold-click` (HOLD_CLICK_ATTR: the island must answer it itself) is stopped (default
 * prevented, propagation stopped) and dispatched again on the same element once the island has
 * hydrated, so one click on the video facade plays the video. Every other click goes through at
 * once: links and contact buttons work by themselves (and analytics counts them once), and a
 * <summary> opens its <details> natively, which an island built on one adopts when it hydrates
 * (islands/ChatbotSidebar.tsx), so nothing is replayed that would toggle it a second time.
 *
 * If the code cannot be loaded (offline, a failed request), the failure is logged and reported
 * (action islandLoad), the listeners go, and the stopped click is dispatched again on the server
 * HTML, which works alone (the facade opens the watch page). A failure while hydrating or
 * rendering is the mount runtime's: the error screen (islands/runtime/mount.ts).
 */
import { reportError } from '../site/error-handlers.ts';
import { HOLD_CLICK_ATTR, INTERACTION_EVENTS, LOAD_ATTR } from './load.ts';
import { IslandAttr } from './markup.ts';

/** True for a click the island must answer itself: plain (primary button, no modifier, so not "open in a new tab") on a `data-hold-click` element. */
function needsIsland(event: MouseEvent): boolean {
  if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  return !!(event.target as Element).closest?.(`[${HOLD_CLICK_ATTR}]`);
}

/**
 * Hydrates every `[data-island="<name>"]` element once the visitor acts on one of them (or at
 * once when one of them lacks `data-load="interaction"`); either way a plain click on a
 * `data-hold-click` element before the code has arrived is replayed after hydration. Never throws.
 * @param name the island's registry name
 * @param load imports the island's own entry, which hydrates its elements as it runs (a dynamic
 *   import, made at most once)
 */
export function mountWhenUsed(name: string, load: () => Promise<unknown>): void {
  const elements = document.querySelectorAll<HTMLElement>(`[${IslandAttr.Name}="${name}"]`);
  let started = false;
  /** The last click stopped while the code was on its way; dispatched again once it settles. */
  let stopped: EventTarget | null = null;

  const listen = (on: boolean) => {
    for (const el of elements) for (const type of INTERACTION_EVENTS) el[on ? 'addEventListener' : 'removeEventListener'](type, onEvent, true);
  };
  const settle = () => {
    listen(false);
    // Once the listeners are gone; on the same element, which hydration kept.
    stopped?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  };
  function onEvent(event: Event) {
    if (!started) {
      started = true;
      load().then(
        // The entry has hydrated the island as it ran; the mount runtime reports its own failures
        // (the error screen), so there is nothing to catch here.
        settle,
        (error: unknown) => {
          reportError(error, { action: 'islandLoad', island: name });
          settle();
        },
      );
    }
    if (event.type === 'click' && needsIsland(event as MouseEvent)) {
      event.preventDefault();
      event.stopPropagation();
      stopped = event.target;
    }
  }

  // Listening in both cases: where the code is imported at once, a click before it arrives is
  // held and replayed just the same.
  listen(true);
  if ([...elements].some((el) => el.getAttribute(LOAD_ATTR) !== 'interaction')) onEvent(new Event(''));
}
