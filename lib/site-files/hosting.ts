/**
 * The hosting rules, in ONE place, and the files generated from them: `.htaccess` (Apache shared
 * hosting), `_headers` and `_redirects` (Netlify, Cloudflare Pages), and the nginx config that
 * `npm run hosting -- nginx` prints. lib/serve/preview-server.ts applies the same rules, so `npm start`
 * behaves like the hosts.
 *
 * Every rule is one entry of a list or table below, and every generator reads it, so a new rule
 * is one line: a security header in SECURITY_HEADERS, a cache lifetime in CACHE_RULES, a file
 * never served in HOST_CONFIG_FILES, a redirect in REDIRECTS, a type in MIME_TYPES. (Netlify and
 * Cloudflare Pages redirect the site's other host name in their domain settings.)
 */
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import { ACOMA_ALIAS } from '../content/area-alias.ts';
import { CORPUS_PATH } from './corpus.ts';
import { HEADER_ONLY_CSP } from '../csp.ts';
import type { SiteData } from '../content/load-content.ts';
import type { SiteFile } from '../write.ts';
import { escapeRegExp } from '../text.ts';

/** One permanent redirect. Paths are site-absolute; `from` ends in "/" and also matches without it. */
export interface Redirect {
  from: string;
  to: string;
  status: 301;
}

/**
 * The site's own redirects: /areas/acoma-pueblo/ is the same page as /areas/acoma/; the folder of
 * the area pages has no page of its own, so /areas/ (nothing under it) goes to the page of all areas.
 */
export const REDIRECTS: readonly Redirect[] = [
  { from: ACOMA_ALIAS.from, to: ACOMA_ALIAS.to, status: 301 },
  { from: '/areas/', to: '/service-areas/', status: 301 },
];

/**
 * Every redirect of a site: REDIRECTS, then the operator's (content/settings.yaml `redirects`: old paths
 * of pages that are gone, checked by lib/content/redirects.ts), all permanent (301).
 */
export function siteRedirects(settings?: { redirects: readonly { from: string; to: string }[] }): Redirect[] {
  return [...REDIRECTS, ...(settings?.redirects ?? []).map((r) => ({ from: r.from, to: r.to, status: 301 as const }))];
}

/** The page served, with status 404, for any unknown path. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * Headers on every response, errors and redirects included. Sources: OWASP Secure Headers
 * Project; MDN for each header. X-Frame-Options backs up frame-ancestors for old browsers.
 * Permissions-Policy lists only features Chromium recognises (an unknown one logs a console
 * error) and that the site never uses, except geolocation for the site itself; the video
 * embed's own features stay allowed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': HEADER_ONLY_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // geolocation=(self): "Text us my location" (islands/TextLocation.ts) asks for the position on
  // the site's own pages, never in a frame of another origin.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Content-Security-Policy of every response that is not a page or a script (an SVG, XML or any
 * other file opened on its own, e.g. by a link to it): nothing loads, no script runs (`sandbox`
 * without allow-scripts, and `default-src 'none'`), inline styles still apply, so an SVG with a
 * script in it is shown as a picture only. Pictures on pages are unaffected: an <img> runs no
 * script whatever the header (HTML "images" processing model), and this policy is not the page's.
 * Pages keep HEADER_ONLY_CSP (their policy is in their <meta>); scripts keep it too, since a
 * worker's policy is the one its script is served with and the service worker must fetch.
 * Apache, nginx and the preview server send it by path (FILE_CSP_PATH); _headers (Netlify,
 * Cloudflare Pages) sends it for FILE_CSP_PATTERNS only, since those hosts join two matching
 * policies into one that applies both.
 * Sources: CSP3 "sandbox" directive; OWASP "SVG security" (serve SVG with a restrictive CSP).
 */
export const FILE_CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; ${HEADER_ONLY_CSP}; sandbox`;

/**
 * Request paths that get FILE_CSP: a last segment with an extension other than .html, .js or .mjs
 * (a page's path has no extension or ends in .html; a 404 or redirect is answered with a page).
 * By path rather than by response type, so a 304 revalidation, which has no Content-Type and
 * whose headers replace the stored ones (https://www.rfc-editor.org/rfc/rfc9111#section-4.3.4),
 * keeps the right policy.
 */
const FILE_CSP_PATH = /\.(?!(?:html|m?js)$)[^./]+$/i;

/** The Content-Security-Policy header of a response to `sitePath`: FILE_CSP on FILE_CSP_PATH, else HEADER_ONLY_CSP. */
export function contentSecurityPolicyFor(sitePath: string): string {
  return FILE_CSP_PATH.test(sitePath) ? FILE_CSP : HEADER_ONLY_CSP;
}

/**
 * `_headers` paths that get FILE_CSP: Netlify and Cloudflare Pages match by path only, and join
 * the values of every matching rule with a comma, which makes two policies that both apply
 * (CSP3 "parse a serialized CSP list"): frame-ancestors from "/*" and FILE_CSP. The site's
 * pictures are under /img/; SVG and XML are the types a browser runs scripts in.
 */
const FILE_CSP_PATTERNS = ['/img/*', '/*.svg', '/*.xml'] as const;

/** HSTS max-age in seconds: one year (hstspreload.org asks for 1 year). */
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

/** Files cached as images (CACHE_CONTROL.image), by extension. */
const IMAGE_FILE = /\.(svg|png|ico|webp|avif|jpg|jpeg|gif)$/i;

/** A content-hashed asset: esbuild's "[name]-[hash].js" under /assets/ (lib/bundle/esbuild-options.ts), 8-character hash. */
export const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Z0-9]{8}\.js$/;
/** A processed photo, "{name}-{width}-{HASH}.{avif|webp|jpg}" under /img/photos/ (lib/photos/photos.ts): named by its content too. */
export const HASHED_PHOTO = /^\/img\/photos\/[^/]+-[A-Z0-9]{8}\.(?:avif|webp|jpg)$/;

/**
 * One Cache-Control rule: the request paths it applies to (also written into .htaccess and nginx),
 * the value, and the same paths as a `_headers` pattern ("*" matches anything; none leaves
 * Netlify's and Cloudflare's own default, which already revalidates on every visit).
 */
interface CacheRule {
  path: RegExp;
  cacheControl: string;
  headersPattern?: string;
}

/**
 * Cache-Control by request path, first match wins; any other path gets CACHE_CONTROL.html.
 * Regular expressions stay within what JavaScript, PCRE (Apache, nginx) share: no lookbehind.
 */
export const CACHE_RULES: readonly CacheRule[] = [
  { path: HASHED_ASSET, cacheControl: CACHE_CONTROL.hashed, headersPattern: '/assets/*' },
  { path: HASHED_PHOTO, cacheControl: CACHE_CONTROL.hashed, headersPattern: '/img/photos/*' },
  { path: IMAGE_FILE, cacheControl: CACHE_CONTROL.image },
  // The service worker: revalidated on every visit, so a new build's worker replaces the old one.
  { path: new RegExp(`^${escapeRegExp(SERVICE_WORKER_PATH)}$`), cacheControl: CACHE_CONTROL.html, headersPattern: SERVICE_WORKER_PATH },
];

/**
 * Proxies or load balancers trusted to say, in X-Forwarded-Proto, that they received the request
 * over HTTPS (IPv4/IPv6 addresses or CIDR ranges, as Apache's `-R` test reads them). Empty: the
 * header is ignored, since any client can send it. Name your host's proxy here only if it ends
 * HTTPS in front of Apache.
 */
const TRUSTED_PROXIES: readonly string[] = [];

/**
 * Dot-files and dot-folders are never served (.htaccess, an editor's or a deploy tool's files);
 * /.well-known/ stays reachable (RFC 8615: ACME certificate checks, security.txt).
 */
const HIDDEN_PATH = /\/\.(?!well-known(?:\/|$))/;

/** MIME types the hosts may not know (Apache's or the host's mime.types, sirv's mrmime). */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.vcf': 'text/vcard; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif', // photos (lib/photos/photos.ts): older Apache mime.types lack it
  '.webp': 'image/webp',
};

/** Types compressed on the fly (all text; images other than SVG are already compressed). */
const COMPRESSIBLE_TYPES = [
  'text/html', 'text/css', 'text/javascript', 'application/javascript', 'application/json',
  'application/ld+json', 'application/manifest+json', 'image/svg+xml', 'text/xml', 'application/xml',
  'text/plain', 'text/vcard',
] as const;

/** The FTP/SFTP deploy's record of the files it uploaded: never served (a dot-file: HIDDEN_PATH). */
export const DEPLOY_MANIFEST = '/.deploy-manifest.json';

/**
 * The same record's name on a server that refuses names starting with a dot (Pure-FTPd's
 * ProhibitDotFilesWrite, `-x`): HOST_CONFIG_FILES lists it to keep it unserved.
 */
export const DEPLOY_MANIFEST_PLAIN = '/deploy-manifest.json';

/** The hosting files the build writes at the site root (hostingFiles): Apache's, then Netlify's and Cloudflare Pages'. */
export const HOSTING_FILES = ['/.htaccess', '/_headers', '/_redirects'] as const;

/** Files that configure the hosts or the deployment and are never served (404), whatever the host. */
export const HOST_CONFIG_FILES = [...HOSTING_FILES, DEPLOY_MANIFEST_PLAIN] as const;
const HOST_CONFIG_FILE = () => new RegExp(`^(${HOST_CONFIG_FILES.map((f) => escapeRegExp(f)).join('|')})$`);

/** Cache-Control for a request path ("/", "/assets/site-AB12CD34.js") as the hosts serve it. */
export function cacheControlFor(sitePath: string): string {
  return CACHE_RULES.find((r) => r.path.test(sitePath))?.cacheControl ?? CACHE_CONTROL.html;
}

/** True for a path the hosts never serve: a dot-file (HIDDEN_PATH) or a hosting file (HOST_CONFIG_FILES). */
export function isHiddenPath(sitePath: string): boolean {
  return HIDDEN_PATH.test(sitePath) || HOST_CONFIG_FILE().test(sitePath);
}

/**
 * The target of the redirect for a request path, if any; matches `from` with or without its
 * trailing slash. `redirects`: a built folder's are redirectsOfFile of its _redirects.
 */
export function redirectFor(sitePath: string, redirects: readonly Redirect[] = REDIRECTS): string | undefined {
  return redirects.find((r) => sitePath === r.from || `${sitePath}/` === r.from)?.to;
}

/**
 * Files search engines may fetch but must not show in their results, sent with
 * `X-Robots-Tag: noindex` (a robots meta tag works only in HTML;
 * https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag#xrobotstag): the
 * keyword corpus is the raw data of the internal /keyword-analysis/ page, not a page for visitors.
 */
const NOINDEX_FILES: readonly string[] = [CORPUS_PATH];

/** The X-Robots-Tag header for a request path, or undefined (every page says its own in a meta tag). */
export function robotsTagFor(sitePath: string): string | undefined {
  return NOINDEX_FILES.includes(sitePath) ? 'noindex' : undefined;
}

/**
 * The other spelling of the site's host name, with or without "www.": "www.example.com" for
 * "https://example.com", "example.com" for "https://www.example.com". The hosting files send a
 * visitor who types it to the site's address (content/settings.yaml siteUrl) with one 301, so search
 * engines see one site, not two copies of it.
 */
export function alternateHost(siteUrl: string): string {
  const host = new URL(siteUrl).hostname;
  return host.startsWith('www.') ? host.slice(4) : `www.${host}`;
}

/** True when a MIME type is compressed on the fly. `type` may carry parameters ("; charset=…"). */
export function isCompressible(type: string): boolean {
  return (COMPRESSIBLE_TYPES as readonly string[]).includes(type.split(';')[0].trim().toLowerCase());
}

/** First line of the generated hosting files, so whoever opens one on a server knows where it comes from. */
const HEADER_COMMENT = 'Generated by lib/site-files/hosting.ts at build time. Edit that file, not this one.';
/** "/areas/acoma-pueblo/" -> "/areas/acoma-pueblo" (the slash-less variant). */
const withoutSlash = (p: string) => p.replace(/\/$/, '');
/** A JavaScript regular expression as an Apache expression match (`m#...#`, flags kept). */
const apacheRegex = (r: RegExp) => `m#${r.source}#${r.flags.includes('i') ? 'i' : ''}`;

/**
 * `.htaccess` for Apache 2.4 shared hosting. Every module-dependent block sits in <IfModule>, so a
 * host without that module ignores it instead of answering 500; no Options lines (many shared
 * hosts forbid them); nothing beyond what AllowOverride FileInfo permits (DirectoryIndex would
 * need Indexes, so Apache's default index.html is relied on). Checked on Apache 2.4 with
 * AllowOverride All, with FileInfo only, and with only core modules (test/quality/apache.test.ts).
 * - The alternate host's redirect comes before the HTTPS one, so http://example.com reaches
 *   https://www.example.com in one step; it matches only that host name, so 127.0.0.1, localhost
 *   and a host's own preview address are left alone.
 * - The HTTPS redirect skips localhost/127.0.0.1; X-Forwarded-Proto counts only from a proxy in
 *   `trustedProxies`. HSTS is only sent over HTTPS (RFC 6797 section 7.2).
 * - Folder listings are stopped by a rewrite to 404 rather than `Options -Indexes`, which many
 *   shared hosts forbid in .htaccess and answer with 500.
 * - Cache rules become <If> blocks, last first, so the first matching rule of CACHE_RULES wins
 *   (Apache applies every matching block in order; the last Header set stays).
 * - mod_deflate appends "-gzip" to the ETag of a compressed response, so the browser's
 *   If-None-Match never matched and every revalidation downloaded the page again; the
 *   RequestHeader edit offers the original ETag too (Apache bug 45023; DeflateAlterETag, which
 *   fixes it in the server config, is not allowed in .htaccess).
 * - The 404 page is compressed too: the DEFLATE filter is set on 404.html itself, since
 *   AddOutputFilterByType does not reach an ErrorDocument.
 * @param options.trustedProxies default TRUSTED_PROXIES
 * @param options.siteUrl the site's address (content/settings.yaml): its other spelling, with or
 *   without "www.", is redirected to it (alternateHost); absent, no such redirect
 * @param options.redirects      default REDIRECTS (the build passes siteRedirects of the settings)
 */
export function generateHtaccess(options: { trustedProxies?: readonly string[]; siteUrl?: string; redirects?: readonly Redirect[] } = {}): string {
  const proxies = options.trustedProxies ?? TRUSTED_PROXIES;
  const redirects = options.redirects ?? REDIRECTS;
  const fromProxy = `(${proxies.map((p) => `-R '${p}'`).join(' || ')})`;
  const https = proxies.length ? `%{HTTPS} == 'on' || (${fromProxy} && %{HTTP:X-Forwarded-Proto} == 'https')` : `%{HTTPS} == 'on'`;
  const { siteUrl } = options;
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
    ...(siteUrl ? [
      `  # ${alternateHost(siteUrl)} -> ${siteUrl}, the site's address, with the path kept`,
      `  RewriteCond %{HTTP_HOST} ^${escapeRegExp(alternateHost(siteUrl))}\\.?(:[0-9]+)?$ [NC]`,
      `  RewriteRule ^ https://${new URL(siteUrl).host}%{REQUEST_URI} [R=301,L]`,
    ] : []),
    proxies.length
      ? '  # http:// -> https://, except on a local server and behind a trusted proxy that received HTTPS'
      : '  # http:// -> https://, except on a local server (X-Forwarded-Proto is ignored: no proxy is trusted)',
    '  RewriteCond %{HTTPS} !=on',
    ...(proxies.length ? [`  RewriteCond expr "! (${fromProxy} && %{HTTP:X-Forwarded-Proto} == 'https')"`] : []),
    '  RewriteCond %{HTTP_HOST} !^(localhost|127\\.0\\.0\\.1|\\[::1\\])(:[0-9]+)?$ [NC]',
    '  RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=301,L]',
    '</IfModule>',
    '<IfModule mod_rewrite.c>',
    '  # A folder without index.html is never listed: 404 (unless a redirect below answers it:',
    '  # mod_rewrite runs before mod_alias in .htaccess, so its RedirectMatch would never be reached)',
    '  RewriteCond %{REQUEST_FILENAME} -d',
    '  RewriteCond %{REQUEST_FILENAME}/index.html !-f',
    ...redirects.map((r) => `  RewriteCond %{REQUEST_URI} !^${escapeRegExp(withoutSlash(r.from))}/?$`),
    '  RewriteRule ^ - [R=404,L]',
    '</IfModule>',
    '',
    '<IfModule mod_alias.c>',
    ...redirects.map((r) => `  RedirectMatch ${r.status} ^${escapeRegExp(withoutSlash(r.from))}/?$ ${r.to}`),
    '  # Hosting files and dot-files are not pages',
    `  RedirectMatch 404 "${HOST_CONFIG_FILE().source}"`,
    `  RedirectMatch 404 "${HIDDEN_PATH.source}"`,
    '</IfModule>',
    '',
    '<IfModule mod_headers.c>',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `  Header always set ${name} "${value}"`),
    // FILE_CSP by path; the error page keeps the pages' policy.
    '  # Files that are not pages or scripts (an SVG opened on its own): no script runs in them',
    `  <If "%{REQUEST_URI} =~ ${apacheRegex(FILE_CSP_PATH)} && -z %{ENV:REDIRECT_STATUS}">`,
    `    Header always set Content-Security-Policy "${FILE_CSP}"`,
    '  </If>',
    `  <If "${https}">`,
    `    Header always set Strict-Transport-Security "${HSTS_HEADER}"`,
    '  </If>',
    `  Header set Cache-Control "${CACHE_CONTROL.html}"`,
    ...[...CACHE_RULES].reverse().flatMap((r) => [
      `  <If "%{REQUEST_URI} =~ ${apacheRegex(r.path)}">`,
      `    Header set Cache-Control "${r.cacheControl}"`,
      '  </If>',
    ]),
    ...NOINDEX_FILES.flatMap((f) => [`  <If "%{REQUEST_URI} == '${f}'">`, `    Header always set X-Robots-Tag "${robotsTagFor(f)}"`, '  </If>']),
    '  # A revalidation with the ETag of a gzipped response ("...-gzip") also offers the plain one',
    `  RequestHeader edit "If-None-Match" '^"((.*)-gzip)"$' '"$1", "$2"'`,
    '</IfModule>',
    '',
    '<IfModule mod_deflate.c>',
    '  <IfModule mod_filter.c>',
    `    AddOutputFilterByType DEFLATE ${COMPRESSIBLE_TYPES.join(' ')}`,
    '  </IfModule>',
    `  <Files "${NOT_FOUND_PAGE.slice(1)}">`,
    '    SetOutputFilter DEFLATE',
    '  </Files>',
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
    ...CACHE_RULES.filter((r) => r.headersPattern).map((r) => block(r.headersPattern!, { 'Cache-Control': r.cacheControl })),
    ...FILE_CSP_PATTERNS.map((pattern) => block(pattern, { 'Content-Security-Policy': FILE_CSP })),
    block('/*.vcf', { 'Content-Type': MIME_TYPES['.vcf'] }),
    block('/*.webmanifest', { 'Content-Type': MIME_TYPES['.webmanifest'] }),
    ...NOINDEX_FILES.map((f) => block(f, { 'X-Robots-Tag': robotsTagFor(f)! })),
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
export function generateRedirectsFile(redirects: readonly Redirect[] = REDIRECTS): string {
  const lines = [`# ${HEADER_COMMENT}`, '# "301!" lines are for Netlify; Cloudflare Pages ignores them and applies the plain "301" line after each.'];
  for (const r of redirects) {
    for (const from of new Set([r.from, withoutSlash(r.from)])) {
      lines.push(`${from} ${r.to} ${r.status}!`, `${from} ${r.to} ${r.status}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The redirects a `_redirects` file holds ("from to status" lines, "#" comments), each once, in
 * the order of the file: the "301!" and "301" lines of one rule are one redirect, and a `from`
 * without its trailing slash beside the same `from` with it (same target) is the slash form's.
 * Lines of another status than 301 are left out: the site writes only permanent redirects.
 */
export function redirectsOfFile(text: string): Redirect[] {
  const found = new Map<string, Redirect>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim().startsWith('#')) continue;
    const [from, to, status] = line.trim().split(/\s+/);
    if (from?.startsWith('/') && to && /^301!?$/.test(status ?? '') && !found.has(from)) found.set(from, { from, to, status: 301 });
  }
  return [...found.values()].filter((r) => r.from.endsWith('/') || found.get(`${r.from}/`)?.to !== r.to);
}

/**
 * The nginx config with the same rules, for the operator's own domain (`npm run hosting -- nginx`
 * prints it). Goes in the `http` block (e.g. a file in /etc/nginx/sites-enabled/).
 * - Every add_header sits at server level and no location sets its own, so every response of the
 *   server carries them, redirects and error pages included (nginx drops inherited add_header
 *   lines in a location that has any; "always" adds them to 3xx/4xx responses too). Cache-Control,
 *   the Content-Security-Policy and X-Robots-Tag come from a `map` of the path ($uri, which is the
 *   error page's own path once it is served; first matching regex wins, as in CACHE_RULES; an
 *   empty value sends no header).
 * - The alternate host (alternateHost) gets a server block of its own, over HTTP and HTTPS, with a
 *   301 to the site's address (the certificate must name that host too: certbot's `-d` both names).
 * - Hosting files and dot-files answer 404 (with the 404 page); /.well-known/ stays reachable.
 * - .vcf and .webmanifest get their type in a location of their own (Debian's mime.types lacks
 *   them), without a charset in the type itself, so gzip_types matches them; `charset_types`
 *   adds the charset.
 * - `listen ... http2` rather than `http2 on`, which needs nginx 1.25.1 (Debian 12 ships 1.22).
 * @param site validated site data (the domain comes from settings.siteUrl)
 * @param root folder the built site is uploaded to
 */
export function generateNginx(site: Pick<SiteData, 'settings'>, root = '/var/www/site'): string {
  const { siteUrl } = site.settings;
  const host = new URL(siteUrl).host;
  const security = Object.entries(SECURITY_HEADERS).map(([k, v]) => `  add_header ${k} "${v}" always;`);
  const siteSecurity = Object.entries(SECURITY_HEADERS).map(([k, v]) => `  add_header ${k} ${k === 'Content-Security-Policy' ? '$site_content_security_policy' : `"${v}"`} always;`);
  const textTypes = COMPRESSIBLE_TYPES.filter((t) => t !== 'text/html');
  const nginxRegex = (r: RegExp) => `"~${r.flags.includes('i') ? '*' : ''}${r.source}"`;
  const loc = (match: string, body: string[]) => [`  location ${match} {`, ...body.map((l) => `    ${l}`), '  }'];
  return [
    '# Generated by lib/site-files/hosting.ts (npm run hosting -- nginx). Edit that file, not this one.',
    `# For ${siteUrl}. Goes inside the http { } block, e.g. as /etc/nginx/sites-enabled/site.conf.`,
    'map $uri $site_cache_control {',
    ...CACHE_RULES.map((r) => `  ${nginxRegex(r.path)} "${r.cacheControl}";`),
    `  default "${CACHE_CONTROL.html}";`,
    '}',
    'map $uri $site_content_security_policy {',
    `  "~*${FILE_CSP_PATH.source}" "${FILE_CSP}";`,
    `  default "${HEADER_ONLY_CSP}";`,
    '}',
    'map $uri $site_robots_tag {',
    ...NOINDEX_FILES.map((f) => `  "${f}" "${robotsTagFor(f)}";`),
    '  default "";',
    '}',
    '',
    'server {',
    '  listen 80;',
    '  listen [::]:80;',
    `  server_name ${host};`,
    ...security,
    '  return 301 https://$host$request_uri;',
    '}',
    '',
    'server {',
    '  listen 80;',
    '  listen [::]:80;',
    '  listen 443 ssl http2;',
    '  listen [::]:443 ssl http2;',
    `  server_name ${alternateHost(siteUrl)};`,
    '  # ssl_certificate and ssl_certificate_key: as your certificate tool writes them',
    ...security,
    `  return 301 https://${host}$request_uri;`,
    '}',
    '',
    'server {',
    '  listen 443 ssl http2;',
    '  listen [::]:443 ssl http2;',
    `  server_name ${host};`,
    '  # ssl_certificate and ssl_certificate_key: as your certificate tool writes them',
    `  root ${root};`,
    '  index index.html;',
    '  # A folder without index.html is never listed (also where the http block turns listings on)',
    '  autoindex off;',
    '  absolute_redirect off;',
    '  charset utf-8;',
    `  charset_types ${textTypes.join(' ')};`,
    `  error_page 404 ${NOT_FOUND_PAGE};`,
    '  gzip on;',
    '  gzip_vary on;',
    `  gzip_types ${textTypes.join(' ')};`,
    ...siteSecurity,
    `  add_header Strict-Transport-Security "${HSTS_HEADER}" always;`,
    '  add_header Cache-Control $site_cache_control always;',
    '  add_header X-Robots-Tag $site_robots_tag always;',
    '',
    ...siteRedirects(site.settings).flatMap((r) => loc(`~ ^${escapeRegExp(withoutSlash(r.from))}/?$`, [`return ${r.status} ${r.to};`])),
    ...HOST_CONFIG_FILES.flatMap((f) => loc(`= ${f}`, ['return 404;'])),
    ...loc(`~ ${HIDDEN_PATH.source}`, ['return 404;']),
    ...(['.vcf', '.webmanifest'] as const).flatMap((ext) => loc(`~ \\${ext}$`, [`types { ${MIME_TYPES[ext].split(';')[0]} ${ext.slice(1)}; }`])),
    '}',
    '',
  ].join('\n');
}

/**
 * The build's generator of the hosting files (registered in lib/site-files/extra-files.ts).
 * @param site validated site data: the operator's redirects join the site's own
 * @returns HOSTING_FILES: .htaccess, _headers and _redirects at the site root
 */
export function hostingFiles(site: Pick<SiteData, 'settings'>): SiteFile[] {
  const redirects = siteRedirects(site.settings);
  const [htaccess, headers, redirectsFile] = HOSTING_FILES;
  return [
    { path: htaccess, contents: generateHtaccess({ siteUrl: site.settings.siteUrl, redirects }) },
    { path: headers, contents: generateHeadersFile() },
    { path: redirectsFile, contents: generateRedirectsFile(redirects) },
  ];
}
