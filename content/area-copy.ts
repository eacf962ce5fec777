/**
 * Copy shared by every area page (/areas/{slug}/): the card texts and sub-services of the
 * four-card services grid, and the three-point Why Choose Us block. "{name}" is replaced by the
 * area's name when pages/AreaPage.tsx renders it (`fillName` below).
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
      text: 'Locked out of your car or truck in {name}, or need a new key programmed? We come to the vehicle: at home, at work or by the road.',
      subServices: ['Car lockouts', 'Key programming', 'Ignition repair'],
    },
    {
      slug: 'residential',
      text: 'Locked out of the house, just moved in, or want a stronger deadbolt? We open, rekey and install locks at your door in {name}.',
      subServices: ['Home lockouts', 'Lock installation', 'Rekeying'],
    },
    {
      slug: 'commercial',
      text: 'Office and shop lockouts, master key systems and security upgrades for businesses, schools and offices in {name}, done on site.',
      subServices: ['Office lockouts', 'Master key systems', 'Security'],
    },
    {
      slug: 'emergency',
      text: 'Locked out at night or on a weekend in {name}? Call, tell us where you are, and we give you an honest arrival estimate before we set out.',
      subServices: ['Emergency locksmith response'],
    },
  ],
  why: [
    {
      title: 'We come to you',
      text: 'We are fully mobile: we drive to you in {name} with the tools to finish the job in one visit, so there is no tow and no ride into town.',
      icon: 'van',
    },
    {
      title: 'Licensed and insured',
      text: 'A licensed and insured locksmith, accredited by a business bureau. To keep you safe we may ask for proof of ownership before we open a car, home or business.',
      icon: 'shield',
    },
    {
      title: 'Prices up front',
      text: 'You hear the price before we start. A small after-hours or emergency fee may apply and is quoted up front, and there is no charge if we cannot open your car.',
      icon: 'check',
    },
  ],
};

/** The validated copy. @throws ContentError (at import) naming content/area-copy.ts and the field. */
export const AREA_COPY: AreaCopy = check(AreaCopy, AREA_COPY_INPUT, 'content/area-copy.ts', 'area copy');

/** Replaces every "{name}" in `text` with the area's name, e.g. ("in {name}", "Milan") -> "in Milan". */
export function fillName(text: string, name: string): string {
  return text.replaceAll('{name}', name);
}
