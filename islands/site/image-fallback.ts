/**
 * Image fallbacks: a hero or service-card image that fails to load is
 * replaced by the local stock image, a logo that fails is hidden. Markup opts in with
 * `data-fallback="/img/fallback.svg"` (swap) or `data-fallback="hide"` (hide).
 *
 * One delegated listener: `error` events of images do not bubble, but they do pass through
 * document in the capture phase. An image can also fail before this module runs (module scripts
 * run after parsing), so images that are already broken are handled at start as well.
 */

/** Marks an image whose fallback was applied, so a failing fallback cannot loop. */
const APPLIED = 'fallbackApplied';

/**
 * Applies an image's fallback: hides it for "hide" (or when its fallback failed too), else swaps
 * in the fallback image once.
 * @param img an image with a data-fallback attribute; others are left alone
 */
function applyFallback(img: HTMLImageElement): void {
  const fallback = img.dataset.fallback;
  if (!fallback) return;
  if (fallback === 'hide' || img.dataset[APPLIED] !== undefined) {
    img.hidden = true;
    return;
  }
  img.dataset[APPLIED] = '';
  img.removeAttribute('srcset');
  img.src = fallback;
}

/** True for an image that finished loading and has nothing to show (HTML spec: "broken"). */
function isBroken(img: HTMLImageElement): boolean {
  return img.complete && img.naturalWidth === 0 && !!img.getAttribute('src');
}

/** Installs the listener and handles images that failed before it. */
function installImageFallbacks(): void {
  document.addEventListener('error', (event) => {
    if (event.target instanceof HTMLImageElement) applyFallback(event.target);
  }, true);
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    // decode() tells a broken image (rejects) from one with no intrinsic size (resolves).
    if (isBroken(img)) img.decode().catch(() => { if (isBroken(img)) applyFallback(img); });
  }
}

installImageFallbacks();

export {};
