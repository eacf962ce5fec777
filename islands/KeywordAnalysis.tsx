/** @jsxImportSource preact */
/**
 * The keyword analysis island of /keyword-analysis/: loading, then the result or the failure state.
 *
 * Its server HTML is the loading state. In the browser it fetches the corpus the build wrote
 * (lib/site-files/corpus.ts), runs the analysis (islands/common/keywords.ts) in a Web Worker
 * (islands/common/analyze-off-thread.ts) and shows the
 * result: stat cards,
 * the top 20 keywords in two lists of 10, category tabs with counts over a list capped at 100,
 * a Download Report button (islands/common/keyword-report.ts) and static SEO insights. Any failure
 * (request, JSON, corpus shape, analysis) is logged and shows "Analysis Failed".
 */
import { Component } from 'preact';
import { buildKeywordReport, reportFileName } from './common/keyword-report.ts';
import { analyzeOffMainThread } from './common/analyze-off-thread.ts';
import { KEYWORD_CATEGORIES as CATEGORIES, LIST_LIMIT, type CategoryId, type KeywordView } from './common/keywords.ts';
import { logger } from './common/logger.ts';
import type { RuntimeStyles } from './runtime/runtime-styles.ts';

/**
 * What this island adds at run time (lib/build/page-css.ts keeps its rules): the whole report (stats,
 * top lists, tabs, insights, the failed state) replaces the server's loading state; the tabs
 * switch with aria-selected.
 */
export const RUNTIME_STYLES: RuntimeStyles = {
  classes: [/^kw-/, 'kw', 'btn', 'btn-secondary'],
  attributes: ['aria-selected'],
};

/** Keywords in the top list, shown as two lists of 10. */
export const TOP_COUNT = 20;
/**
 * List entries rendered per task. The result's first render shows none (its stats, top 20 and
 * tabs are work enough for one task), a tab switch this many; each next part follows after the
 * browser has painted the last (requestAnimationFrame, then a task), so no one
 * task renders and lays out the whole list, which in one go is a long task on a mid-range phone
 * (web.dev/articles/optimize-long-tasks, "yield to the main thread").
 */
export const LIST_CHUNK = 25;
/**
 * How long the report's object URL is kept before it is revoked, in ms. Revoking right after
 * click() can cancel the download in some browsers; FileSaver.js waits 40 s for the same reason.
 */
const REVOKE_URL_DELAY_MS = 40_000;

/**
 * A whole count as shown on the page, grouped in thousands as en-US writes it: "12,345". Not
 * Intl.NumberFormat or toLocaleString: creating the first number formatter loads the locale data,
 * a long task on the page's main thread, for a format that never changes. test/unit/keywords.test.ts checks it against
 * Intl.NumberFormat('en-US').
 * @param n a whole number (counts); other numbers are shown as String(n) gives them
 */
export function formatCount(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : String(n);
}

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; view: KeywordView };

export interface KeywordAnalysisProps {
  /** Site path of the corpus JSON, e.g. "/keyword-corpus.json". */
  corpusUrl: string;
}

/**
 * The island. A class component, like the other islands: Preact's hooks would add about 1 KB
 * gzipped to the page (the JS budget is 15 KB per page).
 */
export default class KeywordAnalysis extends Component<KeywordAnalysisProps, State> {
  state: State = { status: 'loading' };
  /** Set on unmount, so a late answer changes nothing. */
  private gone = false;

  componentDidMount() {
    void this.analyse(this.props.corpusUrl);
  }

  componentWillUnmount() {
    this.gone = true;
  }

  private async analyse(corpusUrl: string) {
    try {
      // no-cache: revalidate, so the page shows the corpus of the latest build.
      const response = await fetch(corpusUrl, { cache: 'no-cache', headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET ${corpusUrl} answered HTTP ${response.status}.`);
      const workerUrl = typeof __WORKERS__ !== 'undefined' ? __WORKERS__.keywordAnalysis : '';
      const view = await analyzeOffMainThread(await response.text(), workerUrl);
      if (!this.gone) this.setState({ status: 'ready', view });
    } catch (error) {
      logger.error('Keyword analysis failed', { corpusUrl }, error);
      if (!this.gone) this.setState({ status: 'failed' });
    }
  }

  render(_: KeywordAnalysisProps, state: State) {
    if (state.status === 'loading') {
      return (
        <div className="kw-state" role="status">
          <span className="kw-spinner" aria-hidden="true" />
          <p className="kw-state-title">Analyzing Website Keywords...</p>
        </div>
      );
    }
    if (state.status === 'failed') {
      return (
        <div className="kw-state kw-state-failed" role="alert">
          <h2 className="kw-state-title">Analysis Failed</h2>
          <p>Unable to complete keyword analysis.</p>
        </div>
      );
    }
    return <Results view={state.view} />;
  }
}

interface ResultsProps {
  view: KeywordView;
}

interface ResultsState {
  active: CategoryId;
  /** Entries of the active category's list rendered so far (0 at first, then grows by LIST_CHUNK up to LIST_LIMIT). */
  rendered: number;
}

/**
 * The result: stats, top 20, category tabs over the capped list, download, insights. The list
 * grows LIST_CHUNK entries a task; its tab panel is aria-busy="true" until it is whole.
 */
class Results extends Component<ResultsProps, ResultsState> {
  // The first render leaves the list empty: stats, top 20 and tabs are painted first, alone.
  state: ResultsState = { active: 'all', rendered: 0 };
  private tabs: Partial<Record<CategoryId, HTMLButtonElement | null>> = {};
  private frame = 0;
  private timer = 0;

  componentDidMount() {
    this.grow();
  }

  componentDidUpdate() {
    this.grow();
  }

  componentWillUnmount() {
    this.stopGrowing();
  }

  /** Entries the active list shows when whole (the view holds at most LIST_LIMIT a category). */
  private target(active = this.state.active) {
    return this.props.view.categories[active].entries.length;
  }

  /** Schedules the next LIST_CHUNK entries for after the next paint, unless the list is whole or a part is already due. */
  private grow() {
    if (this.state.rendered >= this.target() || this.frame || this.timer) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.timer = window.setTimeout(() => {
        this.timer = 0;
        this.setState(({ rendered }) => ({ rendered: rendered + LIST_CHUNK }));
      });
    });
  }

  private stopGrowing() {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = this.timer = 0;
  }

  private select(id: CategoryId, focus = false) {
    this.stopGrowing();
    this.setState({ active: id, rendered: LIST_CHUNK });
    if (focus) this.tabs[id]?.focus();
  }

  // Arrow keys, Home and End move between tabs (WAI-ARIA Authoring Practices, "Tabs" pattern,
  // automatic activation).
  private onKeyDown = (event: KeyboardEvent) => {
    const i = CATEGORIES.findIndex((c) => c.id === this.state.active);
    const last = CATEGORIES.length - 1;
    const next = ({ ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last } as Record<string, number>)[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.select(CATEGORIES[next].id, true);
  };

  private download = () => {
    try {
      const markdown = buildKeywordReport(this.props.view, __SITE__.name, new Date());
      const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = reportFileName(__SITE__.slug);
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), REVOKE_URL_DELAY_MS);
    } catch (error) {
      logger.error('Keyword report download failed', {}, error);
    }
  };

  render({ view }: ResultsProps, { active, rendered }: ResultsState) {
    const { categories } = view;
    const shown = categories[active];
    const top = categories.all.entries.slice(0, TOP_COUNT);
    const { download, onKeyDown } = this;
    const stats = [
      { label: 'Total Keywords', value: view.totalKeywords },
      { label: 'Unique Keywords', value: view.uniqueKeywords },
      { label: 'Location Keywords', value: categories.location.count },
      { label: 'Service Keywords', value: categories.services.count },
    ];

    return (
      <div className="kw">
        <div className="kw-bar">
          <p className="kw-summary">
            {view.pageCount} indexable pages analysed. A keyword is a word of 3 or more characters that is not a stop word, or a 2- or 3-word phrase of such words.
          </p>
          <button type="button" className="btn btn-secondary kw-download" onClick={download}>Download Report</button>
        </div>

        <ul className="kw-stats" role="list" aria-label="Totals">
          {stats.map((s) => (
            <li key={s.label} className="kw-stat">
              <span className="kw-stat-value">{formatCount(s.value)}</span>
              <span className="kw-stat-label">{s.label}</span>
            </li>
          ))}
        </ul>

        <section className="kw-block" aria-labelledby="kw-top-title">
          <h2 id="kw-top-title">Top {TOP_COUNT} Keywords</h2>
          <div className="kw-top">
            {[0, 10].map((start) => (
              <ol key={start} className="kw-rank" start={start + 1}>
                {top.slice(start, start + 10).map((e) => (
                  <li key={e.keyword}><span className="kw-term">{e.keyword}</span> <span className="kw-count">{formatCount(e.count)}</span></li>
                ))}
              </ol>
            ))}
          </div>
        </section>

        <section className="kw-block" aria-labelledby="kw-cat-title">
          <h2 id="kw-cat-title">Keywords by Category</h2>
          <div className="kw-tabs" role="tablist" aria-label="Keyword categories" onKeyDown={onKeyDown}>
            {CATEGORIES.map((c) => (
              <button
                key={c.id}
                ref={(el: HTMLButtonElement | null) => { this.tabs[c.id] = el; }}
                type="button"
                role="tab"
                id={`kw-tab-${c.id}`}
                className="kw-tab"
                aria-selected={active === c.id ? 'true' : 'false'}
                aria-controls="kw-panel"
                tabIndex={active === c.id ? 0 : -1}
                data-category={c.id}
                onClick={() => this.select(c.id)}
              >
                {c.label} <span className="kw-tab-count">{formatCount(categories[c.id].count)}</span>
              </button>
            ))}
          </div>
          <div className="kw-panel" role="tabpanel" id="kw-panel" aria-labelledby={`kw-tab-${active}`} aria-busy={rendered < this.target(active) ? 'true' : 'false'} tabIndex={0}>
            {shown.count === 0 ? (
              <p className="kw-empty">No keywords in this category.</p>
            ) : (
              <ol className="kw-list">
                {shown.entries.slice(0, rendered).map((e) => (
                  <li key={e.keyword}><span className="kw-term">{e.keyword}</span> <span className="kw-count">{formatCount(e.count)}</span></li>
                ))}
              </ol>
            )}
            {shown.count > LIST_LIMIT && (
              <p className="kw-note">Showing first {LIST_LIMIT} of {formatCount(shown.count)} keywords.</p>
            )}
          </div>
        </section>

        <section className="kw-block kw-insights" aria-labelledby="kw-insights-title">
          <h2 id="kw-insights-title">SEO Insights</h2>
          <ul className="kw-insight-list">
            <li><strong>Location:</strong> each area page should name its community in the title, the main heading and the first paragraph, and mention its county once. Searchers type the town: "locksmith Milan NM", "car lockout Gallup".</li>
            <li><strong>Services:</strong> use the words customers search with (car lockout, key programming, rekeying, lock installation) rather than trade jargon, and link each to its service page.</li>
            <li><strong>Intent:</strong> terms like emergency, 24/7, fast and licensed match urgent searches. Use them only where they are true for that page and community.</li>
            <li><strong>Brand:</strong> the business name in titles and on every page helps people who search for it by name find this site, not a directory listing.</li>
            <li><strong>Write for people:</strong> a term repeated unnaturally reads as spam to visitors and to search engines. A phrase that appears once in a helpful sentence is worth more.</li>
          </ul>
        </section>
      </div>
    );
  }
}
