/** A URL slug as a title: "fence-lake" -> "Fence Lake". */
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
 * The e-mail link of every Get Quote / free quote action: a mailto: to
 * the business with the subject "Quote request - {name}". Pure, so islands import it too.
 * @example quoteMailto('service@example.com', 'Cibola Mobile Locksmith')
 *   // "mailto:service@example.com?subject=Quote%20request%20-%20Cibola%20Mobile%20Locksmith"
 */
export function quoteMailto(email: string, name: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Quote request - ${name}`)}`;
}

/** Longest title a search result shows whole (about 600 px of text; Moz, "Title tag", https://moz.com/learn/seo/title-tag). */
export const TITLE_MAX_CHARS = 60;

/**
 * The document <title> of a page: the page's own title with one brand suffix, " | {name}", when
 * the whole still fits in TITLE_MAX_CHARS characters; otherwise the page's title alone (a title
 * that already names the business is never suffixed again).
 * @example documentTitle('Car Lockout Service in Grants, NM', 'Cibola Mobile Locksmith')
 *   // "Car Lockout Service in Grants, NM | Cibola Mobile Locksmith" (59 characters)
 */
export function documentTitle(title: string, name: string): string {
  if (title.includes(name)) return title;
  const branded = `${title} | ${name}`;
  return branded.length <= TITLE_MAX_CHARS ? branded : title;
}

/**
 * `text` with every character that has a meaning in a regular expression escaped, so
 * `new RegExp(escapeRegExp(text))` matches `text` literally: a.b -> a\.b. The escaped set is
 * MDN's (https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide/Regular_expressions#escaping).
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
