import type { z } from 'zod';
import type { Community } from '../lib/content/schema.ts';

type RawCommunity = z.input<typeof Community>;

const COUNTIES = ['Cibola', 'McKinley', 'Catron'] as const;

/**
 * Synthetic area records for the build benchmark: copies of a real area record under new names,
 * slugs and counties, each with its own area page. Never part of the real site.
 * @param template a real community with a page (its text is reused, its name replaced)
 * @param count    how many records
 * @returns records "Bench Area 1" ... with slugs "bench-area-1" ..., not on the home page nor in
 *   the places list, every tenth primary, counties in turn
 * @throws Error when the template has no area page
 */
export function syntheticAreas(template: RawCommunity, count: number): RawCommunity[] {
  if (!template.page) throw new Error(`Community "${template.slug}" has no area page to copy.`);
  const text = JSON.stringify(template);
  return Array.from({ length: count }, (_, i) => {
    const name = `Bench Area ${i + 1}`;
    const record = JSON.parse(text.split(template.name).join(name)) as RawCommunity;
    return {
      ...record,
      slug: `bench-area-${i + 1}`,
      name,
      writtenFor: template.writtenFor,
      county: COUNTIES[i % COUNTIES.length],
      coverage: i % 10 === 0 ? 'primary' : 'extended',
      onHome: false,
      inPlacesList: false,
    };
  });
}
