/**
 * The area alias, as data: /areas/acoma-pueblo/ is the same page as /areas/acoma/ (Acoma Pueblo is
 * the community's full name). The route table renders the alias with its canonical link on the
 * acoma page, and the hosting files answer it with a 301 to that page (lib/site-files/hosting.ts REDIRECTS).
 * No React, no content: `npm run serve` reads it.
 */

/** The alias slug and the slug of the community it shows. */
export const AREA_ALIAS = { slug: 'acoma-pueblo', of: 'acoma' } as const;

/** The alias as site-absolute paths: `from` shows the page of `to`. */
export const ACOMA_ALIAS = { from: `/areas/${AREA_ALIAS.slug}/`, to: `/areas/${AREA_ALIAS.of}/` } as const;
