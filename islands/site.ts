/**
 * The browser module every page loads (one small script): shared behaviour that needs no island
 * markup. Each feature lives in its own module under islands/site/ and is imported here.
 */
// Error handlers first, so they catch failures of everything after them.
import './site/error-handlers.ts';
import './site/analytics.ts';
// Progressive enhancements of server HTML (no island markup): header menus, open-now notice,
// image fallbacks, embed scrub.
import './site/menus.ts';
import './site/open-now.ts';
import './site/image-fallback.ts';
import './site/embed-scrub.ts';
// The chatbot's attention state ends here, and Escape closes its panel before its code has
// arrived: not in its island, whose code loads only on interaction.
import './site/chatbot-attention.ts';
import './site/chatbot-keys.ts';
// The "Text us my location" controls, where the browser has no Geolocation API: hidden.
import './site/text-location.ts';
// Offline support: the service worker, registered after the load event.
import './site/service-worker.ts';
export {};
