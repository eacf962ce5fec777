/**
 * The shapes of every content record, as zod schemas, and the one function that checks a
 * collection against its schema. Content files export plain data; `lib/content/load-content.ts` runs
 * them through these schemas at build time, so a mistake stops the build with a message that
 * names the file, the record and the field, in words an operator can act on.
 *
 * Every object is strict (z.strictObject): a key the schema does not know is an error, never
 * dropped, so a misspelt optional field ("pgae" for "page") cannot silently remove a page.
 * Because every record an operator edits is checked here, key by key and type by type, the build
 * needs no separate type-check of the content files.
 */
import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { Photo } from './photo-schema.ts';
import { ContentError, type ContentProblem } from './content-error.ts';
import { describeIssues } from './schema-messages.ts';
import { googleUrlProblem, linkUrlProblem, siteUrlProblem, youTubeIdOf } from './url-rules.ts';
import { dayProblem, hoursProblem, weekProblem } from './hours-rules.ts';

export { ContentError, problemLine, type ContentProblem } from './content-error.ts';

/** URL segment: lowercase kebab-case, e.g. "fence-lake". */
export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase kebab-case, e.g. "fence-lake"');

/** Five-digit US ZIP code, e.g. "87020". */
export const Zip = z.string().regex(/^\d{5}$/, 'must be five digits, e.g. "87020"');

/** Text shown to visitors: not empty, no leading or trailing spaces. */
const Text = z.string().trim().min(1, 'must not be empty');

/** Adds the one problem `rule` finds in a string (if any) as the field's issue. */
const byRule = (rule: (raw: string) => string | undefined) => (raw: string, ctx: z.RefinementCtx) => {
  const problem = rule(raw);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** A link setting: https only, a plain domain, no user name or password (content/url-rules.ts). */
export const AbsoluteUrl = z.string().superRefine(byRule(linkUrlProblem));

/** A phone number as an operator types it; parsed as a US number with libphonenumber-js. A valid number of another country is refused. */
export const Phone = z
  .string()
  .refine((raw) => { const p = parsePhoneNumberFromString(raw, 'US'); return p?.isValid() === true && p.country === 'US'; }, 'is not a valid US phone number, e.g. "(505) 555-0123"');

/**
 * A YouTube video: its 11-character id, or a pasted YouTube address of it, whose id is used
 * (content/url-rules.ts youTubeIdOf).
 */
export const YouTubeId = z.string().transform((raw, ctx) => {
  const id = youTubeIdOf(raw);
  if (id) return id;
  ctx.addIssue({ code: 'custom', message: 'must be a YouTube video id of 11 characters, e.g. "aqz-KE-bpKQ", or the video\'s YouTube address, e.g. "https://www.youtube.com/watch?v=aqz-KE-bpKQ"' });
  return z.NEVER;
});

/** One question and its answer. */
export const Faq = z.strictObject({ question: Text, answer: Text });
export type Faq = z.infer<typeof Faq>;

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

/** The stated opening hours (content/hours-rules.ts): rows of days and their hours, every weekday once. */
export const Hours = z
  .array(z.strictObject({
    days: z.array(z.string().superRefine(byRule(dayProblem))).min(1, 'must name at least one day, e.g. ["Monday"]'),
    hours: z.string().superRefine(byRule(hoursProblem)),
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
  locality: Text,
  region: z.string().regex(/^[A-Z]{2}$/, 'must be the two-letter state code in capitals, e.g. "NM"'),
  postalCode: Zip,
  /** "US": the phone and address rules are those of the United States. */
  country: z.literal('US'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timeZone: z.string().refine((zone) => { try { new Intl.DateTimeFormat('en-US', { timeZone: zone }); return true; } catch { return false; } }, 'must be a time zone name such as "America/Denver" (Mountain), "America/Phoenix" or "America/Chicago"'),
});

/** The business's overall rating, or null for none. */
const Rating = z.strictObject({
  /** Average stars, 1 to 5, e.g. 4.8. */
  value: z.number().min(1, 'must be from 1 to 5 stars').max(5, 'must be from 1 to 5 stars').refine((v) => Number.isInteger(v * 10), 'must have at most one decimal, e.g. 4.8'),
  /** How many reviews the average is of. */
  count: z.number().int('must be a whole number of reviews').min(1, 'must be at least 1 review'),
  /** "this site" (reviews collected on this website) or the website's name, e.g. "Google". */
  source: Text,
  /** Where a visitor reads the reviews. */
  url: AbsoluteUrl,
}).nullable();

/** What backs the "licensed", "insured" and "accredited" claims; null or '' for one the business does not have. */
const Credentials = z.strictObject({
  /** Licence: who issued it and its number. */
  licence: z.strictObject({ issuer: Text, number: Text }).nullable().optional(),
  /** Insurer's name. */
  insurer: z.union([z.literal(''), Text]).optional(),
  /** The business bureau that accredits the business, and the link to the business's profile there. */
  bureau: z.strictObject({ name: Text, url: AbsoluteUrl }).nullable().optional(),
});

/** One redirect: an old site path to a page of this site (the build checks that the page exists). */
/**
 * A path as the hosting files can carry it: "/" then letters, digits and - . _ ~ % / only (the
 * unreserved characters of https://www.rfc-editor.org/rfc/rfc3986#section-2.3, %-escapes and
 * "/"); anything else (a space, ";", "{", a quote) could break the nginx config or the .htaccess
 * rule it is written into.
 */
const SITE_PATH = /^\/[A-Za-z0-9._~%/-]*$/;
const RedirectSetting = z.strictObject({
  from: z.string().regex(SITE_PATH, 'must be a path of this site starting with "/", of letters, digits and - . _ ~ % / only, e.g. "/areas/old-town/"'),
  to: z.string().regex(SITE_PATH, 'must be a page of this site starting with "/", of letters, digits and - . _ ~ % / only, e.g. "/service-areas/"'),
});

/**
 * The business's profiles on other sites (content/site.ts `profiles`), every field optional, ""
 * or [] meaning none: the Google Business Profile and its write-a-review link (Google addresses),
 * and social profiles (https addresses, each once).
 */
const GoogleUrl = z.union([z.literal(''), AbsoluteUrl.superRefine(byRule(googleUrlProblem))]);
export const Profiles = z.strictObject({
  googleBusinessUrl: GoogleUrl.optional(),
  googleReviewUrl: GoogleUrl.optional(),
  social: z.array(AbsoluteUrl).refine((list) => new Set(list).size === list.length, 'lists the same address twice').optional(),
});

/**
 * The operator's settings: the one file an operator edits (content/site.ts).
 * Every fact the site states about the business comes from here.
 */
export const SiteSettings = z.strictObject({
  /** Business name, shown wherever a page names the business. */
  name: Text,
  /** Business phone, shown in national format, linked as E.164. */
  phone: Phone,
  /** Business e-mail, the address of every Get Quote link. */
  email: z.string().email('must be an e-mail address, e.g. "service@example.com"'),
  /** Absolute address the site is published at, without a trailing path, e.g. "https://www.example.com". */
  siteUrl: z.string().superRefine(byRule(siteUrlProblem)),
  location: Location,
  hours: Hours,
  /** Arrival times in and around the base: usual lockout, normal call, emergency. */
  responseMinutes: z.strictObject({ usual: Minutes, normal: Minutes, emergency: Minutes }),
  rating: Rating,
  credentials: Credentials,
  /** External review page on a search provider (opens in a new tab). */
  reviewUrl: AbsoluteUrl,
  /** External AI chat assistant (opens in a new tab); empty: no chat sidebar. */
  assistantUrl: OptionalUrl,
  /** The business's channel on the video service (opens in a new tab); empty: no Subscribe button. */
  channelUrl: OptionalUrl,
  /** Videos on the home page, zero or more: the first large, the others smaller. */
  videos: z.array(z.strictObject({ youtubeId: YouTubeId, title: Text })),
  /** Old paths sent on (301) to pages of this site. */
  redirects: z.array(RedirectSetting).optional(),
  /** Optional Google Analytics 4 measurement id, e.g. "G-ABC123XYZ9". Empty: no analytics at all. */
  analyticsId: z.union([z.literal(''), z.string().regex(/^G-[A-Z0-9]{4,12}$/, 'must look like "G-ABC123XYZ9", or be empty')]),
  /** Optional profiles on other sites (footer links, JSON-LD sameAs and hasMap, the review link). */
  profiles: Profiles.optional(),
});

/** Which optional sections an area page has. */
export const AreaSections = z.strictObject({
  /** The history-or-features block with six tags (Crownpoint, Smith Lake, San Fidel, Fort Wingate). */
  history: z.boolean(),
  /** The three-point Why Choose Us block (all but Bluewater, New Laguna, Church Rock). */
  whyChooseUs: z.boolean(),
  /** The red emergency call banner (all but New Laguna, Church Rock). */
  emergencyBanner: z.boolean(),
  /** The features list of six tags under About (all but the short pages). */
  features: z.boolean(),
});
export type AreaSections = z.infer<typeof AreaSections>;

/** SVG scenes available for area pictures (static/img/scene-{name}.svg). */
export const SceneName = z.enum(['mesa', 'pueblo', 'lake', 'town', 'city', 'forest', 'plains']);
export type SceneName = z.infer<typeof SceneName>;

/**
 * Alt text of each scene: what the drawing shows (its own aria-label in static/img/scene-*.svg),
 * never a real place, since one drawing serves several towns.
 */
export const SCENE_ALT: Record<SceneName, string> = {
  mesa: 'Illustration: red mesas under a clear desert sky',
  pueblo: 'Illustration: a terraced adobe pueblo with ladders on top of a mesa',
  lake: 'Illustration: a mountain lake framed by pine trees and hills',
  town: 'Illustration: a small-town main street with low storefronts, railroad tracks and a mesa behind',
  city: 'Illustration: a railroad city of brick buildings, a freight train and red sandstone cliffs behind',
  forest: 'Illustration: tall ponderosa pines on rolling hills',
  plains: 'Illustration: open grassland with distant mesas under a big sky',
};

// ---- What an area page says about its town (content/communities.ts `page.town`) ----

/** A point in decimal degrees (WGS 84), e.g. { latitude: 35.1476, longitude: -107.8526 }. */
export const Coordinates = z.strictObject({
  latitude: z.number().min(-90, 'must be a latitude in degrees, -90 to 90').max(90, 'must be a latitude in degrees, -90 to 90'),
  longitude: z.number().min(-180, 'must be a longitude in degrees, -180 to 180').max(180, 'must be a longitude in degrees, -180 to 180'),
});

/**
 * Facts about the town an area page is written for; each carries its source in the record's
 * comment. The distance from Grants, the arrival estimate and the neighbouring towns are computed
 * from `coordinates` (lib/content/arrival.ts), never typed.
 */
export const TownFacts = z.strictObject({
  /** Where the town is: the source of the figures goes in the record's comment. */
  coordinates: Coordinates,
  /** The roads from Grants to the town, e.g. "I-40 west to exit 79, then ...". */
  route: Text,
  /** Landmarks and road names that help a technician find a customer there. */
  findYou: Text,
  /** What a locksmith call there is like: ranch roads, pueblo or chapter rules, I-40 stops. */
  callNotes: Text,
  /** Three or four specialised services (slugs of content/services.ts) the page links to. */
  services: z.array(Slug).min(3, 'must name three or four specialised services').max(4, 'must name three or four specialised services'),
});

/** What only a community that has its own page at /areas/{slug}/ carries. */
export const AreaPageContent = z.strictObject({
  /** Kind of place, shown as an About fact, e.g. "City", "Village", "Pueblo", "Chapter community". */
  type: Text,
  /** Fourth About fact: heritage or location, e.g. "Founded 1882 on the railroad". */
  heritage: Text,
  /** Label of the fourth fact: "Heritage" or "Location". */
  heritageLabel: z.enum(['Heritage', 'Location']),
  /** About paragraphs, written for this community. */
  about: z.array(Text).min(1),
  /** "24/7": claims 24/7 emergency service. "available": says only that emergency service is available (San Rafael, Gallup). */
  emergency: z.enum(['24/7', 'available']),
  /** Which optional sections the page shows. */
  sections: AreaSections,
  /** The history-or-features block, required when sections.history is true. */
  history: z.strictObject({ title: Text, text: Text, tags: z.array(Text).length(6, 'must have exactly six tags') }).optional(),
  /** Facts about the town (TownFacts). */
  town: TownFacts,
  /** Meta description of the page. */
  metaDescription: Text,
  /** Meta keywords of the page. */
  keywords: z.array(Text).min(1),
});

/**
 * A community of the service area.
 * Every community has a card on /service-areas; those with `page` also get /areas/{slug}/.
 */
export const Community = z
  .strictObject({
    slug: Slug,
    /** Display name, e.g. "Fence Lake". */
    name: Text,
    /** Five-digit ZIP, or "" where none is certain (shown as nothing). */
    zipCode: z.union([Zip, z.literal('')]),
    /** County name without the word "County", e.g. "McKinley" (a near miss of another record's county is refused). */
    county: Text.refine((c) => !/\bcounty$/i.test(c), 'must be the county\'s name without the word "County", e.g. "McKinley"'),
    /** Approximate population as shown, e.g. "~9,000". */
    population: Text,
    /** Primary service area, or extended coverage (a longer drive from Grants). */
    coverage: z.enum(['primary', 'extended']),
    /** Served only on request (Gallup): allowed on extended coverage only, and never with a 24/7 emergency promise. */
    servedOnRequest: z.boolean().optional(),
    /** One-sentence description for tiles and cards. */
    description: Text,
    /** A second, longer sentence or two for the service-areas card. */
    details: Text,
    /** Six feature tags. */
    features: z.array(Text).length(6, 'must have exactly six feature tags'),
    /** Picture: which SVG scene (its alt text is SCENE_ALT's, what the drawing shows). */
    scene: SceneName,
    /** Shown as a tile on the home page (15 tiles). */
    onHome: z.boolean(),
    /** One of the 14 places listed on service and core pages. */
    inPlacesList: z.boolean(),
    /** Present when the community has its own area page. */
    page: AreaPageContent.optional(),
    photo: Photo.optional(), // optional; the area page's hero shows it instead of the illustration.
  })
  .refine((c) => !c.page?.sections.history || c.page.history, { message: 'must have "history" when sections.history is true', path: ['page', 'history'] })
  .refine((c) => !c.servedOnRequest || c.coverage === 'extended', { message: 'may be true only for coverage "extended"', path: ['servedOnRequest'] })
  .refine((c) => !c.servedOnRequest || c.page?.emergency !== '24/7', { message: 'cannot be true while page.emergency promises "24/7": use emergency "available"', path: ['servedOnRequest'] });
export type Community = z.infer<typeof Community>;

/** One of the four core service pages (/automotive, /residential, /commercial, /emergency). */
export const CoreService = z.strictObject({
  slug: z.enum(['automotive', 'residential', 'commercial', 'emergency']),
  /** Card and menu name, e.g. "Automotive Locksmith". */
  name: Text,
  /** Breadcrumb label, e.g. "Automotive Services". */
  crumb: Text,
  icon: IconName,
  /** Sub-services shown on cards, e.g. ["Car lockouts", "Key programming", "Ignition repair"]. */
  subServices: z.array(Text).min(1),
  /** Card text on the home page and the area pages. */
  cardText: Text,
  /** Page <title>. */
  title: Text,
  metaDescription: Text,
  keywords: z.array(Text).min(1),
  heroTitle: Text,
  heroText: Text,
  /** 8 or 9 questions. */
  faqs: z.array(Faq).min(8, 'must have 8 or 9 questions').max(9, 'must have 8 or 9 questions'),
  photo: Photo.optional(), // optional; the page's hero and the service's cards show it instead of the illustration.
});
export type CoreService = z.infer<typeof CoreService>;

/** One of the ten specialised service pages at /services/{slug}/. */
export const Service = z.strictObject({
  slug: Slug,
  /** Menu and sitemap name, e.g. "Car Lockout". */
  name: Text,
  /**
   * The core service it belongs to: picks the hero picture (/img/card-{kind}.svg) and the related
   * services. The business groups its services under automotive, residential, commercial and
   * emergency.
   */
  kind: z.enum(['automotive', 'residential', 'commercial', 'emergency']),
  icon: IconName,
  /** One sentence for the menu, the sitemap page and cards. */
  summary: Text,
  title: Text,
  metaDescription: Text,
  keywords: z.array(Text).min(1),
  heroTitle: Text,
  heroText: Text,
  /** Extra banner: the red strip (emergency-locksmith) or the warning (broken-key-extraction). */
  banner: z.enum(['none', 'emergency-strip', 'do-not-remove']),
  /** 5 or 6 question-and-answer cards. */
  faqs: z.array(Faq).min(5, 'must have 5 or 6 questions').max(6, 'must have 5 or 6 questions'),
  photo: Photo.optional(), // optional; the page's hero shows it instead of the illustration.
});
export type Service = z.infer<typeof Service>;

/** A customer review card. */
export const Review = z.strictObject({
  name: Text,
  location: Text,
  text: Text,
  /** Stars, 1 to 5. */
  rating: z.number().int().min(1).max(5),
});
export type Review = z.infer<typeof Review>;

/** A "why choose us" point: title, text, icon. */
export const WhyPoint = z.strictObject({ title: Text, text: Text, icon: IconName });
export type WhyPoint = z.infer<typeof WhyPoint>;

/**
 * Text shared by every area page (content/area-copy.ts). "{name}" stands for the area's name.
 * It is shown on the San Rafael and Gallup pages too, which must not claim 24/7 service
 *, so it may not say "24/7": the pages add that claim from each area's
 * `page.emergency`.
 */
const AreaText = Text.refine((t) => !t.includes('24/7'), 'must not say "24/7": it is shown on pages where emergency service is only "available"');

/** Shared copy of the area pages: the services grid and the three-point Why Choose Us block. */
export const AreaCopy = z.strictObject({
  /** The four-card services grid. */
  services: z
    .array(z.strictObject({
      slug: z.enum(['automotive', 'residential', 'commercial', 'emergency']),
      /** Card text; may contain "{name}". */
      text: AreaText,
      /** Sub-services as area pages list them. */
      subServices: z.array(AreaText).min(1),
    }))
    .length(4, 'must list the four core services')
    .refine((list) => new Set(list.map((s) => s.slug)).size === 4, 'must list each core service once'),
  /** Why Choose Us: three points; titles and texts may contain "{name}". */
  why: z.array(WhyPoint.extend({ title: AreaText, text: AreaText })).length(3, 'must have exactly three points'),
});
export type AreaCopy = z.infer<typeof AreaCopy>;

/** The home page's own copy. */
export const HomeContent = z.strictObject({
  title: Text,
  metaDescription: Text,
  keywords: z.array(Text).min(1),
  heroTitle: Text,
  heroText: Text,
  /** Zero or more reviews; with none, the reviews section shows only the "Leave a review" link. */
  reviews: z.array(Review),
  why: z.array(WhyPoint).length(3, 'must have exactly three cards'),
  faqs: z.array(Faq).min(4),
  photo: Photo.optional(), // optional; the hero shows it instead of the illustration.
});
export type HomeContent = z.infer<typeof HomeContent>;

/**
 * Checks one record against a schema.
 * @param file     content file the record came from, e.g. "content/communities.ts"
 * @param label    how to name the record, e.g. 'community "fence-lake"'
 * @param siblings other records of the same collection: their values serve as examples in messages
 * @returns the parsed record
 * @throws ContentError with every mistake of the record (recordProblems), one line each naming
 *   file, record and field, e.g.
 *   `content/communities.ts: community "fence-lake": field "zipCode" must be five digits, e.g. "87020"`
 *   `content/communities.ts: community "acoma": unknown field "pgae"; did you mean "page"?`
 *   `content/communities.ts: community "acoma": field "county" is missing: add it, e.g. county: 'Cibola'`
 */
export function check<S extends z.ZodType>(schema: S, data: unknown, file: string, label: string, siblings: unknown[] = []): z.infer<S> {
  const checked = recordProblems(schema, data, file, label, siblings);
  if (checked.problems.length) throw new ContentError(checked.problems);
  return checked.record as z.infer<S>;
}

/**
 * Checks one record against a schema without throwing.
 * @returns the parsed record, or every mistake of it (each with file, record, slug, field, what it
 *   must be and the value given)
 */
export function recordProblems<S extends z.ZodType>(schema: S, data: unknown, file: string, label: string, siblings: unknown[] = []):
  { record: z.infer<S>; problems: [] } | { record?: undefined; problems: ContentProblem[] } {
  const result = schema.safeParse(data);
  if (result.success) return { record: result.data, problems: [] };
  const slug = (data as { slug?: unknown } | null)?.slug;
  return {
    problems: describeIssues(result.error.issues, schema, data, siblings)
      .map((words) => ({ file, record: label, ...(typeof slug === 'string' ? { slug } : {}), ...words })),
  };
}

/**
 * Checks every record of a collection and that `key(record)` is unique.
 * @returns the parsed records, in order
 * @throws ContentError with the mistakes of every bad record of the collection at once, and a
 *   line for each record whose key another record already has (naming both)
 */
export function checkAll<S extends z.ZodType>(
  schema: S,
  records: unknown[],
  file: string,
  kind: string,
  key: (r: z.infer<S>) => string,
): z.infer<S>[] {
  const seen = new Map<string, number>();
  const problems: ContentProblem[] = [];
  const checked = records.map((raw, i) => {
    const slug = (raw as { slug?: unknown })?.slug;
    const label = typeof slug === 'string' ? `${kind} "${slug}"` : `${kind} #${i + 1}`;
    const { record, problems: mistakes } = recordProblems(schema, raw, file, label, records);
    problems.push(...mistakes);
    if (record === undefined) return record;
    const k = key(record);
    if (seen.has(k)) {
      problems.push({ file, record: label, slug: k, field: 'slug', value: k, expected: `duplicates "${k}" (also record #${seen.get(k)! + 1}); slugs must be unique.` });
    }
    seen.set(k, i);
    return record;
  });
  if (problems.length) throw new ContentError(problems);
  return checked as z.infer<S>[];
}
