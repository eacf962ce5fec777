/**
 * THE BUSINESS SETTINGS: the one file an operator edits.
 *
 * Every fact the site states about the business is here. Change the values below, run
 * `npm run build` (or `npm run check`), and publish dist/. Every page, link, contact card and
 * structured-data block follows these values. The build checks each field (content/schema.ts) and
 * stops with a line for each mistake, naming the field, what it expects and what it found; the
 * previous dist/ is kept. docs/owner-settings.md explains every field.
 *
 * The defaults are an obviously sample identity (a 555-01xx number, example.com addresses, a
 * "Sample" licence and insurer) so the site builds out of the box; the pages label them as
 * samples and `npm run check` lists each one. Replace every one of them before publishing.
 * Optional things: write '' (or null for a group) to leave them out, and the site leaves out
 * everything that depends on them.
 */
export default {
  /** Business name, shown in the header, titles and structured data. */
  name: 'Cibola Mobile Locksmith',
  /** Business phone, any common US format; shown as (505) 555-0123, dialled as +15055550123. */
  phone: '(505) 555-0123',
  /** Business e-mail, used by every Get Quote / free quote link. */
  email: 'service@example.com',
  /** Where the site is published: https:// plus the domain, nothing after it (no trailing slash). */
  siteUrl: 'https://www.example.com',
  /** Where the business is based (footer, contact card, structured data, the open-now notice's clock). */
  location: {
    /** The base town: every text that says where you are based names it (in texts: {base}). */
    locality: 'Grants',
    /** Two-letter US state (in texts: {region}). */
    region: 'NM',
    /** Street address of the base, e.g. '201 W Coal Ave'; '' for none. */
    streetAddress: '',
    /** Publish the street address (footer, contact card, search engines): true only if customers come there. */
    showStreetAddress: false,
    postalCode: '87020',
    country: 'US',
    /** Decimal degrees of the base, e.g. from a map's "What's here?". */
    latitude: 35.1472,
    longitude: -107.8523,
    /** Time zone of the hours below (an IANA name, e.g. 'America/Denver' for Mountain time). */
    timeZone: 'America/Denver',
  },
  /**
   * Stated opening hours: every day of the week once. hours is 'closed', 'all day', or a 24-hour
   * opening and closing time like '06:00-23:00'. Emergency service outside these hours is always offered.
   */
  hours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], hours: '06:00-23:00' },
    { days: ['Saturday', 'Sunday'], hours: '09:00-22:00' },
  ],
  /** Minutes to arrive in and around your base: usual lockout, normal call, emergency. A number or a range like '15-30'. */
  responseMinutes: { usual: '15-30', normal: '20-45', emergency: '15-30' },
  /** How far you drive, in miles: a number, or a number and "+" for "more than" (in texts: {radius}). */
  serviceRadiusMiles: '60+',
  /** Relative price range for search engines: '$' to '$$$$', or a range like '$50-150'. */
  priceRange: '$$',
  /** Ways customers can pay, written as in a sentence (lower case but for names, e.g. 'Venmo'); in texts: {payment}. */
  paymentAccepted: ['cash', 'credit card', 'check'],
  /** Currencies accepted, as three-letter codes. */
  currenciesAccepted: ['USD'],
  /**
   * Your overall rating, shown near the reviews on the home page; null for none. source: 'this site'
   * for reviews collected on this website (then also given to search engines as structured data),
   * or the website they are on, e.g. 'Google' (then shown as a link only: search engines do not
   * accept ratings from other websites as this site's structured data). url: where a visitor reads them.
   */
  rating: { value: 5.0, count: 50, source: 'this site', url: 'https://www.example.com/reviews' },
  /**
   * What backs "licensed", "insured" and "accredited" on the pages; null or '' for one you do not
   * have (the build then tells you which texts claim it). Shown under "Licences and insurance" on
   * the Save our number page and in the contact card.
   */
  credentials: {
    licence: { issuer: 'Sample Licensing Board', number: 'SAMPLE-0000' },
    /** The kind of cover (without the word "insurance") and the insurer's name, or '' for unnamed. */
    insurance: { kind: 'general liability', insurer: 'Sample Insurance Company' },
    bureau: { name: 'Sample Business Bureau', url: 'https://www.example.com/bureau-profile' },
  },
  /** Your review page on a search provider (the "Leave a review" links open it in a new tab). */
  reviewUrl: 'https://www.example.com/review',
  /** Your external AI chat assistant (the chat sidebar opens it); '' for none: no chat sidebar. */
  assistantUrl: 'https://assistant.example.com/',
  /** Your video channel (the Subscribe button opens it); '' for none. */
  channelUrl: 'https://www.youtube.com/@example',
  /** Home page videos, zero or more; the first is the large one. The YouTube id (the 11 characters after "v=") or the video's YouTube address pasted whole. */
  videos: [
    { youtubeId: 'aqz-KE-bpKQ', title: 'What to do when you are locked out' },
    { youtubeId: 'eRsGyueVLvQ', title: 'How we program a car key on site' },
    { youtubeId: 'R6MlUcmOul8', title: 'Rekeying a front door lock' },
  ],
  /** Old addresses sent on to a page of this site (301), e.g. { from: '/areas/old-town/', to: '/service-areas/' }. */
  redirects: [] as { from: string; to: string }[],
  /** Google Analytics 4 measurement id, e.g. "G-ABC123XYZ9". Leave empty for no analytics. */
  analyticsId: '',
  /**
   * YOUR PROFILES ON OTHER SITES, all optional: leave a field empty ('' or []) when the business
   * has none, and never put a profile that is not the business's own. Each one set is linked in
   * the footer and told to search engines as the business's (docs/search-and-profiles.md).
   */
  profiles: {
    /** Your Google Business Profile: its Share link in Google Maps, e.g. "https://maps.app.goo.gl/...". */
    googleBusinessUrl: '',
    /** Its write-a-review link ("Ask for reviews" in the profile), e.g. "https://g.page/r/.../review": every "Leave a Review" button opens it instead of reviewUrl. */
    googleReviewUrl: '',
    /** Your pages on social sites (Facebook, Instagram, Nextdoor, Yelp...), full https:// addresses, e.g. ['https://www.facebook.com/yourbusiness']. */
    social: [],
  },
};
