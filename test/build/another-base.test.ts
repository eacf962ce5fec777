/**
 * A move of the base: the sample built by the build itself (buildSite, through loadContent and the
 * route table) with another base town in the settings, Gallup (its coordinates and ZIP from the
 * Gallup record), a street address to publish and an insurance of its own; the records are left
 * as they are. No page, manifest, contact card or JSON-LD may still say the business is based in
 * Grants: every sentence that names the base follows the settings.
 *
 * What may still name Grants is what the records say as they were written:
 * - the texts of each community record marked `writtenFor` the old base (routes, landmarks, card
 *   and tile texts, the area page built from them), which the owner rewrites after a move;
 * - Grants as one of the places served: its card, tile, place link, menu link and sitemap entry
 *   (everything linking to /areas/grants/), its own area page, the JSON-LD `areaServed` list, and
 *   its name in a list of places in a description ("around Gallup, NM: Grants, Milan and more").
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildToFolder } from '../../build.ts';
import { AREA_ALIAS } from '../../lib/content/area-alias.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { jsonLdBlocks, readPages, visibleText, type DistPage } from '../helpers/dist.ts';
import { resolveConfig } from '../../lib/config.ts';

const OLD = 'Grants';
const OLD_SLUG = 'grants';

/** The sample with its base moved to Gallup (the town, its ZIP and its coordinates from the Gallup record), a street address shown and an insurance. */
function movedToGallup() {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  const gallup = raw.communities.find((c: any) => c.slug === 'gallup');
  Object.assign(raw.settings.location, { locality: 'Gallup', postalCode: gallup.zipCode, ...gallup.page.town.coordinates, streetAddress: '201 W Coal Ave', showStreetAddress: true });
  raw.settings.credentials.insurance = { kind: 'general liability', insurer: 'Acme Mutual' };
  return raw;
}
const raw = movedToGallup();

/** The records written for the old base, by slug. */
const writtenForOld = new Set<string>(raw.communities.filter((c: any) => c.writtenFor === OLD).map((c: any) => c.slug));

/** Fields of a record that name it rather than say something from a base. */
const NAMING_FIELDS = new Set(['slug', 'name', 'writtenFor', 'zipCode', 'county', 'population']);

/** Every text (of more than one word) of the records written for the old base, longest first. */
const recordTexts: string[] = raw.communities
  .filter((c: any) => writtenForOld.has(c.slug))
  .flatMap(function leaves(this: void, v: unknown, key = ''): string[] {
    if (typeof v === 'string') return NAMING_FIELDS.has(key) || !v.includes(' ') ? [] : [v];
    if (Array.isArray(v)) return v.flatMap((x) => leaves(x, key));
    if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, k));
    return [];
  } as (v: unknown) => string[])
  .sort((a: string, b: string) => b.length - a.length);

/** `text` without the texts of the records written for the old base. */
function withoutRecordTexts(text: string): string {
  return recordTexts.reduce((t, r) => t.split(r).join(' '), text);
}

/** A list of places naming the old base's town as one of them: ": Grants, Milan" or ", Grants and". */
const OLD_IN_LIST = new RegExp(`(?<=(?:: |, ))${OLD}(?=(?:, | and ))`, 'g');

/** The area pages of the records written for the old base (the alias shows the record it aliases). */
const isOldAreaPage = (p: DistPage) => {
  const slug = /^\/areas\/([^/]+)\/$/.exec(p.path)?.[1];
  return slug !== undefined && writtenForOld.has(slug === AREA_ALIAS.slug ? AREA_ALIAS.of : slug);
};

/** What a page says that may name a base: its title, meta texts, visible text and JSON-LD, with the allowed parts left out (module comment). */
function pageSays(p: DistPage): string[] {
  const root = parse(p.html, { comment: false }) as HTMLElement;
  // Grants as one place among others: whatever links to its own page, and the list item holding it.
  for (const a of root.querySelectorAll(`a[href="/areas/${OLD_SLUG}/"]`)) (a.closest('li') ?? a).remove();
  // An area page of such a record: its content, and its titles, which name its town.
  if (isOldAreaPage(p)) root.querySelectorAll('main, title, meta[property$="title"], meta[name$="title"]').forEach((el) => el.remove());
  const meta = root.querySelectorAll('meta[content]').map((m) => m.getAttribute('content')!);
  const title = [root.querySelector('title')?.textContent ?? ''];
  const ld = jsonLdBlocks(root)
    .filter((b) => !(isOldAreaPage(p) && b['@type'] !== 'Locksmith'))
    .map((b) => JSON.stringify({ ...b, areaServed: undefined }));
  root.querySelectorAll('script, style, template').forEach((el) => el.remove());
  return [...title, ...meta, visibleText(root), ...ld].map((t) => withoutRecordTexts(t).replace(OLD_IN_LIST, ''));
}

const test = suite('the sample built with its base moved to Gallup');
let tmp = '';
let dist = '';
let pages: DistPage[] = [];
test.before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'another-base-'));
  dist = path.join(tmp, 'dist');
  await buildToFolder({ config: { ...resolveConfig(), outDir: dist }, content: raw });
  pages = await readPages(dist);
});
test.after(async () => { await rm(tmp, { recursive: true, force: true }); });

test('should name Grants as the base on no page, in no title, description, keyword or JSON-LD', () => {
  assert.ok(pages.length >= 38, `${pages.length} pages`);
  assert.ok(writtenForOld.size >= 17, 'the sample records are written for Grants');
  const left = pages.flatMap((p) => pageSays(p).flatMap((t) => [...t.matchAll(new RegExp(`.{0,60}\\b${OLD}\\b.{0,40}`, 'g'))].map((m) => `${p.path}: ${m[0]}`)));
  assert.equal(left, []);
});

test('should say Gallup where a page says where the business is based', () => {
  const areas = pages.find((p) => p.path === '/service-areas/')!;
  assert.ok(visibleText(areas.root).includes('We are a fully mobile locksmith based in Gallup.'));
  assert.ok(visibleText(pages.find((p) => p.path === '/')!.root).includes('Featured areas around our base in Gallup.'));
  for (const p of pages) {
    const business = jsonLdBlocks(p.root).find((b) => b['@type'] === 'Locksmith');
    assert.is(business?.address.addressLocality, 'Gallup', p.path);
    assert.equal(business?.geo, { '@type': 'GeoCoordinates', latitude: 35.52808, longitude: -108.74258 }, p.path);
  }
});

test('should give the manifest and the contact card the new base and never the old', async () => {
  const manifest = JSON.parse(await readFile(path.join(dist, 'manifest.webmanifest'), 'utf8'));
  assert.match(manifest.description, /mobile locksmith in Gallup, NM\./);
  const card = await readFile(path.join(dist, 'contact.vcf'), 'utf8');
  assert.ok(card.includes('ADR;TYPE=WORK:;;201 W Coal Ave;Gallup;NM;87301;US'), card);
  assert.ok(card.replace(/\r\n /g, '').includes('Insured: general liability insurance with Acme Mutual.'), card);
  assert.not.match(`${JSON.stringify(manifest)}\n${card}`, new RegExp(`\\b${OLD}\\b`));
});

test('should publish the street address and the insurance as the settings give them', () => {
  for (const p of pages) {
    assert.ok(visibleText(p.root.querySelector('footer')!).includes('Mobile locksmith based at 201 W Coal Ave, Gallup, NM 87301'), p.path);
    assert.is(jsonLdBlocks(p.root).find((b) => b['@type'] === 'Locksmith')?.address.streetAddress, '201 W Coal Ave', p.path);
  }
  const apps = visibleText(pages.find((p) => p.path === '/mobile-apps/')!.root);
  assert.ok(apps.includes('Insured: general liability insurance with Acme Mutual'), apps);
  assert.ok(apps.includes('Address201 W Coal Ave, Gallup, NM 87301'), apps);
});

test('should estimate the far towns from the new base', () => {
  const grants = pages.find((p) => p.path === `/areas/${OLD_SLUG}/`)!;
  const faq = jsonLdBlocks(grants.root).find((b) => b['@type'] === 'FAQPage');
  assert.match(faq.mainEntity[1].acceptedAnswer.text, /^Grants is 91 km \(57 miles\) from our base in Gallup as the crow flies/);
});

test.run();
