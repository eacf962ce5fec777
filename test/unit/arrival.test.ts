/**
 * Distances and arrival estimates (lib/content/arrival.ts): great-circle distances from the base,
 * the owner's response times only within the settings' arrivalEstimate.nearKm, an estimate rounded up to a quarter
 * hour beyond it, the nearest towns, and a record naming a service that does not exist refused.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Community } from '../../lib/content/schema.ts';
import { arrivalOf, arrivalSentence, greatCircleKm, minutesInWords, neighbours } from '../../lib/content/arrival.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';

const site = loadContent(PROJECT_CONTENT);
const area = (slug: string) => site.areas.find((a) => a.slug === slug)!;
const { settings } = site;
const LOCATION = settings.location;
const OWNER_MINUTES = settings.responseMinutes;

const test = suite('arrival');
test('should measure great-circle km (one degree of latitude is about 111.2 km)', () => {
  const km = greatCircleKm({ latitude: 35, longitude: -108 }, { latitude: 36, longitude: -108 });
  assert.ok(Math.abs(km - 111.2) < 0.1, String(km));
});
test('should put Milan within the owner\'s times and Gallup beyond them, 91 km away', () => {
  assert.ok(arrivalOf(area('milan'), settings).near);
  const gallup = arrivalOf(area('gallup'), settings);
  assert.not.ok(gallup.near);
  assert.is(gallup.km, 91);
  assert.is(gallup.miles, 57);
});
test('should estimate set-out time plus the stretched distance at the average speed, rounded up to 15 minutes', () => {
  const point = { latitude: LOCATION.latitude + 0.5, longitude: LOCATION.longitude };
  const km = greatCircleKm(LOCATION, point);
  const rule = settings.arrivalEstimate;
  const expected = Math.ceil((rule.setOutMinutes + km * rule.roadFactor / rule.averageKmh * 60) / 15) * 15;
  const town = { slug: 'x', name: 'X', page: { town: { coordinates: point } } };
  assert.is(arrivalOf(town, settings).minutes, expected);
  assert.is(arrivalOf(town, settings).minutes % 15, 0);
});
test('should say minutes as people do', () => {
  assert.is(minutesInWords(45), 'about 45 minutes');
  assert.is(minutesInWords(60), 'about an hour');
  assert.is(minutesInWords(75), 'about 1 hour 15 minutes');
  assert.is(minutesInWords(120), 'about 2 hours');
});
test('should promise the owner\'s minutes only in a near town\'s sentence', () => {
  assert.ok(arrivalSentence(area('san-rafael'), settings).includes(`${OWNER_MINUTES.normal} minutes`));
  assert.ok(arrivalSentence(area('grants'), settings).startsWith('Our base is in Grants'));
  for (const slug of ['acoma', 'laguna', 'new-laguna', 'thoreau']) {
    const s = arrivalSentence(area(slug), settings);
    assert.not.ok(Object.values(OWNER_MINUTES).some((m) => s.includes(m)), s);
    assert.ok(s.includes(arrivalOf(area(slug), settings).estimate), s);
  }
});
test('should find the nearest towns', () => {
  assert.equal(neighbours(area('crownpoint'), site.areas).map((n) => n.town.slug), ['smith-lake', 'thoreau']);
});
test('should rank the nearest towns by their exact distance, and name the nearest of any list', () => {
  // Prewitt (43.06 km) and Fort Wingate (43.00 km) both round to 43 km from Ramah: the nearer comes first.
  assert.equal(neighbours(area('ramah'), site.areas).map((n) => [n.town.slug, n.km]), [['thoreau', 39], ['fort-wingate', 43]]);
  const at = (slug: string, latitude: number) => ({ slug, name: slug, page: { town: { coordinates: { latitude, longitude: -108 } } } });
  const towns = [at('here', 35), at('far', 36), at('near', 35.1), at('nearer', 35.05), at('far2', 35.9)];
  assert.equal(neighbours(towns[0], towns, 3).map((n) => n.town.slug), ['nearer', 'near', 'far2']);
  assert.equal(neighbours(towns[0], towns.slice(0, 2)).map((n) => n.town.slug), ['far'], 'fewer towns than asked: all of them');
});
test('should refuse a specialised service that content/services/*.yaml does not have, naming the field', () => {
  const communities = (structuredClone(PROJECT_CONTENT.communities) as Community[]).map((c) => (c.slug === 'milan' ? { ...c, page: { ...c.page!, town: { ...c.page!.town, services: ['car-lockout', 'car-lockouts', 'home-lockout'] } } } : c));
  assert.throws(() => loadContent({ ...PROJECT_CONTENT, communities }), /^content\/areas\/milan\.yaml: community "milan": field "page\.town\.services" names "car-lockouts", which is not a service of content\/services\//);
});
test.run();
