/**
 * The keyword corpus, /keyword-corpus.json: every indexable page's path, title and visible text as
 * built, and the vocabularies of the keyword categories; the /keyword-analysis/ island reads it.
 */
import { countiesServed } from '../content/counties.ts';
import type { CorpusPage, KeywordCorpus } from '../../islands/common/keywords.ts';
import { isIndexable } from '../route.ts';
import type { BuiltPage, FileGenerator } from '../built-page.ts';
import { extractPageText } from '../html.ts';
import type { SiteData } from '../content/load-content.ts';

export { extractPageText }; // test/unit/corpus.test.ts reads it here

/** Site path of the corpus file. */
export const CORPUS_PATH = '/keyword-corpus.json';

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
