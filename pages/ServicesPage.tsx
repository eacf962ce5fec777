/**
 * The specialised services hub (/services/): every specialised service with its summary, grouped
 * under the core service it belongs to (Service.kind), each group ending with that core page; the
 * closing call banner. The service pages' "Services" breadcrumb and the /sitemap page's
 * Specialized Services heading link here.
 */
import { Icon } from '../templates/icons.tsx';
import { CallBanner, Hero, Section } from '../templates/sections.tsx';
import { coreItem, ServiceList, serviceItem, servicesOfKind } from '../templates/ServiceList.tsx';
import { useSite } from '../templates/site-context.ts';

/** Heading of the hub page. */
export const SERVICES_HUB_TITLE = 'Specialized Locksmith Services';

export function ServicesPage() {
  const { services, core } = useSite();
  return (
    <>
      <Hero
        title={SERVICES_HUB_TITLE}
        eyebrow={<><Icon name="wrench" size={18} /> {services.length} services, one call</>}
        text="Every job we do, done on site, wherever you are. Pick the one you need, or call and tell us what happened."
        imageAlt="Illustration of our service van on a desert road below the mesas near Grants"
      />
      {core.map((c) => {
        const own = servicesOfKind(services, c.slug);
        return own.length > 0 && (
          <Section key={c.slug} title={c.name} id={`services-${c.slug}`} className="section-related">
            <ServiceList items={[...own.map(serviceItem), coreItem(c)]} />
          </Section>
        );
      })}
      <CallBanner title="Not sure which service you need?" text="Tell us what happened: we will say what it takes and give you the price before we start." source="services_hub" />
    </>
  );
}
