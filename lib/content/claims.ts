/**
 * Claims that stand on the operator's credentials (content/settings.yaml `credentials`): "licensed"
 * needs a licence, "insured" an insurance, "accredited" a business bureau; else the build stops.
 */
import type { z } from 'zod';
import type { ContentProblem } from './content-error.ts';
import { SETTINGS_FILE } from './content-paths.ts';
import type { SiteSettings } from './schema.ts';

export type Credentials = z.infer<typeof SiteSettings>['credentials'];

/** Each claim: the words that make it, the credential behind it and how to add that credential. */
const CLAIMS = [
  { words: /\blicen[sc]ed\b/i, claim: 'licensed', has: (c: Credentials) => !!c.licence, setting: 'credentials.licence (issuer and number)' },
  { words: /\binsured\b/i, claim: 'insured', has: (c: Credentials) => !!c.insurance, setting: 'credentials.insurance (the kind of cover, and the insurer\'s name or \'\')' },
  { words: /\baccredited\b/i, claim: 'accredited', has: (c: Credentials) => !!c.bureau, setting: 'credentials.bureau (name and profile link)' },
] as const;

/**
 * Every text that makes a claim the credentials do not back, one problem each ([] when all are backed).
 * @param texts every text of the content: its file, record label (and slug), field path and words
 */
export function unbackedClaims(texts: Iterable<{ file: string; label: string; slug?: string; field: string; text: string }>, credentials: Credentials): ContentProblem[] {
  const missing = CLAIMS.filter((c) => !c.has(credentials));
  if (!missing.length) return [];
  const problems: ContentProblem[] = [];
  for (const t of texts) {
    const claim = missing.find((c) => c.words.test(t.text));
    if (claim) {
      problems.push({
        file: t.file, record: t.label, ...(t.slug ? { slug: t.slug } : {}), field: t.field, value: t.text,
        expected: `says "${claim.claim}", but ${SETTINGS_FILE} has no ${claim.setting}: add it, or change this text so it does not claim it.`,
      });
    }
  }
  return problems;
}

/** What the credentials back, in the words of the footer and the trust bar: "Licensed and insured", "Insured", "" for none. */
export function credentialsClaim(c: Credentials): string {
  const parts = [c.licence && 'licensed', c.insurance && 'insured'].filter(Boolean) as string[];
  const words = parts.join(' and ');
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** A trust bar's items: the shield item says what the credentials back ("LICENSED & INSURED"), or goes. */
export function backedItems<T extends { label: string; icon: string }>(items: readonly T[], c: Credentials): T[] {
  const claim = credentialsClaim(c).toUpperCase().replace(' AND ', ' & ');
  return items.flatMap((i) => (i.icon !== 'shield' ? [i] : claim ? [{ ...i, label: claim }] : []));
}

/** The insurance in words: "general liability insurance with Acme Mutual", or without " with ..." when unnamed. */
export function insuranceWords(insurance: { kind: string; insurer: string }): string {
  return `${insurance.kind} insurance${insurance.insurer ? ` with ${insurance.insurer}` : ''}`;
}
