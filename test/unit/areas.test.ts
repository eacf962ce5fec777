import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AreaCopy, check, type Community } from '../../lib/content/schema.ts';
import { areaFaqs } from '../../lib/content/area-faqs.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { REQUIRED_AREA_SLUGS, REQUIRED_COVERAGE, REQUIRED_PLACES } from '../helpers/required-site.ts';

const site = loadContent(PROJECT_CONTENT);
const area = (slug: string) => {
  const found = site.areas.find((a) => a.slug === slug);
  if (!found) throw new Error(`no area "${slug}"`);
  return found;
};

const faqs = suite('areaFaqs');
faqs('should give five questions, each naming the area', () => {
  for (const a of site.areas) {
    const list = areaFaqs(a, site.settings);
    assert.is(list.length, 5, a.slug);
    for (const f of list) assert.ok(f.question.includes(a.name), `${a.slug}: "${f.question}"`);
  }
});
faqs('should never say 24/7 for areas where emergency service is only "available"', () => {
  const available = site.areas.filter((a) => a.page.emergency === 'available').map((a) => a.slug);
  assert.equal(available, ['san-rafael', 'gallup']);
  for (const slug of available) {
    const text = areaFaqs(area(slug), site.settings).map((f) => `${f.question} ${f.answer}`).join(' ');
    assert.not.ok(text.includes('24/7'), slug);
    assert.ok(text.includes(`Emergency services are available in ${area(slug).name}`), slug);
  }
});
faqs('should claim 24/7 emergency service for the other areas', () => {
  assert.ok(areaFaqs(area('grants'), site.settings)[2].answer.startsWith('Yes, 24/7 in Grants'));
});
faqs('should call Gallup extended coverage, served on request', () => {
  assert.ok(areaFaqs(area('gallup'), site.settings)[1].answer.startsWith('Gallup is extended coverage, served on request'));
});
faqs('should say "served on request" only for records marked so, never beside a 24/7 promise', () => {
  for (const a of site.areas) {
    const text = areaFaqs(a, site.settings).map((f) => f.answer).join(' ');
    assert.is(text.includes('on request'), a.servedOnRequest === true, a.slug);
    if (a.servedOnRequest) assert.not.ok(text.includes('24/7'), a.slug);
  }
});
faqs.run();

/** Project content with one community replaced. */
function withCommunity(slug: string, change: (c: Community) => object) {
  const communities = (PROJECT_CONTENT.communities as Community[]).map((c) => (c.slug === slug ? change(structuredClone(c)) : c));
  return () => loadContent({ ...PROJECT_CONTENT, communities });
}

const validation = suite('content/areas/*.yaml validation');
validation('should accept the project\'s communities, a page for each with `page` and for every area the site must have', () => {
  assert.equal(site.areas.map((a) => a.slug), site.communities.filter((c) => c.page).map((c) => c.slug));
  for (const slug of REQUIRED_AREA_SLUGS) assert.ok(site.areas.some((a) => a.slug === slug), slug);
});
validation('should reject a community with five feature tags, naming the file, slug and field', () => {
  assert.throws(
    withCommunity('milan', (c) => ({ ...c, features: c.features.slice(0, 5) })),
    (e: Error) => e.message === 'content/areas/milan.yaml: community "milan": field "features" must have exactly six feature tags',
  );
});
validation('should reject a bad ZIP, naming the file, slug and field', () => {
  assert.throws(
    withCommunity('fence-lake', (c) => ({ ...c, zipCode: '8731' })),
    /^content\/areas\/fence-lake\.yaml: community "fence-lake": field "zipCode" /,
  );
});
validation('should reject a history variant without its history block', () => {
  assert.throws(
    withCommunity('crownpoint', (c) => ({ ...c, page: { ...c.page, history: undefined } })),
    /^content\/areas\/crownpoint\.yaml: community "crownpoint": field "page\.history" must have "history" when sections\.history is true/,
  );
});
validation.run();

const variants = suite('area page variants');
const flags = (slug: string) => area(slug).page.sections;
variants('should leave Why Choose Us off Bluewater and keep it on a standard page such as Grants', () => {
  assert.equal(flags('bluewater'), { history: false, whyChooseUs: false, emergencyBanner: true, features: true });
  assert.equal(flags('grants'), { history: false, whyChooseUs: true, emergencyBanner: true, features: true });
});
variants('should give Crownpoint, Smith Lake, San Fidel and Fort Wingate the history block', () => {
  assert.equal(site.areas.filter((a) => a.page.sections.history).map((a) => a.slug).sort(), ['crownpoint', 'fort-wingate', 'san-fidel', 'smith-lake']);
});
variants('should make New Laguna and Church Rock short pages', () => {
  const short = site.areas.filter((a) => !a.page.sections.whyChooseUs && !a.page.sections.emergencyBanner && !a.page.sections.history);
  assert.equal(short.map((a) => a.slug).sort(), ['church-rock', 'new-laguna']);
});
variants('should put Fence Lake in Catron County', () => {
  assert.is(area('fence-lake').county, 'Catron');
});
variants.run();

const places = suite('places and coverage');
places('should list the 14 places with their ZIPs', () => {
  const got = Object.fromEntries(site.places.map((p) => [p.name, p.zipCode]));
  for (const [name, zip] of Object.entries(REQUIRED_PLACES)) assert.is(got[name], zip, name);
});
places('should make the 14 listed places 9 primary and 5 extended, as the coverage statistics say', () => {
  const required = site.places.filter((p) => p.name in REQUIRED_PLACES);
  assert.equal(
    { primary: required.filter((p) => p.coverage === 'primary').length, extended: required.filter((p) => p.coverage === 'extended').length },
    REQUIRED_COVERAGE,
  );
});
places.run();

const copy = suite('content/area-copy.yaml');
copy('should list the sub-services for area pages', () => {
  assert.equal(site.areaCopy.services.map((s) => [s.slug, s.subServices]), [
    ['automotive', ['Car lockouts', 'Key programming', 'Ignition repair']],
    ['residential', ['Home lockouts', 'Lock installation', 'Rekeying']],
    ['commercial', ['Office lockouts', 'Master key systems', 'Security']],
    ['emergency', ['Emergency locksmith response']],
  ]);
});
copy('should refuse "24/7" in shared area copy, naming the file and field', () => {
  const bad = structuredClone(PROJECT_CONTENT.areaCopy) as { why: { text: string }[] };
  bad.why[0].text = 'We are here 24/7.';
  assert.throws(() => check(AreaCopy, bad, 'content/area-copy.yaml', 'area copy'), /^content\/area-copy\.yaml: area copy: point 1 \([^)]*\): field "text" must not say "24\/7"/);
});
copy.run();
