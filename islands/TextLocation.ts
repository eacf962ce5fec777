/**
 * "Text us my location": an island without Preact. Its server HTML (templates/TextLocation.tsx) is
 * a button and a status line inside `[data-island="TextLocation"]`, placed with
 * load="interaction", so this code loads when the visitor first presses or focuses the button
 * (islands/runtime/interaction.ts), and a click that comes first is held and replayed
 * (`data-hold-click`).
 *
 * On a click, and only then, the browser is asked for the position (GEO_OPTIONS). With a fix, the
 * page navigates to the `sms:` URI of islands/common/location-text.ts: the messaging app opens with
 * the business number and the prepared message, which the visitor sends from their own phone;
 * nothing else is sent anywhere. Denied, unavailable or timed out: the status line says so
 * (LOCATION_OFF) and the plain Text link beside it is untouched. A second tap uses a fix up to
 * 60 s old, so it opens at once (a browser that refused to open the app because the first fix came
 * too long after the tap gets a fresh tap).
 */
import { IslandAttr } from './runtime/markup.ts';
import { GEO_OPTIONS, LOCATING, LOCATION_OFF, locationMessage, smsUri } from './common/location-text.ts';

/**
 * Wires every `[data-island="<name>"]` element: its <button> starts the lookup, its
 * `[role="status"]` shows progress and failures, `data-to` is the business number (E.164).
 * Its browser entry (lib/bundle/bundle.ts) calls it with the island's name.
 * Never throws.
 */
export function mount(name: string): void {
  for (const root of document.querySelectorAll<HTMLElement>(`[${IslandAttr.Name}="${name}"]`)) {
    const status = root.querySelector('[role="status"]');
    const initial = status?.textContent ?? '';
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    const off = () => say(LOCATION_OFF);
    root.querySelector('button')?.addEventListener('click', () => {
      say(LOCATING);
      try {
        navigator.geolocation.getCurrentPosition(({ coords }) => {
          say(initial);
          location.href = smsUri(root.dataset.to ?? '', locationMessage(coords.latitude, coords.longitude, coords.accuracy));
        }, off, GEO_OPTIONS);
      } catch {
        off();
      }
    });
  }
}
