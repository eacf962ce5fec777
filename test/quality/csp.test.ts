/**
 * Gate: Content-Security-Policy. Every page carries the strict policy as the first element of its
 * <head>, with style-src naming the SHA-256 of its inline stylesheet as written in the final file
 * (recomputed here from the bytes on disk); no style="" attribute, inline script or on* handler
 * anywhere. In Chromium, loading every page and using its islands (header menu, chatbot, video,
 * keyword tabs) produces 0 CSP violation reports and 0 console errors.
 */
import { createHash } from 'node:crypto';
import { parse, type HTMLElement } from 'node-html-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCsp, cspDirectives, GA4_HOSTS, hashSource, metaCsp, parseCsp } from '../../lib/csp.ts';
import { renderRoute } from '../../lib/render.ts';
import { loadStylesheet } from '../../lib/styles.ts';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { hasChatbot, openChatbot, openHeaderMenu, playFirstVideo, stubVideoHosts, useTabs } from '../helpers/interact.ts';
import { browserPathOf, fileOf, htmlFiles, readDist, ROUTES, SITE } from '../helpers/site.ts';

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
  const css = await loadStylesheet();
  const site = { ...SITE, settings: { ...SITE.settings, analyticsId: 'G-TEST12345' } };
  const home = ROUTES.find((r) => r.path === '/')!;
  const policy = parseCsp(metaCsp(renderRoute(home, site, css).markup)!);
  assert.equal(policy.get('script-src'), ["'self'", 'https://*.googletagmanager.com']);
  assert.equal(policy.get('style-src'), [sha256(css)]);
  const without = parseCsp(metaCsp(renderRoute(home, SITE, css).markup)!);
  assert.equal(without.get('script-src'), ["'self'"]);
  // A page that sends no analytics (Route.analytics false) allows no analytics host either.
  const quiet = ROUTES.find((r) => r.analytics === false);
  assert.ok(quiet, 'a route with analytics: false');
  assert.equal(parseCsp(metaCsp(renderRoute(quiet!, site, css).markup)!).get('script-src'), ["'self'"]);
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

const browser = suite('CSP in Chromium');
let harness: Harness;

browser.before(async () => {
  harness = await startHarness();
});
browser.after(async () => {
  await harness?.close();
});

/** A page that records CSP violation reports in window.__cspViolations (set before any page script). */
async function cspPage(viewport: { width: number; height: number } = PHONE) {
  const p = await harness.page(viewport);
  p.page.setDefaultTimeout(5000);
  await stubVideoHosts(p.context);
  await p.context.addInitScript(() => {
    (window as any).__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as any).__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return p;
}

/** The reports so far (after a short real-time wait: reports are queued as tasks, not timers). */
async function violationsOf(page: import('playwright-core').Page): Promise<string[]> {
  await page.waitForTimeout(50);
  return page.evaluate(() => (window as any).__cspViolations ?? []);
}

browser('should see the violation of a canary page with a style="" attribute (the listener works)', async () => {
  const { page, context } = await cspPage();
  const url = harness.url('/__csp-canary/');
  const policy = metaCsp(readDist('/index.html'))!;
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"><title>c</title></head><body><p style="color:red">x</p></body></html>` }));
  await page.goto(url);
  const violations = await violationsOf(page);
  await context.close();
  assert.ok(violations.some((v) => v.startsWith('style-src')), JSON.stringify(violations));
});

browser('should load every page and use its islands with 0 CSP violations and 0 console errors', async () => {
  // The two viewports run side by side, one page each (two renderer processes, two cores).
  const problems = (await Promise.all([PHONE, DESKTOP].map(async (viewport) => {
    const found: string[] = [];
    const { page, context, errors, offsite } = await cspPage(viewport);
    await page.clock.install();
    for (const file of files) {
      const path = browserPathOf(file);
      const at = `${path} @${viewport.width}`;
      errors.length = 0;
      offsite.length = 0;
      const steps: string[] = [];
      try {
        await page.goto(harness.url(path), { waitUntil: 'load' });
        await page.clock.runFor(3500); // attention state (3 s), web-vitals start (1 s after load)
        await openHeaderMenu(page);
        steps.push('menu');
        if (await hasChatbot(page)) { await openChatbot(page); steps.push('chatbot'); await page.keyboard.press('Escape'); }
        if (await playFirstVideo(page)) steps.push('video');
        if (await page.locator('[data-island="KeywordAnalysis"]').count()) {
          await page.locator('[role="tab"]').first().waitFor();
          steps.push(`${await useTabs(page)} tabs`);
        }
      } catch (error) {
        found.push(`${at}: ${(error as Error).message.split('\n')[0]}`);
      }
      for (const v of await violationsOf(page)) found.push(`${at} [${steps.join(', ')}]: CSP ${v}`);
      for (const e of errors) found.push(`${at} [${steps.join(', ')}]: console error: ${e}`);
      for (const u of offsite) if (!/^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com)\//.test(u)) found.push(`${at}: request off the site: ${u}`);
    }
    await context.close();
    return found;
  }))).flat();
  assert.equal(problems, []);
});

browser.run();
