/**
 * Copy shared by every area page (/areas/{slug}/): the card texts and sub-services of the
 * four-card services grid, and the three-point Why Choose Us block. "{name}" is replaced by the
 * area's name when pages/AreaPage.tsx renders it (`fillName` below). Kept short on purpose: text
 * every area page repeats tells a visitor nothing about their town (`npm run similarity`); what
 * is true of one town goes in its record (content/communities.ts `page.town`).
 *
 * Claims are only the business facts (licensed and insured, accredited by a business bureau,
 * fully mobile; after-hours fee quoted up front, no charge if a car cannot be opened, proof of
 * ownership may be asked for). No text here says "24/7": San Rafael and Gallup show it too
 * (the schema refuses it).
 *
 * Validated against `AreaCopy` (content/schema.ts) when this module is first imported, so a
 * mistake stops the build with a message naming this file and the field.
 */
import type { z } from 'zod';
import { AreaCopy, check } from './schema.ts';

/** The copy as written, before validation. Exported for tests. */
export const AREA_COPY_INPUT: z.input<typeof AreaCopy> = {
  services: [
    {
      slug: 'automotive',
      text: 'Car and truck lockouts, and new keys and fobs programmed at the vehicle.',
      subServices: ['Car lockouts', 'Key programming', 'Ignition repair'],
    },
    {
      slug: 'residential',
      text: 'Home lockouts, rekeying after a move, new deadbolts.',
      subServices: ['Home lockouts', 'Lock installation', 'Rekeying'],
    },
    {
      slug: 'commercial',
      text: 'Office and shop lockouts, master keys, panic bars.',
      subServices: ['Office lockouts', 'Master key systems', 'Security'],
    },
    {
      slug: 'emergency',
      text: 'Nights and weekends, with an arrival estimate first.',
      subServices: ['Emergency locksmith response'],
    },
  ],
  why: [
    {
      title: 'We come to you',
      text: 'Fully mobile: the van carries what the job needs, so there is no tow.',
      icon: 'van',
    },
    {
      title: 'Licensed and insured',
      text: 'Accredited by a business bureau; we may ask for proof of ownership.',
      icon: 'shield',
    },
    {
      title: 'Prices up front',
      text: 'The price before we start; no charge if we cannot open your car.',
      icon: 'check',
    },
  ],
};

/**
 * The business's rule for arrival estimates (lib/content/arrival.ts), the owner's to set:
 * - within `nearKm` of the base (great-circle), the response times of the business hold;
 * - farther, the estimate is `setOutMinutes` plus the great-circle distance stretched by
 *   `roadFactor` (roads here are longer than the straight line: Grants to Gallup is 91 km straight
 *   and about 98 km by I-40, Prewitt being 20 miles from Grants and 41 from Gallup along it:
 *   https://en.wikipedia.org/wiki/Prewitt,_New_Mexico; back roads such as NM 371 or NM 53 add
 *   more) and driven at `averageKmh`, rounded up to a quarter hour.
 */
export const ARRIVAL_RULE = { nearKm: 25, setOutMinutes: 10, roadFactor: 1.3, averageKmh: 90 } as const;

/** The validated copy. @throws ContentError (at import) naming content/area-copy.ts and the field. */
export const AREA_COPY: AreaCopy = check(AreaCopy, AREA_COPY_INPUT, 'content/area-copy.ts', 'area copy');

/** Replaces every "{name}" in `text` with the area's name, e.g. ("in {name}", "Milan") -> "in Milan". */
export function fillName(text: string, name: string): string {
  return text.replaceAll('{name}', name);
}
