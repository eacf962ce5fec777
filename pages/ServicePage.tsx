/**
 * A specialised service page (/services/{slug}/). Hero with the
 * title, call button and Get Quote e-mail link; the red strip EMERGENCY RESPONSE / LICENSED &
 * INSURED / FAST RESPONSE on emergency-locksmith; the red warning "DON'T TRY TO REMOVE IT
 * YOURSELF!" on broken-key-extraction; the question-and-answer cards (also the page's FAQPage
 * JSON-LD, set in pages/routes.ts); the where-do-you-serve grid of the 14 places with ZIPs; the
 * closing call banner with the phone number. Breadcrumbs and the chatbot come from the layout.
 */
import type { CoreService, Service } from '../lib/content/schema.ts';
import { backedItems } from '../lib/content/claims.ts';
import { CallLink } from '../templates/ContactLinks.tsx';
import { Icon } from '../templates/icons.tsx';
import { CARD_ALT, coreItem, ServiceList, serviceItem, servicesOfKind } from '../templates/ServiceList.tsx';
import { CallBanner, FaqList, Hero, PlacesGrid, Section, TrustBar } from '../templates/sections.tsx';
import { useSite } from '../templates/site-context.ts';

/** Kind of work a service belongs to: the slug of one of the four core services. */
type ServiceKind = CoreService['slug'];


/** The red strip of emergency-locksmith, word for word (the shield item as far as the credentials back it). */
const EMERGENCY_STRIP = [
  { label: 'EMERGENCY RESPONSE', icon: 'alert' },
  { label: 'LICENSED & INSURED', icon: 'shield' },
  { label: 'FAST RESPONSE', icon: 'clock' },
] as const;

/** Heading of broken-key-extraction's warning banner, word for word from */
const DO_NOT_REMOVE_TITLE = "DON'T TRY TO REMOVE IT YOURSELF!";

/** The red warning of broken-key-extraction: why not to pull the piece out, and a call button. */
function DoNotRemoveBanner() {
  return (
    <section className="warning-banner" aria-labelledby="do-not-remove-title">
      <div className="container warning-inner">
        <span className="warning-icon"><Icon name="alert" size={40} className="pulse" /></span>
        <div className="warning-copy">
          <h2 id="do-not-remove-title">{DO_NOT_REMOVE_TITLE}</h2>
          <p>Tweezers, pliers, glue or a screwdriver usually push the broken piece deeper or damage the pins, and a quick extraction becomes a new lock. Leave it where it is and call: we take it out and cut you a new key on the spot.</p>
        </div>
        <CallLink source="warning_banner" className="btn btn-white btn-lg" />
      </div>
    </section>
  );
}

/** Other services of the same kind, and the kind's core page. Nothing when the service has no kind. */
function RelatedServices({ service, kind }: { service: Service; kind: ServiceKind | undefined }) {
  const { services, core } = useSite();
  const corePage = core.find((c) => c.slug === kind);
  if (!corePage) return null;
  const related = servicesOfKind(services, corePage.slug).filter((s) => s.slug !== service.slug);
  return (
    <Section title="Related Services" className="section-related">
      <ServiceList items={[...related.map(serviceItem), coreItem(corePage)]} />
    </Section>
  );
}

/**
 * @param service the service record (content/services/*.yaml, validated)
 * @returns the page's main content
 */
export function ServicePage({ service }: { service: Service }) {
  const kind: ServiceKind = service.kind;
  const emergency = service.banner === 'emergency-strip';
  const { credentials } = useSite().settings;
  return (
    <>
      <Hero
        title={service.heroTitle}
        text={service.heroText}
        photo={service.photo}
        image={kind ? `/img/card-${kind}.svg` : undefined}
        imageAlt={CARD_ALT[kind]}
        eyebrow={<><Icon name={service.icon} size={18} /> {service.name}</>}
      />
      {emergency && <TrustBar items={backedItems(EMERGENCY_STRIP, credentials)} />}
      {service.banner === 'do-not-remove' && <DoNotRemoveBanner />}
      <FaqList faqs={service.faqs} title={`${service.name}: Questions and Answers`} />
      <PlacesGrid />
      <RelatedServices service={service} kind={kind} />
      <CallBanner
        title={emergency ? 'Emergency? Call now' : `Need ${service.name.toLowerCase()} help?`}
        tone={emergency ? 'emergency' : 'navy'}
        callOnly
      />
    </>
  );
}
