/**
 * The hosting rules, in ONE place, and the files generated from them: `.htaccess` (Apache shared
 * hosting), `_headers` and `_redirects` (Netlify, Cloudflare Pages), and the nginx server block
 * shown in the README. lib/preview-server.ts applies the same rules, so `npm start` behaves like
 * the hosts.
 *
 * The rules: a 404 page; the 301 from the acoma-pueblo alias to the acoma page (pages/routes.ts
 * ACOMA_ALIAS); HTTPS redirect and HSTS only over HTTPS; the headers a <meta> cannot carry
 * (frame-ancestors, nosniff, referrer policy, permissions policy, COOP); compression of text;
 * content-hashed assets cached for a year, images a day, pages and other generated files
 * revalidated on every visit; MIME types for .vcf and .webmanifest.
 */
import { ACOMA_ALIAS } from '../pages/routes.ts';
import { HEADER_ONLY_CSP } from './csp.ts';
import type { SiteData } from './load-content.ts';
import type { SiteFile } from './write.ts';

/** One permanent redirect. Paths are site-absolute; `from` ends in "/" and also matches without it. */
export interface Redirect {
  from: string;
  to: string;
  status: 301;
}

/** Every redirect of the site. Source: spec section 2 ("acoma-pueblo (same page as acoma)"). */
export const REDIRECTS: readonly Redirect[] = [{ from: ACOMA_ALIAS.from, to: ACOMA_ALIAS.to, status: 301 }];

/** The page served, with status 404, for any unknown path. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * Headers on every response, errors and redirects included. Sources: OWASP Secure Headers
 * Project; MDN for each header. X-Frame-Options backs up frame-ancestors for old browsers.
 * Permissions-Policy lists only features Chromium recognises (an unknown one logs a console
 * error) and that the site never uses; the video embed's own features stay allowed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': HEADER_ONLY_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** HSTS max-age in seconds: one year (the issue asks for at least 180 days; hstspreload.org asks for 1 year). */
export const HSTS_MAX_AGE_S = 31_536_000;
/** Strict-Transport-Security, sent only on responses served over HTTPS. */
export const HSTS_HEADER = `max-age=${HSTS_MAX_AGE_S}`;

/** Cache-Control values. One year for content-hashed files (RFC 8246 "immutable"). */
export const CACHE_CONTROL = {
  /** /assets/*-HASH.js: the name changes when the content does. */
  hashed: 'public, max-age=31536000, immutable',
  /**
   * Pages and every other generated file (contact card, manifest, sitemap, keyword corpus): stored,
   * but revalidated (ETag / Last-Modified) on every visit, so a changed phone number shows at once.
   */
  html: 'no-cache',
  /** Images and icons (static/img, favicon): one day. */
  image: 'public, max-age=86400',
} as const;

/** File extensions cached as images (CACHE_CONTROL.image). */
export const IMAGE_EXTENSIONS = ['svg', 'png', 'ico', 'webp', 'avif', 'jpg', 'jpeg', 'gif'] as const;
const IMAGE_FILE = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/** A content-hashed asset: esbuild's "[name]-[hash].js" under /assets/ (lib/bundle.ts), 8-character hash. */
export const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Z0-9]{8}\.js$/;
/** A processed photo, "{name}-{width}-{HASH}.{avif|webp|jpg}" under /img/photos/ (lib/photos.ts): named by its content too. */
export const HASHED_PHOTO = /^\/img\/photos\/[^/]+-[A-Z0-9]{8}\.(?:avif|webp|jpg)$/;

/** MIME types the hosts may not know (Apache's or the host's mime.types, sirv's mrmime). */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.vcf': 'text/vcard; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif', // photos (lib/photos.ts): older Apache mime.types lack it
  '.webp': 'image/webp',
};

/** Types compressed on the fly (all text; images other than SVG are already compressed). */
export const COMPRESSIBLE_TYPES = [
  'text/html', 'text/css', 'text/javascript', 'application/javascript', 'application/json',
  'application/ld+json', 'application/manifest+json', 'image/svg+xml', 'text/xml', 'application/xml',
  'text/plain', 'text/vcard',
] as const;

/** Files that configure the hosts and are never served as pages. */
export const HOST_CONFIG_FILES = ['/.htaccess', '/_headers', '/_redirects'] as const;

/**
 * Cache-Control for a request path as the hosts serve it.
 * @param sitePath request path, e.g. "/", "/areas/grants/", "/assets/site-AB12CD34.js"
 */
export function cacheControlFor(sitePath: string): string {
  if (HASHED_ASSET.test(sitePath) || HASHED_PHOTO.test(sitePath)) return CACHE_CONTROL.hashed;
  if (IMAGE_FILE.test(sitePath)) return CACHE_CONTROL.image;
  return CACHE_CONTROL.html;
}

/**
 * The redirect for a request path, if any; matches `from` with or without its trailing slash.
 * @returns the target path, or undefined
 */
export function redirectFor(sitePath: string): string | undefined {
  return REDIRECTS.find((r) => sitePath === r.from || `${sitePath}/` === r.from)?.to;
}

/** True when a MIME type is compressed on the fly. `type` may carry parameters ("; charset=…"). */
export function isCompressible(type: string): boolean {
  const base = type.split(';')[0].trim().toLowerCase();
  return (COMPRESSIBLE_TYPES as readonly string[]).includes(base);
}

const HEADER_COMMENT = 'Generated by lib/hosting.ts at build time. Edit that file, not this one.';
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "/areas/acoma-pueblo/" -> "/areas/acoma-pueblo" (the slash-less variant). */
const withoutSlash = (p: string) => p.replace(/\/$/, '');

/**
 * `.htaccess` for Apache 2.4 shared hosting. Every module-dependent block sits in <IfModule>, so a
 * host without that module ignores it instead of answering 500; no Options lines (many shared
 * hosts forbid them); nothing beyond what AllowOverride FileInfo permits (DirectoryIndex would
 * need Indexes, so Apache's default index.html is relied on). Checked on Apache 2.4 with
 * AllowOverride All, with FileInfo only, and with only core modules (test/quality/apache.test.ts).
 * The HTTPS redirect skips localhost/127.0.0.1 and requests a proxy already received over HTTPS;
 * HSTS is only sent over HTTPS (RFC 6797 section 7.2).
 */
export function generateHtaccess(): string {
  const hashedFiles = '-[A-Z0-9]{8}\\.(js|avif|webp|jpg)$';
  return [
    `# ${HEADER_COMMENT}`,
    `ErrorDocument 404 ${NOT_FOUND_PAGE}`,
    '',
    '<IfModule mod_mime.c>',
    ...Object.entries(MIME_TYPES).map(([ext, type]) => `  AddType ${type.split(';')[0]} ${ext}`),
    '  AddCharset utf-8 .html .css .js .json .xml .txt .vcf .webmanifest .svg',
    '</IfModule>',
    '',
    '<IfModule mod_rewrite.c>',
    '  RewriteEngine On',
    '  # http:// -> https://, except on a local server and behind a proxy that already received HTTPS',
    '  RewriteCond %{HTTPS} !=on',
    '  RewriteCond %{HTTP:X-Forwarded-Proto} !=https',
    '  RewriteCond %{HTTP_HOST} !^(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]+)?$ [NC]',
    '  RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=301,L]',
    '</IfModule>',
    '',
    '<IfModule mod_alias.c>',
    ...REDIRECTS.map((r) => `  RedirectMatch ${r.status} ^${escapeRegex(withoutSlash(r.from))}/?$ ${r.to}`),
    '  # The hosting files of other hosts are not pages',
    '  RedirectMatch 404 ^/_(headers|redirects)$',
    '</IfModule>',
    '',
    '<IfModule mod_headers.c>',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `  Header always set ${name} "${value}"`),
    `  <If "%{HTTPS} == 'on' || %{HTTP:X-Forwarded-Proto} == 'https'">`,
    `    Header always set Strict-Transport-Security "${HSTS_HEADER}"`,
    '  </If>',
    `  Header set Cache-Control "${CACHE_CONTROL.html}"`,
    `  <FilesMatch "\\.(${IMAGE_EXTENSIONS.join('|')})$">`,
    `    Header set Cache-Control "${CACHE_CONTROL.image}"`,
    '  </FilesMatch>',
    `  <FilesMatch "${hashedFiles}">`,
    `    Header set Cache-Control "${CACHE_CONTROL.hashed}"`,
    '  </FilesMatch>',
    '</IfModule>',
    '',
    '<IfModule mod_deflate.c>',
    '  <IfModule mod_filter.c>',
    `    AddOutputFilterByType DEFLATE ${COMPRESSIBLE_TYPES.join(' ')}`,
    '  </IfModule>',
    '</IfModule>',
    '',
  ].join('\n');
}

/**
 * `_headers` for Netlify and Cloudflare Pages. Both already send pages with
 * "public, max-age=0, must-revalidate" (revalidated on every visit) and serve only HTTPS, so
 * the file adds the security headers, HSTS, the one-year cache of /assets/ and two MIME types.
 * Pages get no Cache-Control rule of their own: both hosts join the values of every matching
 * rule, which would spoil the /assets/ one. Cloudflare limits: 100 rules, 2,000 characters a line.
 */
export function generateHeadersFile(): string {
  const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  return [
    `# ${HEADER_COMMENT}`,
    block('/*', { ...SECURITY_HEADERS, 'Strict-Transport-Security': HSTS_HEADER }),
    block('/assets/*', { 'Cache-Control': CACHE_CONTROL.hashed }),
    block('/img/photos/*', { 'Cache-Control': CACHE_CONTROL.hashed }),
    block('/*.vcf', { 'Content-Type': MIME_TYPES['.vcf'] }),
    block('/*.webmanifest', { 'Content-Type': MIME_TYPES['.webmanifest'] }),
    '',
  ].join('\n');
}

/**
 * `_redirects` for Netlify and Cloudflare Pages. Each redirect is written twice:
 * "301!" first, which Netlify needs to redirect a path where a file exists (its "shadowing"
 * rule; the alias page is built for hosts without redirects) and which Cloudflare skips as an
 * invalid status, then plain "301", which Cloudflare applies (its redirects always win over
 * files). Cloudflare limits: 2,000 static rules, 100 dynamic, 1,000 characters a rule.
 */
export function generateRedirectsFile(): string {
  const lines = [`# ${HEADER_COMMENT}`, '# "301!" lines are for Netlify; Cloudflare Pages ignores them and applies the plain "301" line after each.'];
  for (const r of REDIRECTS) {
    for (const from of [r.from, withoutSlash(r.from)]) {
      lines.push(`${from} ${r.to} ${r.status}!`, `${from} ${r.to} ${r.status}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * An nginx server block with the same rules, for the README. nginx drops inherited add_header
 * lines in any location that sets its own, so each location repeats the security headers.
 * @param site validated site data (the domain comes from settings.siteUrl)
 * @param root folder the built site is uploaded to
 */
export function generateNginx(site: Pick<SiteData, 'settings'>, root = '/var/www/site'): string {
  const host = new URL(site.settings.siteUrl).host;
  const security = [
    ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `add_header ${k} "${v}" always;`),
    `add_header Strict-Transport-Security "${HSTS_HEADER}" always;`,
  ];
  const loc = (match: string, body: string[]) => [`  location ${match} {`, ...body.map((l) => `    ${l}`), '  }'];
  return [
    'server {',
    '  listen 80;',
    '  listen [::]:80;',
    `  server_name ${host};`,
    '  return 301 https://$host$request_uri;',
    '}',
    '',
    'server {',
    '  listen 443 ssl;',
    '  listen [::]:443 ssl;',
    '  http2 on;',
    `  server_name ${host};`,
    '  # ssl_certificate and ssl_certificate_key: as your certificate tool writes them',
    `  root ${root};`,
    '  index index.html;',
    '  charset utf-8;',
    `  error_page 404 ${NOT_FOUND_PAGE};`,
    '  gzip on;',
    `  gzip_types ${COMPRESSIBLE_TYPES.filter((t) => t !== 'text/html').join(' ')};`,
    '',
    ...REDIRECTS.flatMap((r) => loc(`~ ^${escapeRegex(withoutSlash(r.from))}/?$`, [`return ${r.status} ${r.to};`])),
    ...loc('~ ^/_(headers|redirects)$', ['return 404;']),
    ...loc('/assets/', [...security, `add_header Cache-Control "${CACHE_CONTROL.hashed}" always;`]),
    ...loc('^~ /img/photos/', [...security, `add_header Cache-Control "${CACHE_CONTROL.hashed}" always;`]),
    ...Object.entries(MIME_TYPES).filter(([ext]) => ext === '.vcf' || ext === '.webmanifest').flatMap(([ext, type]) =>
      loc(`~ \\${ext}$`, ['types { }', `default_type "${type}";`, ...security, `add_header Cache-Control "${CACHE_CONTROL.html}" always;`])),
    ...loc('/', ['try_files $uri $uri/ =404;', ...security, `add_header Cache-Control "${CACHE_CONTROL.html}" always;`]),
    ...loc(`~ \\.(${IMAGE_EXTENSIONS.join('|')})$`, [...security, `add_header Cache-Control "${CACHE_CONTROL.image}" always;`]),
    '}',
    '',
  ].join('\n');
}

/**
 * The build's generator of the hosting files (registered in lib/extra-files.ts).
 * @returns .htaccess, _headers and _redirects at the site root
 */
export function hostingFiles(): SiteFile[] {
  return [
    { path: '/.htaccess', contents: generateHtaccess() },
    { path: '/_headers', contents: generateHeadersFile() },
    { path: '/_redirects', contents: generateRedirectsFile() },
  ];
}
