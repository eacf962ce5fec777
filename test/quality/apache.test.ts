/**
 * Gate: the hosting files on a real Apache. Debian's apache2 serves the dist folder with the
 * generated .htaccess (AllowOverride All, 127.0.0.1, free ports, HTTP and HTTPS with a
 * self-signed certificate), and real HTTP requests check: every route answers 200 with its page,
 * "/areas/grants" reaches "/areas/grants/", an unknown path answers 404 with the 404 page, the
 * acoma-pueblo 301, the security headers, HSTS only over HTTPS, the HTTPS redirect (never for
 * 127.0.0.1, not skipped by a client's X-Forwarded-Proto unless it comes from a trusted proxy),
 * Cache-Control of a hashed asset and of a page, gzip for every text type (the 404 page and the
 * contact card too), a 304 for a revalidation with the ETag of a gzipped page, dot-files and
 * hosting files never served, and the MIME types of the contact card and the manifest. The same assertions run against the local
 * preview server (lib/serve/preview-server.ts), so what a developer sees matches the host. Apache is
 * also run as a restricted host (AllowOverride FileInfo) and a bare one (no optional modules):
 * the .htaccess must never cause a 500 there. On a host that lists folders (Options +Indexes), a
 * folder without index.html answers 404; SVG and other non-page files get a policy that runs no script.
 * Operator redirects pass the build's check first: the rules that would hide a page or a file
 * ("//", "/areas/grants//", "/sw.js", ...) are refused, and with the accepted ones every page
 * and file is still served; files are served only by their exact name ("/_headers/", "%2f": 404).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { encodeUrlPath } from '../../lib/url-path.ts';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  alternateHost, CACHE_CONTROL, FILE_CSP, generateHeadersFile, generateHtaccess, generateRedirectsFile, HASHED_ASSET, HOST_CONFIG_FILES, HSTS_MAX_AGE_S, REDIRECTS, SECURITY_HEADERS, siteRedirects,
} from '../../lib/site-files/hosting.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { startApache, type RunningApache } from '../helpers/apache.ts';
import { request, type RawResponse } from '../../tooling/http.ts';
import { DIST, fileOf, readDist, ROUTES, SITE } from '../helpers/site.ts';
import { checkedRedirects, FINE_REDIRECT, HIDDEN_BY_THEM, HIDING_REDIRECTS } from '../helpers/redirect-rules.ts';

const UNKNOWN = '/no-such-page/';
const redirectSources = new Set(REDIRECTS.map((r) => r.from));
const pageRoutes = ROUTES.filter((r) => !redirectSources.has(r.path));
const hashedAsset = readdirSync(path.join(DIST, 'assets')).map((f) => `/assets/${f}`).find((p) => HASHED_ASSET.test(p));
const notFoundBody = readDist('/404.html');

/** Path of a Location header, whether absolute (Apache) or relative (preview). */
const locationPath = (r: RawResponse, base: string) => new URL(String(r.headers.location), base).pathname;

/** @param csp the Content-Security-Policy expected: the pages' (SECURITY_HEADERS) unless given */
function assertSecurityHeaders(r: RawResponse, what: string, csp = SECURITY_HEADERS['Content-Security-Policy']): void {
  for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, 'Content-Security-Policy': csp })) assert.is(r.headers[name.toLowerCase()], value, `${what}: ${name}`);
}

/** A server under test: its base URL (http://127.0.0.1:PORT), how to stop it, and its error log where it keeps one. */
interface ServedHost {
  url: string;
  stop(): Promise<void>;
  log?(): string;
}

/**
 * Routes: every page answers 200 with exactly its file, "/areas/grants" gains its slash, an unknown
 * path gets the 404 page, and the area aliases redirect with a 301.
 * @param host filled in by the suite's `before` hook, so read only inside tests
 */
function routeTests(s: Test, host: ServedHost): void {
  s('should answer every route with 200 and exactly its page', async () => {
    const wrong: string[] = [];
    for (const r of pageRoutes) {
      const res = await request(host.url + r.path);
      if (res.status !== 200) wrong.push(`${r.path}: ${res.status}`);
      else if (!res.body.equals(Buffer.from(readDist(fileOf(r.path))))) wrong.push(`${r.path}: body is not ${fileOf(r.path)}`);
      else if (!/^text\/html;\s*charset=utf-8$/i.test(String(res.headers['content-type']))) wrong.push(`${r.path}: Content-Type ${res.headers['content-type']}`);
    }
    assert.ok(pageRoutes.length >= 30);
    assert.equal(wrong, [], host.log?.());
  });

  s('should take "/areas/grants" to "/areas/grants/" with a 301', async () => {
    const res = await request(`${host.url}/areas/grants`);
    assert.is(res.status, 301);
    assert.is(locationPath(res, host.url), '/areas/grants/');
    assert.is((await request(new URL(String(res.headers.location), host.url).href)).status, 200);
  });

  s('should answer an unknown path with 404 and the 404 page', async () => {
    const res = await request(host.url + UNKNOWN);
    assert.is(res.status, 404);
    assert.ok(res.body.equals(Buffer.from(notFoundBody)), 'body is not /404.html');
    assertSecurityHeaders(res, '404');
  });

  s('should redirect the acoma-pueblo alias, with and without its slash, to /areas/acoma/ with a 301', async () => {
    for (const from of ['/areas/acoma-pueblo/', '/areas/acoma-pueblo']) {
      const res = await request(host.url + from);
      assert.is(res.status, 301, from);
      assert.is(locationPath(res, host.url), '/areas/acoma/', from);
      assertSecurityHeaders(res, `301 ${from}`);
    }
  });

  s('should send /areas/ and /areas to /service-areas/ with a 301, and still serve the town pages under it', async () => {
    for (const from of ['/areas/', '/areas']) {
      const res = await request(host.url + from);
      assert.is(res.status, 301, from);
      assert.is(locationPath(res, host.url), '/service-areas/', from);
      assertSecurityHeaders(res, `301 ${from}`);
    }
    for (const p of ['/areas/grants/', '/areas/fence-lake/']) assert.is((await request(host.url + p)).status, 200, p);
  });
}

/**
 * Headers every response carries: X-Robots-Tag on the keyword corpus only, the security headers
 * without HSTS over plain HTTP, no HTTPS redirect for 127.0.0.1, and the Cache-Control of a hashed
 * asset (a year, immutable), an image (a day) and a page or generated file (revalidate each visit).
 * @param host filled in by the suite's `before` hook, so read only inside tests
 */
function headerTests(s: Test, host: ServedHost): void {
  s('should send X-Robots-Tag: noindex on the keyword corpus, and not on pages', async () => {
    const corpus = await request(`${host.url}/keyword-corpus.json`);
    assert.is(corpus.status, 200);
    assert.is(corpus.headers['x-robots-tag'], 'noindex');
    for (const p of ['/', '/keyword-analysis/', '/sitemap.xml']) assert.is((await request(host.url + p)).headers['x-robots-tag'], undefined, p);
  });

  s('should send the security headers on pages and files, and no HSTS over plain HTTP', async () => {
    for (const p of ['/', '/areas/grants/', '/img/logo.svg']) {
      const res = await request(host.url + p);
      assertSecurityHeaders(res, p, p.endsWith('.svg') ? FILE_CSP : undefined);
      assert.is(res.headers['strict-transport-security'], undefined, `${p}: HSTS over HTTP`);
    }
  });

  s('should not redirect plain HTTP on 127.0.0.1 to HTTPS', async () => {
    const res = await request(`${host.url}/`);
    assert.is(res.status, 200);
  });

  s('should cache a hashed asset for a year, immutable, images a day, and revalidate pages and generated files on every visit', async () => {
    assert.ok(hashedAsset, 'no content-hashed file in dist/assets');
    const asset = await request(host.url + hashedAsset);
    assert.is(asset.status, 200);
    assert.is(asset.headers['cache-control'], CACHE_CONTROL.hashed);
    assert.is(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(asset.headers['content-type']), /^text\/javascript\b/);
    for (const p of ['/', '/areas/grants/', '/404.html', '/contact.vcf', '/manifest.webmanifest']) {
      const page = await request(host.url + p);
      assert.is(page.headers['cache-control'], 'no-cache', p);
    }
    assert.is((await request(`${host.url}/img/logo.svg`)).headers['cache-control'], 'public, max-age=86400');
  });
}

/**
 * Compression and revalidation: gzip for every text type (the 404 page too), the no-script policy
 * of non-page files kept on a 304, a 304 for the ETag of a gzipped page, plain HTML without gzip.
 * @param host filled in by the suite's `before` hook, so read only inside tests
 */
function compressionTests(s: Test, host: ServedHost): void {
  s('should gzip every text type when the client accepts gzip, the 404 page and the contact card included', async () => {
    const texts = ['/index.html', '/404.html', '/contact.vcf', '/manifest.webmanifest', '/sitemap.xml', '/robots.txt', '/keyword-corpus.json', '/img/logo.svg', hashedAsset!];
    for (const p of texts) {
      const res = await request(host.url + p, { 'Accept-Encoding': 'gzip' });
      assert.is(res.status, 200, p);
      assert.is(res.headers['content-encoding'], 'gzip', `${p}: ${res.headers['content-type']}`);
      assert.ok(gunzipSync(res.body).equals(Buffer.from(readDist(p))), `${p}: body`);
    }
    const missing = await request(host.url + UNKNOWN, { 'Accept-Encoding': 'gzip' });
    assert.is(missing.status, 404);
    assert.is(missing.headers['content-encoding'], 'gzip', 'the 404 response');
    assert.ok(gunzipSync(missing.body).equals(Buffer.from(notFoundBody)));
  });

  s('should serve SVG and other files that are not pages or scripts with a policy that runs no script, also on a 304', async () => {
    for (const p of ['/img/logo.svg', '/sitemap.xml', '/contact.vcf', '/manifest.webmanifest']) {
      const res = await request(host.url + p);
      assert.is(res.headers['content-security-policy'], FILE_CSP, p);
      const again = await request(host.url + p, { 'If-None-Match': String(res.headers.etag) });
      assert.is(again.status, 304, p);
      assert.is(again.headers['content-security-policy'], FILE_CSP, `${p}: 304`);
    }
    assert.match(FILE_CSP, /default-src 'none'.*; sandbox$/);
    for (const p of ['/', '/areas/grants/', hashedAsset!, '/sw.js', UNKNOWN, '/no-such-picture.svg']) {
      assert.is((await request(host.url + p)).headers['content-security-policy'], SECURITY_HEADERS['Content-Security-Policy'], p);
    }
    const page = await request(`${host.url}/areas/grants/`);
    const again = await request(`${host.url}/areas/grants/`, { 'If-None-Match': String(page.headers.etag) });
    assert.is(again.status, 304);
    assert.is(again.headers['content-security-policy'], SECURITY_HEADERS['Content-Security-Policy'], 'a page\'s 304');
  });

  s('should answer a revalidation of a gzipped page with its ETag with 304', async () => {
    const first = await request(`${host.url}/areas/grants/`, { 'Accept-Encoding': 'gzip' });
    assert.is(first.headers['content-encoding'], 'gzip');
    assert.ok(first.headers.etag, 'an ETag');
    const again = await request(`${host.url}/areas/grants/`, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(first.headers.etag) });
    assert.is(again.status, 304, `If-None-Match ${first.headers.etag}`);
    assertSecurityHeaders(again, '304');
    const changed = await request(`${host.url}/areas/grants/`, { 'Accept-Encoding': 'gzip', 'If-None-Match': '"not-this-one-gzip"' });
    assert.is(changed.status, 200, 'another ETag still gets the page');
  });

  s('should gzip HTML when the client accepts gzip, and not otherwise', async () => {
    const gz = await request(`${host.url}/`, { 'Accept-Encoding': 'gzip' });
    assert.is(gz.status, 200);
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.match(String(gz.headers.vary), /Accept-Encoding/);
    assert.ok(gunzipSync(gz.body).equals(Buffer.from(readDist('/index.html'))));
    assert.ok(gz.body.length < Buffer.byteLength(readDist('/index.html')) / 2);
    const plain = await request(`${host.url}/`);
    assert.is(plain.headers['content-encoding'], undefined);
  });
}

/**
 * Files: the MIME types of the contact card and the manifest; hosting files and dot-files never served.
 * @param host filled in by the suite's `before` hook, so read only inside tests
 */
function fileTests(s: Test, host: ServedHost): void {
  s('should serve .vcf as text/vcard and .webmanifest as application/manifest+json', async () => {
    const vcf = await request(`${host.url}/contact.vcf`);
    assert.is(vcf.status, 200);
    assert.match(String(vcf.headers['content-type']), /^text\/vcard\b/);
    const manifest = await request(`${host.url}/manifest.webmanifest`);
    assert.is(manifest.status, 200);
    assert.match(String(manifest.headers['content-type']), /^application\/manifest\+json\b/);
  });

  s('should not serve the hosting files or any dot-file', async () => {
    for (const p of [...HOST_CONFIG_FILES, '/.git/config', '/.env', '/img/.hidden']) {
      const res = await request(host.url + p);
      assert.ok(res.status === 404 || res.status === 403, `${p}: ${res.status}`);
    }
  });
}

/**
 * The assertions shared by Apache and the preview server: one suite that starts the server before
 * its tests and stops it after them.
 * @param start starts the server; the suite calls it once, in its `before` hook
 */
function hostSuite(name: string, start: () => Promise<ServedHost>): Test {
  const s = suite(name);
  const host = {} as ServedHost;
  s.before(async () => {
    Object.assign(host, await start());
  });
  s.after(async () => {
    await host.stop?.();
  });
  routeTests(s, host);
  headerTests(s, host);
  compressionTests(s, host);
  fileTests(s, host);
  return s;
}

const files = suite('hosting files in the build');
files('should be the generator\'s output (the build registered lib/site-files/hosting.ts)', () => {
  assert.is(readDist('/.htaccess'), generateHtaccess({ siteUrl: SITE.settings.siteUrl }));
  assert.is(readDist('/_headers'), generateHeadersFile());
  assert.is(readDist('/_redirects'), generateRedirectsFile());
});
files.run();

let apache: RunningApache;
const onApache = hostSuite('Apache 2.4 with the generated .htaccess', async () => {
  apache = await startApache(DIST, { https: true });
  return { url: apache.url, stop: () => apache.stop(), log: () => apache.errorLog() };
});

onApache('should send HSTS of at least 180 days over HTTPS, and not redirect there', async () => {
  const res = await request(`${apache.httpsUrl}/areas/grants/`);
  assert.is(res.status, 200);
  const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['strict-transport-security']))?.[1]);
  assert.ok(maxAge >= 180 * 86400, `HSTS: ${res.headers['strict-transport-security']}`);
  assert.is(maxAge, HSTS_MAX_AGE_S);
  assertSecurityHeaders(res, 'HTTPS');
});

onApache('should redirect plain HTTP for the public host name to HTTPS with a 301, keeping the path', async () => {
  const res = await request(`${apache.url}/areas/grants/?a=1`, { Host: 'www.example.com' });
  assert.is(res.status, 301);
  assert.is(res.headers.location, 'https://www.example.com/areas/grants/?a=1');
  assertSecurityHeaders(res, 'the HTTPS redirect');
  const forged = await request(`${apache.url}/areas/grants/`, { Host: 'www.example.com', 'X-Forwarded-Proto': 'https' });
  assert.is(forged.status, 301, 'a client\'s X-Forwarded-Proto does not skip the redirect');
  assert.is(forged.headers['strict-transport-security'], undefined, 'nor earn HSTS over HTTP');
});

onApache('should send the other host name to the site\'s address in one 301, over HTTP and HTTPS, and leave localhost alone', async () => {
  const other = alternateHost(SITE.settings.siteUrl);
  for (const base of [apache.url, apache.httpsUrl!]) {
    const res = await request(`${base}/areas/grants/?a=1`, { Host: other });
    assert.is(res.status, 301, `${base} ${other}\n${apache.errorLog()}`);
    assert.is(res.headers.location, `${SITE.settings.siteUrl}/areas/grants/?a=1`, base);
    assertSecurityHeaders(res, `${other} redirect`);
  }
  const port = new URL(apache.url).port;
  for (const local of [`localhost:${port}`, `127.0.0.1:${port}`]) assert.is((await request(`${apache.url}/`, { Host: local })).status, 200, local);
});

onApache('should log no .htaccess error', () => {
  assert.not.match(apache.errorLog(), /htaccess:|Invalid command|not allowed here/);
});

onApache.run();

let preview: RunningServer;
hostSuite('the preview server (lib/serve/preview-server.ts)', async () => {
  preview = await startServer(DIST);
  return { url: preview.url, stop: () => preview.close() };
}).run();

const restricted = suite('Apache as a restricted shared host');

restricted('should serve every route, the 404 page and the redirect with AllowOverride FileInfo only', async () => {
  const host = await startApache(DIST, { allowOverride: 'FileInfo' });
  try {
    for (const r of pageRoutes) assert.is((await request(host.url + r.path)).status, 200, `${r.path}\n${host.errorLog()}`);
    assert.is((await request(host.url + UNKNOWN)).status, 404);
    assert.is((await request(`${host.url}/areas/acoma-pueblo/`)).status, 301);
    assertSecurityHeaders(await request(`${host.url}/`), 'FileInfo');
  } finally {
    await host.stop();
  }
});

restricted('should serve every route and the 404 page without mod_headers, mod_rewrite, mod_alias or mod_deflate', async () => {
  const host = await startApache(DIST, { modules: 'bare', allowOverride: 'FileInfo Indexes' });
  try {
    for (const r of pageRoutes) assert.is((await request(host.url + r.path)).status, 200, `${r.path}\n${host.errorLog()}`);
    const missing = await request(host.url + UNKNOWN);
    assert.is(missing.status, 404);
    assert.ok(missing.body.equals(Buffer.from(notFoundBody)));
  } finally {
    await host.stop();
  }
});

restricted.run();

const listing = suite('Apache on a host that lists folders');

listing('should answer a folder without index.html with 404 and the 404 page, not a listing', async () => {
  const host = await startApache(DIST, { extraModules: ['autoindex'], extraConfig: [`<Directory "${DIST}">`, '  Options +Indexes', '</Directory>'] });
  try {
    for (const p of ['/img/', '/assets/', '/img', '/assets']) {
      const res = await request(host.url + p);
      assert.is(res.status, 404, `${p}\n${host.errorLog()}`);
      assert.ok(res.body.equals(Buffer.from(notFoundBody)), `${p}: the 404 page`);
      assert.not.match(res.body.toString(), /Index of|Parent Directory/, p);
    }
    assert.is((await request(`${host.url}/areas/grants/`)).status, 200, 'a folder with index.html is its page');
    assert.is((await request(`${host.url}/`)).status, 200);
  } finally {
    await host.stop();
  }
});

listing.run();

const proxy = suite('Apache behind a proxy the operator names');

proxy('should trust X-Forwarded-Proto only from the named proxy', async () => {
  // A copy of dist/ whose .htaccess names 127.0.0.1 (the test client) as the HTTPS proxy.
  const root = mkdtempSync(path.join(os.tmpdir(), 'apache-proxy-'));
  let host: RunningApache | undefined;
  try {
    cpSync(DIST, root, { recursive: true });
    writeFileSync(path.join(root, '.htaccess'), generateHtaccess({ trustedProxies: ['127.0.0.1'] }));
    host = await startApache(root);
    const proxied = await request(`${host.url}/areas/grants/`, { Host: 'www.example.com', 'X-Forwarded-Proto': 'https' });
    assert.is(proxied.status, 200, `behind the named proxy\n${host.errorLog()}`);
    assert.is(proxied.headers['strict-transport-security'], `max-age=${HSTS_MAX_AGE_S}`);
    const plain = await request(`${host.url}/areas/grants/`, { Host: 'www.example.com' });
    assert.is(plain.status, 301, 'the proxy forwarding plain HTTP');
    await host.stop();
    writeFileSync(path.join(root, '.htaccess'), generateHtaccess({ trustedProxies: ['10.9.8.7'] }));
    host = await startApache(root);
    const other = await request(`${host.url}/areas/grants/`, { Host: 'www.example.com', 'X-Forwarded-Proto': 'https' });
    assert.is(other.status, 301, 'a client that is not the named proxy');
  } finally {
    await host?.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

proxy.run();

const operator = suite('Apache with the operator\'s redirects and odd file names');
/** File names a browser asks for percent-encoded (lib/url-path.ts), as the preview server serves them too. */
const ODD_NAMES = ['a b.txt', 'a#b.txt', 'what?.txt', '100%.txt', 'c+d.txt', 'café ünï 😀.txt'];

operator('should refuse rules that would hide a page or a file, and serve every page and file with the rules accepted', async () => {
  const { accepted, refused } = checkedRedirects([...HIDING_REDIRECTS, FINE_REDIRECT]);
  assert.equal(accepted, [FINE_REDIRECT], refused.join('\n'));
  assert.is(refused.length, HIDING_REDIRECTS.length);
  for (const line of refused) assert.match(line, /^content\/settings\.yaml: settings: redirect 1: field "from" must be /);
  const root = mkdtempSync(path.join(os.tmpdir(), 'apache-operator-'));
  let host: RunningApache | undefined;
  try {
    cpSync(DIST, root, { recursive: true });
    writeFileSync(path.join(root, '.htaccess'), generateHtaccess({ siteUrl: SITE.settings.siteUrl, redirects: siteRedirects({ redirects: accepted }) }));
    mkdirSync(path.join(root, 'files'));
    for (const name of ODD_NAMES) writeFileSync(path.join(root, 'files', name), `file ${name}`);
    host = await startApache(root);
    for (const name of ODD_NAMES) {
      const res = await request(host.url + encodeUrlPath(`/files/${name}`));
      assert.is(res.status, 200, `${name} at its percent-encoded address\n${host.errorLog()}`);
      assert.is(res.body.toString(), `file ${name}`, name);
    }
    for (const p of HIDDEN_BY_THEM) assert.is((await request(host.url + p)).status, 200, `${p}\n${host.errorLog()}`);
    const moved = await request(host.url + FINE_REDIRECT.from);
    assert.is(moved.status, 301);
    assert.is(locationPath(moved, host.url), FINE_REDIRECT.to);
    for (const p of ['/_headers/', '/_headers%2f', '/_redirects/', '/img/logo.svg/', '/img/logo.svg%2f']) assert.is((await request(host.url + p)).status, 404, `${p}: only the exact name is a file`);
  } finally {
    await host?.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

operator.run();
