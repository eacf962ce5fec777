/**
 * The keyword corpus: /keyword-corpus.json, the path, title and visible text of every
 * indexable page as the build finally wrote it, plus the vocabularies the keyword categories are
 * defined by (islands/common/keywords.ts). The /keyword-analysis/ island fetches it, so the
 * analysis runs over the site as it really is rather than over a hand-kept copy.
 *
 * HTML to text with the generator's HTML parser (lib/html.ts), not regular expressions.
 */
import { countiesServed } from '../content/counties.ts';
import type { CorpusPage, KeywordCorpus } from '../../islands/common/keywords.ts';
import { isIndexable } from '../route.ts';
import type { BuiltPage, FileGenerator } from '../built-page.ts';
import { parseHtml, type HTMLElement } from '../html.ts';
import type { SiteData } from '../content/load-content.ts';

/** Site path of the corpus file. */
export const CORPUS_PATH = '/keyword-corpus.json';

/**
 * Elements whose content is left out: raw-text elements in HTML, and containers whose content a
 * visitor never reads (JSON-LD and code, styles, no-JavaScript fallbacks, templates, SVG art and
 * its <title>s).
 */
const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg']);

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

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The corpus of a built site.
 * @param site  the site data (business name, communities, counties, services)
 * @param pages every page as written; only indexable ones (lib/route.ts isIndexable: not
 *   noindex, own canonical, a folder path) are included, in route order
 */
function buildCorpus(site: SiteData, pages: BuiltPage[]): KeywordCorpus {
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
