/**
 * One page from its route to its final HTML, in one list of steps, with inputs settled before any
 * page is rendered (lib/build/settle.ts: the stylesheet, the browser bundle's index, the photos):
 *
 *   1. render      React renders the route inside the layout, with an empty stylesheet
 *                  (lib/build/render.ts); the page records the islands and photos it placed
 *   2. script tags the page's entries and chunks from the bundle's index (lib/bundle/page-scripts.ts)
 *   3. page CSS    the stylesheet's rules the page can use fill its <style> and CSP hash
 *                  (lib/build/page-css.ts)
 *   4. minify      html-minifier-terser, shared regions once a build (lib/build/minify-page.ts)
 *   5. CSP check   the final <style> hashes to what the page's style-src allows (lib/csp.ts)
 *
 * and then measured (bytes, gzipped bytes, CSS, JavaScript, photos) for the build summary. The
 * same code runs in the main thread and in build worker threads (lib/build/worker-pool.ts), so a
 * page does not depend on where it was made; the dev server's live-reload tag is added by the dev
 * server's writer (lib/serve/dev-output.ts), never here.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { isIndexable, outputFile, type Route } from '../route.ts';
import { pageScripts, type PageScripts, type ScriptIndex } from '../bundle/page-scripts.ts';
import { checkPageCsp, inlineStyles } from '../csp.ts';
import type { SiteData } from '../content/load-content.ts';
import { pagePhotoBytes } from '../photos/photo-bytes.ts';
import type { PhotoLibrary } from '../photos/photos.ts';
import { extractPageText } from '../site-files/corpus.ts';
import { GZIP_LEVEL } from './budgets.ts';
import { createPageMinifier, type PageMinifier } from './minify-page.ts';
import { createPageCss, type PageCss } from './page-css.ts';
import { renderRoute } from './render.ts';

/** What every page is made from, settled once before the first page (structured-cloneable, for worker threads). */
export interface PageInputs {
  site: SiteData;
  /** The whole minified site stylesheet (lib/build/styles.ts). */
  css: string;
  /** The browser bundle's index (lib/bundle/bundle.ts bundleSiteScripts). */
  scripts: ScriptIndex;
  /** The processed photos by `src`. */
  photos: PhotoLibrary;
}

/** A finished page: its HTML, and what the build summary and the site-wide files read of it. Sizes in bytes. */
export interface FinishedPage {
  /** Index of the page's route in the build's route table. */
  index: number;
  /** Site path of its file, e.g. "/areas/grants/index.html". */
  file: string;
  html: string;
  /** SHA-256 of the HTML, base64 (the service worker's version is made from these). */
  digest: string;
  bytes: number;
  /** The HTML gzipped at GZIP_LEVEL, as a host sends it (the 14 KB budget). */
  gzipBytes: number;
  /** The page's inline CSS (not gzipped). */
  cssBytes: number;
  /** JavaScript loaded with the page, all files, gzipped; and loaded only on interaction. */
  jsGzipBytes: number;
  jsInteractionGzipBytes: number;
  /** Site paths of every script file the page may load (with it or on interaction). */
  scriptFiles: string[];
  /** Bytes of its photos a phone downloads when scrolled to the end (lib/photos/photo-bytes.ts). */
  photoBytes: number;
  /** Title and visible text for the keyword corpus (lib/site-files/corpus.ts); only for indexable pages. */
  text?: { title: string; text: string };
}

/** What a process keeps across builds (`npm run dev`, lib/build/build-reuse.ts); a build gets new ones. */
export interface PageTools {
  pageCss: PageCss;
  minifier: PageMinifier;
  /**
   * Finished HTML by finishedKey() of the rendered markup with its script tags: a page whose
   * markup did not change is not given its CSS and minified again.
   */
  finished?: Map<string, string>;
}

/** Key of a page in PageTools.finished: SHA-256 of its markup with its script tags. */
function finishedKey(markup: string): string {
  return createHash('sha256').update(markup).digest('base64');
}

/** Makes pages from one set of settled inputs; one per thread. */
export class PageMaker {
  private readonly tools: PageTools;
  /** pageScripts() by island keys, analytics and photos: a site of thousands of pages has a handful of such pages. */
  private readonly scripts = new Map<string, PageScripts>();

  /**
   * @param inputs the settled inputs
   * @param routes the build's whole route table (indexes refer to it)
   * @param tools  kept from earlier builds; new ones by default
   */
  constructor(private readonly inputs: PageInputs, private readonly routes: readonly Route[], tools?: PageTools) {
    this.tools = tools ?? { pageCss: createPageCss(inputs.css), minifier: createPageMinifier() };
  }

  /**
   * Makes the page of route `index` through the steps above.
   * @throws Error naming the route when it does not render, or its CSP does not allow its final <style>
   */
  async make(index: number): Promise<FinishedPage> {
    const route = this.routes[index];
    const { site, photos } = this.inputs;
    const page = renderRoute(route, site, '', photos);
    const scripts = this.scriptsFor(page.islands, route.analytics !== false, page.photos.length > 0);
    const markup = page.markup.replace('</head>', `${scripts.tags}</head>`);
    const { finished, pageCss, minifier } = this.tools;
    const key = finished && finishedKey(markup);
    let html = key && finished.get(key);
    if (!html) {
      html = await minifier.minify(await pageCss.fill(markup, page.islands));
      if (key) finished.set(key, html);
    }
    checkPageCsp(html, route.path);
    return {
      index,
      file: `/${outputFile(route.path)}`,
      html,
      digest: createHash('sha256').update(html).digest('base64'),
      bytes: Buffer.byteLength(html),
      gzipBytes: gzipSync(html, { level: GZIP_LEVEL }).length,
      cssBytes: inlineStyles(html).reduce((n, css) => n + Buffer.byteLength(css), 0),
      jsGzipBytes: scripts.loadGzipBytes,
      jsInteractionGzipBytes: scripts.interactionGzipBytes,
      scriptFiles: [...scripts.load, ...scripts.interaction],
      photoBytes: pagePhotoBytes(page.photos, photos),
      text: isIndexable(route) ? extractPageText(html) : undefined,
    };
  }

  /** The page's scripts (lib/bundle/page-scripts.ts), worked out once for each set of island keys, analytics and photos. */
  private scriptsFor(islands: string[], analytics: boolean, photos: boolean): PageScripts {
    const key = `${islands.join(' ')}|${analytics}|${photos}`;
    let found = this.scripts.get(key);
    if (!found) this.scripts.set(key, (found = pageScripts(this.inputs.scripts, islands, { analytics, photos })));
    return found;
  }

  /** How many times this maker's page CSS ran PurgeCSS (distinct pages by their names). */
  get cssRuns(): number {
    return this.tools.pageCss.runs;
  }
}
