/** The web app manifest, /manifest.webmanifest (W3C Web Application Manifest; web.dev "Add a web app manifest"). */
import type { Settings } from '../content/load-content.ts';

/** Site path of the manifest. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** Header colour of the site and of the installed app: the site's navy (templates/styles/00-base.css --navy). */
const THEME_COLOR = '#0b2545';

/** Splash-screen background: the site's warm sand (00-base.css --sand). */
const BACKGROUND_COLOR = '#f5efe6';

/** Longest short_name shown under a home-screen icon whole: 12 characters (Lighthouse's former manifest-short-name-length audit). */
const SHORT_NAME_MAX_CHARS = 12;

/** The icons (static/img/, made by scripts/make-icons.ts). `purpose: maskable` keeps its art inside the safe zone. */
const MANIFEST_ICONS = [
  { src: '/img/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/img/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/img/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/**
 * The home-screen label: the business name when it fits in 12 characters, else "Locksmith".
 * @example shortName('Acme Locks') -> 'Acme Locks'; shortName('Cibola Mobile Locksmith') -> 'Locksmith'
 */
export function shortName(name: string): string {
  return name.length <= SHORT_NAME_MAX_CHARS ? name : 'Locksmith';
}

/** The manifest's members, from the business name, its base town and state. */
export function buildManifest(settings: Pick<Settings, 'name' | 'location'>) {
  return {
    id: '/',
    name: settings.name,
    short_name: shortName(settings.name),
    description: `${settings.name}: mobile locksmith in ${settings.location.locality}, ${settings.location.region}. Call, text or e-mail in one tap.`,
    lang: 'en-US',
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: MANIFEST_ICONS,
  };
}

/** The manifest file's text: pretty-printed JSON with a final newline. */
export function generateManifest(settings: Pick<Settings, 'name' | 'location'>): string {
  return `${JSON.stringify(buildManifest(settings), null, 2)}\n`;
}
