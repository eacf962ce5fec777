/**
 * What the layout tests read from a loaded page: sideways scroll, header text covered by another
 * element or cut off at the edge, the boxes of the fixed contact bar and the chatbot button, text
 * lines and focused elements under them, and WCAG 1.4.12 text spacing applied to the page.
 *
 * Code run in the page is written without named inner functions: tsx names them with a __name()
 * call the page does not have.
 */
import type { Page } from 'playwright-core';

/** A page of each kind: home, an area, a service, /service-areas/, the sitemap page. */
export const KINDS = ['/', '/areas/grants/', '/services/car-lockout/', '/service-areas/', '/sitemap/'];

/** The viewports of the fixed-bar and focus checks, CSS px: a small phone, a current iPhone, a laptop. */
export const VIEWPORTS = [{ width: 320, height: 640 }, { width: 390, height: 844 }, { width: 1366, height: 900 }];

/**
 * WCAG 1.4.12 text spacing (https://www.w3.org/WAI/WCAG22/Understanding/text-spacing): line height
 * 1.5, paragraph spacing 2em, letter spacing .12em, word spacing .16em, on every element.
 */
export const TEXT_SPACING_RULES = [
  '* { line-height: 1.5 !important; letter-spacing: .12em !important; word-spacing: .16em !important; }',
  'p { margin-bottom: 2em !important; }',
];

/**
 * Adds rules to the page's own stylesheet through the CSSOM, which its Content-Security-Policy
 * allows (a new <style> it refuses).
 */
export async function addRules(page: Page, rules: readonly string[]): Promise<void> {
  await page.evaluate((list) => {
    const sheet = document.querySelector('style')!.sheet!;
    for (const rule of list) sheet.insertRule(rule, sheet.cssRules.length);
  }, rules);
}

/** How far the page scrolls sideways, CSS px (0 when it does not), and the first elements that stick out. */
export function sidewaysScroll(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    const culprits = overflow <= 0 ? [] : [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && !el.closest('details:not([open])') && getComputedStyle(el).position !== 'fixed')
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { overflow, culprits };
  });
}

/**
 * The visible text of the header (notice bar, brand, buttons, the wide menu bar) that is covered
 * by another element or lies outside the viewport, one entry a line: "Cibola Mobile Locksm... at
 * 160,84 under a.btn-header-call". Each line of each text node is probed at its two ends and its
 * middle with elementFromPoint, which returns what is drawn on top there.
 */
export function coveredHeaderText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const header = document.querySelector('header')!;
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement!;
      const text = node.textContent!.trim();
      if (!text || owner.closest('details:not([open]) > :not(summary)')) continue;
      // Text kept for screen readers only sits in a box of a pixel or less (clipped).
      let clipped = false;
      for (let e: Element | null = owner; e && e !== header; e = e.parentElement) {
        const box = e.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) clipped = true;
      }
      if (clipped) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width < 2 || line.height < 2) continue;
        const y = line.top + line.height / 2;
        for (const x of [line.left + 1, line.left + line.width / 2, line.right - 1]) {
          const top = document.elementFromPoint(x, y);
          if (top && (owner.contains(top) || top.contains(owner))) continue;
          found.push(`"${text.slice(0, 30)}" at ${Math.round(x)},${Math.round(y)} ${top ? `under ${top.tagName.toLowerCase()}.${top.getAttribute('class') ?? ''}` : 'outside the viewport'}`);
          break;
        }
      }
    }
    return found;
  });
}

/** A box in viewport coordinates. */
export interface Box { left: number; top: number; right: number; bottom: number }

/**
 * In-page code (a string, for page.evaluate) that waits until the page has stopped scrolling, then
 * returns the boxes of the fixed contact buttons and the chatbot's button where they are fixed to
 * the viewport. Stopped means the same scroll position for 4 frames running (a smooth scroll may
 * start a frame or two after the focus that asks for it); at most 600 frames, about 10 s.
 */
const SETTLED_BARS = `(async () => {
  for (let i = 0, still = 0, y = scrollY; i < 600 && still < 4; i++) {
    await new Promise((done) => requestAnimationFrame(done));
    still = scrollY === y ? still + 1 : 0;
    y = scrollY;
  }
  return [...document.querySelectorAll('.fixed-contact > *, .chatbot-toggle')]
    .filter((el) => getComputedStyle(el.closest('.fixed-contact, .chatbot')).position === 'fixed')
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
})()`;

/** The boxes of the fixed bar and the chatbot's button once the page has stopped scrolling. */
export function settledBarBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(SETTLED_BARS);
}

/**
 * Text lines of the page's content under the fixed bar or the chatbot's button with the page
 * scrolled to its end: the lines no scrolling can bring clear of them.
 */
export async function linesUnderBarAtEnd(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  return textLinesUnder(page, await settledBarBoxes(page), { firstScreen: false });
}

/**
 * Lines of the page's own text (not the fixed buttons', the chatbot's, a script's or a closed
 * answer's) that lie under any of `boxes`, e.g. '"What we do" (h2.section-title) y=820'.
 * @param options.firstScreen only lines inside the viewport as it is, and not visually hidden ones
 */
export async function textLinesUnder(page: Page, boxes: Box[], options: { firstScreen: boolean }): Promise<string[]> {
  return page.evaluate(({ boxes, firstScreen }) => {
    const found: string[] = [];
    const skipped = `.fixed-contact, .chatbot, script, template, details:not([open]) > :not(summary)${firstScreen ? ', .visually-hidden' : ''}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement!;
      if (!node.textContent!.trim() || owner.closest(skipped)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width < 2 || line.height < 2 || (firstScreen && (line.top >= innerHeight || line.bottom <= 0))) continue;
        if (boxes.some((b) => line.left < b.right && line.right > b.left && line.top < b.bottom && line.bottom > b.top)) {
          found.push(`"${node.textContent!.trim().slice(0, 30)}" (${owner.tagName.toLowerCase()}.${owner.getAttribute('class') ?? ''}) y=${Math.round(line.top)}`);
        }
      }
    }
    return found;
  }, { boxes, firstScreen: options.firstScreen });
}

/**
 * Tabs through the page from its top until focus reaches the fixed bar or the chatbot (they come
 * last) or `limit` stops have passed; after each stop, once the page has stopped scrolling, notes a
 * focused element any part of which lies under the fixed bar or the chatbot's button.
 * @returns how many stops were checked, and the covered ones
 */
export async function tabThrough(page: Page, limit = 400): Promise<{ stops: number; covered: string[] }> {
  const covered: string[] = [];
  let stops = 0;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const bars = await settledBarBoxes(page);
    const stop = await page.evaluate((boxes) => {
      const el = document.activeElement;
      if (!el || el === document.body) return { end: true, hit: '' };
      if (el.closest('.fixed-contact, .chatbot')) return { end: true, hit: '' };
      const hit = [...el.getClientRects()].some((r) => r.width > 0 && boxes.some((b) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top));
      const r = el.getBoundingClientRect();
      return { end: false, hit: hit ? `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} "${(el.textContent ?? '').trim().slice(0, 30)}" y=${Math.round(r.top)}-${Math.round(r.bottom)}` : '' };
    }, bars);
    if (stop.end) break;
    stops++;
    if (stop.hit) covered.push(stop.hit);
  }
  return { stops, covered };
}
