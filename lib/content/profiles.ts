/** The business's profiles on other sites (content/settings.yaml `profiles`) as the pages use them. */
import type { Settings } from './load-content.ts';

/** The profiles that are set ("" and absent dropped). */
export interface ProfileLinks {
  googleBusiness?: string;
  /** The Google Business Profile's write-a-review link. */
  googleReview?: string;
  /** Social profiles, in the order given. */
  social: string[];
}

/** The profiles of the settings that are set. */
export function profileLinks(settings: Pick<Settings, 'profiles'>): ProfileLinks {
  const p = settings.profiles ?? {};
  return { googleBusiness: p.googleBusinessUrl || undefined, googleReview: p.googleReviewUrl || undefined, social: p.social ?? [] };
}

/** True when any profile is set (the footer then lists them). */
export function hasProfiles(links: ProfileLinks): boolean {
  return Boolean(links.googleBusiness || links.social.length);
}

/** Where "Leave a Review" goes: the Google Business Profile's write-a-review link when set, else `reviewUrl`. */
export function reviewLink(settings: Pick<Settings, 'profiles' | 'reviewUrl'>): string {
  return profileLinks(settings).googleReview ?? settings.reviewUrl;
}

/**
 * True for a Google Maps address: maps.google.* or google.*\/maps, and Maps' share links
 * (maps.app.goo.gl, goo.gl/maps). Such a profile link is the business's map (schema.org hasMap).
 */
export function isMapLink(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  const host = hostname.toLowerCase();
  if (host === 'maps.app.goo.gl' || /^maps\.google\.[a-z.]+$/.test(host)) return true;
  if (/^(www\.)?google\.[a-z.]+$/.test(host) || host === 'goo.gl') return pathname === '/maps' || pathname.startsWith('/maps/');
  return false;
}

/** Names of well-known sites by domain, for the footer's link text. */
const SITE_NAMES: Record<string, string> = {
  'facebook.com': 'Facebook', 'instagram.com': 'Instagram', 'nextdoor.com': 'Nextdoor', 'yelp.com': 'Yelp',
  'x.com': 'X', 'twitter.com': 'X', 'linkedin.com': 'LinkedIn', 'tiktok.com': 'TikTok', 'youtube.com': 'YouTube',
  'pinterest.com': 'Pinterest', 'threads.net': 'Threads', 'bbb.org': 'BBB', 'angi.com': 'Angi', 'thumbtack.com': 'Thumbtack',
};

/** A social profile's visible name: the site's name ("Facebook"), else its domain without "www." ("example.org"). */
export function profileName(url: string): string {
  const host = new URL(url).hostname.toLowerCase().replace(/^(www|m)\./, '');
  const known = Object.keys(SITE_NAMES).find((d) => host === d || host.endsWith(`.${d}`));
  return known ? SITE_NAMES[known] : host;
}
