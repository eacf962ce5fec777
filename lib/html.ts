/** The generator's HTML parser (node-html-parser, https://github.com/taoqf/node-html-parser) and a page's visible text. */
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

/** Elements whose content a visitor never reads (JSON-LD and code, styles, no-JavaScript fallbacks, templates, SVG art). */
const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg']);

/** The first `<tag ...>...</tag>` of a document, or undefined: parsing just <main> is several times faster than the whole document. */
function element(html: string, tag: string): string | undefined {
  const open = html.search(new RegExp(`<${tag}[\\s>]`, 'i'));
  if (open < 0) return undefined;
  const close = html.indexOf(`</${tag}>`, open);
  return close < 0 ? undefined : html.slice(open, close + tag.length + 3);
}

/**
 * The <title> text and the visible text of a whole HTML document, one line per block (heading,
 * paragraph, list item...), spaces collapsed, entities decoded. Only the page's own content counts:
 * the <main> element (a page without one falls back to <body>), not the header menus,
 * breadcrumbs and footer that repeat on every page. Left out: SKIPPED_TAGS and text hidden from
 * sight (the `hidden` attribute, the .visually-hidden notes such as "(opens in a new tab)").
 */
export function extractPageText(html: string): { title: string; text: string } {
  const titleHtml = element(html, 'title');
  const title = titleHtml ? clean(visibleText(titleHtml)) : '';
  const content = element(html, 'main') ?? element(html, 'body');
  if (!content) return { title, text: '' };
  const text = visibleText(content).split('\n').map(clean).filter(Boolean).join('\n');
  return { title, text };
}

/** Elements that start their own line (HTML's block-level and table elements, plus <br>). */
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'td', 'th', 'tr', 'ul',
]);

/** Whether an element is hidden from sight: `hidden` attribute or the .visually-hidden class. */
function isHidden(attributes: Record<string, string>): boolean {
  return 'hidden' in attributes || (attributes.class ?? '').split(/\s+/).includes('visually-hidden');
}

/**
 * Text of an HTML fragment, entities decoded: block elements on their own lines, and a space at
 * every other element edge. React writes no whitespace between tags, so two adjacent buttons
 * ("<a>Call</a><a>Get Quote</a>") would otherwise read as one word "CallGet"; no content here
 * splits a word across elements. Skipped and hidden elements give nothing, their content included.
 */
function visibleText(fragment: string): string {
  let text = '';
  const visit = (element: HTMLElement): void => {
    for (const child of element.childNodes) {
      if (child.nodeType === 3) text += child.text;
      if (child.nodeType !== 1) continue;
      const el = child as HTMLElement;
      const tag = el.rawTagName.toLowerCase();
      if (SKIPPED_TAGS.has(tag) || isHidden(el.attributes)) continue;
      const edge = BLOCK.has(tag) ? '\n' : ' ';
      text += edge;
      visit(el);
      text += edge;
    }
  };
  visit(parseHtml(fragment));
  return text;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
