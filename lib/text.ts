/**
 * Turns a URL slug into a title: hyphens become spaces and each word is capitalised.
 * Spec section 2 ("Area pages"): "A slug is turned into a title by replacing hyphens with spaces
 * and capitalising words". Example: "fence-lake" -> "Fence Lake".
 */
export function slugToTitle(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Lowercase kebab-case slug of any text, e.g. "Cibola Mobile Locksmith" -> "cibola-mobile-locksmith". */
export function toSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The e-mail link of every Get Quote / free quote action (spec section 7, "E-mail"): a mailto: to
 * the business with the subject "Quote request - {name}". Pure, so islands import it too.
 * @example quoteMailto('service@example.com', 'Cibola Mobile Locksmith')
 *   // "mailto:service@example.com?subject=Quote%20request%20-%20Cibola%20Mobile%20Locksmith"
 */
export function quoteMailto(email: string, name: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Quote request - ${name}`)}`;
}
