/**
 * Internal keyword analysis (/keyword-analysis/; noindex, nofollow; not in sitemap.xml).
 * The page is a frame around the KeywordAnalysis island
 * (islands/KeywordAnalysis.tsx), whose server HTML is the loading state; the island fetches the
 * corpus the build writes (lib/site-files/corpus.ts) and analyses it in the browser.
 */
import { CORPUS_PATH } from '../lib/site-files/corpus.ts';
import { ContactActions } from '../templates/ContactLinks.tsx';
import { Island } from '../templates/Island.tsx';

/** The page. Takes no props: the corpus path is fixed (lib/site-files/corpus.ts CORPUS_PATH). */
export function KeywordAnalysisPage() {
  return (
    <section className="section kw-page">
      <div className="container">
        <p className="eyebrow">Internal tool</p>
        <h1>Keyword Analysis</h1>
        <p className="section-intro">
          Which words and phrases the public pages of this site use, counted from the pages as they were last built.
          Use it to check that each page speaks the way customers search.
        </p>
        <noscript>
          <p className="kw-noscript">
            The analysis runs in your browser and needs JavaScript. The text it analyses is at <a href={CORPUS_PATH}>{CORPUS_PATH}</a>.
          </p>
        </noscript>
        <Island name="KeywordAnalysis" props={{ corpusUrl: CORPUS_PATH }} className="kw-island" />
        <h2>Need a locksmith?</h2>
        <ContactActions source="keyword_analysis" />
      </div>
    </section>
  );
}
