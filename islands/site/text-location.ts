/**
 * Hides every "Text us my location" control (templates/TextLocation.tsx) where the browser has no
 * Geolocation API, so it never offers what it cannot do; the plain Text link beside it stays.
 * Runs at load, before anyone can reach the control; the control's own code loads on interaction
 * (islands/TextLocation.ts).
 */
import { IslandAttr } from '../runtime/markup.ts';

if (!('geolocation' in navigator)) for (const el of document.querySelectorAll<HTMLElement>(`[${IslandAttr.Name}="TextLocation"]`)) el.hidden = true;
