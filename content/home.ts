/**
 * The home page's own copy: metadata, hero, the review cards (zero or more), the three Why-choose-us
 * cards and the home FAQ (a review has name, location, rating, text and date).
 * The service cards come from content/core-services.ts and the area tiles from the areas.
 *
 * Every claim and figure is one of the business facts: licensed and insured; accredited by a
 * business bureau (each backed by content/site.ts `credentials`); fully mobile; 24/7 emergency
 * service; stated hours ("{hours}", filled in from content/site.ts, never typed here), emergency
 * service outside them; the counties served ("{counties}", named from the communities' records); Gallup is extended coverage served
 * on request; the base ("{base}", "{region}"), arrival times ("{minutes}", "{normalMinutes}",
 * "{emergencyMinutes}"), payment ("{payment}") and radius ("{radius}") from the settings
 * (lib/content/placeholders.ts); after-hours or emergency fee
 * quoted up front, no amount; proof of ownership or residence may be
 * required: ID, registration, title, insurance, utility bill.
 *
 * Strings never contain the business name, phone or e-mail: the templates render those from
 * content/site.ts.
 */
import type { z } from 'zod';
import type { HomeContent } from './schema.ts';
import { SAMPLE_REVIEWS } from './samples.ts';

/** Copy of the home page (/). */
export const HOME: z.input<typeof HomeContent> = {
  // The region and the business: the base town's area page is the page for "locksmith in" the base.
  title: 'Mobile Locksmith for {counties}, {region}',
  metaDescription: 'Mobile locksmith based in {base}, {region}, serving {counties}: car, home and business lockouts, key programming, rekeying. 24/7 emergency service.',
  keywords: [
    'mobile locksmith {county}',
    'mobile locksmith {base} {region}',
    '24/7 emergency locksmith {base} {region}',
    'car lockout {base} {region}',
    'locksmith Milan {region}',
    'locksmith Gallup {region}',
    'locksmith {county}',
    'locksmith McKinley County',
  ],
  heroTitle: 'Locked Out? A Mobile Locksmith Comes to You',
  heroText: 'Car, home or business, we come to you across {counties}. Emergency service is available 24/7; around {base} we usually arrive in {minutes} minutes.',

  /*
   * SAMPLE REVIEWS - NOT REAL CUSTOMERS (they live in content/samples.ts).
   * Replace SAMPLE_REVIEWS with your real customer reviews (with their permission) before you
   * publish: an array of three { name, location, text, rating } records.
   */
  reviews: SAMPLE_REVIEWS,

  why: [
    {
      title: 'Fully Mobile',
      text: 'We come to you: the parking lot, your driveway, your front door or your shop. No towing, no trip across town.',
      icon: 'van',
    },
    {
      title: 'Licensed & Insured',
      text: 'Licensed, insured and accredited by a business bureau, so the person working on your locks is accountable.',
      icon: 'shield',
    },
    {
      title: 'Fast Response',
      text: 'For an emergency we usually arrive in {emergencyMinutes} minutes, for a normal call in {normalMinutes} minutes. Distant communities take longer, and we tell you honestly how long.',
      icon: 'clock',
    },
  ],

  faqs: [
    {
      question: 'What areas do you serve?',
      answer: 'We are based in {base} and come to you within a radius of {radius} miles: across {counties}, including Milan, Bluewater, Prewitt, Thoreau, San Fidel, Laguna, Acoma Pueblo and the communities around them, and out to Fence Lake in northern Catron County. Distant communities such as Crownpoint are extended coverage, a longer drive. Gallup is extended coverage, served on request.',
    },
    {
      question: 'What are your hours?',
      answer: `{hours}. Outside those hours we provide emergency service, 24/7. A small after-hours or emergency fee may apply; if it does, we quote it up front.`,
    },
    {
      question: 'How fast can you get to me?',
      answer: 'For an emergency we usually arrive in {emergencyMinutes} minutes, and for a normal, non-urgent call in {normalMinutes} minutes. Distant communities take longer. Tell us where you are when you call and we will give you an honest estimate. If a child or pet is locked in a car, call 911 first.',
    },
    {
      question: 'How can I pay?',
      answer: 'We accept {payment}.',
    },
    {
      question: 'Are you licensed and insured?',
      answer: 'Yes. We are licensed and insured, and accredited by a business bureau.',
    },
    {
      question: 'What should I have ready when you arrive?',
      answer: 'A photo ID and proof that the car, home or business is yours: for a car, the registration, title or insurance card; for a home or business, something like a utility bill with the address. If it is locked inside, say so when you call. Also have your exact location ready, and for a car, the year, make and model.',
    },
  ],
};
