/**
 * Internal keyword analysis (/keyword-analysis/). STUB: issues 4 and 7 build the page.
 */
export function KeywordAnalysisPage() {
  return (
    <section className="section"><div className="container"><h1>Keyword Analysis</h1><p role="status">Analyzing Website Keywords...</p></div></section>
  );
}
