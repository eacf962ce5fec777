/**
 * A core service page (/automotive/, /residential/, /commercial/, /emergency/):
 * hero; its sub-services; links to its own specialised services (those whose `kind` is this
 * page) and to the /services/ hub; its 8-9 questions and answers; the 14 served places with ZIPs;
 * the closing call button; breadcrumbs, FAQ structured data and the chatbot sidebar (layout).
 */
import type { CoreService } from '../lib/content/schema.ts';
import { Icon } from '../templates/icons.tsx';
import { CallBanner, FaqList, Hero, PlacesGrid, Section } from '../templates/sections.tsx';
import { CARD_ALT, ServiceList, serviceItem, servicesOfKind } from '../templates/ServiceList.tsx';
import { useSite } from '../templates/site-context.ts';

/** The last entry of a core page's services: the hub of every specialised service. */
const ALL_SERVICES = { href: '/services/', name: 'All our services', icon: 'wrench', text: 'Every specialized service we offer, for cars, homes and businesses.', core: true } as const;

export function CorePage({ service }: { service: CoreService }) {
  const own = servicesOfKind(useSite().services, service.slug);
  return (
    <>
      <Hero title={service.heroTitle} text={service.heroText} photo={service.photo} image={`/img/card-${service.slug}.svg`} imageAlt={CARD_ALT[service.slug]}
        eyebrow={<><Icon name={service.icon} size={18} /> {service.name}</>} />
      <Section title="What we do" className="section-subservices">
        <ul className="chips" role="list">
          {service.subServices.map((s) => <li key={s} className="chip"><Icon name="check" size={16} />{s}</li>)}
        </ul>
      </Section>
      {own.length > 0 && (
        <Section title={`Our ${service.crumb}`} className="section-related" id="specialized">
          <ServiceList items={[...own.map(serviceItem), ALL_SERVICES]} />
        </Section>
      )}
      <FaqList faqs={service.faqs} title={`${service.name}: Questions and Answers`} />
      <PlacesGrid />
      <CallBanner title={service.slug === 'emergency' ? 'Emergency? Call now' : `Need ${service.name.toLowerCase()} help?`} tone={service.slug === 'emergency' ? 'emergency' : 'navy'} callOnly />
    </>
  );
}
