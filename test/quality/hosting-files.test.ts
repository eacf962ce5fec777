/**
 * The hosting files as files: .htaccess stays safe on restricted hosts (blocks in <IfModule>, no
 * Options), _headers and _redirects fit Cloudflare Pages' limits and say the same as the
 * .htaccess, the nginx snippet carries the same rules, and every rule comes from lib/site-files/hosting.ts.
 * (apache.test.ts runs the .htaccess on a real Apache.) An operator's redirect that would hide a
 * page or a file never reaches them: the build's check refuses it, naming the row and the field.
 */
import { execFileSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  alternateHost, CACHE_CONTROL, CACHE_RULES, cacheControlFor, generateHeadersFile, HOST_CONFIG_FILES, generateHtaccess, generateNginx, generateRedirectsFile, HSTS_HEADER, redirectFor,
  REDIRECTS, redirectsOfFile, robotsTagFor, SECURITY_HEADERS, siteRedirects,
} from '../../lib/site-files/hosting.ts';
import { ACOMA_ALIAS } from '../../lib/content/area-alias.ts';
import { ROOT } from '../../tooling/browser.ts';
import { SITE } from '../helpers/site.ts';
import { checkedRedirects, FINE_REDIRECT, HIDDEN_BY_THEM, HIDING_REDIRECTS } from '../helpers/redirect-rules.ts';

/** Cloudflare Pages limits (workers-sdk packages/workers-shared/utils/configuration/constants.ts). */
const CF = { maxHeaderRules: 100, maxLineLength: 2000, maxDynamicRedirects: 100, maxStaticRedirects: 2000, statuses: [200, 301, 302, 303, 307, 308] };

/** Redirect rules as Cloudflare Pages reads them: lines with a valid status, first rule per source wins. */
function cloudflareRedirects(text: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, status = '302'] = line.split(/\s+/);
    const code = Number(status);
    if (Number.isNaN(code) || !CF.statuses.includes(code)) continue; // Cloudflare skips the line
    if (!rules.has(from)) rules.set(from, { to, status: code });
  }
  return rules;
}

/** Redirect rules as Netlify reads them: first rule per source wins; "!" forces it over an existing file. */
function netlifyRedirects(text: string): Map<string, { to: string; status: string }> {
  const rules = new Map<string, { to: string; status: string }>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, status] = line.split(/\s+/);
    if (!rules.has(from)) rules.set(from, { to, status });
  }
  return rules;
}

const rules = suite('lib/site-files/hosting.ts rules');

rules('should take the redirect from the route table\'s acoma alias', () => {
  assert.equal(REDIRECTS[0], { from: '/areas/acoma-pueblo/', to: '/areas/acoma/', status: 301 });
  assert.equal(REDIRECTS[0].from, ACOMA_ALIAS.from);
  assert.is(redirectFor('/areas/acoma-pueblo/'), '/areas/acoma/');
  assert.is(redirectFor('/areas/acoma-pueblo'), '/areas/acoma/');
  assert.is(redirectFor('/areas/acoma/'), undefined);
});

rules('should send /areas/ (with or without its slash) to /service-areas/, and no town page under it', () => {
  assert.ok(REDIRECTS.some((r) => r.from === '/areas/' && r.to === '/service-areas/' && r.status === 301));
  assert.is(redirectFor('/areas/'), '/service-areas/');
  assert.is(redirectFor('/areas'), '/service-areas/');
  for (const p of ['/areas/grants/', '/areas/grants', '/areas/fence-lake/', '/service-areas/']) assert.is(redirectFor(p), undefined, p);
});

rules('should mark only the keyword corpus noindex by header', () => {
  assert.is(robotsTagFor('/keyword-corpus.json'), 'noindex');
  for (const p of ['/', '/keyword-analysis/', '/sitemap.xml', '/contact.vcf']) assert.is(robotsTagFor(p), undefined, p);
});

rules('should name the other spelling of the site\'s host, with or without "www."', () => {
  assert.is(alternateHost('https://www.example.com'), 'example.com');
  assert.is(alternateHost('https://example.com'), 'www.example.com');
  assert.is(alternateHost('https://www.grants-locks.co.uk'), 'grants-locks.co.uk');
});

rules('should cache hashed assets a year, images a day, and revalidate pages and other generated files', () => {
  assert.is(cacheControlFor('/assets/site-MB6F4JXA.js'), 'public, max-age=31536000, immutable');
  assert.is(cacheControlFor('/assets/chunk-6CPU4YDU.js'), CACHE_CONTROL.hashed);
  assert.is(cacheControlFor('/'), 'no-cache');
  assert.is(cacheControlFor('/areas/grants/'), 'no-cache');
  assert.is(cacheControlFor('/404.html'), 'no-cache');
  assert.is(cacheControlFor('/areas/grants'), 'no-cache');
  assert.is(cacheControlFor('/img/logo.svg'), 'public, max-age=86400');
  assert.is(cacheControlFor('/favicon.ico'), CACHE_CONTROL.image);
  assert.is(cacheControlFor('/contact.vcf'), 'no-cache');
  assert.is(cacheControlFor('/manifest.webmanifest'), 'no-cache');
  assert.is(cacheControlFor('/keyword-corpus.json'), 'no-cache');
  assert.is(cacheControlFor('/assets/not-hashed.js'), 'no-cache');
});

rules('should allow geolocation to the site itself and widen nothing else, in every hosting file', () => {
  const policy = SECURITY_HEADERS['Permissions-Policy'];
  assert.is(policy, 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()');
  const files = { htaccess: generateHtaccess(), headers: generateHeadersFile(), nginx: generateNginx(SITE) };
  for (const [name, text] of Object.entries(files)) {
    const values = [...text.matchAll(/Permissions-Policy:? "?([^"\n]+)"?/g)].map((m) => m[1].trim());
    assert.ok(values.length > 0, name);
    for (const v of values) assert.is(v, policy, name);
  }
});
rules('should serve the service worker with no-cache on every host', () => {
  assert.is(cacheControlFor('/sw.js'), 'no-cache');
  assert.match(generateHeadersFile(), /^\/sw\.js\n  Cache-Control: no-cache$/m);
});
rules.run();

const htaccess = suite('.htaccess');
const ht = generateHtaccess();

htaccess('should keep every block inside <IfModule> and use no Options line', () => {
  let depth = 0;
  const outside: string[] = [];
  for (const line of ht.split('\n').map((l) => l.trim())) {
    if (/^<IfModule /.test(line)) depth++;
    else if (line === '</IfModule>') depth--;
    else if (depth === 0 && line && !line.startsWith('#')) outside.push(line);
  }
  assert.is(depth, 0);
  assert.equal(outside, ['ErrorDocument 404 /404.html']);
  assert.not.match(ht, /^\s*Options\b/m);
});

htaccess('should carry the 404 page, the redirect, every security header, HSTS only over HTTPS, the caches and the types', () => {
  assert.match(ht, /^ErrorDocument 404 \/404\.html$/m);
  assert.match(ht, /^ {2}RedirectMatch 301 \^\/areas\/acoma-pueblo\/\?\$ \/areas\/acoma\/$/m);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.ok(ht.includes(`Header always set ${k} "${v}"`), k);
  assert.match(ht, /<If "%\{HTTPS\} == 'on'">\n\s+Header always set Strict-Transport-Security "max-age=31536000"\n\s+<\/If>/);
  assert.not.match(ht, /%\{HTTP:X-Forwarded-Proto\}/, 'no proxy is trusted by default');
  assert.match(generateHtaccess({ trustedProxies: ['10.0.0.0/8'] }), /RewriteCond expr "! \(\(-R '10\.0\.0\.0\/8'\) && %\{HTTP:X-Forwarded-Proto\} == 'https'\)"/);
  assert.match(ht, /RewriteCond %\{HTTPS\} !=on\n.*RewriteCond %\{HTTP_HOST\} !\^\(localhost\|127\\\.0\\\.0\\\.1/);
  assert.match(ht, /AddType text\/vcard \.vcf/);
  assert.match(ht, /AddType application\/manifest\+json \.webmanifest/);
  assert.match(ht, /AddOutputFilterByType DEFLATE text\/html /);
});

htaccess('should send the other host name to the site\'s address before the HTTPS redirect, and only that name', () => {
  const withSite = generateHtaccess({ siteUrl: 'https://www.example.com' });
  const lines = withSite.split('\n').map((l) => l.trim());
  const cond = lines.indexOf('RewriteCond %{HTTP_HOST} ^example\\.com\\.?(:[0-9]+)?$ [NC]');
  assert.ok(cond > 0, withSite);
  assert.is(lines[cond + 1], 'RewriteRule ^ https://www.example.com%{REQUEST_URI} [R=301,L]');
  assert.ok(cond < lines.indexOf('RewriteCond %{HTTPS} !=on'), 'before the HTTPS redirect: one hop');
  assert.not.match(ht, /RewriteCond %\{HTTP_HOST\} \^example/, 'none without a site address');
  assert.match(generateHtaccess({ siteUrl: 'https://example.com' }), /RewriteCond %\{HTTP_HOST\} \^www\\\.example\\\.com\\\.\?/);
});

htaccess('should send X-Robots-Tag: noindex on the keyword corpus only', () => {
  assert.match(ht, /<If "%\{REQUEST_URI\} == '\/keyword-corpus\.json'">\n\s+Header always set X-Robots-Tag "noindex"\n\s+<\/If>/);
  assert.is(ht.split('X-Robots-Tag').length - 1, 1);
});

htaccess.run();

const netlifyCf = suite('_headers and _redirects');
const headers = generateHeadersFile();
const redirects = generateRedirectsFile();

netlifyCf('should stay within Cloudflare Pages\' limits (100 header rules, 2,000 characters a line)', () => {
  const headerRules = headers.split('\n').filter((l) => l.startsWith('/'));
  assert.ok(headerRules.length <= CF.maxHeaderRules);
  assert.equal(headers.split('\n').filter((l) => l.length > CF.maxLineLength), []);
  const redirectLines = redirects.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  assert.ok(redirectLines.length <= CF.maxDynamicRedirects);
  assert.equal(redirectLines.filter((l) => l.length > 1000), []);
});

netlifyCf('should send the same security headers as the .htaccess on every path, plus HSTS (both hosts serve only HTTPS)', () => {
  const all = headers.split(/\n(?=\/)/).find((b) => b.startsWith('/*\n'))!;
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) assert.ok(all.includes(`\n  ${k}: ${v}`), k);
  assert.ok(all.includes(`\n  Strict-Transport-Security: ${HSTS_HEADER}`));
  assert.match(headers, /^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  assert.match(headers, /^\/\*\.vcf\n {2}Content-Type: text\/vcard; charset=utf-8$/m);
  assert.match(headers, /^\/\*\.webmanifest\n {2}Content-Type: application\/manifest\+json$/m);
  assert.not.match(headers, /^\/\*\n(?: {2}.*\n)* {2}Cache-Control/m); // would be joined onto the /assets/ value
});

netlifyCf('should send X-Robots-Tag: noindex on the keyword corpus', () => {
  assert.match(headers, /^\/keyword-corpus\.json\n {2}X-Robots-Tag: noindex$/m);
});

netlifyCf('should redirect the alias with 301 on Cloudflare Pages (which skips the "301!" lines)', () => {
  const cf = cloudflareRedirects(redirects);
  assert.equal([...cf], [
    ['/areas/acoma-pueblo/', { to: '/areas/acoma/', status: 301 }],
    ['/areas/acoma-pueblo', { to: '/areas/acoma/', status: 301 }],
    ['/areas/', { to: '/service-areas/', status: 301 }],
    ['/areas', { to: '/service-areas/', status: 301 }],
  ]);
});

netlifyCf('should redirect the alias with a forced 301 on Netlify (the alias page exists, so it must shadow it)', () => {
  const nf = netlifyRedirects(redirects);
  assert.equal([...nf], [
    ['/areas/acoma-pueblo/', { to: '/areas/acoma/', status: '301!' }],
    ['/areas/acoma-pueblo', { to: '/areas/acoma/', status: '301!' }],
    ['/areas/', { to: '/service-areas/', status: '301!' }],
    ['/areas', { to: '/service-areas/', status: '301!' }],
  ]);
});

netlifyCf.run();

const nginx = suite('nginx config (npm run hosting -- nginx)');

nginx('should carry every rule of lib/site-files/hosting.ts, for the configured domain', () => {
  const conf = generateNginx(SITE);
  assert.match(conf, new RegExp(`server_name ${new URL(SITE.settings.siteUrl).host.replace(/\./g, '\\.')};`));
  assert.match(conf, /location ~ \^\/areas\/acoma-pueblo\/\?\$ \{\n\s+return 301 \/areas\/acoma\/;/);
  assert.match(conf, /error_page 404 \/404\.html;/);
  assert.match(conf, /return 301 https:\/\/\$host\$request_uri;/);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) {
    // The site's server sends Content-Security-Policy by path (pages or files), the two redirecting ones as it is.
    const expected = k === 'Content-Security-Policy' ? 2 : 3;
    assert.is(conf.split(`add_header ${k} "${v}" always;`).length - 1, expected, `${k}: once per server`);
  }
  assert.is(conf.split('add_header Content-Security-Policy $site_content_security_policy always;').length - 1, 1);
  for (const r of CACHE_RULES) assert.ok(conf.includes(`~${r.path.flags.includes('i') ? '*' : ''}${r.path.source}" "${r.cacheControl}";`), r.cacheControl);
  for (const f of HOST_CONFIG_FILES) assert.ok(conf.includes(`location = ${f} {\n    return 404;`), f);
  // No location sets a header of its own: nginx would drop every inherited one there.
  const locations = conf.match(/location [^{]+\{[^}]*\}/g) ?? [];
  assert.ok(locations.length >= 5);
  assert.equal(locations.filter((l) => l.includes('add_header')), []);
  assert.is((conf.match(/\{/g) ?? []).length, (conf.match(/\}/g) ?? []).length);
});

nginx('should answer the other host name, over HTTP and HTTPS, with a 301 to the site\'s address', () => {
  const conf = generateNginx(SITE);
  const block = conf.split(/\n(?=server \{)/).find((b) => b.includes(`server_name ${alternateHost(SITE.settings.siteUrl)};`));
  assert.ok(block, conf);
  assert.match(block!, /listen 80;\n\s+listen \[::\]:80;\n\s+listen 443 ssl http2;/);
  assert.match(block!, new RegExp(`return 301 ${SITE.settings.siteUrl.replace(/[.]/g, '\\.')}\\$request_uri;`));
});

nginx('should send X-Robots-Tag: noindex on the keyword corpus from a map, not from a location', () => {
  const conf = generateNginx(SITE);
  assert.match(conf, /map \$uri \$site_robots_tag \{\n {2}"\/keyword-corpus\.json" "noindex";\n {2}default "";\n\}/);
  assert.match(conf, /^ {2}add_header X-Robots-Tag \$site_robots_tag always;$/m);
});

nginx('should be what npm run hosting -- nginx prints', () => {
  const printed = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/hosting.ts', 'nginx', '--root', '/srv/site'], { cwd: ROOT, encoding: 'utf8' });
  assert.is(printed, generateNginx(SITE, '/srv/site'));
  assert.match(printed, /^  root \/srv\/site;$/m);
});

nginx.run();

const operator = suite('operator redirects in the hosting files');

operator('should refuse "//", "/areas/grants//", "/sw.js", "/contact.vcf" and "/robots.txt", one line each naming the row and the field', () => {
  const { accepted, refused } = checkedRedirects(HIDING_REDIRECTS);
  assert.equal(accepted, [], 'every rule that would hide a page or a file is refused');
  assert.equal(refused.map((line) => /^content\/settings\.yaml: settings: redirect 1: field "from" must be /.test(line)), HIDING_REDIRECTS.map(() => true), refused.join('\n'));
  assert.match(refused[0], /no empty segment/);
  assert.match(refused[2], /'\/sw\.js', a file the site publishes/);
  const rules = redirectsOfFile(generateRedirectsFile(siteRedirects({ redirects: checkedRedirects([...HIDING_REDIRECTS, FINE_REDIRECT]).accepted })));
  for (const p of HIDDEN_BY_THEM) assert.is(redirectFor(p, rules), undefined, p);
  assert.is(redirectFor(FINE_REDIRECT.from, rules), FINE_REDIRECT.to);
});

operator.run();
