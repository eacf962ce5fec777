/**
 * The 404 page (/404.html): noindex; no breadcrumb trail; the four contact actions first (call,
 * Get Quote, text, assistant); links to the main pages.
 */
import { ContactActions } from '../templates/ContactLinks.tsx';
import { useSite } from '../templates/site-context.ts';

export function NotFoundPage() {
  const { core } = useSite();
  return (
    <section className="section not-found" aria-labelledby="page-title">
      <div className="container narrow">
        <p className="eyebrow">Error 404</p>
        <h1 id="page-title">We couldn't find that page</h1>
        <p className="hero-text">The address may be mistyped or the page may have moved. If you're locked out, don't wait - reach us now:</p>
        <ContactActions source="404" />
        <h2>Main pages</h2>
        <ul className="link-list" role="list">
          <li><a href="/">Home</a></li>
          {core.map((c) => <li key={c.slug}><a href={`/${c.slug}/`}>{c.name}</a></li>)}
          <li><a href="/service-areas/">Service Areas</a></li>
          <li><a href="/sitemap/">Sitemap</a></li>
        </ul>
      </div>
    </section>
  );
}
