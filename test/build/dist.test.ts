/**
 * Checks over the built dist/: every internal link and image resolves to a file; every
 * page has one h1, a title, a description and an absolute canonical; every FAQ question in JSON-LD
 * is visible on its page; sitemap.xml and robots.txt are right.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { isIndexable } from '../../lib/route.ts';
import { DIST, jsonLdBlocks, readPages, resolveSitePath, visibleText, type DistPage } from '../helpers/dist.ts';

let pages: DistPage[] = [];
const site = loadContent(PROJECT_CONTENT);
const routes = buildRoutes(site);

const dist = suite('built pages');
dist.before(async () => { pages = await readPages(); });

dist('should have one page per route', () => {
  const expected = routes.map((r) => r.path).sort();
  assert.equal(pages.map((p) => p.path).sort(), expected);
});

dist('should resolve every internal link, image, script and stylesheet to a file', () => {
  const broken: string[] = [];
  for (const page of pages) {
    for (const el of page.root.querySelectorAll('a[href], img[src], link[href], script[src], source[src]')) {
      const ref = el.getAttribute('href') ?? el.getAttribute('src')!;
      if (/^(https?:|mailto:|tel:|sms:|#)/.test(ref)) continue;
      const target = ref.startsWith('/') ? ref : path.posix.join(page.path.endsWith('/') ? page.path : path.posix.dirname(page.path), ref);
      if (!resolveSitePath(target)) broken.push(`${page.path} -> ${ref}`);
    }
  }
  assert.equal(broken, []);
});

dist('should give every page exactly one h1, a title and a description', () => {
  const problems: string[] = [];
  for (const p of pages) {
    const h1 = p.root.querySelectorAll('h1').filter((el) => !el.closest('template')).length;
    if (h1 !== 1) problems.push(`${p.path}: ${h1} h1 elements`);
    if (!p.root.querySelector('title')?.textContent.trim()) problems.push(`${p.path}: no title`);
    if (!p.root.querySelector('meta[name="description"]')?.getAttribute('content')?.trim()) problems.push(`${p.path}: no description`);
  }
  assert.equal(problems, []);
});

dist('should give every page an absolute canonical on the site address, and none to the 404 and offline pages', () => {
  const without = ['/404.html', '/offline.html'];
  for (const p of pages.filter((x) => !without.includes(x.path))) {
    const href = p.root.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    assert.ok(href.startsWith(`${site.settings.siteUrl}/`), `${p.path}: canonical "${href}"`);
  }
  for (const p of without) {
    const page = pages.find((x) => x.path === p);
    assert.ok(page, `${p} is built`);
    // Served at addresses that are not their own (any unknown path, any page fetched offline).
    assert.is(page!.root.querySelectorAll('link[rel="canonical"], meta[property="og:url"]').length, 0, p);
  }
});

dist('should show on the page every question of its FAQPage JSON-LD', () => {
  let checked = 0;
  for (const p of pages) {
    const text = visibleText(p.root.querySelector('body')!);
    for (const block of jsonLdBlocks(p.root).filter((b) => b['@type'] === 'FAQPage')) {
      for (const q of block.mainEntity) {
        assert.ok(text.includes(q.name), `${p.path}: question not visible: ${q.name}`);
        assert.ok(text.includes(q.acceptedAnswer.text), `${p.path}: answer not visible: ${q.acceptedAnswer.text}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 100, `only ${checked} FAQ entries checked`);
});

dist('should put the call link within the first 14 KB gzipped of every page (the first round trip)', () => {
  // 14 KB: TCP's initial congestion window of 10 segments (RFC 6928), web.dev "Critical rendering path".
  for (const p of pages) {
    const at = p.html.indexOf(`href="tel:${site.settings.phone.e164}"`);
    assert.ok(at > 0, `${p.path}: no tel: link`);
    const gz = gzipSync(p.html.slice(0, at), { level: 6 }).length;
    assert.ok(gz < 14 * 1024, `${p.path}: first tel: link after ${gz} gzipped bytes`);
  }
});

dist('should mark the 404, offline and keyword pages noindex and every other page "index, follow"', () => {
  for (const p of pages) {
    const robots = p.root.querySelector('meta[name="robots"]')?.getAttribute('content');
    const expected = p.path === '/404.html' || p.path === '/offline.html' ? 'noindex, follow' : p.path === '/keyword-analysis/' ? 'noindex, nofollow' : 'index, follow';
    assert.is(robots, expected, p.path);
  }
});
dist.run();

const files = suite('sitemap.xml and robots.txt');
files('should list exactly the indexable pages as absolute URLs, sorted', async () => {
  const xml = await readFile(path.join(DIST, 'sitemap.xml'), 'utf8');
  const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  const expected = routes.filter(isIndexable).map((r) => `${site.settings.siteUrl}${r.path}`).sort();
  assert.equal(locs, expected);
  assert.not.ok(locs.some((l) => l.includes('acoma-pueblo') || l.includes('keyword-analysis') || l.includes('404')));
});
files('should give robots.txt a Sitemap: line with the absolute sitemap URL', async () => {
  const robots = await readFile(path.join(DIST, 'robots.txt'), 'utf8');
  assert.match(robots, `Sitemap: ${site.settings.siteUrl}/sitemap.xml`);
});
files('should ship a favicon', () => {
  assert.ok(resolveSitePath('/favicon.ico'), 'dist/favicon.ico');
});
files.run();
