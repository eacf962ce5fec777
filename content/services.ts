import type { z } from 'zod';
import type { Service } from './schema.ts';

/**
 * The ten specialised service pages. Each record becomes
 * /services/{slug}/ and also feeds the Services menu, the sitemap page and the FAQ structured
 * data of its page. Order here is the order of the menu and the sitemap.
 *
 * Every price, time and claim in these strings is one of the business facts listed in
 * content/core-services.ts; nothing else is stated. The business name, phone number and
 * e-mail address are never written here: the templates render them from content/site.ts.
 * "{base}", "{minutes}", "{hours}", "{counties}" and the other placeholders are filled in as in
 * content/core-services.ts.
 * Banners: 'emergency-strip' only on emergency-locksmith, 'do-not-remove' only on
 * broken-key-extraction. FAQ counts: six for master-key-systems and broken-key-extraction,
 * five for the rest.
 */
export const SERVICES: z.input<typeof Service>[] = [
  {
    slug: 'automotive-key-programming',
    name: 'Automotive Key Programming',
    kind: 'automotive',
    icon: 'chip',
    summary: 'Car keys, remotes and smart keys cut and programmed at your vehicle, wherever it is parked.',
    title: 'Car Key Programming in {base}, {region}',
    metaDescription:
      'Mobile car key programming in {base} and across {county} (Gallup on request). Basic programmed keys about $150-200; most cars take 30-45 minutes.',
    keywords: [
      'car key programming {base} {region}',
      'key fob programming {base}',
      'smart key replacement Gallup {region}',
      'transponder key {county}',
      'mobile car key locksmith McKinley County',
      'car key replacement Milan {region}',
    ],
    heroTitle: 'Car Key Programming, Done at Your Car',
    heroText:
      'We bring the tools to your driveway, workplace or roadside and program the new key on the spot. No tow, no trip to town.',
    banner: 'none',
    faqs: [
      {
        question: 'How much does a programmed car key cost?',
        answer:
          'A basic programmed key usually runs about $150-200. Smart keys for luxury vehicles are about $300-400. Call with your make, model and year and we will tell you where your car falls before we start.',
      },
      {
        question: 'How long does key programming take?',
        answer:
          'Most cars take 30-45 minutes once we are at the vehicle. Some models take longer, so allow up to 60 minutes.',
      },
      {
        question: 'Do I have to bring my car to a shop?',
        answer:
          'No. We are fully mobile and come to wherever the car is, in {base}, Milan and communities across {counties}. Distant communities take longer to reach, so tell us where you are when you call.',
      },
      {
        question: 'Can you program a key outside business hours?',
        answer:
          `Our hours are {hours}, with emergency service outside those hours. A small after-hours fee may apply; we quote it up front, before we come out.`,
      },
      {
        question: 'How can I pay?',
        answer: 'We take cash, credit card or check. We are licensed and insured, and you get the price before the work starts.',
      },
    ],
  },
  {
    slug: 'car-lockout',
    name: 'Car Lockout',
    kind: 'automotive',
    icon: 'car',
    summary: 'Locked out of your car, truck or SUV? We come to you and get you back in.',
    title: 'Car Lockout Service in {base}, {region}',
    metaDescription:
      'Locked out of your car in {base} or Milan? Our mobile locksmith usually arrives in {minutes} minutes around {base}. No charge if we cannot open it.',
    keywords: [
      'car lockout {base} {region}',
      'locked keys in car {base}',
      'car lockout Gallup {region}',
      'vehicle unlock Milan {region}',
      'mobile locksmith {county}',
      'truck lockout McKinley County',
      '24/7 car lockout service',
    ],
    heroTitle: 'Locked Out of Your Car?',
    heroText:
      'Call and stay with your vehicle. We come to you, usually within {minutes} minutes in and around {base}, and get you back on the road.',
    banner: 'none',
    faqs: [
      {
        question: 'A child or pet is locked in the car. What do I do?',
        answer:
          'If a child or pet is in distress, call 911 first. Then call us; we will come as fast as we can, but emergency responders come first when a life is at risk.',
      },
      {
        question: 'How fast can you get to me?',
        answer:
          'In and around {base} we usually arrive at a lockout in {minutes} minutes. For normal calls plan on {normalMinutes} minutes; for emergencies we aim for {emergencyMinutes} minutes. Distant communities take longer, so tell us exactly where you are.',
      },
      {
        question: 'What if you cannot open my car?',
        answer: 'Then there is no charge. You only pay when we get you back into your vehicle.',
      },
      {
        question: 'Do I need to prove the car is mine?',
        answer:
          'Yes, we may ask for proof of ownership before we open the car, such as your ID, registration, title or insurance card. If those papers are locked inside, we can check them as soon as the door is open.',
      },
      {
        question: 'Is there an extra charge at night or on weekends?',
        answer:
          'A small after-hours or emergency fee may apply. We tell you the amount up front, on the phone, before we head out, so there are no surprises.',
      },
    ],
  },
  {
    slug: 'home-lockout',
    name: 'Home Lockout',
    kind: 'residential',
    icon: 'home',
    summary: 'Locked out of your house or apartment? We come to your door, day or night.',
    title: 'Home Lockout Service in {base}, {region}',
    metaDescription:
      'Locked out of your home in {base}, Milan or Bluewater? Our licensed, insured mobile locksmith comes to your door, usually in {minutes} minutes around {base}.',
    keywords: [
      'home lockout {base} {region}',
      'house lockout locksmith {base}',
      'locked out of house Milan {region}',
      'apartment lockout Gallup {region}',
      'residential locksmith {county}',
      'emergency home lockout Bluewater {region}',
    ],
    heroTitle: 'Locked Out of Your Home?',
    heroText:
      'Call us and we will come to your door, usually within {minutes} minutes in and around {base}. Licensed, insured and available 24/7 for emergencies.',
    banner: 'none',
    faqs: [
      {
        question: 'How fast can you get here?',
        answer:
          'In and around {base} we usually arrive at a lockout in {minutes} minutes. For normal calls plan on {normalMinutes} minutes; for emergencies we aim for {emergencyMinutes} minutes. Homes in distant communities take longer to reach.',
      },
      {
        question: 'Do I need to prove I live here?',
        answer:
          'Yes, we may ask for proof of residence before we open the door, such as an ID with the address or a utility bill. It protects you as much as anyone: we will not let a stranger into your home.',
      },
      {
        question: 'Is there an extra charge at night?',
        answer:
          'A small after-hours or emergency fee may apply outside our regular hours. We quote it up front, before we come out.',
      },
      {
        question: 'I lost my keys. Should I change the locks?',
        answer:
          'If your keys could be in someone else\'s hands, rekeying is the quick, low-cost fix: about $25-40 per lock and 10-15 minutes per lock. Old keys stop working and you get new ones on the same visit.',
      },
      {
        question: 'How can I pay?',
        answer: 'We take cash, credit card or check. You get the price before we start, and any after-hours fee is quoted up front.',
      },
    ],
  },
  {
    slug: 'commercial-lockout',
    name: 'Commercial Lockout',
    kind: 'commercial',
    icon: 'building',
    summary: 'Locked out of your office, shop or storefront? We get you open and back to business.',
    title: 'Commercial Lockout Service in {base}, {region}',
    metaDescription:
      'Business lockout in {base} or Milan? Our licensed, insured mobile locksmith opens offices, shops and storefronts across {counties}.',
    keywords: [
      'commercial lockout {base} {region}',
      'business lockout locksmith {base}',
      'office lockout Gallup {region}',
      'store lockout Milan {region}',
      'commercial locksmith {county}',
      'business locksmith McKinley County',
    ],
    heroTitle: 'Locked Out of Your Business?',
    heroText:
      'Every minute closed costs you. We come to your office, shop or storefront, usually within {minutes} minutes in and around {base}, and get you open.',
    banner: 'none',
    faqs: [
      {
        question: 'How fast can you get to my business?',
        answer:
          'In and around {base} we usually arrive at a lockout in {minutes} minutes. For normal calls plan on {normalMinutes} minutes; for emergencies we aim for {emergencyMinutes} minutes. Businesses in distant communities take longer to reach.',
      },
      {
        question: 'What proof do you need before opening a business?',
        answer:
          'We may ask for your ID and a document that ties you to the property, such as a utility bill or insurance paperwork in the business\'s name. It keeps your building safe from anyone who is not supposed to be inside.',
      },
      {
        question: 'Can you come before opening time or after closing?',
        answer:
          `Our hours are {hours}, with emergency service outside those hours. A small after-hours fee may apply, quoted up front.`,
      },
      {
        question: 'An employee left with a key. What should we do?',
        answer:
          'Rekeying the affected locks makes the old key useless: about $25-40 per lock and 10-15 minutes per lock. If you hand out many keys, ask us about a master key system so you control who opens which door.',
      },
      {
        question: 'How can we pay?',
        answer: 'We take cash, credit card or check. We are licensed and insured, and you get the price before we start.',
      },
    ],
  },
  {
    slug: 'emergency-locksmith',
    name: 'Emergency Locksmith',
    kind: 'emergency',
    icon: 'alert',
    summary: '24/7 emergency locksmith for lockouts, broken keys and locks that will not secure.',
    // The 24/7 call-out; /emergency/ is the page for emergency lockouts of every kind.
    title: '24/7 Emergency Locksmith in {base}, {region}: Nights & Weekends',
    metaDescription:
      '24/7 emergency locksmith in {base}, {region} and {county}, nights, weekends and holidays: we aim to arrive in {emergencyMinutes} minutes. Licensed, insured, fully mobile.',
    keywords: [
      'emergency locksmith {base} {region}',
      '24/7 locksmith {base}',
      'emergency locksmith Milan {region}',
      'late night locksmith {county}',
      'after hours locksmith {base} {region}',
      'emergency locksmith Gallup {region}',
    ],
    heroTitle: '24/7 Emergency Locksmith, Day or Night',
    heroText:
      'Locked out at night, a key snapped in the lock, or a door that will not lock? Call now; for emergencies we aim to be there in {emergencyMinutes} minutes.',
    banner: 'emergency-strip',
    faqs: [
      {
        question: 'Are you really available 24/7?',
        answer:
          `Yes. Our regular hours are {hours}, and we provide emergency service outside those hours. Call any time.`,
      },
      {
        question: 'How fast will you arrive?',
        answer:
          'For emergencies we aim for {emergencyMinutes} minutes, and in and around {base} we usually arrive at a lockout in that time. Normal calls are {normalMinutes} minutes. Distant communities take longer, and we will give you an honest estimate when you call.',
      },
      {
        question: 'A child or pet is locked inside. Who do I call?',
        answer:
          'Call 911 first if a child or pet is in distress. Then call us; we will head out right away, but emergency responders come first when a life is at risk.',
      },
      {
        question: 'Do emergency calls cost more?',
        answer:
          'A small after-hours or emergency fee may apply. We tell you the amount up front, before we come out. We take cash, credit card or check.',
      },
      {
        question: 'Which areas do you cover in an emergency?',
        answer:
          '{base}, Milan and communities across {counties}. Gallup is extended coverage that we serve on request, so call and ask. Distant communities take longer to reach.',
      },
    ],
  },
  {
    slug: 'lock-installation',
    name: 'Lock Installation',
    kind: 'residential',
    icon: 'lock',
    summary: 'New deadbolts and door locks installed at your home or business.',
    title: 'Lock & Deadbolt Installation in {base}, {region}',
    metaDescription:
      'Deadbolt installation in {base}, Milan and {county}: about $100-150 plus the lock, done in about an hour. Licensed, insured mobile locksmith.',
    keywords: [
      'lock installation {base} {region}',
      'deadbolt installation {base}',
      'new locks Milan {region}',
      'door lock installation Gallup {region}',
      'residential locksmith {county}',
      'commercial lock installation McKinley County',
    ],
    heroTitle: 'Stronger Locks, Installed Right',
    heroText:
      'We install deadbolts and door locks at your home or business across {counties}. Most deadbolts take about an hour.',
    banner: 'none',
    faqs: [
      {
        question: 'How much does deadbolt installation cost?',
        answer:
          'Installing a deadbolt runs about $100-150, plus the cost of the lock itself. We give you the price before we start.',
      },
      {
        question: 'How long does it take?',
        answer:
          'About an hour per deadbolt. We come to you, so you do not have to wait at a store or haul a door anywhere.',
      },
      {
        question: 'What kind of deadbolt should I get?',
        answer:
          'We recommend a Grade 1 deadbolt with a throw (the bolt that slides into the frame) of at least 1 inch. Grade 1 is the highest grade and holds up best against forced entry.',
      },
      {
        question: 'Should I replace my locks or just rekey them?',
        answer:
          'If your locks work well and you only need old keys to stop working, rekeying is cheaper: about $25-40 per lock. If a lock is worn, damaged or weak, a new Grade 1 deadbolt is the better investment.',
      },
      {
        question: 'Do you install locks for businesses too?',
        answer:
          'Yes. We install locks for homes and businesses, and can also set up master key systems and panic bars for commercial buildings. We are licensed and insured.',
      },
    ],
  },
  {
    slug: 'lock-rekeying',
    name: 'Lock Rekeying',
    kind: 'residential',
    icon: 'key',
    summary: 'Make old keys useless without replacing your locks.',
    title: 'Lock Rekeying in {base}, {region}',
    metaDescription:
      'Lock rekeying in {base}, Milan and across {county} (Gallup on request): about $25-40 per lock, 10-15 minutes per lock. Old keys stop working.',
    keywords: [
      'lock rekeying {base} {region}',
      'rekey locks {base}',
      'rekey house locks Milan {region}',
      'rekeying service Gallup {region}',
      'locksmith rekey {county}',
      'rekey after moving McKinley County',
    ],
    heroTitle: 'Rekey Your Locks, Keep Your Hardware',
    heroText:
      'Moved in, lost a key or had a key go missing with a former tenant or employee? Rekeying makes the old keys useless in minutes.',
    banner: 'none',
    faqs: [
      {
        question: 'How much does rekeying cost?',
        answer: 'About $25-40 per lock. You get the total before we start, and we take cash, credit card or check.',
      },
      {
        question: 'How long does it take?',
        answer: 'About 10-15 minutes per lock. We come to you, so the whole house is done in one visit and you get the new keys before we leave.',
      },
      {
        question: 'What is the difference between rekeying and replacing a lock?',
        answer:
          'Rekeying changes the inside of the lock so it works with a new key and the old keys stop working. You keep your existing hardware, which costs far less than new locks. If a lock is worn or weak, replacing it may be the better choice.',
      },
      {
        question: 'When should I rekey?',
        answer:
          'When you move into a new home, lose a key, or a roommate, tenant or employee leaves with one. Anyone holding an old key can no longer get in.',
      },
      {
        question: 'Can all my doors work with one key?',
        answer:
          'Often, yes, if your locks are compatible. We check your locks when we arrive and tell you honestly what can be keyed alike.',
      },
    ],
  },
  {
    slug: 'master-key-systems',
    name: 'Master Key Systems',
    kind: 'commercial',
    icon: 'building',
    summary: 'One key for the manager, the right keys for everyone else: master key systems for businesses.',
    title: 'Master Key Systems in {base}, {region}',
    metaDescription:
      'Master key systems for offices and businesses in {base} and {county} (Gallup on request). Simple small-office systems about $300-500. Licensed, insured.',
    keywords: [
      'master key system {base} {region}',
      'master key locksmith {base}',
      'office key control Gallup {region}',
      'commercial master key Milan {region}',
      'business locksmith {county}',
      'master key system McKinley County',
    ],
    heroTitle: 'Master Key Systems for Your Business',
    heroText:
      'Give each person the keys they need and keep one key that opens everything. We design and install master key systems on site.',
    banner: 'none',
    faqs: [
      {
        question: 'What is a master key system?',
        answer:
          'It is a set of locks keyed so each person\'s key opens only the doors they need, while a master key opens them all. Managers carry one key instead of a ring, and you decide who gets into which rooms.',
      },
      {
        question: 'How much does a master key system cost?',
        answer:
          'A simple system for a small office is about $300-500. Larger buildings with more doors and more levels of access cost more. We give you the price before we start.',
      },
      {
        question: 'How long does setup take?',
        answer:
          'A small office usually takes about half a day. A bigger building can take a day or two.',
      },
      {
        question: 'An employee lost a key. What now?',
        answer:
          'We cut a new one. If the lost key could be a security risk, ask us about rekeying the doors it opens so it no longer works.',
      },
      {
        question: 'Do I need all new locks?',
        answer:
          'Not always. We look at your existing locks first and tell you honestly which can be part of the system and which should be replaced.',
      },
      {
        question: 'Do you come to our building?',
        answer:
          'Yes. We are fully mobile and work on site in {base}, Milan and across {counties}. We are licensed and insured, and take cash, credit card or check.',
      },
    ],
  },
  {
    slug: 'broken-key-extraction',
    name: 'Broken Key Extraction',
    kind: 'emergency',
    icon: 'wrench',
    summary: 'Key snapped in a door lock or ignition? We remove it and cut you a new key.',
    title: 'Broken Key Extraction in {base}, {region}',
    metaDescription:
      'Key broken in a lock in {base} or Milan? We remove it in about 15-30 minutes and cut a new key. Simple door locks about $75-100, key included.',
    keywords: [
      'broken key extraction {base} {region}',
      'key broke in lock {base}',
      'broken key in ignition Gallup {region}',
      'key stuck in door Milan {region}',
      'key extraction locksmith {county}',
      'broken car key McKinley County',
    ],
    heroTitle: 'Key Broken Off in the Lock?',
    heroText:
      'Leave it where it is and call us. We remove the broken piece and cut you a new key on the spot.',
    banner: 'do-not-remove',
    faqs: [
      {
        question: 'Should I try to pull the broken piece out myself?',
        answer:
          'Please do not. Tweezers, glue or a screwdriver usually push the piece deeper or damage the pins, which can turn a simple extraction into a new lock. Leave it where it is and call us.',
      },
      {
        question: 'How much does broken key extraction cost?',
        answer:
          'A simple door lock is about $75-100, and that includes a new key. A car ignition costs more. We give you the price before we start.',
      },
      {
        question: 'How long does it take?',
        answer:
          'Usually 15-30 minutes to get the broken piece out, plus a few minutes to cut your new key. We do it on the spot, so you leave with a working key.',
      },
      {
        question: 'My key broke in the car ignition. Can you help?',
        answer:
          'Yes. We come to the car wherever it is. Ignition extractions cost more than a simple door lock, and we tell you the price before we begin.',
      },
      {
        question: 'Will the lock still work afterward?',
        answer:
          'In most cases, yes, once the piece is out and you have a new key. If the lock turns out to be damaged, we tell you and you decide whether to rekey or replace it.',
      },
      {
        question: 'What if it happens at night?',
        answer:
          'We provide emergency service outside our regular hours. A small after-hours or emergency fee may apply, and we quote it up front before we come out.',
      },
    ],
  },
  {
    slug: 'panic-bar-installation',
    name: 'Panic Bar Installation',
    kind: 'commercial',
    icon: 'door',
    summary: 'Panic bars (push bars) installed and tested on your business exit doors.',
    title: 'Panic Bar Installation in {base}, {region}',
    metaDescription:
      'Panic bar installation for businesses in {base} and {county} (Gallup on request). Basic panic bars about $300-500, 1-2 hours per door, tested.',
    keywords: [
      'panic bar installation {base} {region}',
      'push bar installation {base}',
      'exit device installation Gallup {region}',
      'panic hardware Milan {region}',
      'commercial locksmith {county}',
      'fire exit bar McKinley County',
    ],
    heroTitle: 'Panic Bar Installation for Your Business',
    heroText:
      'Exit doors that open with one push, installed at your building and tested before we leave.',
    banner: 'none',
    faqs: [
      {
        question: 'Does my business need panic bars?',
        answer:
          'Panic bars may be required for buildings that generally hold over 50 people, and for certain types of businesses. Check with your local fire marshal or building code official to confirm what applies to you.',
      },
      {
        question: 'How much does a panic bar cost?',
        answer:
          'A basic panic bar installation is about $300-500. We give you the price before we start.',
      },
      {
        question: 'How long does installation take?',
        answer:
          'About 1-2 hours per door. We test every door before we leave to make sure it opens with one push and latches properly.',
      },
      {
        question: 'Do you come to our building?',
        answer:
          'Yes. We are fully mobile and install on site in {base}, Milan and across {counties}. We are licensed and insured.',
      },
      {
        question: 'How can we pay?',
        answer: 'We take cash, credit card or check. You get the price before we start work on any door.',
      },
    ],
  },
];
