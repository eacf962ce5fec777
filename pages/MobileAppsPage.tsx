/**
 * Save the business on your phone (/mobile-apps/). The sitemap lists this page; it holds what a
 * visitor wants to keep the business at hand: the contact
 * card /contact.vcf (vCard 3.0 from the settings, lib/site-files/vcard.ts) behind a "Save contact" button,
 * "Add to home screen" steps for iPhone and Android (the site's web app manifest,
 * lib/site-files/manifest.ts, is linked from every page), the "Licences and insurance" block that
 * backs the "licensed", "insured" and "accredited" claims (the footer of every page links to it),
 * and the call and text buttons.
 */
import { sampleCredentials } from '../lib/content/samples.ts';
import { insuranceWords } from '../lib/content/claims.ts';
import type { Settings } from '../lib/content/load-content.ts';
import { toSlug } from '../lib/text.ts';
import { VCARD_PATH } from '../lib/site-files/vcard.ts';
import { CallLink, EmailLink, ExternalLink, TextLink } from '../templates/ContactLinks.tsx';
import { Icon } from '../templates/icons.tsx';
import { Hero } from '../templates/sections.tsx';
import { useSite } from '../templates/site-context.ts';

/**
 * The credentials the settings state: licence issuer and number, the insurance (its kind and
 * insurer), the bureau's profile link; each sample one says so. Nothing when the settings state none.
 */
function Credentials({ credentials }: { credentials: Settings['credentials'] }) {
  const { licence, insurance, bureau } = credentials;
  if (!licence && !insurance && !bureau) return null;
  const samples = sampleCredentials(credentials);
  const note = (which: 'licence' | 'insurance' | 'bureau') => samples.includes(which) && <> <span className="sample-note">Sample, not real</span></>;
  return (
    <section className="section" id="licences" aria-labelledby="licences-title">
      <div className="container">
        <h2 id="licences-title" className="section-title">Licences and insurance</h2>
        <dl className="apps-vcard-fields apps-credentials">
          {licence && <div><dt>Licence</dt><dd>No. {licence.number}, issued by {licence.issuer}{note('licence')}</dd></div>}
          {insurance && <div><dt>Insurance</dt><dd>Insured: {insuranceWords(insurance)}{note('insurance')}</dd></div>}
          {bureau && <div><dt>Accreditation</dt><dd>Accredited by <ExternalLink href={bureau.url}>{bureau.name}</ExternalLink>{note('bureau')}</dd></div>}
        </dl>
      </div>
    </section>
  );
}

/** @returns the page's main content */
export function MobileAppsPage() {
  const { name, phone, email, siteUrl, credentials, location } = useSite().settings;
  return (
    <>
      <Hero
        title="Save Our Number on Your Phone"
        text="Locked out is the wrong moment to search for a locksmith. Save our contact card and put our site on your home screen, so help is one tap away."
        imageAlt="Illustration of our service van on a desert road below the mesas near Grants"
        eyebrow={<><Icon name="phone" size={18} /> Ready before you need us</>}
        source="mobile_apps_hero"
      />
      <section className="section apps-contact" id="save-contact" aria-labelledby="save-contact-title">
        <div className="container apps-grid">
          <div>
            <h2 id="save-contact-title" className="section-title">Save our contact card</h2>
            <p className="section-intro">One tap adds our name, phone number, e-mail and website to your contacts.</p>
            <p>
              <a className="btn btn-call btn-lg apps-save" href={VCARD_PATH} download={`${toSlug(name)}.vcf`} data-track="vcard_download" data-source="mobile_apps">
                <Icon name="phone" size={20} /><span>Save contact</span>
              </a>
            </p>
            <ul className="apps-tips" role="list">
              <li><strong>iPhone:</strong> tap Save contact, then Create New Contact.</li>
              <li><strong>Android:</strong> tap Save contact, open the downloaded file and choose your Contacts app.</li>
            </ul>
          </div>
          <div className="card apps-vcard">
            <h3 className="apps-vcard-label">Or save it by hand</h3>
            <dl className="apps-vcard-fields">
              <div><dt>Name</dt><dd>{name}</dd></div>
              <div><dt>Phone</dt><dd><CallLink source="mobile_apps_card" className="apps-vcard-link" icon={false}>{phone.national}</CallLink></dd></div>
              <div><dt>E-mail</dt><dd><EmailLink source="mobile_apps_card" className="apps-vcard-link" icon={false}>{email}</EmailLink></dd></div>
              <div><dt>Website</dt><dd>{siteUrl.replace(/^https?:\/\//, '')}</dd></div>
              {location.showStreetAddress && location.streetAddress && <div><dt>Address</dt><dd>{location.streetAddress}, {location.locality}, {location.region} {location.postalCode}</dd></div>}
            </dl>
          </div>
        </div>
      </section>
      <Credentials credentials={credentials} />
      <section className="section apps-home" id="home-screen" aria-labelledby="home-screen-title">
        <div className="container">
          <h2 id="home-screen-title" className="section-title">Add us to your home screen</h2>
          <p className="section-intro">Our site opens like an app from its own icon: call, text or e-mail from the first screen, even on a weak signal.</p>
          <div className="apps-steps">
            <article className="card apps-step-card" aria-labelledby="steps-iphone">
              <h3 id="steps-iphone">iPhone and iPad (Safari)</h3>
              <ol className="apps-steps-list">
                <li>Open this site in Safari.</li>
                <li>Tap the <strong>Share</strong> button (the square with an arrow pointing up).</li>
                <li>Scroll down and tap <strong>Add to Home Screen</strong>.</li>
                <li>Tap <strong>Add</strong>.</li>
              </ol>
            </article>
            <article className="card apps-step-card" aria-labelledby="steps-android">
              <h3 id="steps-android">Android (Chrome)</h3>
              <ol className="apps-steps-list">
                <li>Open this site in Chrome.</li>
                <li>Tap the <strong>menu</strong> (three dots, top right).</li>
                <li>Tap <strong>Add to Home screen</strong> or <strong>Install app</strong>.</li>
                <li>Tap <strong>Add</strong> or <strong>Install</strong>.</li>
              </ol>
            </article>
          </div>
        </div>
      </section>
      <section className="call-banner call-banner-navy" aria-labelledby="apps-call-title">
        <div className="container call-banner-inner">
          <div>
            <h2 id="apps-call-title">Need us right now?</h2>
            <p>Call or text {phone.national}. Emergency service is available outside our regular hours.</p>
          </div>
          <div className="call-banner-actions">
            <CallLink source="mobile_apps" className="btn btn-call btn-lg" />
            <TextLink source="mobile_apps" className="btn btn-outline-light btn-lg" />
            <EmailLink source="mobile_apps" className="btn btn-outline-light btn-lg">E-mail for a free quote</EmailLink>
          </div>
        </div>
      </section>
    </>
  );
}
