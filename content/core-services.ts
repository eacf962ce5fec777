/**
 * The four core service pages: /automotive/, /residential/, /commercial/, /emergency/.
 * Each record also feeds the home page's service cards, the area pages' four-card services
 * grid, the header's core services menu and the breadcrumb label.
 *
 * Each page has 8 or 9 questions. Every price, time and claim below is one of the business
 * facts, used as stated:
 * arrival times ("{minutes}", "{normalMinutes}", "{emergencyMinutes}": the settings' responseMinutes); key programming 30-45
 * minutes, some up to 60; programmed key about $150-200, luxury smart key $300-400; deadbolt
 * install about $100-150 plus the lock, about an hour, Grade 1 with at least a 1-inch throw;
 * rekeying about $25-40 and 10-15 minutes per lock; master key system about $300-500 for a
 * simple small office (larger more), half a day to a day or two; broken key extraction about
 * $75-100 for a simple door lock (ignition more), 15-30 minutes plus a few to cut a key; panic
 * bar about $300-500, 1-2 hours per door; after-hours fee quoted up front (no amount); no
 * charge if a car cannot be opened; call 911 first for a child or pet; proof of ownership or
 * residence may be required.
 *
 * Strings never contain the business name, phone or e-mail: the templates render those from
 * content/site.ts. Facts of the settings and the records are placeholders, filled in by
 * lib/content/load-content.ts: "{base}" (the base town), "{region}" (its state), "{county}",
 * "{counties}", "{hours}", the minutes above, "{radius}", "{payment}" (every one:
 * lib/content/placeholders.ts), so the texts follow the settings.
 */
import type { z } from 'zod';
import type { CoreService } from './schema.ts';

/** The four core services, in menu order: automotive, residential, commercial, emergency. */
export const CORE_SERVICES: z.input<typeof CoreService>[] = [
  {
    slug: 'automotive',
    name: 'Automotive Locksmith',
    crumb: 'Automotive Services',
    icon: 'car',
    subServices: ['Car lockouts', 'Key programming', 'Ignition repair'],
    cardText: 'Locked out of your car or truck, or need a new key programmed? We come to where the vehicle is, in town or out on the highway.',
    title: 'Automotive Locksmith in {base}, {region}',
    metaDescription: 'Mobile car locksmith in {base}, Milan and across {county}, {region} (Gallup on request): car lockouts, key programming and ignition repair at your vehicle.',
    keywords: [
      'car locksmith {base} {region}',
      'car lockout {base} {region}',
      'car key programming {base} {region}',
      'ignition repair {county}',
      'mobile auto locksmith Milan {region}',
      'car locksmith Gallup {region}',
      'locked keys in car McKinley County',
    ],
    heroTitle: 'Car Locksmith in {base}, {region} - We Come to Your Vehicle',
    heroText: 'Keys locked in the car, a lost key or an ignition that will not turn: call us and we drive to you, in a parking lot, at home or on the road across {counties}. In and around {base} we usually arrive in {minutes} minutes.',
    faqs: [
      {
        question: 'How fast can you get to my car?',
        answer: 'For an emergency lockout we usually arrive in {emergencyMinutes} minutes. For a normal, non-urgent call plan on {normalMinutes} minutes. Distant communities and remote roads take longer; tell us where you are when you call and we will give you an honest estimate.',
      },
      {
        question: 'What happens if you cannot open my car?',
        answer: 'There is no charge if we cannot open your car.',
      },
      {
        question: 'My child or pet is locked in the car. What do I do?',
        answer: 'Call 911 first. Emergency responders come before anything else when a child or pet is in distress. Then call us.',
      },
      {
        question: 'Do I need to prove the car is mine?',
        answer: 'Yes, we may ask for proof of ownership before opening a vehicle: a photo ID plus the registration, title or insurance card. If those papers are locked inside, say so when you call.',
      },
      {
        question: 'How long does car key programming take?',
        answer: 'Most key programming jobs take 30-45 minutes; some vehicles take up to 60 minutes. It is done where your vehicle is, since we are fully mobile.',
      },
      {
        question: 'How much does a programmed car key cost?',
        answer: 'A basic programmed key is about $150-200. A luxury smart key is about $300-400. Call with the year, make and model for a quote.',
      },
      {
        question: 'My key will not turn in the ignition. Can you help?',
        answer: 'Yes, ignition repair is one of our automotive services. Do not force the key, which can snap it. Call or e-mail for a free quote and describe what the key and ignition are doing.',
      },
      {
        question: 'My key broke off in the ignition or door. What now?',
        answer: 'Leave it in place and call us; trying to pull it out yourself can push it deeper. Extraction from a car ignition costs more than from a simple door lock (about $75-100). You get the price before we start, and it includes a new key. The extraction usually takes 15-30 minutes, plus a few minutes to cut the key.',
      },
      {
        question: 'Do you charge more at night or on weekends?',
        answer: 'A small after-hours or emergency fee may apply. If it does, we tell you the amount on the phone, up front, before we come out. We accept cash, credit card and check.',
      },
    ],
  },
  {
    slug: 'residential',
    name: 'Residential Locksmith',
    crumb: 'Residential Services',
    icon: 'home',
    subServices: ['Home lockouts', 'Lock installation', 'Rekeying'],
    cardText: 'Locked out of the house, moving in, or want stronger locks? We handle home lockouts, new lock installation and rekeying at your door.',
    title: 'Residential Locksmith in {base}, {region}: Lockouts & Rekeying',
    metaDescription: 'Home locksmith in {base}, Milan and nearby {region} towns: house lockouts, deadbolt installation and rekeying at your door. Licensed, insured and fully mobile.',
    keywords: [
      'residential locksmith {base} {region}',
      'home lockout {base} {region}',
      'rekey locks Milan {region}',
      'deadbolt installation {base} {region}',
      'house locksmith {county}',
      'locksmith Gallup {region}',
      'lock installation McKinley County',
    ],
    heroTitle: 'Home Locksmith in {base}, {region} - Lockouts, Rekeying & New Locks',
    heroText: 'Locked out of the house, just moved in, or lost a key? We come to your home across {counties} to get you back inside, rekey your locks or install a solid deadbolt.',
    faqs: [
      {
        question: 'I am locked out of my house. How fast can you get here?',
        answer: 'For an emergency lockout we usually arrive in {emergencyMinutes} minutes; a normal, non-urgent call is usually {normalMinutes} minutes. Homes in distant communities or out on rural roads take longer. Tell us your address when you call and we will give you an honest estimate.',
      },
      {
        question: 'Do I need to prove I live there?',
        answer: 'We may ask for proof of residence before opening a home: a photo ID plus something with the address on it, such as a utility bill. If it is all locked inside, say so when you call.',
      },
      {
        question: 'What is rekeying, and what does it cost?',
        answer: 'Rekeying changes the inside of the lock so old keys stop working and a new key works, without replacing the lock. It is about $25-40 per lock and takes 10-15 minutes per lock.',
      },
      {
        question: 'When should I rekey my locks?',
        answer: 'Good times to rekey are right after you move in, after a key is lost or stolen, and when a roommate, tenant or contractor who had a key no longer needs one. You cannot know how many copies of an old key exist.',
      },
      {
        question: 'How much does it cost to install a deadbolt?',
        answer: 'Installing a deadbolt is about $100-150 plus the cost of the lock, and takes about an hour.',
      },
      {
        question: 'What kind of deadbolt do you recommend?',
        answer: 'We recommend a Grade 1 deadbolt with a throw (the bolt that slides into the door frame) of at least 1 inch.',
      },
      {
        question: 'My key broke off in the front door lock. What should I do?',
        answer: 'Do not try to remove it yourself; you can push it deeper and damage the lock. Extraction from a simple door lock is about $75-100, you get the price before we start, and it includes a new key. It usually takes 15-30 minutes, plus a few minutes to cut the key.',
      },
      {
        question: 'Do you charge extra for after-hours calls?',
        answer: 'A small after-hours or emergency fee may apply. If it does, we quote it up front on the phone, before we come. We accept cash, credit card and check.',
      },
      {
        question: 'Do you come out to rural homes?',
        answer: 'Yes. We are fully mobile and cover a radius of {radius} miles across {counties}. Gallup is extended coverage, served on request. Distant homes take longer to reach, and we tell you how long when you call.',
      },
    ],
  },
  {
    slug: 'commercial',
    name: 'Commercial Locksmith',
    crumb: 'Commercial Services',
    icon: 'building',
    subServices: ['Office lockouts', 'Master key systems', 'Security'],
    cardText: 'Office and store lockouts, master key systems and panic bars for businesses, done on site so you can get back to work.',
    title: 'Commercial Locksmith in {base}, {region}',
    metaDescription: 'Commercial locksmith in {base}, Milan and across {county}, {region} (Gallup on request): business lockouts, master keys, rekeying and panic bars, on site.',
    keywords: [
      'commercial locksmith {base} {region}',
      'business lockout {base} {region}',
      'master key system {base} {region}',
      'panic bar installation {county}',
      'office locksmith Milan {region}',
      'commercial locksmith Gallup {region}',
      'rekey business locks McKinley County',
    ],
    heroTitle: 'Commercial Locksmith in {base}, {region} - Offices, Stores & Shops',
    heroText: 'Locked out of the shop, staff turnover, or too many keys on the ring? We come to your business across {counties} for lockouts, master key systems, rekeying and panic bars.',
    faqs: [
      {
        question: 'We are locked out of our office or store. How fast can you come?',
        answer: 'For an emergency lockout we usually arrive in {emergencyMinutes} minutes; a normal, non-urgent call is usually {normalMinutes} minutes. Businesses in distant communities take longer. Tell us where you are and we will give you an honest estimate.',
      },
      {
        question: 'What proof do you need to open a business?',
        answer: 'We may ask for proof that you own or are responsible for the business before opening it: a photo ID plus a document such as a utility bill for the premises. Have it ready if you can.',
      },
      {
        question: 'What is a master key system?',
        answer: 'A master key system lets one key open every door while each employee key opens only the doors that person needs. It cuts down the number of keys in circulation and makes access easier to manage.',
      },
      {
        question: 'How much does a master key system cost?',
        answer: 'A simple system for a small office is about $300-500. Larger buildings with more doors and access levels cost more. Call or e-mail for a free quote for your building.',
      },
      {
        question: 'How long does it take to set up a master key system?',
        answer: 'A small office usually takes about half a day. A bigger building can take a day or two.',
      },
      {
        question: 'An employee lost a key. What do we do?',
        answer: 'With a master key system we cut a new key for that employee. If you are worried the lost key could be used, ask us about rekeying the doors it opens.',
      },
      {
        question: 'Should we rekey when staff leave?',
        answer: 'If a former employee may still have a key, rekeying the locks is the simple fix: old keys stop working. It is about $25-40 per lock and takes 10-15 minutes per lock.',
      },
      {
        question: 'Do you install panic bars, and do we need them?',
        answer: 'Yes. A basic panic bar installation is about $300-500 and takes 1-2 hours per door, and we test each one before we leave. Panic bars may be required for buildings that hold, generally, over 50 people, and for certain types of business; your local building or fire official can confirm what applies to you.',
      },
      {
        question: 'How can a business pay?',
        answer: 'We accept cash, credit card and check. A small after-hours or emergency fee may apply outside business hours, and it is quoted up front.',
      },
    ],
  },
  {
    slug: 'emergency',
    name: 'Emergency Services',
    crumb: 'Emergency Services',
    icon: 'alert',
    subServices: ['Emergency locksmith response', '24/7 lockouts'],
    cardText: 'Locked out late at night or on a weekend? Emergency service is available 24/7; in and around {base} we usually arrive in {minutes} minutes.',
    // Lockouts and broken keys of every kind; /services/emergency-locksmith/ is the page for "24/7 emergency locksmith".
    title: 'Emergency Lockouts in {base}, {region}: Car, Home & Business',
    metaDescription: 'Locked out of your car, home or business? Emergency lockouts in {base}, Milan and across {county}, {region}; around {base} we usually arrive in {minutes} minutes.',
    keywords: [
      'emergency lockout {base} {region}',
      'locked out {base} {region}',
      'locked out of car {base} {region}',
      'locked out of house {base} {region}',
      'emergency lockout Milan {region}',
      'key broken in lock {base} {region}',
      'lockout service McKinley County',
    ],
    heroTitle: 'Emergency Lockout Service for Cars, Homes & Businesses',
    heroText: 'Locked out at night, on a weekend or on a holiday? Call us any hour. We come to you across {counties}; in and around {base} we usually arrive in {minutes} minutes.',
    faqs: [
      {
        question: 'Are you really available 24/7?',
        answer: `Yes, for emergencies. Regular hours are {hours}; outside those hours we provide emergency service.`,
      },
      {
        question: 'How fast will you get to me?',
        answer: 'For an emergency we usually arrive in {emergencyMinutes} minutes; for a normal, non-urgent call in {normalMinutes} minutes. Distant communities and remote roads take longer. Tell us exactly where you are and we will give you an honest estimate.',
      },
      {
        question: 'A child or pet is locked in a car. Should I call you?',
        answer: 'Call 911 first. When a child or pet is in distress, emergency responders come before a locksmith. Then call us.',
      },
      {
        question: 'Is there an extra charge for emergency calls?',
        answer: 'A small after-hours or emergency fee may apply. If it does, we tell you the amount up front on the phone, before we come out, so there are no surprises.',
      },
      {
        question: 'What counts as a locksmith emergency?',
        answer: 'Being locked out of your car, home or business; a key broken off in a lock; or a lock that will not lock, leaving a door you cannot secure. If you are not sure, call and ask.',
      },
      {
        question: 'What should I have ready when you arrive?',
        answer: 'A photo ID and, if you can, proof that the car, home or business is yours, such as the registration, title, insurance card or a utility bill. If those are locked inside, say so when you call.',
      },
      {
        question: 'My key broke off in the lock. Can I pull it out myself?',
        answer: 'Please do not; you can push it deeper and damage the lock. Extraction from a simple door lock is about $75-100, and from a car ignition it costs more. You get the price before we start, it includes a new key, and it usually takes 15-30 minutes plus a few minutes to cut the key.',
      },
      {
        question: 'Which areas do you cover for emergencies?',
        answer: '{counties}, including {base}, Milan and the communities around them, within a radius of {radius} miles. Gallup is extended coverage, served on request.',
      },
      {
        question: 'How can I pay?',
        answer: 'We accept cash, credit card and check.',
      },
    ],
  },
];
