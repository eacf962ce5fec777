/** The counties served, named from the community records, never typed; in order of first appearance. */
import type { Community } from './schema.ts';
import { nameList } from './coverage.ts';

/** The counties served. */
export interface CountiesServed {
  /** Counties of the primary-coverage communities, e.g. ["Cibola", "McKinley"]. */
  primary: string[];
  /** Counties only extended-coverage communities lie in, e.g. ["Catron"]. */
  extendedOnly: string[];
  /** Every county of the records, e.g. ["Cibola", "McKinley", "Catron"]. */
  all: string[];
}

/** The counties of `communities`: those the site serves, and those it reaches "into" ("Catron County"). */
export function countiesServed(communities: readonly Pick<Community, 'county' | 'coverage'>[]): CountiesServed {
  const all = [...new Set(communities.map((c) => c.county))];
  const primary = [...new Set(communities.filter((c) => c.coverage === 'primary').map((c) => c.county))];
  return { primary, extendedOnly: all.filter((c) => !primary.includes(c)), all };
}

/** Counties as words: "Cibola County", "Cibola and McKinley Counties", "A, B and C Counties". */
export function countyPhrase(counties: readonly string[]): string {
  return counties.length ? `${nameList(counties)} ${counties.length === 1 ? 'County' : 'Counties'}` : '';
}

/**
 * The sentence part naming where the business drives: "across Cibola and McKinley Counties and
 * into Catron County" (the second half only when some counties are reached by extended coverage
 * alone).
 */
export function countiesReach(counties: CountiesServed): string {
  const into = counties.extendedOnly.length ? ` and into ${countyPhrase(counties.extendedOnly)}` : '';
  return `across ${countyPhrase(counties.primary.length ? counties.primary : counties.all)}${into}`;
}
