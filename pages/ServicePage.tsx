/**
 * A specialised service page (/services/{slug}/). STUB: issue 4 builds the full layout.
 */
import type { Service } from '../content/schema.ts';
import { CallBanner, FaqList, Hero, PlacesGrid } from '../templates/sections.tsx';

export function ServicePage({ service }: { service: Service }) {
  return (
    <>
      <Hero title={service.heroTitle} text={service.heroText} imageAlt="" />
      <FaqList faqs={service.faqs} />
      <PlacesGrid />
      <CallBanner title="Call now" callOnly />
    </>
  );
}
