/**
 * The owner's settings (content/settings.yaml) as an owner who is not the sample business would write
 * them: each hours mistake refused in one line naming the file, the field and the value; a rating
 * shown and marked up only where the rules allow; claims backed by credentials; optional
 * features; counties from the records; redirects checked against the pages and written into
 * every hosting file (the deploy's warning for a deleted page without a redirect:
 * test/unit/deleted-pages.test.ts).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { backedItems } from '../../lib/content/claims.ts';
import { countiesReach, countiesServed, countyPhrase } from '../../lib/content/counties.ts';
import { hoursTable, hoursText, openingHoursSpecs, openingHoursText, openMinutes } from '../../lib/content/hours.ts';
import { loadContent, type RawContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { ratingText } from '../../lib/content/rating.ts';
import { redirectProblems } from '../../lib/content/redirects.ts';
import { problemLine } from '../../lib/content/content-error.ts';
import { contentErrorOf, withChange } from '../helpers/content-edits.ts';
import { generateNginx, hostingFiles } from '../../lib/site-files/hosting.ts';
import { locksmithJsonLd as jsonLdOf } from '../../lib/site-files/structured-data.ts';

/** The Locksmith JSON-LD as plain data (schema-dts's union type has no property access). */
const locksmithJsonLd = (...args: Parameters<typeof jsonLdOf>) => jsonLdOf(...args) as unknown as Record<string, any>;

/** The one-line message loadContent throws for `raw`. */
const errorOf = (raw: RawContent): string => contentErrorOf(raw).message;

const WEEKDAYS5 = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
/** Content whose hours are `rows`. */
const withHours = (rows: unknown[]) => withChange((c) => { c.settings.hours = rows; });

const hours = suite('hours: refused');
hours('should refuse "7 AM" times, naming the file, the field and the value', () => {
  const msg = errorOf(withHours([{ days: WEEKDAYS5, hours: '7 AM-9 PM' }, { days: ['Saturday', 'Sunday'], hours: 'closed' }]));
  assert.is(msg, `content/settings.yaml: settings: hours row 1: field "hours" must be "closed", "all day" or an opening and closing time in 24-hour form like "06:00-23:00", not '7 AM-9 PM'`);
});
hours('should refuse an unknown day name with "did you mean"', () => {
  const msg = errorOf(withHours([{ days: WEEKDAYS5, hours: '06:00-23:00' }, { days: ['Saturdy', 'Sunday'], hours: '09:00-22:00' }]));
  assert.is(msg, `content/settings.yaml: settings: hours row 2: field "days" (row 1) must be a day of the week spelt out, e.g. "Monday", not 'Saturdy'; did you mean "Saturday"?`);
  assert.match(errorOf(withHours([{ days: [...WEEKDAYS5, 'Sat', 'Sunday'], hours: '06:00-23:00' }])), /not 'Sat'; did you mean "Saturday"\?$/);
});
hours('should refuse an impossible time such as 25:00', () => {
  const msg = errorOf(withHours([{ days: WEEKDAYS5, hours: '06:00-25:00' }, { days: ['Saturday', 'Sunday'], hours: '09:00-22:00' }]));
  assert.is(msg, `content/settings.yaml: settings: hours row 1: field "hours" must use times of day from 00:00 to 23:59 ("25:00" is not one; for a day open round the clock write "all day"), not '06:00-25:00'`);
  assert.match(errorOf(withHours([{ days: WEEKDAYS5, hours: '06:60-23:00' }, { days: ['Saturday', 'Sunday'], hours: 'closed' }])), /"06:60" is not one/);
});
hours('should refuse a closing time equal to the opening time', () => {
  const msg = errorOf(withHours([{ days: WEEKDAYS5, hours: '08:00-08:00' }, { days: ['Saturday', 'Sunday'], hours: 'closed' }]));
  assert.is(msg, `content/settings.yaml: settings: hours row 1: field "hours" must close at another time than it opens (for a day open round the clock write "all day"), not '08:00-08:00'`);
});
hours('should refuse hours past midnight, saying how to state them', () => {
  const msg = errorOf(withHours([{ days: WEEKDAYS5, hours: '18:00-02:00' }, { days: ['Saturday', 'Sunday'], hours: 'closed' }]));
  assert.match(msg, /^content\/settings\.yaml: settings: hours row 1: field "hours" must close after it opens on the same day: hours past midnight are not supported .*not '18:00-02:00'$/);
});
hours('should refuse a day given twice and a day left out', () => {
  const twice = errorOf(withHours([{ days: WEEKDAYS5, hours: '06:00-23:00' }, { days: ['Friday', 'Saturday', 'Sunday'], hours: '09:00-22:00' }]));
  assert.is(twice, 'content/settings.yaml: settings: hours row 2: field "days" (row 1) names Friday a second time (also in row 1): list each day once');
  const missing = errorOf(withHours([{ days: WEEKDAYS5, hours: '06:00-23:00' }, { days: ['Saturday'], hours: '09:00-22:00' }]));
  assert.is(missing, 'content/settings.yaml: settings: field "hours" must state every day of the week: Sunday is missing (add it with hours "closed" if you are closed that day)');
});
hours('should give each mistake as exactly one line', () => {
  for (const h of ['7 AM-9 PM', '06:00-25:00', '08:00-08:00']) {
    assert.is(errorOf(withHours([{ days: WEEKDAYS5, hours: h }, { days: ['Saturday', 'Sunday'], hours: 'closed' }])).split('\n').length, 1, h);
  }
});
hours.run();

const closed = suite('hours: closed days and all day');
const week = [
  { days: WEEKDAYS5, hours: '07:00-21:00' },
  { days: ['Saturday'], hours: 'all day' },
  { days: ['Sunday'], hours: 'closed' },
];
closed('should say closed days in words, in the footer rows and in schema.org form', () => {
  const site = loadContent(withHours(week));
  assert.is(hoursText(site.settings.hours), 'Monday to Friday 7:00 AM to 9:00 PM, Saturday open all day and Sunday closed');
  assert.equal(hoursTable(site.settings.hours), [['Monday - Friday', '7:00 AM - 9:00 PM'], ['Saturday', 'Open all day'], ['Sunday', 'Closed, emergency line answers']]);
  assert.equal(openingHoursText(site.settings.hours), ['Mo-Fr 07:00-21:00', 'Sa 00:00-23:59']);
  // schema.org: a closed day opens and closes at 00:00 (https://schema.org/OpeningHoursSpecification).
  assert.equal(openingHoursSpecs(site.settings.hours).at(-1), { days: ['Sunday'], opens: '00:00', closes: '00:00' });
  const specs = locksmithJsonLd(site).openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
  assert.equal(specs.map((s) => [s.dayOfWeek.map((d) => d.replace('https://schema.org/', '')), s.opens, s.closes]), [[WEEKDAYS5, '07:00', '21:00'], [['Saturday'], '00:00', '23:59'], [['Sunday'], '00:00', '00:00']]);
});
closed('should fill "{hours}" in FAQ answers with the stated hours', () => {
  const site = loadContent(withHours(week));
  const answer = site.home.faqs.map((f) => f.answer).find((a) => a.includes('Saturday'))!;
  assert.ok(answer.startsWith('Monday to Friday 7:00 AM to 9:00 PM, Saturday open all day and Sunday closed.'), answer);
  assert.not.ok(JSON.stringify([site.home, site.core, site.services]).includes('{hours}'));
});
closed('should give the open-now notice minutes per weekday, Sunday first', () => {
  assert.equal(openMinutes(week), [[0, 0], [420, 1260], [420, 1260], [420, 1260], [420, 1260], [420, 1260], [0, 1440]]);
});
closed.run();

const rating = suite('rating');
rating('should mark up a rating collected on this site only on a page that shows it', () => {
  const site = loadContent(PROJECT_CONTENT);
  assert.is(site.settings.rating!.source, 'this site');
  assert.equal(locksmithJsonLd(site, { withRating: true }).aggregateRating, { '@type': 'AggregateRating', ratingValue: '5.0', reviewCount: 50, bestRating: 5, worstRating: 1 });
  assert.is(locksmithJsonLd(site).aggregateRating, undefined);
});
rating('should never mark up a rating from another website, and say where it is from', () => {
  const site = loadContent(withChange((c) => { c.settings.rating = { value: 4.8, count: 120, source: 'Google', url: 'https://g.page/r/mesa-keys' }; }));
  assert.is(locksmithJsonLd(site, { withRating: true }).aggregateRating, undefined);
  assert.is(ratingText(site.settings.rating!), '4.8 from 120 Google reviews');
});
rating('should accept no rating, and refuse an impossible one', () => {
  const none = loadContent(withChange((c) => { c.settings.rating = null; }));
  assert.is(locksmithJsonLd(none, { withRating: true }).aggregateRating, undefined);
  assert.is(errorOf(withChange((c) => { c.settings.rating.value = 5.5; })), 'content/settings.yaml: settings: field "rating.value" must be from 1 to 5 stars');
  assert.is(errorOf(withChange((c) => { c.settings.rating.value = 4.75; })), 'content/settings.yaml: settings: field "rating.value" must have at most one decimal, e.g. 4.8');
  assert.is(errorOf(withChange((c) => { c.settings.rating.count = 0; })), 'content/settings.yaml: settings: field "rating.count" must be at least 1 review');
});
rating.run();

const claims = suite('credentials back the claims');
claims('should refuse every text that says "licensed" without a licence, in one run, a line each naming the text', () => {
  const lines = errorOf(withChange((c) => { c.settings.credentials.licence = null; })).split('\n');
  assert.ok(lines.length > 1, `every claiming text at once, not the first only: ${lines.length} line`);
  for (const line of lines) assert.match(line, /^content\/\S+\.yaml: .+: field "[^"]+" says "licensed", but content\/settings\.yaml has no credentials\.licence \(issuer and number\): add it, or change this text so it does not claim it\.$/);
  assert.is(new Set(lines).size, lines.length, 'each text once');
});
claims('should refuse "insured" without an insurance and "accredited" without a bureau', () => {
  assert.match(errorOf(withChange((c) => { c.settings.credentials.insurance = null; })), /says "insured", but content\/settings\.yaml has no credentials\.insurance/);
  assert.match(errorOf(withChange((c) => { delete c.settings.credentials.bureau; })), /says "accredited", but content\/settings\.yaml has no credentials\.bureau/);
});
claims('should accept a business without credentials once no text claims them', () => {
  const raw = withChange((c) => { c.settings.credentials = {}; });
  const strip = (v: any): any => (typeof v === 'string' ? v.replace(/\b(licensed|insured|accredited)\b/gi, 'local') : Array.isArray(v) ? v.map(strip) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strip(x)])) : v);
  // The area copy is a project file this test cannot edit; its claims are the only ones left.
  const msg = errorOf({ ...raw, home: strip(raw.home), services: strip(raw.services), core: strip(raw.core), communities: strip(raw.communities) });
  assert.match(msg, /^content\/area-copy\.yaml: area copy: point \d+ \([^)]*\): field "(title|text)" says "licensed"/);
});
claims.run();

const optional = suite('optional features');
optional('should accept no reviews, no videos, no assistant and no channel', () => {
  const site = loadContent(withChange((c) => {
    c.home.reviews = [];
    c.settings.videos = [];
    c.settings.assistantUrl = '';
    delete c.settings.channelUrl;
  }));
  assert.equal([site.home.reviews, site.settings.videos, site.settings.assistantUrl, site.settings.channelUrl], [[], [], '', '']);
  assert.equal(locksmithJsonLd(site).sameAs, [site.settings.credentials.bureau!.url], 'no channel: only the bureau profile in sameAs');
});
optional('should still refuse a malformed assistant link', () => {
  assert.match(errorOf(withChange((c) => { c.settings.assistantUrl = 'http://chat.test/'; })), /^content\/settings\.yaml: settings: field "assistantUrl" must start with https:\/\//);
});
optional.run();

const counties = suite('counties from the records');
counties('should name the primary communities\' counties, and the ones reached by extended coverage alone', () => {
  const site = loadContent(PROJECT_CONTENT);
  const c = countiesServed(site.communities);
  assert.equal(c, { primary: ['Cibola', 'McKinley'], extendedOnly: ['Catron'], all: ['Cibola', 'McKinley', 'Catron'] });
  assert.is(countyPhrase(c.primary), 'Cibola and McKinley Counties');
  assert.is(countiesReach(c), 'across Cibola and McKinley Counties and into Catron County');
  assert.ok(site.home.heroText.includes('across Cibola and McKinley Counties'), 'content says "{counties}", filled from the records');
});
counties('should follow a community moved to another county', () => {
  const site = loadContent(withChange((c) => { for (const x of c.communities) if (x.county === 'McKinley' && x.coverage === 'primary') x.county = 'Valencia'; }));
  assert.is(countyPhrase(countiesServed(site.communities).primary), 'Cibola and Valencia Counties');
  assert.ok(site.home.heroText.includes('Cibola and Valencia Counties'), site.home.heroText);
});
counties.run();

const redirects = suite('redirects');
const PAGES = new Set(['/', '/service-areas/', '/areas/grants/']);
/** The line of the first problem of the redirects, or undefined. */
function redirectProblem(...args: Parameters<typeof redirectProblems>): string | undefined {
  const [first] = redirectProblems(...args);
  return first && problemLine(first);
}
redirects('should report every bad redirect at once, each with its field and value', () => {
  const problems = redirectProblems([{ from: '/areas/grants/', to: '/' }, { from: '/old/', to: '/gone/' }, { from: '/fine/', to: '/' }], PAGES);
  assert.equal(problems.map((p) => [p.file, p.record, p.field, p.value]), [
    ['content/settings.yaml', 'settings', 'redirects.0.from', '/areas/grants/'],
    ['content/settings.yaml', 'settings', 'redirects.1.to', '/gone/'],
  ]);
});
redirects('should refuse a redirect to a page the build does not make, and one that would hide a page', () => {
  assert.is(redirectProblem([{ from: '/areas/old-town/', to: '/areas/old-town-new/' }], PAGES), `content/settings.yaml: settings: redirect 1: field "to" must be a page of this site, not '/areas/old-town-new/', which the build does not make, e.g. '/service-areas/'`);
  assert.match(redirectProblem([{ from: '/old/', to: '/service-areas' }], PAGES)!, /not '\/service-areas', which the build does not make; did you mean '\/service-areas\/'\?$/);
  assert.match(redirectProblem([{ from: '/areas/grants/', to: '/' }], PAGES)!, /^content\/settings\.yaml: settings: redirect 1: field "from" must be an address that is no longer a page, not '\/areas\/grants\/'/);
  assert.match(redirectProblem([{ from: '/a/', to: '/' }, { from: '/a', to: '/' }], PAGES)!, /settings: redirect 2: field "from" must be redirected once/);
  assert.is(redirectProblem([{ from: '/areas/old-town/', to: '/service-areas/' }], PAGES), undefined);
  assert.match(redirectProblem([{ from: '/img/logo.png', to: '/' }], PAGES, new Set(), new Set(['/img/logo.png']))!, /settings: redirect 1: field "from" must be an address that is no longer on the site, not '\/img\/logo\.png', which would redirect '\/img\/logo\.png', a file the site publishes/);
  assert.match(redirectProblem([{ from: '/areas', to: '/' }], PAGES, new Set(['/areas/']))!, /settings: redirect 1: field "from": the site already redirects '\/areas' itself/);
  for (const from of ['//', '/areas/grants//', '/areas/./old/', '/areas/../old/', '/old%2fpage/']) assert.match(redirectProblem([{ from, to: '/' }], PAGES)!, /^content\/settings\.yaml: settings: redirect 1: field "from" must be (a single normalised path|written as the path itself)/, from);
  assert.match(redirectProblem([{ from: '/areas/grants', to: '/' }], PAGES)!, /which would redirect the page '\/areas\/grants\/'/, 'without its slash, the rule still matches the page');
  for (const from of ['/sw.js', '/contact.vcf', '/robots.txt', '/areas/grants/index.html']) assert.match(redirectProblem([{ from, to: '/' }], PAGES, new Set(), new Set([from]))!, /a file the site publishes, and hide it/, from);
  assert.match(errorOf(withChange((c) => { c.settings.redirects = [{ from: '/old;page{x}/', to: '/' }]; })), /^content\/settings\.yaml: settings: redirect 1 \(\/old;page\{x\}\/\): field "from" must be a path of this site starting with "\/", of letters, digits/);
});
redirects('should write an owner redirect as a 301 into .htaccess, _redirects and the nginx config, beside the alias', () => {
  const site = loadContent(withChange((c) => { c.settings.redirects = [{ from: '/areas/old-town/', to: '/service-areas/' }]; }));
  const files = Object.fromEntries(hostingFiles(site).map((f) => [f.path, String(f.contents)]));
  assert.match(files['/.htaccess'], /RedirectMatch 301 \^\/areas\/acoma-pueblo\/\?\$ \/areas\/acoma\/\n(?: {2}RedirectMatch 301 .*\n)* {2}RedirectMatch 301 \^\/areas\/old-town\/\?\$ \/service-areas\/\n/);
  assert.ok(files['/_redirects'].includes('/areas/old-town/ /service-areas/ 301!\n/areas/old-town/ /service-areas/ 301\n/areas/old-town /service-areas/ 301!\n/areas/old-town /service-areas/ 301\n'), files['/_redirects']);
  assert.match(generateNginx(site), /location ~ \^\/areas\/old-town\/\?\$ \{\n {4}return 301 \/service-areas\/;\n {2}\}/);
  const none = Object.fromEntries(hostingFiles(loadContent(PROJECT_CONTENT)).map((f) => [f.path, String(f.contents)]));
  assert.not.ok(none['/_redirects'].includes('old-town'));
});
redirects.run();

const bars = suite('trust bars');
bars('should say as much as the credentials back, and drop the claim they do not back', () => {
  const items = [{ label: 'EMERGENCY', icon: 'alert' }, { label: 'LICENSED & INSURED', icon: 'shield' }];
  assert.equal(backedItems(items, { licence: { issuer: 'x', number: '1' }, insurance: { kind: 'general liability', insurer: 'y' } }).map((i) => i.label), ['EMERGENCY', 'LICENSED & INSURED']);
  assert.equal(backedItems(items, { insurance: { kind: 'general liability', insurer: '' } }).map((i) => i.label), ['EMERGENCY', 'INSURED']);
  assert.equal(backedItems(items, { licence: null, insurance: null }).map((i) => i.label), ['EMERGENCY']);
});
bars.run();

const place = suite('location and response times');
place('should refuse each malformed location field in one line', () => {
  assert.is(errorOf(withChange((c) => { c.settings.location.region = 'nm'; })), 'content/settings.yaml: settings: field "location.region" must be the two-letter state code in capitals, e.g. "NM"');
  assert.is(errorOf(withChange((c) => { c.settings.location.timeZone = 'Mountain'; })), 'content/settings.yaml: settings: field "location.timeZone" must be a time zone name such as "America/Denver" (Mountain), "America/Phoenix" or "America/Chicago"');
  assert.is(errorOf(withChange((c) => { c.settings.location.country = 'CA'; })), `content/settings.yaml: settings: field "location.country" must be one of US, not the text CA`);
  assert.match(errorOf(withChange((c) => { c.settings.location.latitude = '35.1'; })), /^content\/settings\.yaml: settings: field "location\.latitude" must be a number/);
});
place('should take the time zone of the open-now notice and the address from the settings', () => {
  const site = loadContent(withChange((c) => { c.settings.location = { ...c.settings.location, locality: 'Gallup', postalCode: '87301', timeZone: 'America/Phoenix' }; }));
  assert.is(locksmithJsonLd(site).address.addressLocality, 'Gallup');
  assert.is(site.settings.location.timeZone, 'America/Phoenix');
});
place('should refuse response minutes that are not a number or a rising range', () => {
  assert.is(errorOf(withChange((c) => { c.settings.responseMinutes.usual = '30-15'; })), 'content/settings.yaml: settings: field "responseMinutes.usual" must be a range from the smaller number to the larger, e.g. "15-30"');
  assert.is(errorOf(withChange((c) => { c.settings.responseMinutes.normal = 'half an hour'; })), 'content/settings.yaml: settings: field "responseMinutes.normal" must be minutes as a number or a range, e.g. "15-30"');
});
place.run();

const facts = suite('business facts as settings');
facts('should publish the street address only when the settings say to show it', () => {
  const shown = loadContent(withChange((c) => { Object.assign(c.settings.location, { streetAddress: '201 W Coal Ave', showStreetAddress: true }); }));
  assert.is(locksmithJsonLd(shown).address.streetAddress, '201 W Coal Ave');
  const hidden = loadContent(withChange((c) => { Object.assign(c.settings.location, { streetAddress: '201 W Coal Ave', showStreetAddress: false }); }));
  assert.not.ok('streetAddress' in locksmithJsonLd(hidden).address);
  assert.is(errorOf(withChange((c) => { c.settings.location.showStreetAddress = true; })), 'content/settings.yaml: settings: field "location.showStreetAddress" is true but streetAddress is empty: write the street address, or showStreetAddress: false');
});
facts('should take the kind of insurance without the word "insurance"', () => {
  assert.match(errorOf(withChange((c) => { c.settings.credentials.insurance.kind = 'General liability insurance'; })), /^content\/settings\.yaml: settings: field "credentials\.insurance\.kind" must be the kind of cover without the word "insurance", e\.g\. "general liability"/);
});
facts('should give search engines the price range, payments and currencies of the settings', () => {
  const site = loadContent(withChange((c) => { Object.assign(c.settings, { priceRange: '$50-150', paymentAccepted: ['cash', 'Venmo', 'debit card'], currenciesAccepted: ['USD'] }); }));
  const b = locksmithJsonLd(site);
  assert.equal([b.priceRange, b.paymentAccepted, b.currenciesAccepted], ['$50-150', 'Cash, Venmo, Debit Card', 'USD']);
  assert.ok(site.home.faqs.some((f) => f.answer === 'We accept cash, Venmo and debit card.'), 'the home FAQ says {payment}');
});
facts('should fill the base, minutes and radius placeholders, and refuse one it does not know', () => {
  const site = loadContent(withChange((c) => {
    Object.assign(c.settings.location, { locality: 'Gallup' });
    Object.assign(c.settings, { responseMinutes: { usual: '10-20', normal: '30-50', emergency: '20-40' }, serviceRadiusMiles: 80 });
  }));
  const lockout = site.services.find((s) => s.slug === 'car-lockout')!;
  assert.is(lockout.title, 'Car Lockout Service in Gallup, NM');
  assert.ok(lockout.faqs.some((f) => f.answer.startsWith('In and around Gallup we usually arrive at a lockout in 10-20 minutes. For normal calls plan on 30-50 minutes; for emergencies we aim for 20-40 minutes.')));
  assert.ok(site.home.faqs[0].answer.startsWith('We are based in Gallup and come to you within a radius of 80 miles'), site.home.faqs[0].answer);
  assert.is(errorOf(withChange((c) => { c.home.heroTitle = 'Locked Out in {bsae}?'; })), 'content/home.yaml: home: field "heroTitle" has the placeholder "{bsae}", which is not one of {base}, {region}, {county}, {counties}, {hours}, {minutes}, {normalMinutes}, {emergencyMinutes}, {radius}, {payment}, {farthestTowns}; did you mean "{base}"?');
});
facts.run();
