/**
 * The area alias: /areas/acoma-pueblo/ shows /areas/acoma/ (Acoma Pueblo is the community's full
 * name); the hosting files answer it with a 301 (lib/site-files/hosting.ts REDIRECTS).
 */
export const AREA_ALIAS = { slug: 'acoma-pueblo', of: 'acoma' } as const;

/** The alias as site-absolute paths: `from` shows the page of `to`. */
export const ACOMA_ALIAS = { from: `/areas/${AREA_ALIAS.slug}/`, to: `/areas/${AREA_ALIAS.of}/` } as const;
