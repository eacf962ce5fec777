/**
 * A list of service links, each with its icon and one line about it: the related services of a
 * service page, a core page's own specialised services, and the /services/ hub.
 */
import type { CoreService, IconName, Service } from '../lib/content/schema.ts';
import { Icon } from './icons.tsx';

/** One entry: where it links, its name and icon, one line of text; `core` marks a core service page (a navy rule at its left). */
export interface ServiceListItem { href: string; name: string; icon: IconName; text: string; core?: boolean }

/** A specialised service as an entry: its page and its summary. */
export const serviceItem = (s: Service): ServiceListItem => ({ href: `/services/${s.slug}/`, name: s.name, icon: s.icon, text: s.summary });

/** A core service as an entry: its page and its sub-services, e.g. "Car lockouts, Key programming, Ignition repair." */
export const coreItem = (c: CoreService): ServiceListItem => ({ href: `/${c.slug}/`, name: c.name, icon: c.icon, text: `${c.subServices.join(', ')}.`, core: true });

/**
 * What the drawing of each kind of service shows (static/img/card-{slug}.svg, its own aria-label):
 * the alt text of a service or core page's hero picture.
 */
export const CARD_ALT: Record<CoreService['slug'], string> = {
  automotive: 'Illustration: a car and a car key',
  residential: 'Illustration: a front door with a deadbolt lock',
  commercial: 'Illustration: a storefront with glass doors and panic bars',
  emergency: 'Illustration: an alarm clock at night and a locksmith van on its way',
};

/** The specialised services that belong to a core service (Service.kind), in content order. */
export function servicesOfKind(services: Service[], kind: CoreService['slug']): Service[] {
  return services.filter((s) => s.kind === kind);
}

/** The entries as cards; each whole card is the link's target (the link covers it). */
export function ServiceList({ items }: { items: ServiceListItem[] }) {
  return (
    <ul className="related-list" role="list">
      {items.map((i) => (
        <li key={i.href} className={i.core ? 'related-item related-core' : 'related-item'}>
          <Icon name={i.icon} size={26} />
          <div>
            <a href={i.href} className="related-link">{i.name}</a>
            <p>{i.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
