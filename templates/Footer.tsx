/**
 * The shared footer: name, area served, phone, e-mail, the business hours of spec section 1, and
 * links to the main pages.
 */
import { COUNTIES, HOURS, LOCATION } from '../content/business.ts';
import { CallLink, EmailLink, TextLink } from './ContactLinks.tsx';
import { useSite } from './site-context.ts';

/** 24-hour "HH:MM" to "6:00 AM". */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The site footer. */
export function Footer() {
  const site = useSite();
  const { name, phone, email } = site.settings;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">{name}</h2>
          <p>Mobile locksmith based in {LOCATION.locality}, {LOCATION.region} {LOCATION.postalCode}, serving {COUNTIES[0]} and {COUNTIES[1]} Counties. Licensed and insured. We come to you.</p>
          <p className="footer-contact">
            <CallLink source="footer" className="footer-link">{phone.national}</CallLink>
            <TextLink source="footer" className="footer-link">Text {phone.national}</TextLink>
            <EmailLink source="footer" className="footer-link">{email}</EmailLink>
          </p>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="footer-title">Business hours</h2>
          <dl className="hours">
            {HOURS.map((h) => (
              <div key={h.label}><dt>{h.label}</dt><dd>{formatTime(h.opens)} - {formatTime(h.closes)}</dd></div>
            ))}
            <div><dt>Outside these hours</dt><dd>Emergency service</dd></div>
          </dl>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-title">Pages</h2>
          <ul className="footer-links" role="list">
            <li><a href="/">Home</a></li>
            {site.core.map((c) => <li key={c.slug}><a href={`/${c.slug}/`}>{c.name}</a></li>)}
            <li><a href="/service-areas/">Service Areas</a></li>
            <li><a href="/sitemap/">Sitemap</a></li>
            <li><a href="/mobile-apps/">Save our number</a></li>
          </ul>
        </section>
      </div>
      <p className="container footer-legal">© {new Date().getFullYear()} {name}. Licensed and insured mobile locksmith.</p>
    </footer>
  );
}
