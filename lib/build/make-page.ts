/**
 * One page from its route to its final HTML (PageMaker.make reads one step a line: render, script
 * tags, page CSS, minify, CSP check), then measured for the build summary. The same code runs on
 * the main thread and on build worker threads, so a page does not depend on where it was made.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { isIndexable, outputFile, type Route } from '../route.ts';
import { pageScripts, type PageScripts, type ScriptIndex } from '../bundle/page-scripts.ts';
import { checkPageCsp, inlineStyles } from '../csp.ts';
import type { SiteData } from '../content/load-content.ts';
import { pagePhotoBytes } from '../photos/photo-slots.ts';
import type { PhotoLibrary } from '../photos/photos.ts';
import { extractPageText } from '../html.ts';
import { GZIP_LEVEL } from './budgets.ts';
import { createPageMinifier, type PageMinifier } from './minify-page.ts';
import { createPageCss, runtimeStylesKey, type PageCss } from './page-css.ts';
import type { BuildCache } from './build-cache.ts';
import type { PageReport } from './summary.ts';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { renderRoute } from './render.ts';

/** What every page is made from, prepared once before the first page (structured-cloneable, for worker threads). */
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
export interface FinishedPage extends Omit<PageReport, 'path'> {
  /** Index of the page's route in the build's route table. */
  index: number;
  /** Site path of its file, e.g. "/areas/grants/index.html". */
  file: string;
  html: string;
  /** SHA-256 of the HTML, base64 (the service worker's version is made from these). */
  digest: string;
  /** Site paths of every script file the page may load (with it or on interaction). */
  scriptFiles: string[];
  /** Title and visible text for the keyword corpus; only for indexable pages. */
  text?: { title: string; text: string };
}

/** The tools that finish pages: new ones for each build, or those a BuildCache kept. */
export interface PageTools {
  pageCss: PageCss;
  minifier: PageMinifier;
  /**
   * Final HTML by the page's rendered markup with its script tags (SHA-256): a page whose markup
   * did not change is not given its CSS and minified again. Only with a BuildCache.
   */
  htmlByMarkup?: Map<string, string>;
}

/**
 * The page tools of a build: new ones, or, given what a long-lived process keeps between builds,
 * those it kept while the stylesheet `css` and the islands' run-time styles are the same.
 */
export function pageTools(css: string, cache?: BuildCache): PageTools {
  if (!cache) return { pageCss: createPageCss(css), minifier: createPageMinifier() };
  const deps = [css, runtimeStylesKey(), parseIslandKey];
  return {
    pageCss: cache.keep('page-css', deps, () => createPageCss(css)),
    minifier: cache.keep('minifier', [], () => createPageMinifier({ keepSkeletons: true })),
    htmlByMarkup: cache.htmlByMarkup(deps),
  };
}

/** Makes pages from one set of prepared inputs; one per thread. */
export class PageMaker {
  /** pageScripts() by island keys, analytics and photos: a site of thousands of pages has a handful of such pages. */
  private readonly scripts = new Map<string, PageScripts>();

  /** @param routes the build's whole route table (indexes refer to it) */
  constructor(private readonly inputs: PageInputs, private readonly routes: readonly Route[], private readonly tools: PageTools) {}

  /**
   * Makes the page of route `index` through the steps above.
   * @throws Error naming the route when it does not render, or its CSP does not allow its final <style>
   */
  async make(index: number): Promise<FinishedPage> {
    const route = this.routes[index];
    const { site, photos } = this.inputs;
    const page = renderRoute(route, site, photos);
    const scripts = this.scriptsFor(page.islands, route.analytics !== false, page.photos.length > 0);
    const markup = page.markup.replace('</head>', `${scripts.tags}</head>`);
    const { htmlByMarkup, pageCss, minifier } = this.tools;
    const key = htmlByMarkup && createHash('sha256').update(markup).digest('base64');
    let html = key && htmlByMarkup.get(key);
    if (!html) {
      html = await minifier.minify(await pageCss.fill(markup, page.islands));
      if (key) htmlByMarkup.set(key, html);
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
}
