/**
 * The 404 page (/404.html): noindex; no breadcrumb trail. First the way out for someone locked out
 * (call, Get Quote, text, assistant), then the five pages most visitors need (home and the four
 * core services, each with its icon and a line on what it covers), then every area page by name with its ZIP, the
 * service-areas page and the sitemap.
 */
import { ContactActions } from '../templates/ContactLinks.tsx';
import { Icon } from '../templates/icons.tsx';
import { useSite } from '../templates/site-context.ts';

export function NotFoundPage() {
  const { core, areas } = useSite();
  const useful = [
    { href: '/', name: 'Home', icon: 'home' as const, text: 'Our services, the areas we serve, reviews and how to reach us.' },
    ...core.map((c) => ({ href: `/${c.slug}/`, name: c.name, icon: c.icon, text: c.cardText })),
  ];
  return (
    <>
      <section className="hero not-found" aria-labelledby="page-title">
        <div className="container">
          <p className="eyebrow">Error 404</p>
          <h1 id="page-title">We couldn't find that page</h1>
          <p className="hero-text">The address may be mistyped or the page may have moved. If you're locked out, don't wait - reach us now:</p>
          <ContactActions source="404" />
        </div>
      </section>
      <section className="section" aria-labelledby="useful-title">
        <div className="container">
          <h2 id="useful-title">Main pages</h2>
          <ul className="cards not-found-pages" role="list">
            {useful.map((u) => (
              <li key={u.href} className="card related-item">
                <Icon name={u.icon} size={24} />
                <div><a className="related-link" href={u.href}>{u.name}</a><p>{u.text}</p></div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section-places" aria-labelledby="areas-title">
        <div className="container">
          <h2 id="areas-title">Service areas</h2>
          <ul className="places" role="list">
            {areas.map((a) => <li key={a.slug}><a className="place" href={`/areas/${a.slug}/`}>{a.name}<span className="zip">{a.zipCode}</span></a></li>)}
          </ul>
          <p className="section-links">
            <a className="btn btn-secondary" href="/service-areas/">All service areas</a>
            <a className="btn btn-ghost" href="/sitemap/">Every page: sitemap</a>
          </p>
        </div>
      </section>
    </>
  );
}
