/** Each bad settings value or content record stops the build with an error naming file, record and field. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { contentErrorOf, withChange } from '../helpers/content-edits.ts';
import { REQUIRED_AREA_SLUGS, REQUIRED_PLACES, REQUIRED_SERVICE_SLUGS } from '../helpers/required-site.ts';

const errorOf = contentErrorOf;

const load = suite('loadContent');
load('should accept the project content as it is, with every area page, service and place the site must have', () => {
  const site = loadContent(PROJECT_CONTENT);
  const areas = site.areas.map((a) => a.slug);
  for (const slug of REQUIRED_AREA_SLUGS) assert.ok(areas.includes(slug), `area page ${slug}`);
  const services = site.services.map((s) => s.slug);
  for (const slug of REQUIRED_SERVICE_SLUGS) assert.ok(services.includes(slug), `service ${slug}`);
  const places = site.places.map((p) => p.name);
  for (const name of Object.keys(REQUIRED_PLACES)) assert.ok(places.includes(name), `place ${name}`);
  assert.is(site.core.length, 4);
  assert.is(site.settings.phone.e164.startsWith('+1'), true);
});
load('should name the settings file and field for an invalid phone number', () => {
  const e = errorOf(withChange((c) => { c.settings.phone = '555-12'; }));
  assert.match(e.message, 'content/settings.yaml: settings: field "phone" is not a valid US phone number');
});
load('should reject a valid phone number of another country, naming the field', () => {
  const e = errorOf(withChange((c) => { c.settings.phone = '+44 20 7946 0958'; }));
  assert.match(e.message, 'content/settings.yaml: settings: field "phone" is not a valid US phone number');
});
load('should dial a phone extension as RFC 3966 says, on every call link', () => {
  const site = loadContent(withChange((c) => { c.settings.phone = '505-555-0123 ext 5'; }));
  assert.is(site.settings.phone.tel, 'tel:+15055550123;ext=5');
  assert.is(site.settings.phone.national, '(505) 555-0123 ext. 5');
});
load('should reject a site address that is not absolute, in one line', () => {
  const e = errorOf(withChange((c) => { c.settings.siteUrl = 'www.example.com'; }));
  assert.is(e.message, 'content/settings.yaml: settings: field "siteUrl" must be a full address starting with https://, e.g. "https://www.yourdomain.com"');
});
load('should reject a site address with a trailing slash or path', () => {
  const e = errorOf(withChange((c) => { c.settings.siteUrl = 'https://www.example.com/site/'; }));
  assert.match(e.message, /field "siteUrl" must be the site root without a trailing slash/);
});
load('should name the record and field of a missing field', () => {
  const e = errorOf(withChange((c) => { delete c.services[2].heroTitle; }));
  const slug = (PROJECT_CONTENT.services[2] as any).slug;
  assert.match(e.message, `content/services/${slug}.yaml: service "${slug}": field "heroTitle" is missing`);
});
load('should name both records of a duplicate slug', () => {
  const e = errorOf(withChange((c) => { c.services[1].slug = c.services[0].slug; }));
  assert.match(e.message, /content\/services\/[a-z-]+\.yaml: service "[a-z-]+": field "slug" duplicates "[a-z-]+" \(also service 1\)/);
});
load('should name the nested field of a bad FAQ entry', () => {
  const e = errorOf(withChange((c) => { c.core[0].faqs[3].answer = '  '; }));
  assert.match(e.message, `content/core-services/automotive.yaml: core service "automotive": question 4 (${(PROJECT_CONTENT.core[0] as any).faqs[3].question}): field "answer" must not be empty`);
});
load('should reject a ZIP that is not five digits', () => {
  const e = errorOf(withChange((c) => { c.communities[0].zipCode = '8702'; }));
  assert.match(e.message, 'content/areas/grants.yaml: community "grants": field "zipCode"');
});
load('should reject an invalid e-mail address', () => {
  const e = errorOf(withChange((c) => { c.settings.email = 'service-at-example.com'; }));
  assert.match(e.message, 'content/settings.yaml: settings: field "email" must be an e-mail address');
});
load('should report three bad records of two files in one run, each a line with its file, record and field', () => {
  const e = errorOf(withChange((c) => {
    c.communities[0].zipCode = 87020;
    delete c.communities[3].county;
    c.services[1].banner = 'flashing';
  }));
  const [grants, fourth, service] = [c0(PROJECT_CONTENT.communities[0]), c0(PROJECT_CONTENT.communities[3]), c0(PROJECT_CONTENT.services[1])];
  assert.equal(e.problems.map((p) => [p.file, p.record, p.slug, p.field]), [
    [`content/areas/${grants}.yaml`, `community "${grants}"`, grants, 'zipCode'],
    [`content/areas/${fourth}.yaml`, `community "${fourth}"`, fourth, 'county'],
    [`content/services/${service}.yaml`, `service "${service}"`, service, 'banner'],
  ]);
  assert.equal(e.problems.map((p) => p.value), [87020, undefined, 'flashing'], 'the value given, without parsing the message');
  assert.match(e.problems[2].expected, /^must be one of none, emergency-strip, do-not-remove/);
  const lines = e.message.split('\n');
  assert.is(lines.length, 3, e.message);
  assert.ok(lines[0].startsWith(`content/areas/${grants}.yaml: community "${grants}": field "zipCode" must be text`), lines[0]);
  assert.ok(lines[1].startsWith(`content/areas/${fourth}.yaml: community "${fourth}": field "county" is missing`), lines[1]);
  assert.ok(lines[2].startsWith(`content/services/${service}.yaml: service "${service}": field "banner" must be one of`), lines[2]);
});
load('should report mistakes in the settings and every content file at once, a county near miss too', () => {
  const e = errorOf(withChange((c) => {
    c.settings.phone = '555-12';
    community(c, 'prewitt').county = 'Mckinley';
    c.services[1].summary = '';
    c.core[0].faqs[0].answer = ' ';
    c.home.heroTitle = '';
  }));
  assert.equal(e.problems.map((p) => `${p.file} ${p.field}`), [
    'content/settings.yaml phone',
    `content/services/${c0(PROJECT_CONTENT.services[1])}.yaml summary`,
    'content/core-services/automotive.yaml faqs.0.answer',
    'content/home.yaml heroTitle',
    'content/areas/prewitt.yaml county',
  ]);
  assert.is(e.problems[4].hint, 'did you mean "McKinley" (the county of 8 communities)?');
});
load('should report every record that shares a slug, and every unknown service an area page names, at once', () => {
  const e = errorOf(withChange((c) => {
    c.services[1].slug = c.services[0].slug;
    c.services[3].slug = c.services[2].slug;
  }));
  assert.equal(e.problems.map((p) => [p.file, p.field, p.value]), [
    [`content/services/${c0(PROJECT_CONTENT.services[0])}.yaml`, 'slug', c0(PROJECT_CONTENT.services[0])],
    [`content/services/${c0(PROJECT_CONTENT.services[2])}.yaml`, 'slug', c0(PROJECT_CONTENT.services[2])],
  ]);
  const areas = (PROJECT_CONTENT.communities as any[]).filter((x) => x.page).slice(0, 2).map((x) => x.slug);
  const unknown = errorOf(withChange((c) => { for (const slug of areas) community(c, slug).page.town.services[0] = 'lock-picking'; }));
  assert.equal(unknown.problems.map((p) => [p.record, p.field, p.value]), areas.map((slug) => [`community "${slug}"`, 'page.town.services', 'lock-picking']));
});
load.run();

/** The slug of a raw record. */
function c0(record: unknown): string {
  return (record as { slug: string }).slug;
}

/** The record of a community by slug, inside a content copy. */
const community = (c: any, slug: string) => c.communities.find((x: any) => x.slug === slug);

const words = suite('content mistakes in words an operator can act on');
words('should reject a misspelt optional key, naming the record and the key, instead of dropping the page', () => {
  const e = errorOf(withChange((c) => { const a = community(c, 'acoma'); a.pgae = a.page; delete a.page; }));
  assert.is(e.message, 'content/areas/acoma.yaml: community "acoma": unknown field "pgae"; did you mean "page"?');
});
words('should suggest the nested key of a misspelt nested field', () => {
  const e = errorOf(withChange((c) => { const p = community(c, 'acoma').page; p.abuot = p.about; delete p.about; }));
  assert.is(e.message, 'content/areas/acoma.yaml: community "acoma": unknown field "page.abuot"; did you mean "page.about"?');
});
words('should list the known fields when no key is close to an unknown one', () => {
  const e = errorOf(withChange((c) => { c.settings.colourScheme = 'dark'; }));
  assert.match(e.message, /^content\/settings\.yaml: settings: unknown field "colourScheme"; the fields here are "name", "phone", "email", "siteUrl"/);
});
words('should say a missing field is missing, with an example from another record', () => {
  const e = errorOf(withChange((c) => { delete community(c, 'prewitt').county; }));
  assert.is(e.message, `content/areas/prewitt.yaml: community "prewitt": field "county" is missing: add it, e.g. county: ${(PROJECT_CONTENT.communities[0] as any).county}`);
});
words('should say what type was expected, with an example, for a ZIP written as a number', () => {
  const e = errorOf(withChange((c) => { community(c, 'prewitt').zipCode = 87045; }));
  assert.match(e.message, /^content\/areas\/prewitt\.yaml: community "prewitt": field "zipCode" must be text, e\.g\. "\d{5}", not the number 87045$/);
});
words('should say true or false for a yes/no field given text', () => {
  const e = errorOf(withChange((c) => { community(c, 'prewitt').onHome = 'yes'; }));
  assert.match(e.message, /field "onHome" must be true or false, e\.g\. (true|false), not the text "yes"$/);
});
words('should accept any county, and refuse a near miss of one the other records use, with "did you mean"', () => {
  const site = loadContent(withChange((c) => { community(c, 'prewitt').county = 'Valencia'; }));
  assert.is(site.communities.find((c) => c.slug === 'prewitt')!.county, 'Valencia');
  for (const typo of ['Mckinley', 'McKinly', 'mckinley']) {
    const e = errorOf(withChange((c) => { community(c, 'prewitt').county = typo; }));
    assert.is(e.message, `content/areas/prewitt.yaml: community "prewitt": field "county" must be written as the other records write it, not '${typo}'; did you mean "McKinley" (the county of 8 communities)?`);
  }
  const e = errorOf(withChange((c) => { community(c, 'prewitt').county = 'McKinley County'; }));
  assert.match(e.message, /field "county" must be the county's name without the word "County", e\.g\. "McKinley"$/);
});
words('should accept a pasted YouTube address and use its video id', () => {
  for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ']) {
    const site = loadContent(withChange((c) => { c.settings.videos[0].youtubeId = url; }));
    assert.is(site.settings.videos[0].youtubeId, 'dQw4w9WgXcQ', url);
  }
});
words('should reject an address that is not a YouTube video, saying what to paste', () => {
  const e = errorOf(withChange((c) => { c.settings.videos[2].youtubeId = 'https://vimeo.com/76979871'; }));
  assert.is(e.message, 'content/settings.yaml: settings: video 3 (' + (PROJECT_CONTENT.settings as any).videos[2].title + '): field "youtubeId" must be a YouTube video id of 11 characters, e.g. "aqz-KE-bpKQ", or the video\'s YouTube address, e.g. "https://www.youtube.com/watch?v=aqz-KE-bpKQ"');
});
words('should give each siteUrl mistake as one line naming the file and the field', () => {
  const cases: [string, RegExp][] = [
    ['http://www.example.com', /must start with https:\/\/ \(not http:\/\/\)/],
    ['https://owner:secret@www.example.com', /must not contain a user name or password/],
    ['https://www.example.com?ref=1', /must not have a query/],
    ['https://www.example.com#top', /must not have a fragment/],
    ['https://www.example.com/', /must be the site root without a trailing slash/],
    ['https://www.example.com:8443', /must not name a port/],
    ['https://www.exa_mple.com', /a domain is letters, digits, dots and hyphens/],
    ['https://localhost', /a domain is letters, digits, dots and hyphens/],
    ['https://www.example .com', /must not contain spaces/],
  ];
  for (const [url, expected] of cases) {
    const e = errorOf(withChange((c) => { c.settings.siteUrl = url; }));
    assert.is(e.message.split('\n').length, 1, url);
    assert.match(e.message, /^content\/settings\.yaml: settings: field "siteUrl" /, url);
    assert.match(e.message, expected, url);
  }
});
words('should hold the link settings to https and a plain domain, but allow their path and query', () => {
  loadContent(withChange((c) => { c.settings.reviewUrl = 'https://search.google.com/local/writereview?placeid=ChIJ123#x'; }));
  const e = errorOf(withChange((c) => { c.settings.channelUrl = 'http://www.youtube.com/@example'; }));
  assert.is(e.message, 'content/settings.yaml: settings: field "channelUrl" must start with https:// (not http://), e.g. "https://www.yourdomain.com"');
});
words.run();

