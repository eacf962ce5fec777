/**
 * The generator's HTML parser: node-html-parser (https://github.com/taoqf/node-html-parser), the
 * one the tests read pages with too. The per-page CSS reads a page's names with it
 * (lib/build/page-css.ts), the keyword corpus its text (lib/site-files/corpus.ts).
 */
import { parse, type HTMLElement } from 'node-html-parser';

/**
 * Elements whose content is text, not markup: HTML's raw-text and escapable raw-text elements
 * (https://html.spec.whatwg.org/multipage/syntax.html#elements-2), and those the HTML parsing
 * algorithm also reads as text (xmp, iframe, noembed, noframes). <noscript> and <template> content
 * is markup.
 */
const TEXT_ELEMENTS = { script: true, style: true, title: true, textarea: true, xmp: true, iframe: true, noembed: true, noframes: true };

/**
 * An HTML document or fragment as a tree, comments left out. Character references are decoded
 * where read: `attributes` and a text node's `text`.
 */
export function parseHtml(html: string): HTMLElement {
  return parse(html, { comment: false, blockTextElements: TEXT_ELEMENTS });
}

export type { HTMLElement };
