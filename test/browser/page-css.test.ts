/**
 * Per-page CSS in Chromium (lib/build/page-css.ts), on every built page at phone width:
 * - every rule of the page's inline CSS selects something in the loaded page, or names a class,
 *   element or attribute that the page's browser code adds at run time (the safelists the
 *   islands declare, islands/runtime/runtime-styles.ts); state pseudo-classes (:hover, :focus...)
 *   and pseudo-elements are set aside, and :has() is judged by its subject, as PurgeCSS does;
 * - every @keyframes is used by a rule of the page;
 * - the states the code adds at run time keep their rules: the open menu, the failed image, the
 *   error screen, the chatbot panel, the video player, the keyword report;
 * - at most 1,000 elements in <body> (lib/build/budgets.ts DOM_ELEMENTS_BUDGET).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DOM_ELEMENTS_BUDGET } from '../../lib/build/budgets.ts';
import { runtimeStylesFor } from '../../lib/build/page-css.ts';
import { readPages } from '../helpers/dist.ts';
import { PHONE, startHarness } from '../../tooling/browser.ts';

const h = await startHarness();
const paths = (await readPages()).map((p) => p.path);
const { page } = await h.page(PHONE);

interface PageFacts {
  unmatched: string[];
  unusedKeyframes: string[];
  selectors: string[];
  bodyElements: number;
  islandKeys: string[];
}

/** Reads the loaded page: its inline rules that select nothing, unused keyframes, element count. */
function facts(): Promise<PageFacts> {
  return page.evaluate(() => {
    const STATE = /::?(?:hover|focus-visible|focus-within|focus|active|visited|before|after|marker|-webkit-details-marker|placeholder|target)\b/g;
    const HAS = /:has\((?:[^()]|\([^()]*\))*\)/g;
    const selectors: string[] = [];
    const unmatched: string[] = [];
    const keyframes: string[] = [];
    const animations: string[] = [];
    const sheet = document.querySelector('style')!.sheet!;
    // A stack, not a recursive helper: tsx names helper functions with a __name() call the page lacks.
    const stack: CSSRule[] = [...sheet.cssRules];
    while (stack.length) {
      const rule = stack.shift()!;
      if (rule instanceof CSSKeyframesRule) keyframes.push(rule.name);
      else if (rule instanceof CSSStyleRule) {
        animations.push(rule.style.animationName, rule.style.animation);
        // Top-level commas only: the site's selectors have no comma inside parentheses.
        for (const selector of rule.selectorText.split(',').map((x) => x.trim())) {
          selectors.push(selector);
          const subject = selector.replace(HAS, '').replace(STATE, '').trim() || '*';
          let found = false;
          try { found = document.querySelector(subject) !== null; } catch { found = false; }
          if (!found) unmatched.push(selector);
        }
      } else if ('cssRules' in rule) stack.push(...(rule as CSSGroupingRule).cssRules);
    }
    const used = animations.join(' ');
    return {
      unmatched,
      selectors,
      unusedKeyframes: keyframes.filter((k) => !new RegExp(`(^|[\\s,])${k}([\\s,]|$)`).test(used)),
      bodyElements: document.body.querySelectorAll('*').length,
      islandKeys: [...document.querySelectorAll<HTMLElement>('[data-island]')].map((el) => (el.dataset.load ? `${el.dataset.island}@${el.dataset.load}` : el.dataset.island!)),
    };
  });
}

/**
 * Rules PurgeCSS keeps by design where they select nothing: it keeps a rule when each name in it
 * (class, element, attribute, value) occurs somewhere in the page, whatever the structure, and it
 * ignores structural pseudo-classes (https://purgecss.com/safelisting.html, "How it works").
 * Each is a few bytes, and legitimate on other pages of the same kind.
 */
const KEPT_BY_NAME = new Set([
  '.nav-link[aria-current="page"]', // the current page's link: aria-current here, .is-active on a section's menu
  '.section:nth-of-type(2n)', // every other section, on pages with sections of other elements
]);

/** True when a selector names a class, element or attribute the page's code may add. */
function safelisted(selector: string, islandKeys: string[]): boolean {
  const { classes, attributes } = runtimeStylesFor(islandKeys);
  const always = new Set([...attributes, 'value', 'checked', 'selected', 'open']); // PurgeCSS keeps these attribute selectors always
  const names = [...selector.matchAll(/\.([\w-]+)|(?:^|[\s>+~(])([a-z][a-z0-9]*)/g)].map((m) => m[1] ?? m[2]);
  const attrs = [...selector.matchAll(/\[([\w-]+)/g)].map((m) => m[1]);
  return names.some((n) => classes.some((c) => (typeof c === 'string' ? c === n : c.test(n)))) || attrs.some((a) => always.has(a));
}

const all: Record<string, PageFacts> = {};
const css = suite('per-page CSS in Chromium');
css.before(async () => {
  for (const p of paths) {
    await page.goto(h.url(p), { waitUntil: 'load' });
    all[p] = await facts();
  }
});
css.after(() => h.close());

css('should keep in each page\'s CSS only rules that select something in it or that its code adds at run time', () => {
  const problems: string[] = [];
  for (const [p, f] of Object.entries(all)) {
    const left = f.unmatched.filter((s) => !KEPT_BY_NAME.has(s) && !safelisted(s, f.islandKeys));
    if (left.length) problems.push(`${p}: ${left.join(' | ')}`);
  }
  assert.equal(problems, []);
});

css('should keep no @keyframes that no rule of the page uses', () => {
  assert.equal(Object.entries(all).filter(([, f]) => f.unusedKeyframes.length).map(([p, f]) => `${p}: ${f.unusedKeyframes}`), []);
});

css('should keep the rules of the states the browser code adds at run time', () => {
  const has = (p: string, selector: string) => assert.ok(all[p].selectors.includes(selector), `${p}: no rule for ${selector}`);
  for (const p of paths) {
    has(p, 'img[data-fallback][hidden]'); // image fallback hides a failed logo
    has(p, 'details[open] > summary .chevron'); // an open menu
  }
  for (const p of paths.filter((x) => all[x].islandKeys.length)) has(p, 'body.has-error-screen > :not(.error-screen)');
  for (const p of paths.filter((x) => all[x].islandKeys.some((k) => k.startsWith('ChatbotSidebar')))) {
    has(p, '.chatbot-overlay'); // only once hydrated
    has(p, '.chatbot[open] > .chatbot-toggle');
  }
  has('/', '.video-frame iframe'); // the player after play
  has('/keyword-analysis/', '.kw-tab[aria-selected="true"]'); // the report, after the analysis
  has('/keyword-analysis/', '.kw-state-failed');
});

css('should keep every page at most 1,000 elements in <body>', () => {
  const counts = Object.entries(all).map(([p, f]) => ({ p, n: f.bodyElements })).sort((a, b) => b.n - a.n);
  console.log(`most elements: ${counts.slice(0, 3).map((c) => `${c.p} ${c.n}`).join(', ')}`);
  assert.equal(counts.filter((c) => c.n > DOM_ELEMENTS_BUDGET).map((c) => `${c.p} ${c.n}`), []);
});

css.run();
