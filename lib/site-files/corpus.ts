/**
 * The keyword corpus: /keyword-corpus.json, the path, title and visible text of every
 * indexable page as the build finally wrote it, plus the vocabularies the keyword categories are
 * defined by (islands/common/keywords.ts). The /keyword-analysis/ island fetches it, so the
 * analysis runs over the site as it really is rather than over a hand-kept copy.
 *
 * HTML to text with node-html-parser (a real HTML parser, not regular expressions).
 */
import { NodeType, parse, type HTMLElement, type Node } from 'node-html-parser';
import { countiesServed } from '../content/counties.ts';
import type { CorpusPage, KeywordCorpus } from '../../islands/common/keywords.ts';
import { isIndexable } from '../route.ts';
import type { BuiltPage, FileGenerator } from '../built-page.ts';
import type { SiteData } from '../content/load-content.ts';

/** Site path of the corpus file. */
export const CORPUS_PATH = '/keyword-corpus.json';

/**
 * Parser options: the content of these elements is skipped unparsed (raw-text elements in HTML,
 * and containers whose content a visitor never reads: JSON-LD and code, styles, no-JavaScript
 * fallbacks, templates, SVG art and its <title>s). `false` = do not keep their text.
 */
const PARSE_OPTIONS = { blockTextElements: { script: false, style: false, noscript: false, template: false, svg: false, pre: true } };

/** Elements left out of the text, as a second guard (tag names as node-html-parser gives them). */
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG']);

/**
 * The first `<tag ...>...</tag>` of a document, or undefined. Only locates the element so that the
 * parser reads it alone: parsing just <main> instead of the whole document (inline stylesheet,
 * header menus rendered twice, footer, chatbot) is several times faster.
 */
function element(html: string, tag: string): string | undefined {
  const open = html.search(new RegExp(`<${tag}[\\s>]`, 'i'));
  if (open < 0) return undefined;
  const close = html.indexOf(`</${tag}>`, open);
  return close < 0 ? undefined : html.slice(open, close + tag.length + 3);
}

/**
 * The title and visible text of a page.
 * Only the page's own content counts: the <main> element, not the header menus, breadcrumbs and
 * footer that repeat on every page (they would make every place and service name in the menus a
 * top keyword of every page). A page without <main> falls back to <body>.
 * Left out: markup, scripts and JSON-LD, styles, <noscript>, <template>, SVG, and text hidden
 * from sight (the `hidden` attribute, the .visually-hidden notes such as "(opens in a new tab)").
 * @param html a whole HTML document
 * @returns title: the <title> text; text: one line per block (heading, paragraph, list item...),
 *   spaces collapsed, entities decoded, no markup
 */
export function extractPageText(html: string): { title: string; text: string } {
  const titleHtml = element(html, 'title');
  const title = titleHtml ? clean(parse(titleHtml, PARSE_OPTIONS).text) : '';
  const content = element(html, 'main') ?? element(html, 'body');
  if (!content) return { title, text: '' };
  const text = visibleText(parse(content, PARSE_OPTIONS)).split('\n').map(clean).filter(Boolean).join('\n');
  return { title, text };
}

/** Elements that start their own line (HTML's block-level and table elements, plus <br>). */
const BLOCK = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'DD', 'DETAILS', 'DIALOG', 'DIV', 'DL', 'DT',
  'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER',
  'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TD', 'TH', 'TR', 'UL',
]);

/** Whether an element is hidden from sight: `hidden` attribute or the .visually-hidden class. */
function isHidden(el: HTMLElement): boolean {
  // rawAttrs first: most elements have neither, and reading attributes parses them.
  if (!el.rawAttrs.includes('hidden')) return false;
  return el.hasAttribute('hidden') || el.classList.contains('visually-hidden');
}

/**
 * Text of a subtree: block elements on their own lines, and a space at every other element edge.
 * React writes no whitespace between tags, so two adjacent buttons ("<a>Call</a><a>Get Quote</a>")
 * would otherwise read as one word "CallGet"; no content here splits a word across elements.
 */
function visibleText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.text;
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const el = node as HTMLElement;
  if (SKIPPED_TAGS.has(el.tagName) || isHidden(el)) return '';
  const inner = el.childNodes.map(visibleText).join('');
  return BLOCK.has(el.tagName) ? `\n${inner}\n` : ` ${inner} `;
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The corpus of a built site.
 * @param site  the site data (business name, communities, counties, services)
 * @param pages every page as written; only indexable ones (lib/route.ts isIndexable: not
 *   noindex, own canonical, a folder path) are included, in route order
 */
export function buildCorpus(site: SiteData, pages: BuiltPage[]): KeywordCorpus {
  const corpusPages: CorpusPage[] = pages
    .filter((p) => isIndexable(p.route))
    .map((p) => ({ path: p.route.path, ...(p.text ?? extractPageText(p.html ?? '')) }));
  const places = site.communities.flatMap((c) => {
    const slugWords = c.slug.replace(/-/g, ' ');
    return slugWords === c.name.toLowerCase() ? [c.name] : [c.name, slugWords];
  });
  const services = [...new Set([...site.core.flatMap((c) => [c.name, ...c.subServices]), ...site.services.map((s) => s.name)])];
  return { businessName: site.settings.name, places, counties: countiesServed(site.communities).all, services, pages: corpusPages };
}

/** lib/site-files/extra-files.ts generator: writes CORPUS_PATH. */
export const generateCorpus: FileGenerator = (site, _routes, pages) => [
  { path: CORPUS_PATH, contents: JSON.stringify(buildCorpus(site, pages)) },
];
