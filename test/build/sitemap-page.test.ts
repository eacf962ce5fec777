/**
 * The /sitemap/ page as built, compared with the route table it is
 * computed from, read in Chromium with JavaScript off.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { outputFile, SITEMAP_GROUPS } from '../../lib/route.ts';
import { buildRoutes, sitemapGroups } from '../../pages/routes.ts';
import { DIST, startHarness } from '../../tooling/browser.ts';

const site = loadContent(PROJECT_CONTENT);
const table = sitemapGroups(buildRoutes(site));
const tableTotal = table.reduce((n, g) => n + g.pages.length, 0);
const h = await startHarness();
const context = await h.browser.newContext({ javaScriptEnabled: false });
await context.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
let page: Page;

/** Collapses whitespace in every string of a value read from the page (tsx's `__name()` helper is missing inside $$eval). */
function clean<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() as T;
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)])) as T;
  return value;
}

interface Shown {
  id: string;
  title: string;
  count: number;
  headingLinks: number;
  entries: { name: string; description: string; path: string; href: string | null; links: number; shownPath: boolean }[];
}

const sitemap = suite('/sitemap/ page (built)');
let groups: Shown[] = [];
sitemap.before(async () => {
  page = await context.newPage();
  const res = await page.goto(h.url('/sitemap/'), { waitUntil: 'domcontentloaded' });
  assert.is(res?.status(), 200);
  groups = clean(await page.$$eval('main section.sitemap-group', (sections) => sections.map((s) => {
    return {
      id: s.id,
      title: (s.querySelector('h2 > .sitemap-group-name')?.textContent ?? ''),
      headingLinks: s.querySelectorAll('h2 a').length,
      count: Number(s.querySelector('.sitemap-count')?.getAttribute('data-count')),
      entries: [...s.querySelectorAll('li.sitemap-entry')].map((li) => ({
        name: (li.querySelector('h3')?.textContent ?? ''),
        description: (li.querySelector('.sitemap-desc')?.textContent ?? ''),
        path: li.querySelector('h3 > a')?.getAttribute('href') ?? '',
        href: li.querySelector('h3 > a')?.getAttribute('href') ?? null,
        links: li.querySelectorAll('a').length,
        shownPath: /(^|\s)\/[\w-]*\//.test(li.textContent ?? ''),
      })),
    };
  })));
});

sitemap('should be headed "Website Sitemap"', async () => {
  assert.is((await page.textContent('main h1'))?.trim(), 'Website Sitemap');
});
sitemap('should show the four groups in order with 3, 4, one per service and one per area page plus the all-areas page (3, 4, 10, 18 today)', () => {
  assert.equal(groups.map((g) => g.title), [...SITEMAP_GROUPS]);
  assert.equal(groups.map((g) => g.count), [3, 4, site.services.length, site.areas.length + 1]);
  assert.equal(groups.map((g) => g.count), table.map((g) => g.pages.length));
  assert.equal(groups.map((g) => g.entries.length), table.map((g) => g.pages.length));
});
sitemap('should give each group an id, Specialized Services "specialized-services"', () => {
  assert.equal(groups.map((g) => g.id), ['main-pages', 'core-services', 'specialized-services', 'service-areas']);
});
sitemap('should display the total the route table gives (3 + 4 + 10 + 18 today)', async () => {
  const shown = await page.getAttribute('[data-total-pages]', 'data-total-pages');
  assert.is(Number(shown), tableTotal);
  assert.is(tableTotal, 3 + 4 + site.services.length + site.areas.length + 1);
  assert.is((await page.textContent('[data-total-pages]'))?.trim(), `${tableTotal} pages`);
});
sitemap('should head every group alike: icon, name and count, no heading a link', () => {
  assert.equal(groups.map((g) => g.headingLinks), [0, 0, 0, 0]);
});
sitemap('should list each entry with the name, description and path (its link) of the table', () => {
  assert.equal(groups.map((g) => g.entries.map(({ name, description, path: p }) => ({ name, description, path: p }))), table.map((g) => g.pages));
});
sitemap('should link every entry\'s name to a built file', () => {
  const missing = groups.flatMap((g) => g.entries).filter((e) => !e.href || e.href !== e.path || !existsSync(path.join(DIST, outputFile(e.href)))).map((e) => e.href);
  assert.equal(missing, []);
});
sitemap('should make each entry one link named by its page, with no raw path shown and no "Visit Page" buttons', async () => {
  for (const e of groups.flatMap((g) => g.entries)) {
    assert.is(e.links, 1, e.name);
    assert.not.ok(e.shownPath, `${e.name}: shows a raw path`);
    assert.ok(await page.locator('main li.sitemap-entry h3 a', { hasText: e.name }).count() >= 1, e.name);
  }
  assert.is(await page.getByRole('link', { name: /^Visit Page/ }).count(), 0);
});
sitemap('should link /sitemap.xml in a new tab with rel="noopener", and the file should exist', async () => {
  const link = page.locator('main a[href="/sitemap.xml"]');
  assert.is(await link.count(), 1);
  assert.is(await link.getAttribute('target'), '_blank');
  assert.is(await link.getAttribute('rel'), 'noopener');
  assert.ok(existsSync(path.join(DIST, 'sitemap.xml')));
});
sitemap('should have a help section with call and e-mail links', async () => {
  const help = page.locator('main section.sitemap-help');
  assert.is(await help.locator(`a[href="tel:${site.settings.phone.e164}"]`).count(), 1);
  assert.is(await help.locator(`a[href^="mailto:${site.settings.email}"]`).count(), 1);
});
sitemap.after(async () => {
  await context.close();
  await h.close();
});
sitemap.run();
