/**
 * The sample identity: every value the project ships with so that it builds out of the box, and
 * that must never be published as the business's own (the pre-publish check refuses them).
 */
import type { Credentials } from './claims.ts';

/**
 * Fictional US phone numbers: 555-0100 through 555-0199 in any area code are reserved for
 * fiction (North American Numbering Plan Administrator, "555 NXX line numbers":
 * https://nationalnanpa.com/number_resource_info/555_numbers.html). Matched on the 10 national
 * digits, e.g. "5055550123".
 */
export const SAMPLE_PHONE_DIGITS = /^\d{3}55501\d\d$/;

/**
 * The sample business name of content/settings.yaml. Not refused on its own (a business may be called
 * that), but a share image drawn from it (the generated one) is the sample's, not the business's.
 */
export const SAMPLE_NAME = 'Cibola Mobile Locksmith';

/**
 * Domains reserved for documentation and examples (RFC 2606 section 3,
 * https://www.rfc-editor.org/rfc/rfc2606#section-3); any host ending in one of these, e.g.
 * "www.example.com", is a sample.
 */
const SAMPLE_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;

/** The sample videos: Blender Foundation open films, with their real titles so a page can say what they are. */
export const SAMPLE_VIDEOS: readonly { youtubeId: string; realTitle: string }[] = [
  { youtubeId: 'aqz-KE-bpKQ', realTitle: 'Big Buck Bunny (Blender Foundation)' },
  { youtubeId: 'eRsGyueVLvQ', realTitle: 'Sintel (Blender Foundation)' },
  { youtubeId: 'R6MlUcmOul8', realTitle: 'Tears of Steel (Blender Foundation)' },
];

/**
 * SAMPLE REVIEWS - NOT REAL CUSTOMERS. Written to show the layout of the review cards. Publishing
 * invented reviews misleads visitors and may break consumer-protection law (e.g. the US FTC's
 * rule on fake reviews, 16 CFR Part 465).
 */
export const SAMPLE_REVIEWS = [
  { name: 'Maria G.', location: 'Grants', text: 'Locked my keys in the truck outside the grocery store after dark. They told me on the phone how long it would take, showed up when they said, and had me back in my truck quickly. Friendly and honest.', rating: 5 },
  { name: 'James T.', location: 'Milan', text: 'We bought a house and wanted every lock rekeyed before moving in. Quoted up front, done the same visit, and we got a clear explanation of what was changed. Exactly what we needed.', rating: 5 },
  { name: 'Darlene K.', location: 'Gallup', text: 'Lost the only key to our work van. They came out to us, made and programmed a new key on the spot, and we were back on the road the same day. Would call again.', rating: 5 },
];

/** True when `host` is, or is under, one of the SAMPLE_DOMAINS (case-insensitive). */
export function isSampleHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return SAMPLE_DOMAINS.some((d) => h === d || h.endsWith(`.${d}`));
}

/** True when `youtubeId` is one of the SAMPLE_VIDEOS. */
export function isSampleVideo(youtubeId: string): boolean {
  return SAMPLE_VIDEOS.some((v) => v.youtubeId === youtubeId);
}

/** True when a review has the text of one of the SAMPLE_REVIEWS (whitespace and case ignored). */
export function isSampleReview(review: { text: string }): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  return SAMPLE_REVIEWS.some((r) => norm(r.text) === norm(review.text));
}

/** Sample links on real sites' domains (isSampleHost cannot see them), compared without a trailing slash. */
export const SAMPLE_LINKS: readonly string[] = ['https://www.youtube.com/@example'];

/** True when a rating's link is on a sample domain: judged by the link, as a real rating may equal the sample's figures. */
export function isSampleRating(rating: { url: string }): boolean {
  return URL.canParse(rating.url) && isSampleHost(new URL(rating.url).hostname);
}

/** A text that names itself a sample ("Sample Insurance Company", "SAMPLE-0000"). */
const SAYS_SAMPLE = /\bsample\b/i;

/** Which credentials are samples: a text saying "sample", or a bureau link on a sample domain. */
export function sampleCredentials(c: Credentials): ('licence' | 'insurance' | 'bureau')[] {
  const out: ('licence' | 'insurance' | 'bureau')[] = [];
  if (c.licence && (SAYS_SAMPLE.test(c.licence.issuer) || SAYS_SAMPLE.test(c.licence.number))) out.push('licence');
  if (c.insurance && (SAYS_SAMPLE.test(c.insurance.insurer) || SAYS_SAMPLE.test(c.insurance.kind))) out.push('insurance');
  if (c.bureau && (SAYS_SAMPLE.test(c.bureau.name) || (URL.canParse(c.bureau.url) && isSampleHost(new URL(c.bureau.url).hostname)))) out.push('bureau');
  return out;
}
