/**
 * Gate: links. Every internal link, image, script and stylesheet reference in the dist folder
 * resolves to a file; every #fragment resolves to an id; every page of sitemap.xml exists and
 * every indexable page (pages/route.ts isIndexable over the route table) is in it. A canary folder
 * with a broken link and a broken fragment proves the checker finds them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REDIRECTS } from '../../lib/site-files/hosting.ts';
import { absoluteUrl } from '../../lib/site-files/structured-data.ts';
import { isIndexable } from '../../lib/route.ts';
import { checkLinks, formatProblem, settingsLinksOut } from '../helpers/links.ts';
import { DIST, distHas, fileOf, htmlFiles, readDist, ROUTES, SITE } from '../helpers/site.ts';

const siteUrl = SITE.settings.siteUrl;
const redirectFrom = REDIRECTS.map((r) => r.from);
// The operator's pages elsewhere; the sample's are on example.com, the sample site's own domain.
const externalUrls = settingsLinksOut(SITE.settings);

const canary = suite('checkLinks on a broken page');

canary('should report a missing page, a missing fragment and a slash-less directory link', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'links-canary-'));
  try {
    mkdirSync(path.join(dir, 'a'));
    writeFileSync(path.join(dir, 'a/index.html'), '<!doctype html><title>a</title><h1 id="top-of-a">A</h1>');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title><a href="/missing/">m</a><a href="/a/#nope">f</a><a href="/a">s</a><a href="/a/#top-of-a">ok</a><img src="/img/x.svg" alt="">');
    const problems = checkLinks(dir, 'https://www.example.com').map(formatProblem);
    assert.equal(problems, [
      '/index.html: "/missing/": no file /missing/index.html in the build',
      '/index.html: "/a/#nope": no element with id="nope" on /a/',
      '/index.html: "/a": add the trailing slash ("/a/"): the hosts answer "/a" with a redirect',
      '/index.html: "/img/x.svg": no file /img/x.svg in the build',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

canary.run();

const links = suite('internal links of the build');

links('should resolve every internal reference and #fragment of every HTML file', () => {
  assert.ok(htmlFiles().length >= 30, `only ${htmlFiles().length} HTML files in ${DIST}`);
  assert.equal(checkLinks(DIST, siteUrl, redirectFrom, externalUrls).map(formatProblem), []);
});

links('should have a file for every route, and a route for every HTML file', () => {
  const routeFiles = ROUTES.map((r) => fileOf(r.path)).sort();
  assert.equal(routeFiles.filter((f) => !distHas(f)), [], 'routes without a file');
  assert.equal(htmlFiles().filter((f) => !routeFiles.includes(f)), [], 'HTML files no route builds');
});

links('should resolve the icons and start URL of the web app manifest', () => {
  const manifest = JSON.parse(readDist('/manifest.webmanifest')) as { start_url: string; icons: { src: string }[] };
  const refs = [manifest.start_url, ...manifest.icons.map((i) => i.src)];
  assert.equal(refs.filter((r) => !distHas(r.endsWith('/') ? `${r}index.html` : r)), []);
});

links.run();

const sitemap = suite('sitemap.xml');
const locs = [...readDist('/sitemap.xml').matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);

sitemap('should list only URLs of files in the build', () => {
  const missing = locs.filter((u) => !u.startsWith(`${siteUrl}/`) || !distHas(fileOf(new URL(u).pathname)));
  assert.equal(missing, []);
});

sitemap('should list every indexable page exactly once, and nothing else', () => {
  const expected = ROUTES.filter(isIndexable).map((r) => absoluteUrl(siteUrl, r.path)).sort();
  assert.ok(expected.length >= 30, `only ${expected.length} indexable routes`);
  assert.equal([...locs].sort(), expected);
});

sitemap('should list no page that asks not to be indexed or names another canonical', () => {
  const bad: string[] = [];
  for (const u of locs) {
    const root = parse(readDist(fileOf(new URL(u).pathname)));
    const robots = root.querySelector('meta[name="robots"]')?.getAttribute('content') ?? '';
    const canonical = root.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (/noindex/.test(robots)) bad.push(`${u}: robots "${robots}"`);
    if (canonical !== u) bad.push(`${u}: canonical ${canonical}`);
  }
  assert.equal(bad, []);
});

sitemap('should be named by robots.txt', () => {
  assert.match(readDist('/robots.txt'), new RegExp(`^Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml').replace(/[.]/g, '\\.')}$`, 'm'));
});

sitemap.run();
