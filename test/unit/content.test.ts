/** Each bad settings value or content record stops the build with an error naming file, record and field. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../content/schema.ts';
import { loadContent, PROJECT_CONTENT, type RawContent, zipForSlug } from '../../lib/load-content.ts';
import { SPEC_AREA_SLUGS, SPEC_PLACES, SPEC_SERVICE_SLUGS } from '../helpers/spec-site.ts';

/** A deep copy of the project's content with one change. */
function withChange(change: (c: any) => void): RawContent {
  const copy = structuredClone(PROJECT_CONTENT) as any;
  change(copy);
  return copy;
}

function errorOf(raw: RawContent): ContentError {
  try {
    loadContent(raw);
  } catch (e) {
    if (e instanceof ContentError) return e;
    throw e;
  }
  throw new Error('expected loadContent to throw');
}

const load = suite('loadContent');
load('should accept the project content as it is, with every area page, service and place the spec names', () => {
  const site = loadContent();
  const areas = site.areas.map((a) => a.slug);
  for (const slug of SPEC_AREA_SLUGS) assert.ok(areas.includes(slug), `area page ${slug}`);
  const services = site.services.map((s) => s.slug);
  for (const slug of SPEC_SERVICE_SLUGS) assert.ok(services.includes(slug), `service ${slug}`);
  const places = site.places.map((p) => p.name);
  for (const name of Object.keys(SPEC_PLACES)) assert.ok(places.includes(name), `place ${name}`);
  assert.is(site.core.length, 4);
  assert.is(site.settings.phone.e164.startsWith('+1'), true);
});
load('should name the settings file and field for an invalid phone number', () => {
  const e = errorOf(withChange((c) => { c.settings.phone = '555-12'; }));
  assert.match(e.message, 'content/site.ts: settings: field "phone" is not a valid US phone number');
});
load('should reject a valid phone number of another country, naming the field', () => {
  const e = errorOf(withChange((c) => { c.settings.phone = '+44 20 7946 0958'; }));
  assert.match(e.message, 'content/site.ts: settings: field "phone" is not a valid US phone number');
});
load('should dial a phone extension as RFC 3966 says, on every call link', () => {
  const site = loadContent(withChange((c) => { c.settings.phone = '505-555-0123 ext 5'; }));
  assert.is(site.settings.phone.tel, 'tel:+15055550123;ext=5');
  assert.is(site.settings.phone.national, '(505) 555-0123 ext. 5');
});
load('should reject a site address that is not absolute', () => {
  const e = errorOf(withChange((c) => { c.settings.siteUrl = 'www.example.com'; }));
  assert.match(e.message, 'content/site.ts: settings: field "siteUrl" must be an absolute URL');
});
load('should reject a site address with a trailing slash or path', () => {
  const e = errorOf(withChange((c) => { c.settings.siteUrl = 'https://www.example.com/site/'; }));
  assert.match(e.message, /field "siteUrl" must be the site root without a trailing slash/);
});
load('should name the record and field of a missing field', () => {
  const e = errorOf(withChange((c) => { delete c.services[2].heroTitle; }));
  assert.match(e.message, `content/services.ts: service "${PROJECT_CONTENT.services[2] && (PROJECT_CONTENT.services[2] as any).slug}": field "heroTitle" is missing`);
});
load('should name both records of a duplicate slug', () => {
  const e = errorOf(withChange((c) => { c.services[1].slug = c.services[0].slug; }));
  assert.match(e.message, /content\/services\.ts: service "[a-z-]+": field "slug" duplicates "[a-z-]+" \(also record #1\)/);
});
load('should name the nested field of a bad FAQ entry', () => {
  const e = errorOf(withChange((c) => { c.core[0].faqs[3].answer = '  '; }));
  assert.match(e.message, 'content/core-services.ts: core service "automotive": field "faqs.3.answer" must not be empty');
});
load('should reject a ZIP that is not five digits', () => {
  const e = errorOf(withChange((c) => { c.communities[0].zipCode = '8702'; }));
  assert.match(e.message, 'content/communities.ts: community "grants": field "zipCode"');
});
load('should reject an invalid e-mail address', () => {
  const e = errorOf(withChange((c) => { c.settings.email = 'service-at-example.com'; }));
  assert.match(e.message, 'content/site.ts: settings: field "email" must be an e-mail address');
});
load.run();

const zip = suite('zipForSlug');
zip('should give the ZIP of a known area and of the acoma-pueblo alias', () => {
  const { communities } = loadContent();
  assert.is(zipForSlug(communities, 'grants'), '87020');
  assert.is(zipForSlug(communities, 'acoma-pueblo'), '87034');
});
zip('should give an empty ZIP for an unknown slug (spec section 2)', () => {
  assert.is(zipForSlug(loadContent().communities, 'atlantis'), '');
});
zip.run();
