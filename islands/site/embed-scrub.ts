/**
 * Embed scrub ("On page load, embedded PDF objects, embeds and iframes are
 * removed"): anything of that kind that reached the page (an injected ad, a pasted embed) goes.
 * The site's own video iframes carry `data-site-embed` and stay (they are inserted on click,
 * after this runs, but are spared anyway).
 */

/** What is removed. */
const SCRUB_SELECTOR = 'object[type="application/pdf" i], object[data$=".pdf" i], embed, iframe:not([data-site-embed])';

/**
 * Removes every matching element under `root`.
 * @returns how many were removed
 */
function scrubEmbeds(root: ParentNode = document): number {
  const found = root.querySelectorAll(SCRUB_SELECTOR);
  for (const el of found) el.remove();
  return found.length;
}

// Module scripts run after the document is parsed; once more at load for what scripts added meanwhile.
scrubEmbeds();
addEventListener('load', () => scrubEmbeds(), { once: true });

export {};
