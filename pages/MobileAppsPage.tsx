/**
 * Save the business on your phone (/mobile-apps/). STUB: issue 4 builds the full page.
 */
import { CallLink, TextLink } from '../templates/ContactLinks.tsx';

export function MobileAppsPage() {
  return (
    <section className="section"><div className="container"><h1>Save Our Number</h1><p><CallLink source="mobile_apps" /> <TextLink source="mobile_apps" /></p></div></section>
  );
}
