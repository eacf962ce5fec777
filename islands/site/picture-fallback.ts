/**
 * The image fallback of islands/site/image-fallback.ts, made to work for photos. In a `<picture>`
 * the browser chooses among the `<source>` elements before it looks at the `<img>`'s own `src`
 * (HTML spec, "selecting an image source"), so when that module swaps a failed photo's `src` for
 * the stock image, the failed source would simply be chosen again. This module removes a failed
 * picture's `<source>` elements, so the swapped `src` is what loads.
 *
 * A separate script, loaded only by pages that show a photo (lib/bundle/bundle.ts), so pages
 * without one load exactly what they did before. It runs after the site module: a photo that
 * failed before either ran, and that the site module already hid when the stock image seemed to
 * fail too (the source was chosen again), is restored with the stock image here.
 */

/** Removes the `<source>` siblings of a picture's `<img>`; true when there were some. */
function dropSources(img: HTMLImageElement): boolean {
  const picture = img.parentElement;
  if (!(picture instanceof HTMLPictureElement)) return false;
  const sources = picture.querySelectorAll('source');
  for (const s of sources) s.remove();
  return sources.length > 0;
}

/** True for an image that finished loading and has nothing to show (HTML spec: "broken"). */
const isBroken = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0 && !!img.getAttribute('src');

/** Installs the listener and repairs photos that failed before it. */
function installPictureFallbacks(): void {
  document.addEventListener('error', (event) => {
    if (event.target instanceof HTMLImageElement && event.target.dataset.fallback) dropSources(event.target);
  }, true);
  for (const img of document.querySelectorAll<HTMLImageElement>('picture > img[data-fallback]')) {
    const applied = img.dataset.fallbackApplied !== undefined;
    if (!applied && !isBroken(img)) continue;
    if (dropSources(img) && applied) {
      // The site module swapped in the stock image, but a <source> won over it: show it now.
      img.hidden = false;
      img.removeAttribute('srcset');
      img.src = img.dataset.fallback!;
    }
  }
}

installPictureFallbacks();
