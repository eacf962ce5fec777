/**
 * Gate: the nginx config of lib/site-files/hosting.ts on a real nginx (Debian's, installed by .ci/run), the
 * way `npm run hosting -- nginx` prints it for the configured siteUrl, serving the built dist/ on
 * 127.0.0.1 at free ports (HTTPS with a self-signed certificate). Real requests check: every route
 * 200 with its page, the directory redirect, the 404 page with status 404, the acoma-pueblo 301,
 * the security headers and HSTS on every response (redirects and 404s too), the HTTP server's
 * redirect to HTTPS with the security headers, dot-files and hosting files never served, gzip for
 * every text type (the 404 page and .vcf included), the types of .vcf and .webmanifest, the cache
 * rules, a 304 on revalidation with the ETag of a gzipped page, no folder listing where the http
 * block turns listings on, and a policy that runs no script on SVG and other non-page files.
 * Operator redirects pass the build's check first: the rules that would hide a page or a file are
 * refused, and with the accepted ones every page and file is still served.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { alternateHost, CACHE_CONTROL, DEPLOY_MANIFEST, FILE_CSP, generateNginx, HASHED_ASSET, HOST_CONFIG_FILES, HSTS_HEADER, REDIRECTS, SECURITY_HEADERS } from '../../lib/site-files/hosting.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { request, type RawResponse } from '../../tooling/http.ts';
import { DIST, fileOf, readDist, ROUTES, SITE } from '../helpers/site.ts';
import { checkedRedirects, FINE_REDIRECT, HIDDEN_BY_THEM, HIDING_REDIRECTS } from '../helpers/redirect-rules.ts';
import { withChange } from '../helpers/content-edits.ts';
import { loadContent } from '../../lib/content/load-content.ts';

const redirectSources = new Set(REDIRECTS.map((r) => r.from));
const pageRoutes = ROUTES.filter((r) => !redirectSources.has(r.path));
const hashedAsset = readdirSync(path.join(DIST, 'assets')).map((f) => `/assets/${f}`).find((p) => HASHED_ASSET.test(p));
const host = new URL(SITE.settings.siteUrl).host;

/** @param csp the Content-Security-Policy expected: the pages' (SECURITY_HEADERS) unless given */
function assertHeaders(r: RawResponse, what: string, hsts = true, csp = SECURITY_HEADERS['Content-Security-Policy']): void {
  for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, 'Content-Security-Policy': csp })) assert.is(r.headers[name.toLowerCase()], value, `${what}: ${name}`);
  assert.is(r.headers['strict-transport-security'], hsts ? HSTS_HEADER : undefined, `${what}: HSTS`);
}

const nginx = suite('nginx with the generated config');
let server: RunningNginx;
const get = (p: string, headers: Record<string, string> = {}) => request(server.httpsUrl + p, { Host: host, ...headers });

nginx.before(async () => {
  server = await startNginx(generateNginx(SITE, DIST));
});
nginx.after(async () => {
  await server?.stop();
});

nginx('should answer every route with 200, exactly its page, as UTF-8 HTML', async () => {
  const wrong: string[] = [];
  for (const r of pageRoutes) {
    const res = await get(r.path);
    if (res.status !== 200) wrong.push(`${r.path}: ${res.status}`);
    else if (!res.body.equals(Buffer.from(readDist(fileOf(r.path))))) wrong.push(`${r.path}: body is not ${fileOf(r.path)}`);
    else if (!/^text\/html;\s*charset=utf-8$/i.test(String(res.headers['content-type']))) wrong.push(`${r.path}: ${res.headers['content-type']}`);
  }
  assert.ok(pageRoutes.length >= 30);
  assert.equal(wrong, [], server.errorLog());
});

nginx('should send the security headers and HSTS on pages, files, redirects and 404s', async () => {
  for (const p of ['/', '/areas/grants/', hashedAsset!]) assertHeaders(await get(p), p);
  for (const p of ['/img/logo.svg', '/contact.vcf']) assertHeaders(await get(p), p, true, FILE_CSP);
  for (const from of ['/areas/acoma-pueblo/', '/areas/acoma-pueblo']) {
    const res = await get(from);
    assert.is(res.status, 301, from);
    assert.is(res.headers.location, '/areas/acoma/', from);
    assertHeaders(res, `301 ${from}`);
  }
  const dir = await get('/areas/grants');
  assert.is(dir.status, 301);
  assert.is(dir.headers.location, '/areas/grants/');
  assertHeaders(dir, 'directory 301');
  const missing = await get('/no-such-page/');
  assert.is(missing.status, 404);
  assert.ok(missing.body.equals(Buffer.from(readDist('/404.html'))), 'the 404 page');
  assertHeaders(missing, '404');
});

nginx('should send /areas/ and /areas to /service-areas/ with a 301, and still serve the town pages under it', async () => {
  for (const from of ['/areas/', '/areas']) {
    const res = await get(from);
    assert.is(res.status, 301, from);
    assert.is(res.headers.location, '/service-areas/', from);
    assertHeaders(res, `301 ${from}`);
  }
  for (const p of ['/areas/grants/', '/areas/fence-lake/']) assert.is((await get(p)).status, 200, p);
});

nginx('should send X-Robots-Tag: noindex on the keyword corpus, with the other headers, and not on pages', async () => {
  const corpus = await get('/keyword-corpus.json');
  assert.is(corpus.status, 200);
  assert.is(corpus.headers['x-robots-tag'], 'noindex');
  assertHeaders(corpus, 'corpus', true, FILE_CSP);
  assert.is(corpus.headers['cache-control'], 'no-cache');
  for (const p of ['/', '/keyword-analysis/', '/sitemap.xml']) assert.is((await get(p)).headers['x-robots-tag'], undefined, p);
});

nginx('should send the other host name to the site\'s address in one 301, over HTTP and HTTPS', async () => {
  const other = alternateHost(SITE.settings.siteUrl);
  for (const base of [server.url, server.httpsUrl]) {
    const res = await request(`${base}/areas/grants/?a=1`, { Host: other });
    assert.is(res.status, 301, `${base}\n${server.errorLog()}`);
    assert.is(res.headers.location, `${SITE.settings.siteUrl}/areas/grants/?a=1`, base);
    assertHeaders(res, `${other} redirect`, false);
  }
});

nginx('should redirect plain HTTP to HTTPS with a 301 keeping the path, with the security headers and no HSTS', async () => {
  const res = await request(`${server.url}/areas/grants/?a=1`, { Host: host });
  assert.is(res.status, 301);
  assert.is(res.headers.location, `https://${host}/areas/grants/?a=1`);
  assertHeaders(res, 'HTTP 301', false);
  const forwarded = await request(`${server.url}/`, { Host: host, 'X-Forwarded-Proto': 'https' });
  assert.is(forwarded.status, 301, 'a client header does not skip the redirect');
});

nginx('should never serve dot-files or hosting files, but keep /.well-known/ reachable', async () => {
  for (const p of [...HOST_CONFIG_FILES, DEPLOY_MANIFEST, '/.git/config', '/img/.hidden', '/.env']) {
    const res = await get(p);
    assert.is(res.status, 404, p);
    assert.ok(res.body.equals(Buffer.from(readDist('/404.html'))), `${p}: the 404 page`);
    assertHeaders(res, p);
  }
  assert.is((await get('/.htaccess')).status, 404, 'the .htaccess is in dist/');
  // Not in dist/, so 404 too; but nginx looked for the file instead of refusing the path.
  assert.is((await get('/.well-known/security.txt')).status, 404);
  assert.match(server.errorLog(), /\/\.well-known\/security\.txt" failed \(2: No such file or directory\)/);
});

nginx('should gzip every text type, the 404 page and the contact card included', async () => {
  const texts = ['/', '/404.html', '/contact.vcf', '/manifest.webmanifest', '/sitemap.xml', '/robots.txt', '/keyword-corpus.json', '/img/logo.svg', hashedAsset!];
  for (const p of texts) {
    const res = await get(p, { 'Accept-Encoding': 'gzip' });
    assert.is(res.status, 200, p);
    assert.is(res.headers['content-encoding'], 'gzip', `${p}: ${res.headers['content-type']}`);
    assert.ok(gunzipSync(res.body).equals(Buffer.from(readDist(p === '/' ? '/index.html' : p))), `${p}: body`);
    assert.match(String(res.headers.vary), /Accept-Encoding/, p);
  }
  const missing = await get('/no-such-page/', { 'Accept-Encoding': 'gzip' });
  assert.is(missing.status, 404);
  assert.is(missing.headers['content-encoding'], 'gzip', 'the 404 response');
  assert.ok(gunzipSync(missing.body).equals(Buffer.from(readDist('/404.html'))));
  assert.is((await get('/')).headers['content-encoding'], undefined, 'not without Accept-Encoding');
});

nginx('should serve .vcf as text/vcard and .webmanifest as application/manifest+json, in UTF-8', async () => {
  assert.is((await get('/contact.vcf')).headers['content-type'], 'text/vcard; charset=utf-8');
  assert.match(String((await get('/manifest.webmanifest')).headers['content-type']), /^application\/manifest\+json; charset=utf-8$/);
});

nginx('should cache a hashed asset a year, images a day, and revalidate pages and generated files', async () => {
  assert.ok(hashedAsset);
  assert.is((await get(hashedAsset!)).headers['cache-control'], CACHE_CONTROL.hashed);
  assert.is((await get('/img/logo.svg')).headers['cache-control'], CACHE_CONTROL.image);
  for (const p of ['/', '/areas/grants/', '/404.html', '/contact.vcf', '/manifest.webmanifest']) {
    assert.is((await get(p)).headers['cache-control'], 'no-cache', p);
  }
});

nginx('should answer a revalidation of a gzipped page with its ETag with 304', async () => {
  const first = await get('/areas/grants/', { 'Accept-Encoding': 'gzip' });
  assert.ok(first.headers.etag, 'an ETag');
  const again = await get('/areas/grants/', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) });
  assert.is(again.status, 304);
  assertHeaders(again, '304');
});

nginx('should not list a folder without index.html, where the http block lists folders', async () => {
  for (const p of ['/img/', '/assets/']) {
    const res = await get(p);
    assert.ok(res.status === 403 || res.status === 404, `${p}: ${res.status}`);
    assert.not.match(res.body.toString(), /Index of|Parent Directory/, p);
  }
});

nginx('should serve SVG and other files that are not pages or scripts with a policy that runs no script', async () => {
  for (const p of ['/img/logo.svg', '/sitemap.xml', '/manifest.webmanifest']) {
    const csp = String((await get(p)).headers['content-security-policy']);
    assert.is(csp, FILE_CSP, p);
    assert.match(csp, /(^|; )sandbox$/, p);
    assert.match(csp, /default-src 'none'/, p);
  }
  for (const p of ['/', '/404.html', hashedAsset!, '/sw.js']) assert.is((await get(p)).headers['content-security-policy'], SECURITY_HEADERS['Content-Security-Policy'], p);
});

nginx('should log no error', () => {
  const errors = server.errorLog().split('\n').filter((l) => /\[(error|crit|alert|emerg)\]/.test(l) && !/\(2: No such file or directory\)|directory index of .* is forbidden/.test(l));
  assert.equal(errors, []);
});

nginx.run();

const operator = suite('nginx with the operator\'s redirects');

operator('should refuse rules that would hide a page or a file, and serve every page and file with the rules accepted', async () => {
  const { accepted, refused } = checkedRedirects([...HIDING_REDIRECTS, FINE_REDIRECT]);
  assert.equal(accepted, [FINE_REDIRECT], refused.join('\n'));
  for (const line of refused) assert.match(line, /^content\/settings\.yaml: settings: redirect 1: field "from" must be /);
  const site = loadContent(withChange((c) => { c.settings.redirects = accepted; }));
  const withRules = await startNginx(generateNginx(site, DIST));
  try {
    const at = (p: string) => request(withRules.httpsUrl + p, { Host: host });
    for (const p of HIDDEN_BY_THEM) assert.is((await at(p)).status, 200, `${p}\n${withRules.errorLog()}`);
    const moved = await at(FINE_REDIRECT.from);
    assert.is(moved.status, 301);
    assert.is(new URL(String(moved.headers.location), withRules.httpsUrl).pathname, FINE_REDIRECT.to);
  } finally {
    await withRules.stop();
  }
});

operator.run();
