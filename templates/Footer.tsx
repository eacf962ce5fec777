/**
/**
 * The shared footer: name, area served, phone, e-mail, the business's profiles on other sites
 * when any is set, the business hours (closed days said so, with the emergency line), and links
 * to the main pages. "Licensed and insured" is said only as far as the settings' credentials back
 * it, and links to where they are shown.
 */
import { credentialsClaim } from '../lib/content/claims.ts';
import { countiesServed, countyPhrase } from '../lib/content/counties.ts';
import { hoursTable } from '../lib/content/hours.ts';
import { hasProfiles, profileLinks, profileName } from '../lib/content/profiles.ts';
import { CallLink, EmailLink, ExternalLink, TextLink } from './ContactLinks.tsx';
import { useSite } from './site-context.ts';

/** Where the credentials behind "licensed and insured" are shown (pages/MobileAppsPage.tsx). */
const CREDENTIALS_PATH = '/mobile-apps/#licences';

/** Links to the business's profiles (content/settings.yaml `profiles`); nothing at all when none is set. */
function ProfileLinks() {
  const links = profileLinks(useSite().settings);
  if (!hasProfiles(links)) return null;
  const items = [...(links.googleBusiness ? [{ href: links.googleBusiness, name: 'Google Business Profile' }] : []), ...links.social.map((href) => ({ href, name: profileName(href) }))];
  return (
    <ul className="footer-links footer-profiles" role="list" aria-label="Find us online">
      {items.map((i) => <li key={i.href}><ExternalLink href={i.href} track="profile_click" source="footer">{i.name}</ExternalLink></li>)}
    </ul>
  );
}

/** The site footer. */
export function Footer() {
  const site = useSite();
  const { name, phone, email, location, hours, credentials } = site.settings;
  const claim = credentialsClaim(credentials);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">{name}</h2>
          <p>Mobile locksmith based {location.showStreetAddress && location.streetAddress ? `at ${location.streetAddress}, ` : 'in '}{location.locality}, {location.region} {location.postalCode}, serving {countyPhrase(countiesServed(site.communities).primary)}. {claim && <><a href={CREDENTIALS_PATH}>{claim}</a>. </>}We come to you.</p>
          <p className="footer-contact">
            <CallLink source="footer" className="footer-link">{phone.national}</CallLink>
            <TextLink source="footer" className="footer-link">Text {phone.national}</TextLink>
            <EmailLink source="footer" className="footer-link">{email}</EmailLink>
          </p>
          <ProfileLinks />
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="footer-title">Business hours</h2>
          <dl className="hours">
            {hoursTable(hours).map(([days, text]) => (
              <div key={days}><dt>{days}</dt><dd>{text}</dd></div>
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
      <p className="container footer-legal">© {new Date().getFullYear()} {name}.{claim && ` ${claim} mobile locksmith.`}</p>
    </footer>
  );
}
