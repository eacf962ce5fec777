/**
 * The business's profiles (content/settings.yaml `profiles`) and its logo in the Locksmith JSON-LD. A
 * throw-away build with profiles set (made-up addresses, only in this test) shows them in `sameAs`,
 * the Google Business Profile as `hasMap`, visible links in the footer of every page, and the
 * write-a-review link on every "Leave a Review" button; the shipped sample, which sets none, has
 * none of them and costs nothing. Profile settings are checked like the other settings. The logo
 * in the JSON-LD is a PNG of at least 112x112 px served from the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../lib/content/schema.ts';
import { buildToFolder } from '../../build.ts';
import { isMapLink, profileName } from '../../lib/content/profiles.ts';
import { loadContent, type RawContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { locksmithJsonLd, sameAsList } from '../../lib/site-files/structured-data.ts';
import { jsonLdBlocks, readPages, type DistPage } from '../helpers/dist.ts';
import { DIST, SITE } from '../helpers/site.ts';
import { resolveConfig } from '../../lib/config.ts';

/** Made-up profile addresses, never shipped. */
const PROFILES = {
  googleBusinessUrl: 'https://maps.app.goo.gl/TestOnly123',
  googleReviewUrl: 'https://g.page/r/TestOnlyReview/review',
  social: ['https://www.facebook.com/test-only-locksmith', 'https://www.instagram.com/test_only_locksmith'],
};

/** The project's content with other profile settings. */
function withProfiles(profiles: unknown): RawContent {
  const copy = structuredClone(PROJECT_CONTENT) as any;
  copy.settings.profiles = profiles;
  return copy;
}
const locksmithOf = (p: DistPage) => jsonLdBlocks(p.root).find((b) => b['@type'] === 'Locksmith');
/** The "Leave a Review" links of a page (the rating line beside the reviews links to the rating's own source instead). */
const reviewHrefs = (p: DistPage) => p.root.querySelectorAll('a[data-track="review_click"]:not([data-source="home_rating"])').map((a) => a.getAttribute('href'));
const profileLinks = (p: DistPage) => p.root.querySelectorAll('footer a[data-track="profile_click"]').map((a) => ({
  href: a.getAttribute('href'), target: a.getAttribute('target'), text: a.textContent.replace('(opens in a new tab)', '').trim(),
}));

const built = suite('a build with profiles set');
let tmp = '';
/** The bureau profile backing "accredited" (content/settings.yaml credentials), last in sameAs. */
const BUREAU = SITE.settings.credentials.bureau!.url;

let pages: DistPage[] = [];
built.before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'profiles-'));
  await buildToFolder({ config: { ...resolveConfig(), outDir: path.join(tmp, 'dist') }, content: withProfiles(PROFILES) });
  pages = (await readPages(path.join(tmp, 'dist'))).filter((p) => p.path.endsWith('/') || p.path === '/404.html');
});
built.after(async () => { await rm(tmp, { recursive: true, force: true }); });

built('should list the channel and every profile in sameAs, and the map link as hasMap, on every page', () => {
  assert.ok(pages.length >= 38);
  for (const p of pages) {
    const business = locksmithOf(p);
    assert.equal(business.sameAs, [SITE.settings.channelUrl, PROFILES.googleBusinessUrl, ...PROFILES.social, BUREAU], p.path);
    assert.is(business.hasMap, PROFILES.googleBusinessUrl, p.path);
  }
});

built('should link every profile in the footer of every page, in a new tab, by its name', () => {
  for (const p of pages) {
    assert.equal(profileLinks(p), [
      { href: PROFILES.googleBusinessUrl, target: '_blank', text: 'Google Business Profile' },
      { href: PROFILES.social[0], target: '_blank', text: 'Facebook' },
      { href: PROFILES.social[1], target: '_blank', text: 'Instagram' },
    ], p.path);
  }
});

built('should open the write-a-review link from every "Leave a Review" button', () => {
  const home = pages.find((p) => p.path === '/')!;
  assert.is(home.root.querySelector('a[data-track="review_click"][data-source="home_reviews"]')?.getAttribute('href'), PROFILES.googleReviewUrl, 'the reviews section');
  for (const p of pages) {
    const hrefs = reviewHrefs(p);
    assert.ok(hrefs.length >= 1, p.path);
    assert.equal([...new Set(hrefs)], [PROFILES.googleReviewUrl], p.path);
  }
});
built.run();

const sample = suite('the shipped sample (no profiles)');
let shipped: DistPage[] = [];
sample.before(async () => { shipped = (await readPages()).filter((p) => p.path.endsWith('/')); });

sample('should name only the channel and the bureau in sameAs, no hasMap, no profile links, and the review page of reviewUrl', () => {
  assert.ok(shipped.length >= 38);
  for (const p of shipped) {
    const business = locksmithOf(p);
    assert.equal(business.sameAs, [SITE.settings.channelUrl, BUREAU], p.path);
    assert.is(business.hasMap, undefined, p.path);
    assert.equal(profileLinks(p), [], p.path);
    assert.not.ok(p.html.includes('footer-profiles'), p.path);
    assert.equal([...new Set(reviewHrefs(p))], [SITE.settings.reviewUrl], p.path);
  }
});
sample.run();

const rules = suite('profile settings');

rules('should accept empty fields as "none", and leave a profile that is not a map out of hasMap', () => {
  const none = loadContent(withProfiles({ googleBusinessUrl: '', googleReviewUrl: '', social: [] }));
  assert.equal((locksmithJsonLd(none) as unknown as Record<string, unknown>).sameAs, [SITE.settings.channelUrl, BUREAU]);
  const profileOnly = loadContent(withProfiles({ googleBusinessUrl: 'https://g.page/test-only-locksmith' }));
  const business = locksmithJsonLd(profileOnly) as unknown as Record<string, unknown>;
  assert.equal(business.sameAs, [SITE.settings.channelUrl, 'https://g.page/test-only-locksmith', BUREAU]);
  assert.is(business.hasMap, undefined);
});

rules('should tell a Google Maps address from other links', () => {
  for (const u of ['https://maps.app.goo.gl/x', 'https://www.google.com/maps/place/X', 'https://maps.google.com/?cid=1', 'https://goo.gl/maps/x']) assert.ok(isMapLink(u), u);
  for (const u of ['https://g.page/x', 'https://www.google.com/search?q=x', 'https://www.facebook.com/x']) assert.not.ok(isMapLink(u), u);
});

rules('should name social sites for the footer, and fall back to the domain', () => {
  assert.is(profileName('https://m.facebook.com/x'), 'Facebook');
  assert.is(profileName('https://www.yelp.com/biz/x'), 'Yelp');
  assert.is(profileName('https://www.example.org/us'), 'example.org');
});

rules('should keep each sameAs address once, drop empty ones, and give none for an empty list', () => {
  assert.equal(sameAsList(['https://a.test/', undefined, '', 'https://b.test/', 'https://a.test/']), ['https://a.test/', 'https://b.test/']);
  assert.is(sameAsList([undefined, '']), undefined);
});

/** The one-line error of loading content with these profiles. */
function errorOf(profiles: unknown): string {
  try {
    loadContent(withProfiles(profiles));
  } catch (e) {
    if (e instanceof ContentError) return e.message;
    throw e;
  }
  throw new Error('expected a ContentError');
}

rules('should refuse, naming the file and field, a profile of another site in a Google field, http://, and a social address twice', () => {
  assert.is(errorOf({ googleBusinessUrl: 'https://www.yelp.com/biz/x' }),
    'content/settings.yaml: settings: field "profiles.googleBusinessUrl" is on "www.yelp.com", not Google: put the address Google gives for your Business Profile, e.g. "https://maps.app.goo.gl/..." (social profiles go in "social")');
  assert.match(errorOf({ googleReviewUrl: 'http://g.page/r/x/review' }), 'content/settings.yaml: settings: field "profiles.googleReviewUrl" must start with https://');
  assert.is(errorOf({ social: ['https://www.facebook.com/x', 'https://www.facebook.com/x'] }), 'content/settings.yaml: settings: field "profiles.social" lists the same address twice');
  assert.match(errorOf({ socials: [] }), 'unknown field "profiles.socials"; did you mean "profiles.social"?');
});
rules.run();

const logo = suite('the logo in the JSON-LD');
logo('should be a PNG of at least 112x112 px, served from the site', async () => {
  const url = new URL((locksmithJsonLd(SITE) as unknown as { logo: string }).logo);
  assert.is(url.origin, new URL(SITE.settings.siteUrl).origin);
  assert.match(url.pathname, /\.png$/);
  const file = path.join(DIST, url.pathname);
  assert.ok(existsSync(file), `${url.pathname} is in dist/`);
  const bytes = readFileSync(file);
  assert.ok(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature');
  const { format, width, height } = await sharp(bytes).metadata();
  assert.is(format, 'png');
  assert.ok(width! >= 112 && height! >= 112, `${width}x${height}`);
});
logo.run();
