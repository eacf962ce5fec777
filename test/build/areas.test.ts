/**
 * Checks the built area pages and /service-areas/ in $DIST_DIR (or dist/), as test/run.ts just
 * built them: ZIP and population on every area page, exactly the sections of each variant, no "24/7" on San Rafael and Gallup, the acoma-pueblo alias, a card per community
 * and the listed places, coverage statistics that agree with the card badges, and that every internal link and picture of these pages resolves;
 * honest arrival times (the owner's response times only within about 25 km of Grants, a farther town's own
 * estimate on its page and in its FAQ JSON-LD), links to specialised services and the nearest towns, and
 * alt text that describes a drawing, not a town.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { arrivalOf, neighbours } from '../../lib/content/arrival.ts';
import { coverageCounts } from '../../lib/content/coverage.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { REQUIRED_AREA_SLUGS, REQUIRED_COVERAGE } from '../helpers/required-site.ts';
import { DIST } from '../../tooling/browser.ts';

const site = loadContent(PROJECT_CONTENT);
const SITE_URL = site.settings.siteUrl;

/** The built HTML of a site path such as "/areas/grants/". */
function html(p: string): string {
  return readFileSync(path.join(DIST, p.replace(/^\//, ''), p.endsWith('/') ? 'index.html' : ''), 'utf8');
}

/** The <main> element's markup. */
function main(doc: string): string {
  const m = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(doc);
  if (!m) throw new Error('no <main> element');
  return m[1];
}

/** Visible text of some markup: scripts and styles dropped, tags to spaces, spaces collapsed. */
function text(markup: string): string {
  return markup
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&rarr;/g, '→')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Class names that mark each area-page section (pages/AreaPage.tsx). */
const MARKERS: Record<string, string> = {
  hero: 'hero',
  about: 'area-about',
  features: 'area-features',
  services: 'area-services',
  history: 'area-history',
  why: 'section-why',
  emergency: 'call-banner-emergency',
  faq: 'section-faq',
  closing: 'call-banner-navy',
};

/** The sections of a page's <main>, in document order. */
function sections(markup: string): string[] {
  const found: string[] = [];
  for (const m of markup.matchAll(/<[a-z]+\b[^>]*\bclass="([^"]*)"/g)) {
    const classes = m[1].split(/\s+/);
    for (const [name, cls] of Object.entries(MARKERS)) if (classes.includes(cls)) found.push(name);
  }
  return found;
}

/** The h1 texts of a document, leaving out inert <template> content (the error screen's). */
function h1s(doc: string): string[] {
  return [...doc.replace(/<template\b[\s\S]*?<\/template>/g, '').matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => text(m[1]));
}

/** JSON-LD blocks of a document. */
function jsonLd(doc: string): any[] {
  return [...doc.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

const AREA_SLUGS: string[] = [...REQUIRED_AREA_SLUGS];
const byslug = (slug: string) => site.areas.find((a) => a.slug === slug)!;

// Expected sections of each area page variant, written out here, not read from the content flags.
const STANDARD = ['hero', 'about', 'features', 'services', 'why', 'emergency', 'faq', 'closing'];
const EXPECTED: Record<string, string[]> = Object.fromEntries(AREA_SLUGS.map((s) => [s, STANDARD]));
EXPECTED.bluewater = ['hero', 'about', 'features', 'services', 'emergency', 'faq', 'closing'];
for (const s of ['crownpoint', 'smith-lake', 'san-fidel', 'fort-wingate']) EXPECTED[s] = ['hero', 'about', 'services', 'history', 'why', 'emergency', 'faq', 'closing'];
for (const s of ['new-laguna', 'church-rock']) EXPECTED[s] = ['hero', 'about', 'services', 'faq', 'closing'];

const pages = suite('built area pages');
pages('should build all 17 area pages and the acoma-pueblo alias', () => {
  for (const slug of [...AREA_SLUGS, 'acoma-pueblo']) assert.ok(existsSync(path.join(DIST, 'areas', slug, 'index.html')), slug);
  for (const slug of AREA_SLUGS) assert.ok(site.areas.some((a) => a.slug === slug), slug);
});
pages('should show each area\'s ZIP and population', () => {
  for (const slug of [...AREA_SLUGS, 'acoma-pueblo']) {
    const area = byslug(slug === 'acoma-pueblo' ? 'acoma' : slug);
    const t = text(main(html(`/areas/${slug}/`)));
    assert.ok(t.includes(`ZIP ${area.zipCode}`), `${slug}: ZIP ${area.zipCode}`);
    assert.ok(t.includes(`Population ${area.population}`), `${slug}: population ${area.population}`);
  }
  assert.ok(text(main(html('/areas/grants/'))).includes('Population ~9,000'));
  assert.ok(text(main(html('/areas/fence-lake/'))).includes('County Catron County'));
});
pages('should have exactly the sections of its variant, in order', () => {
  for (const slug of AREA_SLUGS) assert.equal(sections(main(html(`/areas/${slug}/`))), EXPECTED[slug], slug);
});
pages('should have one h1, "Locksmith in {Name}, NM"', () => {
  for (const slug of AREA_SLUGS) {
    assert.equal(h1s(html(`/areas/${slug}/`)), [`Locksmith in ${byslug(slug).name}, NM`], slug);
  }
});
pages('should have six feature tags, or six history tags on the history variants', () => {
  const tags = (markup: string, cls: string) => {
    const block = new RegExp(`class="[^"]*\\b${cls}\\b[\\s\\S]*?<ul[^>]*>([\\s\\S]*?)</ul>`).exec(markup);
    return block ? [...block[1].matchAll(/<li\b/g)].length : 0;
  };
  assert.is(tags(main(html('/areas/grants/')), 'area-features'), 6);
  assert.is(tags(main(html('/areas/crownpoint/')), 'area-history'), 6);
  assert.ok(text(main(html('/areas/crownpoint/'))).includes('Crownpoint Rug Auction'));
});
pages('should show the four services with the sub-services', () => {
  const t = text(main(html('/areas/church-rock/')));
  for (const s of ['Automotive Locksmith', 'Car lockouts', 'Key programming', 'Ignition repair', 'Residential Locksmith', 'Home lockouts', 'Lock installation', 'Rekeying',
    'Commercial Locksmith', 'Office lockouts', 'Master key systems', 'Security', 'Emergency Services', 'Emergency locksmith response']) assert.ok(t.includes(s), s);
});
pages('should never say 24/7 on the San Rafael and Gallup pages', () => {
  for (const slug of ['san-rafael', 'gallup']) {
    const doc = html(`/areas/${slug}/`);
    assert.not.ok(doc.includes('24/7'), `${slug}: ${/.{60}24\/7.{40}/.exec(doc)?.[0]}`);
    assert.ok(text(main(doc)).includes(`Emergency services are available in ${byslug(slug).name}`), slug);
  }
  assert.ok(text(main(html('/areas/grants/'))).includes('24/7 Emergency Locksmith in Grants'));
});
pages('should call Gallup an extended-coverage area served on request', () => {
  assert.ok(text(main(html('/areas/gallup/'))).includes('Gallup is an extended-coverage area, served on request'));
});
pages('should show the five FAQ questions and the same five in FAQPage JSON-LD', () => {
  for (const slug of AREA_SLUGS) {
    const doc = html(`/areas/${slug}/`);
    const shown = [...main(doc).matchAll(/<h3 class="faq-q">([\s\S]*?)<\/h3>/g)].map((m) => text(m[1]));
    const faq = jsonLd(doc).find((d) => d['@type'] === 'FAQPage');
    assert.is(shown.length, 5, slug);
    assert.equal(faq.mainEntity.map((q: any) => q.name), shown, slug);
  }
});
pages('should show breadcrumbs Home / Service Areas / "{Name}, NM" and the page tracker', () => {
  for (const slug of AREA_SLUGS) {
    const doc = html(`/areas/${slug}/`);
    const nav = /<nav class="breadcrumbs[^"]*" aria-label="Breadcrumb">([\s\S]*?)<\/nav>/.exec(doc)?.[1] ?? '';
    assert.equal([...nav.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]), [
      '<a href="/">Home</a>', '<a href="/service-areas/">Service Areas</a>', `<span aria-current="page">${byslug(slug).name}, NM</span>`,
    ], slug);
    assert.ok(doc.includes(`<body data-page-type="area" data-page-key="${slug}"`), slug);
    assert.ok(jsonLd(doc).some((d) => d['@type'] === 'BreadcrumbList' && d.itemListElement.length === 3), slug);
  }
  assert.ok(html('/areas/acoma-pueblo/').includes('<body data-page-type="area" data-page-key="acoma"'));
});
pages('should mark Areas active in the header', () => {
  assert.match(html('/areas/milan/'), /<details class="dropdown" data-menu="service-areas"><summary class="nav-link is-active">/);
});
pages.run();

const alias = suite('acoma-pueblo alias');
alias('should point its canonical at /areas/acoma/, like Acoma itself', () => {
  const canonical = (p: string) => /<link rel="canonical" href="([^"]+)"/.exec(html(p))?.[1];
  assert.is(canonical('/areas/acoma-pueblo/'), `${SITE_URL}/areas/acoma/`);
  assert.is(canonical('/areas/acoma/'), `${SITE_URL}/areas/acoma/`);
  assert.is(canonical('/areas/grants/'), `${SITE_URL}/areas/grants/`);
});
alias('should leave acoma-pueblo out of sitemap.xml and list the 17 area pages', () => {
  const xml = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
  const areas = [...xml.matchAll(/<loc>([^<]*\/areas\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  assert.equal(areas, site.areas.map((a) => `${SITE_URL}/areas/${a.slug}/`).sort());
});
alias.run();

const all = suite('built /service-areas/');
all('should have a card per community, each with id = slug, linking to the area page where there is one', () => {
  const m = main(html('/service-areas/'));
  // Each card runs from its opening tag to the next card's (the last one to the end of the list).
  const list = m.slice(m.indexOf('class="cards community-cards"'), m.indexOf('class="section coverage-section"'));
  const cards = list.split(/(?=<li id="[^"]+" class="card community-card">)/).slice(1).map((c) => [/^<li id="([^"]+)"/.exec(c)![1], c]);
  assert.equal(cards.map((c) => c[0]), site.communities.map((c) => c.slug));
  for (const [slug, body] of cards) {
    const hasPage = site.areas.some((a) => a.slug === slug);
    assert.is(body.includes(`href="/areas/${slug}/"`), hasPage, slug);
  }
  assert.ok(text(m).includes('Mesita ZIP 87026'));
});
all('should show the coverage statistics counted from the records (9 primary and 5 extended today)', () => {
  const stats = /<dl class="coverage-stats">([\s\S]*?)<\/dl>/.exec(main(html('/service-areas/')))?.[1] ?? '';
  const counts = coverageCounts(site.communities);
  assert.is(text(stats), `Counties: Cibola, McKinley, Catron 3 Primary communities ${counts.primary} Extended-coverage communities ${counts.extended} Mile service radius 60+`);
  assert.ok(counts.primary >= REQUIRED_COVERAGE.primary && counts.extended >= REQUIRED_COVERAGE.extended);
});
all('should badge exactly as many cards primary and extended as the statistics count', () => {
  const m = main(html('/service-areas/'));
  const stat = (label: string) => Number(new RegExp(`<dt>${label}</dt><dd>(\\d+)</dd>`).exec(m)?.[1]);
  const badges = (kind: string) => (m.match(new RegExp(`class="coverage coverage-${kind}"`, 'g')) ?? []).length;
  assert.is(badges('primary'), stat('Primary communities'));
  assert.is(badges('extended'), stat('Extended-coverage communities'));
  assert.is(badges('primary') + badges('extended') + badges('also'), site.communities.length);
  assert.is((text(m).match(/Primary area/g) ?? []).length, stat('Primary communities'));
});
all('should list the places at a glance with their ZIPs', () => {
  const list = /<ul class="places"[^>]*>([\s\S]*?)<\/ul>/.exec(main(html('/service-areas/')))?.[1] ?? '';
  const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]));
  assert.equal(items, site.places.map((p) => `${p.name} ${p.zipCode}`));
  assert.ok(items.includes('Acoma Pueblo 87034'));
});
all('should have one h1', () => {
  assert.equal(h1s(html('/service-areas/')), ['Locksmith Service Areas in Cibola & McKinley Counties']);
});
all.run();

const links = suite('internal links of the area and service-areas pages');
links('should resolve every internal href and src, including #fragments', () => {
  const missing: string[] = [];
  for (const p of ['/service-areas/', ...[...AREA_SLUGS, 'acoma-pueblo'].map((s) => `/areas/${s}/`)]) {
    const doc = html(p);
    for (const m of doc.matchAll(/\s(?:href|src)="(\/[^"]*)"/g)) {
      const [target, fragment] = m[1].split('#');
      const file = path.join(DIST, target.endsWith('/') ? `${target}index.html` : target);
      if (!existsSync(file)) { missing.push(`${p} -> ${m[1]}`); continue; }
      if (fragment && !readFileSync(file, 'utf8').includes(`id="${fragment}"`)) missing.push(`${p} -> ${m[1]} (no id)`);
    }
  }
  assert.equal([...new Set(missing)], []);
});
links.run();

const honest = suite('arrival times on the area pages');
/** Sentences of a text. */
const sentencesOf = (t: string) => t.split(/(?<=[.!?:;])\s+/);
const OWNER_MINUTES = site.settings.responseMinutes;
const far = site.areas.filter((a) => !arrivalOf(a, site.settings).near);
honest('should leave the owner\'s response times to Grants and towns within about 25 km', () => {
  assert.ok(far.length >= 10, `only ${far.length} far towns`);
  const minutes = [...new Set(Object.values(OWNER_MINUTES))];
  const promises: string[] = [];
  for (const a of far) {
    const doc = html(`/areas/${a.slug}/`);
    const faq = jsonLd(doc).find((d) => d['@type'] === 'FAQPage');
    const texts = [text(main(doc)), ...faq.mainEntity.map((q: any) => q.acceptedAnswer.text)];
    for (const s of texts.flatMap(sentencesOf)) {
      if (minutes.some((m) => s.includes(m)) && !/\bGrants\b/.test(s)) promises.push(`${a.slug}: ${s}`);
      if (minutes.some((m) => s.includes(m)) && s.includes(a.name)) promises.push(`${a.slug}: ${s}`);
    }
  }
  assert.equal(promises, []);
});
honest('should give each farther town its own estimate from its distance, on the page and in the FAQ JSON-LD', () => {
  for (const a of far) {
    const { estimate, km } = arrivalOf(a, site.settings);
    const doc = html(`/areas/${a.slug}/`);
    const answer = jsonLd(doc).find((d) => d['@type'] === 'FAQPage').mainEntity[1].acceptedAnswer.text;
    assert.ok(answer.includes(`${km} km`) && answer.includes(estimate), `${a.slug}: ${answer}`);
    assert.ok(text(main(doc)).includes(estimate), a.slug);
  }
});
honest('should give a town within 25 km the owner\'s times', () => {
  const milan = byslug('milan');
  assert.ok(arrivalOf(milan, site.settings).near);
  const answer = jsonLd(html('/areas/milan/')).find((d) => d['@type'] === 'FAQPage').mainEntity[1].acceptedAnswer.text;
  assert.ok(answer.includes(`${OWNER_MINUTES.normal} minutes`), answer);
});
honest.run();

const placeLinks = suite('links between places and services on the area pages');
/** The hrefs inside one section (by its class) of a page's <main>. */
function hrefsIn(markup: string, cls: string): string[] {
  const start = markup.search(new RegExp(`class="[^"]*\\b${cls}\\b`));
  const section = markup.slice(start, markup.indexOf('</section>', start));
  return [...section.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
}
placeLinks('should link each area page to at least three specialised services from its record, not the same everywhere', () => {
  const sets = new Set<string>();
  for (const a of site.areas) {
    const links = hrefsIn(main(html(`/areas/${a.slug}/`)), 'area-services').filter((h) => h.startsWith('/services/'));
    assert.ok(links.length >= 3, `${a.slug}: ${links}`);
    assert.equal([...links].sort(), a.page.town.services.map((s) => `/services/${s}/`).sort(), a.slug);
    sets.add([...links].sort().join(' '));
  }
  assert.ok(sets.size > 3, `only ${sets.size} different sets of service links`);
});
placeLinks('should link each area page to its two nearest towns in About', () => {
  for (const a of site.areas) {
    const links = hrefsIn(main(html(`/areas/${a.slug}/`)), 'area-about').filter((h) => h.startsWith('/areas/'));
    assert.equal(links, neighbours(a, site.areas).map((n) => `/areas/${n.town.slug}/`), a.slug);
    assert.is(links.length, 2, a.slug);
  }
  assert.equal(hrefsIn(main(html('/areas/grants/')), 'area-about').filter((h) => h.startsWith('/areas/')), ['/areas/milan/', '/areas/san-rafael/']);
});
placeLinks.run();

const alts = suite('alt text of the area pictures');
alts('should describe one drawing the same way on every page that shows it, naming no town', () => {
  const byImage = new Map<string, Set<string>>();
  for (const slug of AREA_SLUGS) {
    for (const m of main(html(`/areas/${slug}/`)).matchAll(/<img\b[^>]*\bsrc="([^"]+\.svg)"[^>]*\balt="([^"]*)"/g)) {
      if (!byImage.has(m[1])) byImage.set(m[1], new Set());
      byImage.get(m[1])!.add(m[2]);
    }
  }
  const names = site.communities.map((c) => c.name);
  for (const [src, set] of byImage) {
    if (!src.includes('scene-') && !src.includes('hero')) continue;
    assert.is(set.size, 1, `${src}: ${[...set].join(' | ')}`);
    for (const alt of set) for (const n of names) assert.not.ok(alt.includes(n), `${src}: "${alt}" names ${n}`);
  }
  assert.ok([...byImage.keys()].some((s) => s.includes('scene-mesa')));
});
alts.run();
