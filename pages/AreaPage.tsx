/**
 * An area page (/areas/{slug}/). STUB: issue 3 builds the full layout of spec section 2.
 */
import type { Area } from '../lib/load-content.ts';
import type { Faq } from '../content/schema.ts';
import { CallBanner, FaqList, Hero } from '../templates/sections.tsx';

export function AreaPage({ area, faqs }: { area: Area; faqs: Faq[] }) {
  return (
    <>
      <Hero title={`Locksmith in ${area.name}, NM`} text={area.description} eyebrow={`ZIP ${area.zipCode}`} image={`/img/scene-${area.scene}.svg`} imageAlt={area.sceneAlt} />
      <FaqList faqs={faqs} />
      <CallBanner title={`Locked out in ${area.name}?`} />
    </>
  );
}
