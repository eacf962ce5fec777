/**
 * The Content-Security-Policy of every page, a `<meta http-equiv>` first in <head>
 * (templates/Head.tsx), and the checks that keep it true of the final HTML. Strict: nothing by
 * default, scripts from the site only, the one inline stylesheet by its hash (CSP Level 3,
 * https://www.w3.org/TR/CSP3/; web.dev "Mitigate cross-site scripting (XSS) with a strict Content
 * Security Policy").
 */
import { createHash } from 'node:crypto';

/** Host of YouTube's video thumbnails (the video island shows one before the visitor clicks play). */
const VIDEO_THUMBNAIL_HOST = 'https://i.ytimg.com';

/**
 * Hosts the video embed may load from. The player uses the privacy-enhanced host; the plain host is
 * kept because YouTube redirects some embeds (age checks, consent) to it.
 */
const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'] as const;

/** Hosts GA4 needs, only when an analytics id is set (https://developers.google.com/tag-platform/security/guides/csp#google_analytics_4_google_analytics). */
export const GA4_HOSTS = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/** The policy a <meta> cannot carry (CSP3: frame-ancestors is ignored there); sent as a header by the hosting files. */
export const HEADER_ONLY_CSP = "frame-ancestors 'none'";

/**
 * CSP hash source of a text, e.g. "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='".
 * @param text exactly the characters between <style> and </style> (UTF-8 encoded before hashing,
 *   as browsers do: CSP3 "Does inline content match a hash-source list?")
 */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `styleHashes`: hash sources of every inline <style> of the page; `analytics`: a GA4 id is set. */
interface CspOptions {
  styleHashes: string[];
  analytics: boolean;
}

/** The page policy as [directive name, source list], in the order written into the policy. */
export function cspDirectives({ styleHashes, analytics }: CspOptions): [string, string[]][] {
  const ga = (list: readonly string[]) => (analytics ? [...list] : []);
  return [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...ga(GA4_HOSTS.script)]],
    ['style-src', styleHashes.length ? [...styleHashes] : ["'none'"]],
    ['img-src', ["'self'", 'data:', VIDEO_THUMBNAIL_HOST, ...ga(GA4_HOSTS.img)]],
    ['connect-src', ["'self'", ...ga(GA4_HOSTS.connect)]],
    ['frame-src', [...VIDEO_FRAME_HOSTS]],
    ['media-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['object-src', ["'none'"]],
  ];
}

/**
 * The page policy as the content of `<meta http-equiv="Content-Security-Policy">`, e.g.
 * "default-src 'none'; script-src 'self'; style-src 'sha256-…'; …".
 */
export function buildCsp(options: CspOptions): string {
  return cspDirectives(options).map(([name, list]) => `${name} ${list.join(' ')}`).join('; ');
}

/**
 * Moves the CSP <meta> to the very start of <head>. React 19 emits <meta charset>, the viewport
 * and its own resource preloads before everything else in <head>, whatever the JSX order; the
 * policy only governs what comes after it, so it goes first (the charset stays well inside the
 * first 1024 bytes the HTML spec allows for it).
 * @param html rendered document markup (no-op when it has no CSP <meta>)
 */
export function hoistCspMeta(html: string): string {
  const tag = /<meta http-equiv="Content-Security-Policy"[^>]*>/.exec(html)?.[0];
  if (!tag) return html;
  return html.replace(tag, '').replace('<head>', `<head>${tag}`);
}

/** Parses a policy string into directive name -> source list (names lowercased). */
export function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...list] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), list);
  }
  return out;
}

/** The text of every <style> element of an HTML document, in order. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
}

/** The CSP of an HTML document's `<meta http-equiv="Content-Security-Policy">`, or undefined. */
export function metaCsp(html: string): string | undefined {
  const tag = /<meta\b(?=[^>]*http-equiv=["']?content-security-policy["'\s>])[^>]*>/i.exec(html)?.[0];
  if (!tag) return undefined;
  return /\bcontent=(?:"([^"]*)"|'([^']*)')/i.exec(tag)?.slice(1).find((v) => v !== undefined)?.replace(/&#39;|&#x27;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/**
 * Checks the final HTML of a page against its own policy: the policy is there and every inline
 * stylesheet's hash, recomputed from the final bytes, is in its style-src.
 * @param where the route, named in the error
 * @throws Error naming the page and what does not match
 */
export function checkPageCsp(html: string, where: string): void {
  const policy = metaCsp(html);
  if (!policy) throw new Error(`${where}: no <meta http-equiv="Content-Security-Policy"> in the final HTML.`);
  const allowed = parseCsp(policy).get('style-src') ?? [];
  for (const css of inlineStyles(html)) {
    const hash = hashSource(css);
    if (!allowed.includes(hash)) {
      throw new Error(`${where}: the inline <style> hashes to ${hash}, which the page's style-src does not list (${allowed.join(' ')}). Did the minifier change the stylesheet?`);
    }
  }
}
