/**
 * The shared footer: name, area served, phone, e-mail, the business hours, and
 * links to the main pages.
 */
import { COUNTIES, dayRange, formatTime, HOURS, LOCATION } from '../content/business.ts';
import { CallLink, EmailLink, TextLink } from './ContactLinks.tsx';
import { useSite } from './site-context.ts';

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
              <div key={h.days[0]}><dt>{dayRange(h.days)}</dt><dd>{formatTime(h.opens)} - {formatTime(h.closes)}</dd></div>
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
