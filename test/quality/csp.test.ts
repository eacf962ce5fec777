/**
 * Gate: Content-Security-Policy. Every page carries the strict policy as the first element of its
 * <head>, with style-src naming the SHA-256 of its inline stylesheet as written in the final file
 * (recomputed here from the bytes on disk); no style="" attribute, inline script or on* handler
 * anywhere. The part in Chromium (0 CSP violation reports and 0 console errors while every page's
 * islands are used) runs in chromium-sweep.test.ts, in the same page loads as the axe gate.
 */
import { createHash } from 'node:crypto';
import { parse, type HTMLElement } from 'node-html-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCsp, cspDirectives, GA4_HOSTS, hashSource, metaCsp, parseCsp } from '../../lib/csp.ts';
import { renderRoute } from '../../lib/build/render.ts';
import { fileOf, htmlFiles, readDist, ROUTES, SITE } from '../helpers/site.ts';

/** The policy the issue asks for, written out here rather than taken from lib/csp.ts. */
function expectedPolicy(styleHash: string, analytics: boolean): Record<string, string[]> {
  const ga = (hosts: readonly string[]) => (analytics ? [...hosts] : []);
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...ga(['https://*.googletagmanager.com'])],
    'style-src': [styleHash],
    'img-src': ["'self'", 'data:', 'https://i.ytimg.com', ...ga(['https://*.google-analytics.com', 'https://*.googletagmanager.com'])],
    'connect-src': ["'self'", ...ga(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'])],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    'media-src': ["'self'"],
    'manifest-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'object-src': ["'none'"],
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`;

const unit = suite('lib/csp.ts');

unit('should hash text as CSP does (SHA-256 of the UTF-8 bytes, base64)', () => {
  assert.is(hashSource(''), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  assert.is(hashSource('body{color:red}'), sha256('body{color:red}'));
});

unit('should add the GA4 hosts of Google\'s CSP guide only when analytics is on', () => {
  const off = parseCsp(buildCsp({ styleHashes: ["'sha256-x'"], analytics: false }));
  const on = parseCsp(buildCsp({ styleHashes: ["'sha256-x'"], analytics: true }));
  assert.equal(off.get('script-src'), ["'self'"]);
  assert.equal(on.get('script-src'), ["'self'", ...GA4_HOSTS.script]);
  assert.equal(on.get('img-src'), ["'self'", 'data:', 'https://i.ytimg.com', ...GA4_HOSTS.img]);
  assert.equal(on.get('connect-src'), ["'self'", ...GA4_HOSTS.connect]);
  assert.equal(GA4_HOSTS.connect, ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']);
});

unit('should never allow unsafe-inline, unsafe-eval or a wildcard source', () => {
  for (const analytics of [false, true]) {
    const all = cspDirectives({ styleHashes: ["'sha256-x'"], analytics }).flatMap(([, list]) => list);
    assert.equal(all.filter((s) => /unsafe|^\*$|^https?:$/.test(s)), []);
  }
});

unit('should put the GA4 hosts in the rendered head when the settings carry an analytics id, except on pages without analytics', async () => {
  const site = { ...SITE, settings: { ...SITE.settings, analyticsId: 'G-TEST12345' } };
  const home = ROUTES.find((r) => r.path === '/')!;
  const policy = parseCsp(metaCsp(renderRoute(home, site).markup)!);
  assert.equal(policy.get('script-src'), ["'self'", 'https://*.googletagmanager.com']);
  assert.equal(policy.get('style-src'), [sha256('')]); // rendered with an empty <style>, which the page CSS step fills
  const without = parseCsp(metaCsp(renderRoute(home, SITE).markup)!);
  assert.equal(without.get('script-src'), ["'self'"]);
  // A page that sends no analytics (Route.analytics false) allows no analytics host either.
  const quiet = ROUTES.find((r) => r.analytics === false);
  assert.ok(quiet, 'a route with analytics: false');
  assert.equal(parseCsp(metaCsp(renderRoute(quiet!, site).markup)!).get('script-src'), ["'self'"]);
});

unit.run();

const pages = suite('CSP of every HTML file');
const files = htmlFiles();
const parsed = new Map<string, { html: string; root: HTMLElement }>(files.map((f) => {
  const html = readDist(f);
  return [f, { html, root: parse(html, { comment: false }) }];
}));

pages('should find the pages', () => {
  assert.ok(files.length >= 30, `only ${files.length} HTML files`);
});

pages('should have the strict policy as the first element of <head>, hashing the inline stylesheet as written', () => {
  const wrong: string[] = [];
  for (const [file, { html, root }] of parsed) {
    const head = root.querySelector('head');
    const first = head?.childNodes.find((n) => (n as HTMLElement).tagName) as HTMLElement | undefined;
    if (first?.tagName !== 'META' || first.getAttribute('http-equiv')?.toLowerCase() !== 'content-security-policy') {
      wrong.push(`${file}: first element of <head> is <${first?.tagName?.toLowerCase()}>, not the CSP <meta>`);
      continue;
    }
    const styles = root.querySelectorAll('style');
    if (styles.length !== 1) wrong.push(`${file}: ${styles.length} <style> elements (expected exactly the one inline stylesheet)`);
    // The stylesheet text exactly as it sits in the file (the parser keeps raw text of <style>).
    const raw = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const policy = Object.fromEntries(parseCsp(first.getAttribute('content') ?? ''));
    const route = ROUTES.find((r) => fileOf(r.path) === file);
    assert.equal(policy, expectedPolicy(sha256(raw), Boolean(SITE.settings.analyticsId) && route?.analytics !== false), file);
  }
  assert.equal(wrong, []);
});

pages('should declare the charset within the first 1024 bytes (the CSP meta comes before it)', () => {
  const late = files.filter((f) => {
    const i = Buffer.from(parsed.get(f)!.html).indexOf('<meta charset="utf-8">');
    return i < 0 || i > 1024 - 24;
  });
  assert.equal(late, []);
});

pages('should have no style="" attribute, inline script, on* handler or javascript: URL', () => {
  const found: string[] = [];
  for (const [file, { root }] of parsed) {
    for (const el of root.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      for (const [name, value] of Object.entries(el.attributes)) {
        if (name.toLowerCase() === 'style') found.push(`${file}: <${tag} style="${value}">`);
        if (/^on/i.test(name)) found.push(`${file}: <${tag} ${name}="…">`);
        if (/^\s*javascript:/i.test(value)) found.push(`${file}: <${tag} ${name}="${value}">`);
      }
      if (tag === 'script') {
        const type = el.getAttribute('type');
        const src = el.getAttribute('src');
        if (type === 'application/ld+json') continue;
        if (!src) found.push(`${file}: inline <script>${el.text.slice(0, 60)}`);
        else if (!src.startsWith('/assets/')) found.push(`${file}: <script src="${src}"> not from /assets/`);
      }
    }
  }
  assert.equal(found, []);
});

pages.run();
