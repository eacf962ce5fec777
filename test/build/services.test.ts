/**
 * The ten service pages as built, read in Chromium with
 * JavaScript off so only the server HTML counts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { outputFile } from '../../lib/route.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { DIST, startHarness } from '../../tooling/browser.ts';
import { REQUIRED_PLACES } from '../helpers/required-site.ts';

const site = loadContent(PROJECT_CONTENT);
const routes = buildRoutes(site);
const { siteUrl, phone } = site.settings;
const h = await startHarness();
const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
await context.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
// The DOM is all these tests read: skip fetching pictures (their files are checked on disk below).
await context.route(/\.(svg|png|ico)$/, (r) => r.abort());

/** Loads a built page with JavaScript off. */
async function open(p: string): Promise<Page> {
  const page = await context.newPage();
  const res = await page.goto(h.url(p), { waitUntil: 'domcontentloaded' });
  assert.is(res?.status(), 200, `${p} answered ${res?.status()}`);
  return page;
}

/** Expected question counts: six for master-key-systems and broken-key-extraction, five for the rest. */
const EXPECTED_FAQS: Record<string, number> = {
  'automotive-key-programming': 5, 'car-lockout': 5, 'home-lockout': 5, 'commercial-lockout': 5, 'emergency-locksmith': 5,
  'lock-installation': 5, 'lock-rekeying': 5, 'master-key-systems': 6, 'broken-key-extraction': 6, 'panic-bar-installation': 5,
};

/** What each service page shows, read from its DOM. */
interface Facts {
  faqCards: string[];
  faqJsonLd: string[];
  canonical: string | null;
  robots: string | null;
  pageType: string | null;
  pageKey: string | null;
  h1: string;
  heroTel: string | null;
  heroMail: string | null;
  heroImg: { src: string | null; alt: string | null };
  trust: string[] | null;
  warning: string | null;
  places: string[];
  bannerText: string;
  bannerTel: string | null;
  crumbs: { label: string; href: string | null }[];
}

/**
 * Collapses whitespace in every string of a value read from the page. (Done here, not in the
 * page: tsx wraps named functions in `__name()`, which does not exist inside page.evaluate.)
 */
function clean<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() as T;
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)])) as T;
  return value;
}

async function facts(page: Page): Promise<Facts> {
  return clean(await page.evaluate(() => {
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null'));
    const faqPage = ld.find((d) => d['@type'] === 'FAQPage');
    const hero = document.querySelector('.hero')!;
    const warning = [...document.querySelectorAll('main h2')].find((x) => /REMOVE IT YOURSELF/.test(x.textContent ?? ''));
    const banner = [...document.querySelectorAll('main .call-banner')].at(-1)!;
    return {
      faqCards: [...document.querySelectorAll('main .section-faq .faq-item .faq-q')].map((el) => el.textContent ?? ''),
      faqJsonLd: (faqPage?.mainEntity ?? []).map((q: { name: string }) => q.name),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      pageType: document.body.getAttribute('data-page-type'),
      pageKey: document.body.getAttribute('data-page-key'),
      h1: (document.querySelector('main h1')?.textContent ?? ''),
      heroTel: hero.querySelector('a[href^="tel:"]')?.getAttribute('href') ?? null,
      heroMail: hero.querySelector('a[href^="mailto:"]')?.getAttribute('href') ?? null,
      heroImg: { src: hero.querySelector('img')?.getAttribute('src') ?? null, alt: hero.querySelector('img')?.getAttribute('alt') ?? null },
      trust: document.querySelector('main .trust-bar') ? [...document.querySelectorAll('main .trust-bar li')].map((el) => el.textContent ?? '') : null,
      warning: warning ? (warning.textContent ?? '') : null,
      places: [...document.querySelectorAll('main .places li')].map((el) => el.textContent ?? ''),
      bannerText: (banner.textContent ?? ''),
      bannerTel: banner.querySelector('a[href^="tel:"]')?.getAttribute('href') ?? null,
      crumbs: [...document.querySelectorAll('nav.breadcrumbs li')].map((li) => ({ label: li.textContent ?? '', href: li.querySelector('a')?.getAttribute('href') ?? null })),
    };
  }));
}

/** Site-absolute link targets and picture sources of a page. */
function refsOf(page: Page): Promise<string[]> {
  return page.$$eval('a[href^="/"]:not([href^="//"]), img[src^="/"]', (els) => els.map((e) => e.getAttribute('href') ?? e.getAttribute('src')!));
}

const all = new Map<string, Facts>();
/** Internal references by page path, collected while the pages are open. */
const refs = new Map<string, string[]>();
const pages = suite('service pages (built)');
pages.before(async () => {
  for (const s of site.services) {
    const page = await open(`/services/${s.slug}/`);
    all.set(s.slug, await facts(page));
    refs.set(`/services/${s.slug}/`, await refsOf(page));
    await page.close();
  }
});

pages('should build a page for every service, the ten required service slugs among them', () => {
  for (const slug of Object.keys(EXPECTED_FAQS)) assert.ok(site.services.some((s) => s.slug === slug), slug);
  for (const s of site.services) assert.ok(existsSync(path.join(DIST, 'services', s.slug, 'index.html')), s.slug);
});
pages('should show 5 question-and-answer cards, 6 on master-key-systems and broken-key-extraction, the same as the FAQ JSON-LD', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    // A service added later has the 5 or 6 questions its schema allows.
    assert.is(f.faqCards.length, EXPECTED_FAQS[s.slug] ?? s.faqs.length, s.slug);
    assert.equal(f.faqCards, s.faqs.map((q) => q.question), s.slug);
    assert.equal(f.faqJsonLd, f.faqCards, `${s.slug}: JSON-LD questions differ from the cards`);
  }
});
pages('should have the absolute canonical /services/{slug}/ and robots "index, follow"', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    assert.is(f.canonical, `${siteUrl}/services/${s.slug}/`, s.slug);
    assert.is(f.robots, 'index, follow', s.slug);
  }
});
pages('should carry the page tracker: data-page-type "service" and data-page-key the slug', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    assert.equal([f.pageType, f.pageKey], ['service', s.slug]);
  }
});
pages('should have a hero with the title, a tel: call button, a mailto: quote link and a described picture of its kind', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    assert.is(f.h1, s.heroTitle);
    assert.is(f.heroTel, `tel:${phone.e164}`);
    assert.ok(f.heroMail?.startsWith(`mailto:${site.settings.email}`), s.slug);
    assert.is(f.heroImg.src, `/img/card-${s.kind}.svg`, s.slug);
    assert.ok((f.heroImg.alt ?? '').length > 10, `${s.slug}: hero alt "${f.heroImg.alt}"`);
  }
});
pages('should show the red strip EMERGENCY RESPONSE / LICENSED & INSURED / FAST RESPONSE on emergency-locksmith only', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    if (s.slug === 'emergency-locksmith') assert.equal(f.trust, ['EMERGENCY RESPONSE', 'LICENSED & INSURED', 'FAST RESPONSE']);
    else assert.is(f.trust, null, s.slug);
  }
});
pages('should show the warning "DON\'T TRY TO REMOVE IT YOURSELF!" on broken-key-extraction only', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    if (s.slug === 'broken-key-extraction') assert.is(f.warning, "DON'T TRY TO REMOVE IT YOURSELF!");
    else assert.is(f.warning, null, s.slug);
  }
});
pages('should list the places with their ZIPs, the 14 required places among them', () => {
  const expected = site.places.map((p) => `${p.name}${p.zipCode}`);
  for (const [name, zip] of Object.entries(REQUIRED_PLACES)) assert.ok(expected.includes(`${name}${zip}`), name);
  for (const s of site.services) assert.equal(all.get(s.slug)!.places, expected, s.slug);
});
pages('should close with a call banner showing the phone number and linking to it', () => {
  for (const s of site.services) {
    const f = all.get(s.slug)!;
    assert.ok(f.bannerText.includes(phone.national), `${s.slug}: ${f.bannerText}`);
    assert.is(f.bannerTel, `tel:${phone.e164}`);
  }
});
pages('should have the breadcrumbs Home > Services > {name}, Services pointing at the /services/ hub page', () => {
  assert.ok(existsSync(path.join(DIST, 'services', 'index.html')), 'the hub page is built');
  for (const s of site.services) {
    assert.equal(all.get(s.slug)!.crumbs, [
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services/' },
      { label: s.name, href: null },
    ]);
  }
});
pages.run();

const links = suite('internal links of the issue-4 pages');
links('should all resolve to a built file, and every #fragment to an id on the target page', async () => {
  for (const p of ['/sitemap/', '/mobile-apps/', '/keyword-analysis/']) {
    const page = await open(p);
    refs.set(p, await refsOf(page));
    await page.close();
  }
  assert.is(refs.size, site.services.length + 3, 'every service page and the three pages above');
  const broken: string[] = [];
  for (const [p, list] of refs) {
    for (const ref of new Set(list)) {
      const url = new URL(ref, 'http://x');
      const file = path.join(DIST, url.pathname.endsWith('/') ? outputFile(url.pathname) : url.pathname.slice(1));
      if (!existsSync(file)) { broken.push(`${p} -> ${ref} (no ${path.relative(DIST, file)})`); continue; }
      const id = decodeURIComponent(url.hash.slice(1));
      if (id && !new RegExp(`id="?${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?[ >]`).test(readFileSync(file, 'utf8'))) broken.push(`${p} -> ${ref} (no id "${id}")`);
    }
  }
  assert.equal(broken, []);
});
links.run();

const keyword = suite('/keyword-analysis/ (built)');
keyword('should have robots "noindex, nofollow" and be left out of sitemap.xml', async () => {
  const page = await open('/keyword-analysis/');
  assert.is(await page.getAttribute('meta[name="robots"]', 'content'), 'noindex, nofollow');
  await page.close();
  const xml = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
  assert.not.match(xml, /keyword-analysis/);
  assert.match(xml, /<loc>[^<]*\/services\/car-lockout\/<\/loc>/);
  assert.ok(routes.some((r) => r.path === '/keyword-analysis/'));
});
keyword.after(async () => {
  await context.close();
  await h.close();
});
keyword.run();
