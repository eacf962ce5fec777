/**
 * Claims that stand on the operator's credentials (content/settings.yaml `credentials`): a text that
 * says "licensed" needs a licence (issuer and number), "insured" an insurance, "accredited" a
 * business bureau with a link to the business's profile. Without the setting, the text is a claim
 * the business cannot back, so the build stops and names the text.
 */
import type { z } from 'zod';
import type { ContentProblem } from './content-error.ts';
import { SETTINGS_FILE } from './content-paths.ts';
import type { SiteSettings } from './schema.ts';

/** The credentials as checked by lib/content/schema.ts. */
export type Credentials = z.infer<typeof SiteSettings>['credentials'];

/** Each claim: the words that make it, the credential behind it and how to add that credential. */
const CLAIMS = [
  { words: /\blicen[sc]ed\b/i, claim: 'licensed', has: (c: Credentials) => !!c.licence, setting: 'credentials.licence (issuer and number)' },
  { words: /\binsured\b/i, claim: 'insured', has: (c: Credentials) => !!c.insurance, setting: 'credentials.insurance (the kind of cover, and the insurer\'s name or \'\')' },
  { words: /\baccredited\b/i, claim: 'accredited', has: (c: Credentials) => !!c.bureau, setting: 'credentials.bureau (name and profile link)' },
] as const;

/**
 * Every text that makes a claim the credentials do not back, one problem each naming the file, the
 * record and the field ([] when all are backed), so an owner without a licence, an insurance or a
 * bureau sees every text to change in one run.
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

/**
 * The claims of a trust bar (the red strips of three claims): the item with the shield icon says
 * what the credentials back ("LICENSED & INSURED", "LICENSED", "INSURED"), or goes when they back
 * neither.
 */
export function backedItems<T extends { label: string; icon: string }>(items: readonly T[], c: Credentials): T[] {
  const claim = credentialsClaim(c).toUpperCase().replace(' AND ', ' & ');
  return items.flatMap((i) => (i.icon !== 'shield' ? [i] : claim ? [{ ...i, label: claim }] : []));
}

/**
 * The insurance in words, after "Insured: ": "general liability insurance with Acme Mutual", or
 * "general liability insurance" when the insurer is not named.
 */
export function insuranceWords(insurance: { kind: string; insurer: string }): string {
  return `${insurance.kind} insurance${insurance.insurer ? ` with ${insurance.insurer}` : ''}`;
}
