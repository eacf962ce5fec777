/**
 * The shared header: logo linking home (hidden if the image
 * fails), links to / and /sitemap, the Core Services, Services and Areas dropdowns, the external
 * review link, the call link and the emergency notice. The active item carries aria-current.
 *
 * Dropdowns are <details data-menu> elements, so they open and close without JavaScript;
 * islands/site/menus.ts (loaded on every page) adds aria-expanded, one-open-at-a-time, closing on
 * item choice, Escape and outside click, and arrow keys. The menu is rendered twice, as a bar for
 * wide screens and as a "Menu" disclosure for phones; CSS shows one. The emergency-available
 * notice is always shown; next to it, islands/site/open-now.ts fills and shows the empty
 * `data-open-now` element with "Open now" or "Office closed" (hidden without JavaScript), and
 * outside the office hours rewords the emergency notice "Emergency line answers now".
 */
import { EMERGENCY_TEXT } from '../islands/common/hours.ts';
import { areaMenuLinks } from '../lib/content/area-menu.ts';
import { reviewLink } from '../lib/content/profiles.ts';
import type { NavKey } from '../lib/route.ts';
import { CallLink, ExternalLink } from './ContactLinks.tsx';
import { Icon } from './icons.tsx';
import { useSite } from './site-context.ts';

/** One dropdown of the header: its label and its links. */
interface MenuGroup {
  key: Exclude<NavKey, 'home' | 'sitemap' | 'none'>;
  label: string;
  items: { label: string; href: string }[];
}

/** The header's three dropdowns, derived from the content records (never a hand-kept list). */
function useMenuGroups(): MenuGroup[] {
  const site = useSite();
  return [
    { key: 'core', label: 'Core Services', items: site.core.map((c) => ({ label: c.name, href: `/${c.slug}/` })) },
    { key: 'services', label: 'Services', items: site.services.map((s) => ({ label: s.name, href: `/services/${s.slug}/` })) },
    {
      key: 'service-areas',
      label: 'Areas',
      items: areaMenuLinks(site.areas, site.settings.location.region),
    },
  ];
}

function current(active: boolean) {
  return active ? ({ 'aria-current': 'page' } as const) : {};
}

/** The menu items: plain links and <details> dropdowns. `variant` picks the bar or the phone list. */
function NavItems({ active, variant }: { active: NavKey; variant: 'bar' | 'list' }) {
  const groups = useMenuGroups();
  const reviewUrl = reviewLink(useSite().settings);
  return (
    <ul className={`nav-items nav-items-${variant}`} role="list">
      <li><a className="nav-link" href="/" {...current(active === 'home')}>Home</a></li>
      {groups.map((g) => (
        <li key={g.key}>
          <details className="dropdown" data-menu={g.key}>
            <summary className={active === g.key ? 'nav-link is-active' : 'nav-link'}>
              {g.label}
              {active === g.key && <span className="visually-hidden"> (current section)</span>}
              <svg className="chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false"><path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
            </summary>
            <ul className="dropdown-panel" role="list">
              {g.items.map((item) => (
                <li key={item.href}><a href={item.href}>{item.label}</a></li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      <li><a className="nav-link" href="/sitemap/" {...current(active === 'sitemap')}>Sitemap</a></li>
      <li>
        <ExternalLink className="nav-link" href={reviewUrl} track="review_click" source="header">
          <Icon name="star" size={16} /> Leave a Review
        </ExternalLink>
      </li>
    </ul>
  );
}

/** The site header. @param active which item to highlight */
export function Header({ active }: { active: NavKey }) {
  const { name, phone } = useSite().settings;
  return (
    <header className="site-header">
      <div className="notice-bar">
        <div className="container notice-inner">
          <span className="pulse-dot" aria-hidden="true" />
          <span className="notice-emergency">{EMERGENCY_TEXT}</span>
          <span data-open-now="" hidden />
        </div>
      </div>
      <div className="container header-main">
        <a className="brand" href="/" aria-label={`${name} - home`}>
          <img className="brand-logo" src="/img/logo.svg" width="44" height="44" alt="" data-fallback="hide" />
          <span className="brand-name">{name}</span>
        </a>
        <nav className="nav-bar" aria-label="Main">
          <NavItems active={active} variant="bar" />
        </nav>
        <div className="header-actions">
          <CallLink source="header" className="btn btn-call btn-header-call">
            <span className="call-label-long">Call {phone.national}</span>
            <span className="call-label-short">Call</span>
          </CallLink>
          <details className="nav-mobile dropdown" data-menu="mobile">
            <summary className="btn btn-menu"><span className="menu-icon" aria-hidden="true" />Menu</summary>
            <nav className="nav-mobile-panel" aria-label="Main (phone)">
              <NavItems active={active} variant="list" />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
