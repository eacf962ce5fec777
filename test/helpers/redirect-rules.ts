/**
 * Operator redirects (content/settings.yaml `redirects`) for the hosting tests, put through the same
 * check as the build and `npm run check` (checkRedirects of lib/build/build-site.ts): rules that
 * would hide a page or a file of the build, and one that is fine. A hosting test writes only the
 * rules the check accepts into the server's files, and shows on the real server that every page
 * and file the refused ones would have hidden is still served.
 */
import { checkRedirects } from '../../lib/build/build-site.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { problemLine } from '../../lib/content/content-error.ts';
import { ContentError } from '../../lib/content/schema.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { withChange } from './content-edits.ts';

/** One operator redirect, as content/settings.yaml writes it. */
export interface OperatorRedirect {
  from: string;
  to: string;
}

/**
 * Rules that would hide what the build makes: "//" matches "/" (the home page), "/areas/grants//"
 * matches "/areas/grants/", and the others are files the build writes.
 */
export const HIDING_REDIRECTS: readonly OperatorRedirect[] = [
  { from: '//', to: '/services/' },
  { from: '/areas/grants//', to: '/services/' },
  { from: '/sw.js', to: '/' },
  { from: '/contact.vcf', to: '/' },
  { from: '/robots.txt', to: '/' },
];

/** What HIDING_REDIRECTS would hide: each must still be served (200). */
export const HIDDEN_BY_THEM = ['/', '/areas/grants/', '/sw.js', '/contact.vcf', '/robots.txt'] as const;

/** A rule for an old address that is no page or file: accepted. */
export const FINE_REDIRECT: OperatorRedirect = { from: '/areas/old-town/', to: '/service-areas/' };

/**
 * Each candidate checked alone, as the build checks the project's content with it as its only
 * redirect (schema, then checkRedirects).
 * @returns the accepted rules, and the one line of each refused rule ("content/settings.yaml: settings: redirect 1: ...")
 */
export function checkedRedirects(candidates: readonly OperatorRedirect[]): { accepted: OperatorRedirect[]; refused: string[] } {
  const accepted: OperatorRedirect[] = [];
  const refused: string[] = [];
  for (const candidate of candidates) {
    try {
      const site = loadContent(withChange((c) => { c.settings.redirects = [candidate]; }));
      checkRedirects(site, buildRoutes(site));
      accepted.push(candidate);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      refused.push(error.problems.map(problemLine).join('\n'));
    }
  }
  return { accepted, refused };
}
