/**
 * Coverage facts derived from the community records (content/communities.ts), never typed as
 * numbers: the coverage statistics, the badge on each community card, the note in an area page's
 * hero, and the names of the communities served on request. Adding a community is one record;
 * every count and every word here follows it.
 *
 * The model:
 * - The service areas are the places listed on every service and core page (`inPlacesList`).
 *   Each is a primary area or an extended-coverage area (`coverage`); the statistics count them.
 * - The other communities get a card (and some a page) but are counted in neither group: their
 *   badge says "Also served", so the badges on /service-areas/ agree with the statistics.
 * - "Served on request" is said only of records marked `servedOnRequest` (today Gallup), which the
 *   schema allows only on extended coverage and never with a 24/7 emergency promise.
 */
import type { Community } from '../content/schema.ts';
import { escapeRegExp } from './text.ts';

/** How many service areas are primary and how many extended coverage. */
export interface CoverageCounts {
  /** Listed places marked `coverage: 'primary'`. */
  primary: number;
  /** Listed places marked `coverage: 'extended'`. */
  extended: number;
  /** Listed places in all (primary + extended). */
  places: number;
  /** Communities that are not listed places (cards badged "Also served"). */
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

/**
 * The badge of a community's card. Exactly `coverageCounts().primary` cards get "Primary area" and
 * `coverageCounts().extended` get an extended-coverage badge.
 */
export function coverageBadge(c: Community): CoverageBadge {
  if (!c.inPlacesList) return { kind: 'also', label: 'Also served' };
  if (c.coverage === 'primary') return { kind: 'primary', label: 'Primary area' };
  return { kind: 'extended', label: c.servedOnRequest ? 'Extended coverage, on request' : 'Extended coverage' };
}

/**
 * The note under an area page's hero buttons about reaching the community, or undefined for a
 * primary area (whose page gives the usual response times instead).
 */
export function coverageNote(c: Community): string | undefined {
  if (c.servedOnRequest) return `${c.name} is an extended-coverage area, served on request: call to confirm and get an arrival estimate.`;
  if (c.coverage !== 'extended') return undefined;
  if (c.inPlacesList) return `${c.name} is in our extended coverage area: the drive from Grants is longer, so call for an honest arrival estimate.`;
  return `The drive from Grants to ${c.name} is a long one: call for an honest arrival estimate.`;
}

/**
 * The answer to "How fast can a locksmith get to me in {name}?" for a community outside the
 * primary area, or undefined for a primary one.
 */
export function arrivalAnswer(c: Community): string | undefined {
  if (c.servedOnRequest) return `${c.name} is extended coverage, served on request, so call first: we confirm that we can come, and travel from Grants adds to the time. We give you an honest arrival estimate when you call.`;
  if (c.coverage !== 'extended') return undefined;
  return `${c.name} is a longer drive from our Grants base, so travel adds to the time. We give you an honest arrival estimate when you call.`;
}

/**
 * The names of the communities served on request, as words: "" when none, "Gallup", "Gallup and
 * Zuni", "Gallup, Zuni and Ramah".
 */
export function servedOnRequestNames(communities: readonly Community[]): string {
  const names = communities.filter((c) => c.servedOnRequest).map((c) => c.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * One sentence saying which communities are served on request, e.g. "Gallup is extended coverage,
 * served on request.", or "" when no record is marked so.
 */
export function servedOnRequestSentence(communities: readonly Community[]): string {
  const names = servedOnRequestNames(communities);
  const many = communities.filter((c) => c.servedOnRequest).length > 1;
  return names ? `${names} ${many ? 'are' : 'is'} extended coverage, served on request.` : '';
}

/** A sentence that says a place is served on request: "served on request", "we serve on request". */
const ON_REQUEST = /\bserved? on request\b/i;

/**
 * The communities a text says are served on request: each community named in a sentence that says
 * "served on request" (or "serve on request"). Longer names are matched first, so "New Laguna" is
 * not also read as "Laguna". A sentence that names no community speaks of `subject` when one is
 * given: a community's own record speaking of itself.
 * @param text        any content text, e.g. an FAQ answer
 * @param communities every community record
 * @param subject     the community whose record `text` belongs to, if any
 * @returns the communities the text says are served on request, each once, in text order
 */
export function saidServedOnRequest(text: string, communities: readonly Community[], subject?: Community): Community[] {
  const found = new Set<Community>();
  const byLength = [...communities].sort((a, b) => b.name.length - a.name.length);
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (!ON_REQUEST.test(sentence)) continue;
    let rest = sentence;
    const named: { at: number; community: Community }[] = [];
    for (const c of byLength) {
      const name = new RegExp(`\\b${escapeRegExp(c.name)}\\b`, 'g');
      const at = rest.search(name);
      if (at < 0) continue;
      named.push({ at, community: c });
      rest = rest.replace(name, (m) => ' '.repeat(m.length));
    }
    if (named.length === 0 && subject) named.push({ at: 0, community: subject });
    for (const { community } of named.sort((a, b) => a.at - b.at)) found.add(community);
  }
  return [...found];
}
