/**
 * Gate: structured data. Every JSON-LD block of every page parses; every @type is a schema.org
 * type and every property one that type allows (checked against schema-dts's declarations, which
 * are generated from schema.org); the Locksmith block carries the settings (content/settings.yaml) and
 * constants (content/business.ts), and `aggregateRating` only on the page that shows the rating; FAQPage questions are all in the page's visible text and their answers in
 * its content; BreadcrumbList names and URLs are the visible breadcrumb trail's.
 */
import { parse } from 'node-html-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, startHarness, type Harness } from '../../tooling/browser.ts';
import { vocabularyProblems } from '../helpers/schema-vocabulary.ts';
import { browserPathOf, fileOf, htmlFiles, readDist, ROUTES, SITE } from '../helpers/site.ts';

type Node = Record<string, any>;

const files = htmlFiles();
const blocks = new Map<string, { raw: string; data?: Node; error?: string }[]>(files.map((f) => [
  f,
  parse(readDist(f)).querySelectorAll('script[type="application/ld+json"]').map((s) => {
    try {
      return { raw: s.text, data: JSON.parse(s.text) as Node };
    } catch (error) {
      return { raw: s.text, error: (error as Error).message };
    }
  }),
]));
const ofType = (file: string, type: string) => blocks.get(file)!.map((b) => b.data).filter((d): d is Node => d?.['@type'] === type);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

const json = suite('JSON-LD blocks');

json('should parse, on every page', () => {
  assert.ok(files.length >= 30);
  const broken = [...blocks].flatMap(([f, list]) => list.filter((b) => b.error).map((b) => `${f}: ${b.error}: ${b.raw.slice(0, 80)}`));
  assert.equal(broken, []);
});

json('should use only schema.org types, each with properties it allows', () => {
  const problems = [...blocks].flatMap(([f, list]) => list.flatMap((b) => (b.data ? vocabularyProblems(b.data).map((p) => `${f}: ${p}`) : [])));
  assert.equal(problems, []);
});

json('should catch a misspelt property (the vocabulary check works)', () => {
  assert.equal(vocabularyProblems({ '@type': 'Locksmith', telephone: 'x', adress: 'Grants' }), ['$: Locksmith has no property "adress"']);
});

json.run();

const business = suite('Locksmith block');

business('should be on every page exactly once, the same everywhere but for the rating', () => {
  const counts = files.filter((f) => ofType(f, 'Locksmith').length !== 1);
  assert.equal(counts, [], 'pages without exactly one Locksmith block');
  const withoutRating = (f: string) => { const { aggregateRating: _, ...rest } = ofType(f, 'Locksmith')[0]; return JSON.stringify(rest); };
  const first = withoutRating(files[0]);
  assert.equal(files.filter((f) => withoutRating(f) !== first), []);
  // Marked-up content must be visible: only the home page shows the rating, beside its reviews.
  assert.equal(files.filter((f) => ofType(f, 'Locksmith')[0].aggregateRating), ['/index.html']);
});

business('should carry the business constants and the operator settings', () => {
  const b = ofType('/index.html', 'Locksmith')[0];
  const { settings } = SITE;
  const LOCATION = settings.location;
  assert.is(b['@context'], 'https://schema.org');
  assert.is(b.name, settings.name);
  assert.is(b.telephone, settings.phone.e164);
  assert.is(b.email, settings.email);
  assert.is(b.url, `${settings.siteUrl}/`);
  assert.equal(b.address, { '@type': 'PostalAddress', addressLocality: LOCATION.locality, addressRegion: LOCATION.region, postalCode: LOCATION.postalCode, addressCountry: LOCATION.country });
  assert.is(b.address.postalCode, '87020');
  assert.equal(b.geo, { '@type': 'GeoCoordinates', latitude: 35.1472, longitude: -107.8523 });
  assert.equal(b.geo.latitude, LOCATION.latitude);
  // One set of hours: the text form says what the OpeningHoursSpecification objects say, and nothing else.
  assert.equal(b.openingHours, ['Mo-Fr 06:00-23:00', 'Sa-Su 09:00-22:00']);
  assert.not.ok(JSON.stringify(b).includes('08:00') || JSON.stringify(b).includes('18:00'), 'no second set of hours');
  const hours = (b.openingHoursSpecification as Node[]).map((h) => ({ days: (h.dayOfWeek as string[]).map((d) => d.replace('https://schema.org/', '')), opens: h.opens, closes: h.closes }));
  assert.equal(hours, settings.hours.map((h) => ({ days: [...h.days], opens: h.hours.split('-')[0], closes: h.hours.split('-')[1] })));
  assert.equal(hours, [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '06:00', closes: '23:00' },
    { days: ['Saturday', 'Sunday'], opens: '09:00', closes: '22:00' },
  ]);
  assert.is(Number(b.aggregateRating.ratingValue), settings.rating!.value);
  assert.equal(
    { value: Number(b.aggregateRating.ratingValue), count: Number(b.aggregateRating.reviewCount), best: Number(b.aggregateRating.bestRating), worst: Number(b.aggregateRating.worstRating) },
    { value: 5, count: 50, best: 5, worst: 1 },
  );
  assert.is(b.priceRange, settings.priceRange);
  assert.is(b.priceRange, '$$');
  assert.equal(settings.paymentAccepted, ['cash', 'credit card', 'check']);
  assert.equal(b.paymentAccepted.split(/,\s*/), ['Cash', 'Credit Card', 'Check']);
  assert.equal(settings.currenciesAccepted, ['USD']);
  assert.is(b.currenciesAccepted, 'USD');
  assert.not.ok('streetAddress' in b.address, 'the sample publishes no street address');
});

business.run();

const visible = suite('FAQ and breadcrumb data against what the page shows');
let harness: Harness;
visible.before(async () => {
  harness = await startHarness();
});
visible.after(async () => {
  await harness?.close();
});

visible('should have FAQPage data on the home, core, service and area pages', () => {
  const faqKinds = new Set(['home', 'core', 'service', 'area']);
  const missing = ROUTES.filter((r) => r.tracker && faqKinds.has(r.tracker.type)).map((r) => fileOf(r.path)).filter((f) => ofType(f, 'FAQPage').length !== 1);
  assert.equal(missing, []);
  assert.ok(ROUTES.filter((r) => r.tracker && faqKinds.has(r.tracker.type)).length >= 30);
});

visible('should show every FAQ question and answer, and the breadcrumb trail the data describes', async () => {
  const problems: string[] = [];
  const { page, context } = await harness.page(DESKTOP);
  for (const file of files) {
    const faqs = ofType(file, 'FAQPage');
    const crumbs = ofType(file, 'BreadcrumbList');
    if (faqs.length === 0 && crumbs.length === 0 && !/aria-label="Breadcrumb"/.test(readDist(file))) continue;
    const path = browserPathOf(file);
    await page.goto(harness.url(path), { waitUntil: 'domcontentloaded' }); // text and links only: no need to wait for images
    const shown = await page.evaluate(() => ({
      text: document.body.innerText,
      content: document.body.textContent ?? '',
      trail: [...document.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map((li) => ({
        name: (li as HTMLElement).innerText,
        href: li.querySelector('a')?.href ?? null,
      })),
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '',
    }));
    const text = norm(shown.text);
    const content = norm(shown.content);
    for (const faq of faqs) {
      for (const q of faq.mainEntity as Node[]) {
        if (!text.includes(norm(q.name))) problems.push(`${path}: question not visible: "${q.name}"`);
        if (!content.includes(norm(q.acceptedAnswer.text))) problems.push(`${path}: answer not on the page: "${String(q.acceptedAnswer.text).slice(0, 80)}"`);
      }
    }
    if (crumbs.length > 1) problems.push(`${path}: ${crumbs.length} BreadcrumbList blocks`);
    const data = (crumbs[0]?.itemListElement ?? []) as Node[];
    if (shown.trail.length === 0 && data.length) problems.push(`${path}: BreadcrumbList data but no visible trail`);
    if (shown.trail.length && !data.length) problems.push(`${path}: a visible trail but no BreadcrumbList data`);
    if (shown.trail.length && data.length) {
      const fromData = data.map((d, i) => ({ position: d.position, name: norm(d.name), item: d.item }));
      const fromPage = shown.trail.map((t, i) => ({
        position: i + 1,
        name: norm(t.name),
        // The visible trail links with site paths; the data names the public URL. The last crumb is the page itself.
        item: t.href ? SITE.settings.siteUrl + new URL(t.href).pathname + new URL(t.href).hash : shown.canonical,
      }));
      if (JSON.stringify(fromData) !== JSON.stringify(fromPage)) problems.push(`${path}: breadcrumb data ${JSON.stringify(fromData)} != trail ${JSON.stringify(fromPage)}`);
    }
  }
  await context.close();
  assert.equal(problems, []);
});

visible.run();
