/**
 * The fixed copy of the chatbot panel (islands/ChatbotSidebar.tsx): sample questions, each of
 * which opens the external assistant, and help topics, each linking to the page that answers it.
 * The build compiles them into the island's code (lib/bundle/client-config.ts), so they reach the
 * browser once, and not a second time in every page's island props (about 100 bytes gzipped a
 * page). The questions may use the placeholders of the other texts, e.g. "{farthestTowns}" (the
 * two listed places farthest from the base: lib/content/placeholders.ts).
 */
import type { z } from 'zod';
import type { ChatbotContent } from './schema.ts';

/** The chatbot panel's copy. */
export const CHATBOT: z.input<typeof ChatbotContent> = {
  /** Sample questions shown in the panel. */
  questions: [
    'I locked my keys in my car. How fast can you get here?',
    'Can you program a new key fob for my truck?',
    'How much does it cost to rekey my house?',
    'Do you serve {farthestTowns}?',
  ],
  /** Help topics listed in the panel: a label and the site path that answers it. */
  topics: [
    { label: 'Car lockouts', href: '/services/car-lockout/' },
    { label: 'Home lockouts', href: '/services/home-lockout/' },
    { label: 'Car key programming', href: '/services/automotive-key-programming/' },
    { label: 'Lock rekeying', href: '/services/lock-rekeying/' },
    { label: 'Areas we serve', href: '/service-areas/' },
  ],
};
