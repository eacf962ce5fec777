/**
 * Facts derived, never typed twice: coverage counts, badges and "served on request" come from the
 * community records (lib/content/coverage.ts); the business hours from content/business.ts HOURS alone.
 * A town added to the records moves every count that should move, on the rendered pages.
 */
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatTime, hoursText, openingHoursText } from '../../lib/content/hours.ts';
import { parseHours } from '../../lib/content/hours-rules.ts';
import type { Community, ContentError } from '../../lib/content/schema.ts';
import { arrivalOf } from '../../lib/content/arrival.ts';
import { coverageBadge, coverageCounts, coverageNote, servedOnRequestReader, servedOnRequestSentence } from '../../lib/content/coverage.ts';
import { loadContent, type SiteData } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { renderRoute } from '../../lib/build/render.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { REQUIRED_COVERAGE, REQUIRED_PLACES, REQUIRED_SERVED_ON_REQUEST } from '../helpers/required-site.ts';

const site = loadContent(PROJECT_CONTENT);

/** The visible text of a route's <main> as rendered from `data`. */
function mainText(data: SiteData, path: string): string {
  const route = buildRoutes(data).find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  const html = renderRoute(route, data).markup;
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)![1];
  return main.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
}

/** A number shown next to a coverage statistic's label on /service-areas/. */
function stat(text: string, label: string): number {
  return Number(new RegExp(`${label} (\\d+)`).exec(text)?.[1]);
}

/** The project's content with one more extended-coverage town, listed on service pages, with a page. */
function withNewTown(): SiteData {
  const ramah = structuredClone((PROJECT_CONTENT.communities as Community[]).find((c) => c.slug === 'ramah')!);
  const town = { ...ramah, slug: 'test-new-town', name: 'Testtown', zipCode: '87999', county: 'McKinley', onHome: true, inPlacesList: true };
  return loadContent({ ...PROJECT_CONTENT, communities: [...PROJECT_CONTENT.communities, town] });
}

const counts = suite('coverage counts');
counts('should count the 14 listed places as 9 primary and 5 extended communities', () => {
  const required = coverageCounts(site.communities.filter((c) => c.name in REQUIRED_PLACES));
  assert.equal({ primary: required.primary, extended: required.extended }, REQUIRED_COVERAGE);
  const c = coverageCounts(site.communities);
  assert.is(c.places, site.places.length);
  assert.is(c.alsoServed, site.communities.length - site.places.length);
});
counts('should badge as many communities primary and extended as it counts', () => {
  const kinds = site.communities.map((c) => coverageBadge(c).kind);
  const c = coverageCounts(site.communities);
  assert.is(kinds.filter((k) => k === 'primary').length, c.primary);
  assert.is(kinds.filter((k) => k === 'extended').length, c.extended);
});
counts('should move every count on the rendered pages when a town is added', () => {
  const before = mainText(site, '/service-areas/');
  const grown = withNewTown();
  const after = mainText(grown, '/service-areas/');
  assert.is(stat(after, 'Extended-coverage communities'), stat(before, 'Extended-coverage communities') + 1);
  assert.is(stat(after, 'Primary communities'), stat(before, 'Primary communities'));
  assert.is((after.match(/Extended coverage(?!,)/g) ?? []).length, (before.match(/Extended coverage(?!,)/g) ?? []).length + 1);
  assert.ok(after.includes(`${grown.communities.length} communities`), 'card count in the intro');
  assert.ok(after.includes(`Counted over the ${site.places.length + 1} service areas`), 'places count in the statistics');
  assert.ok(mainText(grown, '/services/car-lockout/').includes('Testtown 87999'), 'listed on service pages');
  assert.ok(mainText(grown, '/').includes('Testtown'), 'tile on the home page');
  assert.ok(buildRoutes(grown).some((r) => r.path === '/areas/test-new-town/'), 'area page');
});
counts.run();

const onRequest = suite('"served on request"');
onRequest('should be said only of the records marked so (Gallup today)', () => {
  assert.equal(site.communities.filter((c) => c.servedOnRequest).map((c) => c.slug), [...REQUIRED_SERVED_ON_REQUEST]);
  assert.is(servedOnRequestSentence(site.communities), 'Gallup is extended coverage, served on request.');
  for (const a of site.areas) {
    const text = mainText(site, `/areas/${a.slug}/`);
    assert.is(text.includes('on request'), a.servedOnRequest === true, a.slug);
    if (a.servedOnRequest) assert.not.ok(text.includes('24/7'), `${a.slug}: "on request" beside a 24/7 promise`);
  }
});
onRequest('should name, in any sentence of any page that says "on request", only communities marked so', () => {
  const names = site.communities.map((c) => ({ name: c.name, marked: c.servedOnRequest === true }));
  for (const route of buildRoutes(site)) {
    const html = renderRoute(route, site).markup;
    const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)![1];
    // Every element's text apart, then sentence by sentence: a card's name and its neighbour's text never join.
    const sentences = main.split(/<[^>]+>/).flatMap((t) => t.split(/(?<=[.!?])\s+/)).filter((t) => t.includes('on request'));
    for (const sentence of sentences) {
      for (const { name, marked } of names) {
        if (new RegExp(`(?<![A-Za-z] )\\b${name}\\b`).test(sentence)) assert.ok(marked, `${route.path}: "${sentence}" calls ${name} served on request`);
      }
    }
  }
});
onRequest('should give an extended but not on-request area its own hero note', () => {
  const ramah = site.areas.find((a) => a.slug === 'ramah')!;
  assert.is(coverageNote(ramah, site.settings), `By road Ramah is ${arrivalOf(ramah, site.settings).estimate} from our Grants base: call for an honest arrival estimate.`);
  assert.is(arrivalOf(ramah, site.settings).estimate, 'about 1 hour 15 minutes');
  assert.is(coverageNote(site.areas.find((a) => a.slug === 'grants')!, site.settings), undefined);
});
onRequest('should be refused by the schema beside a 24/7 promise or on a primary area, naming the field', () => {
  const change = (slug: string, patch: (c: any) => void) => {
    const communities = structuredClone(PROJECT_CONTENT.communities) as any[];
    patch(communities.find((c) => c.slug === slug));
    return () => loadContent({ ...PROJECT_CONTENT, communities });
  };
  assert.throws(change('ramah', (c) => { c.servedOnRequest = true; }), /^content\/areas\/ramah\.yaml: community "ramah": field "servedOnRequest" cannot be true while page\.emergency promises "24\/7"/);
  assert.throws(change('grants', (c) => { c.servedOnRequest = true; c.page.emergency = 'available'; }), /^content\/areas\/grants\.yaml: community "grants": field "servedOnRequest" may be true only for coverage "extended"/);
});
onRequest('should read which communities a text says are served on request, sentence by sentence', () => {
  const read = servedOnRequestReader(site.communities);
  const slugs = (text: string, subject?: Community) => read(text, subject).map((c) => c.slug);
  assert.equal(slugs('We come to Milan in minutes. Gallup is extended coverage, served on request.'), ['gallup']);
  assert.equal(slugs('New Laguna and Gallup are served on request.'), ['new-laguna', 'gallup'], '"New Laguna" is not also read as "Laguna"');
  assert.equal(slugs('Laguna, Milan and Grants are primary areas. Emergency service is available on request.'), [], 'no sentence says "served on request"');
  const ramah = site.communities.find((c) => c.slug === 'ramah')!;
  assert.equal(slugs('Extended coverage, served on request.', ramah), ['ramah'], 'a record\'s sentence that names no one speaks of its own community');
  assert.equal(slugs('Unlike Gallup, served on request, we reach you fast.', ramah), ['gallup']);
  assert.equal(slugs('We reach Grants and Milan in minutes, while Gallup is served on request.'), ['gallup'], 'only the clause that says it');
  assert.equal(slugs('We reach Milan fast; gallup\nserves on request.'), ['gallup'], 'any case, any space, "serves"');
});
onRequest('should stop the build when a text says an unmarked community is served on request, naming the file, the record and the field', () => {
  const unmarked = structuredClone(PROJECT_CONTENT) as any;
  delete unmarked.communities.find((c: any) => c.slug === 'gallup').servedOnRequest;
  // Every text that says so is named in one run, each a line.
  assert.throws(() => loadContent(unmarked), (e: ContentError) => e.message.split('\n')[0] === 'content/areas/gallup.yaml: community "gallup": field "description" says Gallup is served on request, but community "gallup" is not marked so: add servedOnRequest: true to content/areas/gallup.yaml, or change this text.'
    && e.problems.length === 7 && e.problems.every((p) => p.expected.startsWith('says Gallup is served on request')) && new Set(e.problems.map((p) => p.file)).size >= 4);
  const milan = structuredClone(PROJECT_CONTENT) as any;
  const faq = milan.core.find((c: any) => c.slug === 'residential').faqs.at(-1);
  faq.answer = faq.answer.replace('Gallup is extended coverage', 'Milan is extended coverage');
  assert.throws(() => loadContent(milan), (e: Error) => e.message === `content/core-services/residential.yaml: core service "residential": question ${milan.core.find((c: any) => c.slug === 'residential').faqs.length} (${faq.question}): field "answer" says Milan is served on request, but community "milan" is not marked so: change this text (only an extended-coverage community without a 24/7 emergency promise can be served on request).`);
});
onRequest.run();

const hours = suite('business hours, defined once');
hours('should say the stated hours in words and in schema.org text form, from the settings', () => {
  assert.is(hoursText(site.settings.hours), 'Monday to Friday 6:00 AM to 11:00 PM and Saturday and Sunday 9:00 AM to 10:00 PM');
  assert.equal(openingHoursText(site.settings.hours), ['Mo-Fr 06:00-23:00', 'Sa-Su 09:00-22:00']);
  assert.equal([formatTime('00:00'), formatTime('12:00'), formatTime('06:05')], ['12:00 AM', '12:00 PM', '6:05 AM']);
});
hours('should not type a time of day in any content file but the settings (FAQ answers say "{hours}")', () => {
  for (const file of fg.sync(['**/*.yaml', '!settings.yaml'], { cwd: new URL('../../content/', import.meta.url).pathname })) {
    const source = readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8');
    assert.not.ok(/\b\d{1,2}:\d\d\s*(AM|PM)\b|\b\d\d:\d\d\b/i.test(source), `content/${file} types a time of day`);
  }
});
hours('should put the same hours in every hours answer of the rendered FAQ pages', () => {
  const times = site.settings.hours.flatMap((h) => { const d = parseHours(h.hours); return d.kind === 'open' ? [formatTime(d.opens), formatTime(d.closes)] : []; });
  for (const path of ['/', '/emergency/', '/services/emergency-locksmith/']) {
    const found = mainText(site, path).match(/\b\d{1,2}:\d\d (AM|PM)\b/g) ?? [];
    assert.ok(found.length > 0, `${path} states the hours`);
    for (const t of found) assert.ok(times.includes(t), `${path}: ${t} is not one of the stated hours`);
  }
});
hours.run();
