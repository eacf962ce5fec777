/**
 * All service areas (/service-areas/). STUB: issue 3 builds the full page.
 */
import { useSite } from '../templates/site-context.ts';
import { CallBanner, Section } from '../templates/sections.tsx';

export function ServiceAreasPage() {
  const { communities } = useSite();
  return (
    <>
      <Section title="Service Areas"><h1>Service Areas</h1>
        <ul>{communities.map((c) => <li key={c.slug} id={c.slug}>{c.page ? <a href={`/areas/${c.slug}/`}>{c.name}</a> : c.name}</li>)}</ul>
      </Section>
      <CallBanner title="Call or e-mail" />
    </>
  );
}
