/**
 * Coverage facts derived from the community records, never typed as numbers. The service areas
 * are the places listed on every service and core page (`inPlacesList`), each primary or extended
 * (`coverage`); the other communities are counted in neither group and badged "Also served".
 */
import type { Community } from './schema.ts';
import { arrivalOf, type Base } from './arrival.ts';

type Area = Community & { page: NonNullable<Community['page']> };

/** How many listed places are primary, extended and in all, and how many communities are not listed ("Also served"). */
export interface CoverageCounts {
  primary: number;
  extended: number;
  places: number;
  alsoServed: number;
}

/** Counts the service areas of `communities` by coverage. */
export function coverageCounts(communities: readonly Community[]): CoverageCounts {
  const places = communities.filter((c) => c.inPlacesList);
  const primary = places.filter((c) => c.coverage === 'primary').length;
  return { primary, extended: places.length - primary, places: places.length, alsoServed: communities.length - places.length };
}

/** Which badge a community card carries: `kind` is also its CSS modifier (`coverage-{kind}`). */
export interface CoverageBadge {
  kind: 'primary' | 'extended' | 'also';
  label: string;
}

/** The badge of a community's card, agreeing with coverageCounts. */
export function coverageBadge(c: Community): CoverageBadge {
  if (!c.inPlacesList) return { kind: 'also', label: 'Also served' };
  if (c.coverage === 'primary') return { kind: 'primary', label: 'Primary area' };
  return { kind: 'extended', label: c.servedOnRequest ? 'Extended coverage, on request' : 'Extended coverage' };
}

/**
 * The note under an area page's hero buttons about reaching the community, or undefined for a
 * town within the owner's usual response times; far towns get their own estimate (arrival.ts).
 */
export function coverageNote(c: Area, base: Base): string | undefined {
  const a = arrivalOf(c, base);
  const from = base.location.locality;
  if (c.servedOnRequest) return `${c.name} is an extended-coverage area, served on request: call to confirm. By road it is ${a.estimate} from ${from}.`;
  if (a.near) return undefined;
  return `By road ${c.name} is ${a.estimate} from our ${from} base: call for an honest arrival estimate.`;
}

/** Names as words: "" when none, "Gallup", "Gallup and Zuni", "Gallup, Zuni and Ramah". */
export function nameList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * One sentence naming the listed extended-coverage places not served on request, e.g. "Ramah and
 * Crownpoint are extended coverage, a longer drive from Grants.", or "" when there are none.
 */
export function extendedCoverageSentence(communities: readonly Community[], base: string): string {
  const names = communities.filter((c) => c.inPlacesList && c.coverage === 'extended' && !c.servedOnRequest).map((c) => c.name);
  return names.length ? `${nameList(names)} ${names.length > 1 ? 'are' : 'is'} extended coverage, a longer drive from ${base}.` : '';
}

/**
 * One sentence saying which communities are served on request, e.g. "Gallup is extended coverage,
 * served on request.", or "" when no record is marked so.
 */
export function servedOnRequestSentence(communities: readonly Community[]): string {
  const names = communities.filter((c) => c.servedOnRequest).map((c) => c.name);
  return names.length ? `${nameList(names)} ${names.length > 1 ? 'are' : 'is'} extended coverage, served on request.` : '';
}

/** Words that say a place is served on request: "served on request", "we serve on request". */
const ON_REQUEST = /\bserve[sd]?\s+on\s+request\b/i;
/**
 * Where a sentence's clauses part: ";", ":", a dash between spaces, and "while", "but", "whereas",
 * "although", "though", so "We reach Milan in minutes, while Gallup is served on request" is about
 * Gallup only.
 */
const CLAUSE_BREAK = /[;:]\s+|\s+[-\u2013\u2014]\s+|,?\s+(?:while|but|whereas|although|though)\s+/i;

/** A text's words in lower case, letters and digits only: "New Laguna, NM" -> ["new", "laguna", "nm"]. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A reader of what texts say is served on request.
 * @param communities every community record
 * @returns a function of `text` and `subject` (the community whose record the text is, if any)
 *   giving each community named in a clause saying "served on request", once, in text order; names
 *   match as whole words, the longest first ("New Laguna" is not also "Laguna"); a clause naming
 *   no community speaks of `subject`.
 */
export function servedOnRequestReader(communities: readonly Community[]): (text: string, subject?: Community) => Community[] {
  const byName = new Map<string, Community>();
  let longest = 1;
  for (const c of communities) {
    const name = wordsOf(c.name);
    if (!byName.has(name.join(' '))) byName.set(name.join(' '), c);
    longest = Math.max(longest, name.length);
  }
  return (text, subject) => {
    if (!ON_REQUEST.test(text)) return [];
    const found = new Set<Community>();
    const clauses = text.split(/(?<=[.!?])\s+/).flatMap((sentence) => sentence.split(CLAUSE_BREAK));
    for (const clause of clauses) {
      if (!ON_REQUEST.test(clause)) continue;
      const words = wordsOf(clause);
      const named: Community[] = [];
      for (let i = 0; i < words.length; i++) {
        for (let n = Math.min(longest, words.length - i); n > 0; n--) {
          const community = byName.get(words.slice(i, i + n).join(' '));
          if (!community) continue;
          named.push(community);
          i += n - 1;
          break;
        }
      }
      for (const community of named.length ? named : subject ? [subject] : []) found.add(community);
    }
    return [...found];
  };
}
