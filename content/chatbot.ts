/**
 * The fixed copy of the chatbot panel (islands/ChatbotSidebar.tsx): sample questions, each of
 * which opens the external assistant, and help topics, each linking to the page that answers it.
 * The island imports them itself, so they reach the browser once, in its code, and not a second
 * time in every page's island props (about 100 bytes gzipped a page).
 */

/** Sample questions shown in the panel. */
export const CHATBOT_QUESTIONS: readonly string[] = [
  'I locked my keys in my car. How fast can you get here?',
  'Can you program a new key fob for my truck?',
  'How much does it cost to rekey my house?',
  'Do you serve Gallup and Crownpoint?',
];

/** Help topics listed in the panel: a label and the site path that answers it. */
export const CHATBOT_TOPICS: readonly { label: string; href: string }[] = [
  { label: 'Car lockouts', href: '/services/car-lockout/' },
  { label: 'Home lockouts', href: '/services/home-lockout/' },
  { label: 'Car key programming', href: '/services/automotive-key-programming/' },
  { label: 'Lock rekeying', href: '/services/lock-rekeying/' },
  { label: 'Areas we serve', href: '/service-areas/' },
];
