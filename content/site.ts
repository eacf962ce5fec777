/**
 * THE BUSINESS SETTINGS: the one file an operator edits.
 *
 * Change the values below, run `npm run build`, and upload dist/. Every page, link, contact card
 * and structured-data block follows these values. The build checks them (content/schema.ts) and
 * stops with a message naming the field if one is wrong; the previous dist/ is kept.
 *
 * The defaults are an obviously sample identity (a 555-01xx number, example.com addresses) so the
 * site builds out of the box. Replace every one of them before publishing.
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
  /** Your review page on a search provider (the "Leave a review" links open it in a new tab). */
  reviewUrl: 'https://www.example.com/review',
  /** Your external AI chat assistant (the chatbot sidebar's "Chat with Assistant" opens it). */
  assistantUrl: 'https://assistant.example.com/',
  /** Your video channel (the Subscribe button opens it). */
  channelUrl: 'https://www.youtube.com/@example',
  /** Home page videos: the YouTube id (the 11 characters after "v=") or the video's YouTube address pasted whole. */
  videos: {
    featured: { youtubeId: 'aqz-KE-bpKQ', title: 'What to do when you are locked out' },
    more: [
      { youtubeId: 'eRsGyueVLvQ', title: 'How we program a car key on site' },
      { youtubeId: 'R6MlUcmOul8', title: 'Rekeying a front door lock' },
    ],
  },
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
