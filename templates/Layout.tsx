/**
 * The layout every page shares: head, skip link, header, breadcrumbs, main content, footer, and on
 * pages that include it the chatbot sidebar with the fixed call and text buttons.
 */
import type { ReactNode } from 'react';
import { breadcrumbsFor, showBreadcrumbs } from '../lib/site-files/breadcrumbs.ts';
import { breadcrumbJsonLd, locksmithJsonLd } from '../lib/site-files/structured-data.ts';
import type { Route } from '../lib/route.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ChatbotArea } from './ChatbotArea.tsx';
import { Footer } from './Footer.tsx';
import { Head, JsonLd } from './Head.tsx';
import { Header } from './Header.tsx';
import { businessImages } from '../lib/photos/share-image.ts';
import { useRender } from './site-context.ts';

/**
 * @param route    the route being rendered (metadata, nav, tracker, chatbot flag)
 * @param css      the minified site stylesheet
 * @param children the page's main content
 */
export function Layout({ route, css, children }: { route: Route; css: string; children: ReactNode }) {
  const { site, photos } = useRender();
  // A file route (/404.html) is served at whatever address was not found, so it has no trail.
  const crumbs = route.path.endsWith('/') ? breadcrumbsFor(route.path, site.settings.location.region, route.crumbLabels) : [];
  const jsonLd: object[] = [locksmithJsonLd(site, { withRating: route.meta.showsRating, images: businessImages(site, photos) })];
  if (showBreadcrumbs(crumbs)) jsonLd.push(breadcrumbJsonLd(crumbs, site.settings.siteUrl, route.meta.canonicalPath ?? route.path));
  jsonLd.push(...(route.meta.structuredData ?? []));
  return (
    <html lang="en-US">
      <Head meta={route.meta} path={route.path} css={css} analytics={route.analytics !== false} />
      <body data-page-type={route.tracker?.type} data-page-key={route.tracker?.key} data-analytics={route.analytics === false ? 'off' : undefined}>
        <a className="skip-link" href="#main">Skip to main content</a>
        <Header active={route.nav} />
        <Breadcrumbs crumbs={crumbs} />
        <main id="main" tabIndex={-1}>{children}</main>
        <Footer />
        {route.chatbot && <ChatbotArea />}
        {/* Structured data last: search engines read JSON-LD anywhere, and here it does not delay
            the header's call link on a slow connection (a 404 page's first tel: link moved from
            ~10.5 KB to ~7.5 KB gzipped into the document). */}
        {jsonLd.map((data, i) => <JsonLd key={i} data={data} />)}
      </body>
    </html>
  );
}
