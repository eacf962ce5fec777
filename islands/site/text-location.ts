/**
 * Hides every "Text us my location" control (templates/TextLocation.tsx) where the browser has no
 * Geolocation API, so it never offers what it cannot do; the plain Text link beside it stays.
 * Runs at load, before anyone can reach the control; the control's own code loads on interaction
 * (islands/TextLocation.ts).
 */
if (!('geolocation' in navigator)) for (const el of document.querySelectorAll<HTMLElement>('[data-island="TextLocation"]')) el.hidden = true;
export {};
