/**
 * The document head: title, description, keywords, robots rule, canonical,
 * Open Graph and Twitter card fields, the inline stylesheet and the JSON-LD blocks.
 */
import { buildCsp, hashSource } from '../lib/csp.ts';
import { robotsContent } from '../lib/site-files/robots-meta.ts';
import { documentTitle } from '../lib/text.ts';
import { absoluteUrl, serializeJsonLd } from '../lib/site-files/structured-data.ts';
import { DRAWN_SHARE_IMAGE, type PageMeta } from '../lib/route.ts';
import { sharePhotoCard } from '../lib/photos/share-image.ts';
import { useRender } from './site-context.ts';

/** One JSON-LD block. Content is escaped so it cannot close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

/**
 * @param meta    the route's metadata
 * @param path    the route's path (canonical when meta.canonicalPath is absent; no canonical when it is null)
 * @param css     the site stylesheet, already minified (inlined: no render-blocking request)
 * @param analytics false on a page that sends no analytics (Route.analytics): its CSP then allows
 *   no analytics host even when an analytics id is set
 */
export function Head({ meta, path, css, analytics = true }: { meta: PageMeta; path: string; css: string; analytics?: boolean }) {
  const { site: { settings }, photos } = useRender();
  const fullTitle = documentTitle(meta.title, settings.name);
  const canonical = meta.canonicalPath === null ? undefined : absoluteUrl(settings.siteUrl, meta.canonicalPath ?? path);
  // The page's own photo's card; else its own image; else the settings' share photo's card; else the drawn image.
  const social = meta.photo ? photos.get(meta.photo.src)?.social : meta.ogImage ? undefined : sharePhotoCard(settings, photos);
  const image = absoluteUrl(settings.siteUrl, social?.path ?? meta.ogImage ?? DRAWN_SHARE_IMAGE);
  // A photo's card: its size and text alternative (Open Graph "Structured Properties", https://ogp.me/#structured).
  const imageAlt = meta.photo && !meta.photo.decorative ? meta.photo.alt : undefined;
  return (
    <head>
      {/* First in <head>, so it governs every element after it (lib/csp.ts). */}
      <meta httpEquiv="Content-Security-Policy" content={buildCsp({ styleHashes: [hashSource(css)], analytics: analytics && Boolean(settings.analyticsId) })} />
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{fullTitle}</title>
      <meta name="description" content={meta.description} />
      <meta name="keywords" content={meta.keywords.join(', ')} />
      <meta name="robots" content={robotsContent(meta)} />
      {canonical && <link rel="canonical" href={canonical} />}
      <meta name="theme-color" content="#0b2545" />
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:site_name" content={settings.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={meta.description} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={image} />
      {social && <meta property="og:image:width" content={String(social.width)} />}
      {social && <meta property="og:image:height" content={String(social.height)} />}
      {social && imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta property="og:locale" content="en_US" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      {social && imageAlt && <meta name="twitter:image:alt" content={imageAlt} />}
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/img/icon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/img/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <style dangerouslySetInnerHTML={{ __html: css }} />
    </head>
  );
}
