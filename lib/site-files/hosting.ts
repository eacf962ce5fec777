/**
 * The hosting rules, in one place, and the files generated from them: `.htaccess` (Apache),
 * `_headers` and `_redirects` (Netlify, Cloudflare Pages) and the nginx config
 * (`npm run hosting -- nginx`); lib/serve/preview-server.ts applies the same rules. A new rule is
 * one entry of a table below, which every generator reads.
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

/** Every redirect of a site: REDIRECTS, then the operator's (content/settings.yaml `redirects`), all 301. */
export function siteRedirects(settings?: { redirects: readonly { from: string; to: string }[] }): Redirect[] {
  return [...REDIRECTS, ...(settings?.redirects ?? []).map((r) => ({ from: r.from, to: r.to, status: 301 as const }))];
}

/** The page served, with status 404, for any unknown path. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * Headers on every response, errors and redirects included (OWASP Secure Headers Project; MDN).
 * Permissions-Policy lists only features Chromium recognises (an unknown one logs a console
 * error); geolocation=(self) serves "Text us my location" (islands/TextLocation.ts).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': HEADER_ONLY_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Content-Security-Policy of every response that is not a page or a script (an SVG opened on its
 * own): nothing loads, no script runs, inline styles apply, so an SVG with a script is a picture
 * only (CSP3 "sandbox"; OWASP "SVG security"). An <img> runs no script whatever the header. Pages
 * and scripts keep HEADER_ONLY_CSP: a worker's policy is the one its script is served with.
 */
export const FILE_CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; ${HEADER_ONLY_CSP}; sandbox`;

/**
 * Request paths that get FILE_CSP: a last segment with an extension other than .html, .js or .mjs.
 * By path, not by response type, so a 304 (no Content-Type, its headers replace the stored ones:
 * https://www.rfc-editor.org/rfc/rfc9111#section-4.3.4) keeps the right policy.
 */
const FILE_CSP_PATH = /\.(?!(?:html|m?js)$)[^./]+$/i;

/** The Content-Security-Policy header of a response to `sitePath`: FILE_CSP on FILE_CSP_PATH, else HEADER_ONLY_CSP. */
export function contentSecurityPolicyFor(sitePath: string): string {
  return FILE_CSP_PATH.test(sitePath) ? FILE_CSP : HEADER_ONLY_CSP;
}

/**
 * `_headers` paths that get FILE_CSP: Netlify and Cloudflare Pages join every matching rule's
 * value with a comma, two policies that both apply (CSP3 "parse a serialized CSP list"), so only
 * pictures (/img/) and the types a browser runs scripts in (SVG, XML) get it.
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
  /** Pages and every other generated file: stored, but revalidated on every visit. */
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

/** One Cache-Control rule: request paths, value, and the same paths as a `_headers` pattern (none: the host's default, which revalidates). */
interface CacheRule {
  path: RegExp;
  cacheControl: string;
  headersPattern?: string;
}

/** Cache-Control by request path, first match wins, else CACHE_CONTROL.html; regexes JavaScript and PCRE share (no lookbehind). */
export const CACHE_RULES: readonly CacheRule[] = [
  { path: HASHED_ASSET, cacheControl: CACHE_CONTROL.hashed, headersPattern: '/assets/*' },
  { path: HASHED_PHOTO, cacheControl: CACHE_CONTROL.hashed, headersPattern: '/img/photos/*' },
  { path: IMAGE_FILE, cacheControl: CACHE_CONTROL.image },
  // The service worker: revalidated on every visit, so a new build's worker replaces the old one.
  { path: new RegExp(`^${escapeRegExp(SERVICE_WORKER_PATH)}$`), cacheControl: CACHE_CONTROL.html, headersPattern: SERVICE_WORKER_PATH },
];

/**
 * Proxies trusted to say, in X-Forwarded-Proto, that they received HTTPS (addresses or CIDR
 * ranges, as Apache's `-R` reads them). Empty: the header is ignored, since any client can send it.
 */
const TRUSTED_PROXIES: readonly string[] = [];

/** Dot-files and dot-folders are never served; /.well-known/ stays reachable (RFC 8615). */
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

/** The same record's name on a server that refuses dot-names (Pure-FTPd `-x`); HOST_CONFIG_FILES keeps it unserved. */
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

/** The target of the redirect for a request path, if any; `from` matches with or without its trailing slash. */
export function redirectFor(sitePath: string, redirects: readonly Redirect[] = REDIRECTS): string | undefined {
  return redirects.find((r) => sitePath === r.from || `${sitePath}/` === r.from)?.to;
}

/**
 * Files search engines must not show, sent with `X-Robots-Tag: noindex` (a meta tag works only in
 * HTML: https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag#xrobotstag).
 */
const NOINDEX_FILES: readonly string[] = [CORPUS_PATH];

/** The X-Robots-Tag header for a request path, or undefined (every page says its own in a meta tag). */
export function robotsTagFor(sitePath: string): string | undefined {
  return NOINDEX_FILES.includes(sitePath) ? 'noindex' : undefined;
}

/**
 * The other spelling of the site's host name: "www.example.com" for "https://example.com" and the
 * reverse. The hosting files answer it with one 301 to siteUrl, so search engines see one site.
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
 * `.htaccess` for Apache 2.4 shared hosting: every module-dependent block in <IfModule> (a host
 * without the module ignores it, not 500), no Options lines, nothing beyond AllowOverride
 * FileInfo (test/quality/apache.test.ts checks All, FileInfo only, and core modules only).
 * - The alternate host's redirect comes before the HTTPS one: one step to the site's address.
 * - The HTTPS redirect skips localhost; HSTS only over HTTPS (RFC 6797 section 7.2).
 * - Folder listings: a rewrite to 404, since `Options -Indexes` is often forbidden (500).
 * - Cache rules become <If> blocks, last first: Apache applies each matching one, the last wins.
 * - mod_deflate adds "-gzip" to the ETag, so If-None-Match never matched; the RequestHeader edit
 *   offers the plain ETag too (Apache bug 45023; DeflateAlterETag is not allowed in .htaccess).
 * - 404.html gets the DEFLATE filter itself: AddOutputFilterByType does not reach an ErrorDocument.
 * @param options.trustedProxies default TRUSTED_PROXIES
 * @param options.siteUrl the site's address: its other spelling (alternateHost) is redirected to it; absent, no such redirect
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
 * `_headers` for Netlify and Cloudflare Pages, which already revalidate pages and serve only HTTPS:
 * security headers, HSTS, the hashed files' year and two MIME types. No Cache-Control for pages:
 * both hosts join every matching rule's value. Cloudflare limits: 100 rules, 2,000 characters a line.
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
 * `_redirects` for Netlify and Cloudflare Pages, each redirect twice: "301!", which Netlify needs
 * where a file exists (the alias page) and Cloudflare skips as invalid, then "301" for Cloudflare.
 * Cloudflare limits: 2,000 static rules, 100 dynamic, 1,000 characters a rule.
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
 * The 301 redirects a `_redirects` file holds, each once, in file order: a rule's "301!" and "301"
 * lines are one, and a slash-less `from` beside its slash form (same target) is the slash form's.
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
 * The nginx config with the same rules (`npm run hosting -- nginx`), for the `http` block.
 * - Every add_header is at server level and no location sets one (nginx drops inherited ones in a
 *   location that has any; "always" reaches 3xx/4xx); per-path values come from `map`s of $uri.
 * - The alternate host gets its own server block with a 301 (the certificate must name it too).
 * - .vcf and .webmanifest get their type in a location (Debian's mime.types lacks them).
 * - `listen ... http2`, not `http2 on`, which needs nginx 1.25.1 (Debian 12 ships 1.22).
 * @param site validated site data (the domain comes from settings.siteUrl)
 * @param root folder the built site is uploaded to
 */
export function generateNginx(site: Pick<SiteData, 'settings'>, root = '/var/www/site'): string {
  const { siteUrl } = site.settings;
  const host = new URL(siteUrl).host;
  const securityWith = (csp: string) => Object.entries(SECURITY_HEADERS).map(([k, v]) => `  add_header ${k} ${k === 'Content-Security-Policy' ? csp : `"${v}"`} always;`);
  const security = securityWith(`"${HEADER_ONLY_CSP}"`);
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
    ...securityWith('$site_content_security_policy'),
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

/** HOSTING_FILES, made with the operator's redirects beside the site's own (a generator of lib/site-files/extra-files.ts). */
export function hostingFiles(site: Pick<SiteData, 'settings'>): SiteFile[] {
  const redirects = siteRedirects(site.settings);
  const [htaccess, headers, redirectsFile] = HOSTING_FILES;
  return [
    { path: htaccess, contents: generateHtaccess({ siteUrl: site.settings.siteUrl, redirects }) },
    { path: headers, contents: generateHeadersFile() },
    { path: redirectsFile, contents: generateRedirectsFile(redirects) },
  ];
}
