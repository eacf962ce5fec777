/**
 * The per-page work of a build, for one batch of routes: render each page, then (once the
 * islands are bundled and each page's script tags are known) finish it: page CSS, minify (the
 * regions pages share once a batch, lib/build/shared-regions.ts), CSP check, gzip, and the text the
 * keyword corpus reads. The build runs one batch in its own thread and, for large sites, one more
 * in each worker thread (lib/build/page-worker.ts); both run this same
 * code, so the output does not depend on how the routes were split.
 *
 * Everything a batch hands back is structured-cloneable (plain data and Uint8Arrays), so it can
 * cross a worker boundary (https://nodejs.org/api/worker_threads.html#portpostmessagevalue-transferlist).
 */
import { createHash } from 'node:crypto';
import { deflateRawSync, gzipSync, inflateRawSync } from 'node:zlib';
import { isIndexable, type Route } from '../route.ts';
import { GZIP_LEVEL } from './budgets.ts';
import { extractPageText } from '../site-files/corpus.ts';
import { checkPageCsp, inlineStyles } from '../csp.ts';
import type { SiteData } from '../content/load-content.ts';
import { createPageMinifier, type PageMinifier } from './minify-page.ts';
import { createPageCss, type PageCss } from './page-css.ts';
import type { PlacedPhoto } from '../photos/photo-slots.ts';
import type { PhotoLibrary } from '../photos/photos.ts';
import { finishPage, renderRoute } from './render.ts';

/** What the render stage reports of one page: its place in the route table and what it placed. */
export interface RenderedInfo {
  /** Index of the page's route in the build's route table. */
  index: number;
  /** Island keys the page placed (templates/Island.tsx). */
  islands: string[];
  /** Photos the page placed, with their slot. */
  photos: PlacedPhoto[];
}

/** What the finish stage returns of one page. */
export interface FinishedInfo {
  index: number;
  /** The final HTML, gzipped at GZIP_LEVEL (what a host sends; the summary's "KB gz"). */
  gzipped: Uint8Array;
  /** The final HTML's length, bytes. */
  bytes: number;
  /** The page's inline CSS, bytes (not gzipped). */
  cssBytes: number;
  /** Title and visible text for the keyword corpus (lib/site-files/corpus.ts); only for indexable pages. */
  text?: { title: string; text: string };
}

/** Options of the finish stage. */
export interface FinishOptions {
  /** Site path of a live-reload client to add before </body> (`npm run dev` only). */
  liveReloadScript?: string;
  /** Finished pages of an earlier build by finishKey() (see BuildOptions.finished in lib/build/build-site.ts). */
  finished?: Map<string, string>;
  /**
   * Whole finish results of earlier builds in this process (`npm run dev`, lib/build/build-reuse.ts),
   * by finishKey(), the live-reload script and whether the route is indexable: a page found here
   * is not minified, checked, gzipped or read again.
   */
  keptPages?: Map<string, Omit<FinishedInfo, 'index'>>;
  /**
   * Finish only these route indexes now, the others at a later call (`npm run dev` finishes the
   * pages open in the browser first); default: every page not finished yet. Each page comes out
   * the same whatever the order.
   */
  only?: ReadonlySet<number>;
}

/**
 * Pages a worker thread posts to the main thread at a time (PageBatch.finish `send`): about 1.5 MB
 * of gzipped pages and corpus text. A posted chunk leaves the worker's heap at once; it waits in
 * the message queue, serialized, until the main thread reads it, mostly once the main thread has
 * finished its own pages (its finish loop seldom yields to the event loop). So the worker
 * never holds its whole share, and its pages exist once while they wait (serialized), not also
 * in its heap.
 */
export const FINISH_CHUNK = 100;

/** Key of a page in FinishOptions.finished: SHA-256 of its rendered markup and its script tags. */
export function finishKey(markup: string, tags: string): string {
  return createHash('sha256').update(markup).update('\0').update(tags).digest('base64');
}

/**
 * A copy of `bytes` in memory of its own length. zlib's synchronous calls return a view into
 * their 16 KB output chunk (https://nodejs.org/api/zlib.html#class-options chunkSize), so a
 * 9 KB page kept as returned keeps 16 KB alive, and a structured clone to another thread
 * copies the whole chunk.
 */
function exact(bytes: Uint8Array): Uint8Array {
  return bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** A page's markup while it waits between render and finish (pack()). */
export interface PackedPage {
  /** The markup without the site stylesheet, deflated (raw deflate, level 1). */
  deflated: Uint8Array;
  /** Where the stylesheet stood in the markup, UTF-16 code units; -1 when it was not there. */
  styleAt: number;
}

/**
 * A page's markup packed to wait between render and finish: deflated at level 1 (fast), with its
 * first copy of the site stylesheet `css` cut out and its position kept, so unpack() gives back
 * the same string. A page without the stylesheet is deflated whole (styleAt -1).
 */
export function pack(markup: string, css: string): PackedPage {
  const styleAt = css ? markup.indexOf(css) : -1;
  const rest = styleAt < 0 ? markup : markup.slice(0, styleAt) + markup.slice(styleAt + css.length);
  return { deflated: exact(deflateRawSync(rest, { level: 1 })), styleAt };
}

/** The markup pack() was given. */
export function unpack(packed: PackedPage, css: string): string {
  const rest = inflateRawSync(packed.deflated).toString('utf8');
  return packed.styleAt < 0 ? rest : rest.slice(0, packed.styleAt) + css + rest.slice(packed.styleAt);
}

/**
 * One batch of routes through the per-page stages: each page is rendered (`render()`), then
 * finished once (`finish()`); `only` lets some pages go through both ahead of the others, and a
 * page rendered again is finished again.
 * Between the two, each page's markup waits compressed (deflate level 1: fast, about a ninth of
 * the size), without the site stylesheet every page carries until its own CSS replaces it: on an
 * area page that stylesheet is half of what deflate would otherwise read and keep. A batch of
 * thousands of pages so holds tens of MB instead of hundreds.
 */
export class PageBatch {
  /** Each page's markup without the site stylesheet, deflated, and where the stylesheet stood (or as it is, see `kept`). */
  private readonly packed = new Map<number, PackedPage | string>();
  private readonly keepPlain: boolean;
  private readonly islands = new Map<number, string[]>();
  /** Pages finished by an earlier call of finish() (FinishOptions.only). */
  private readonly done = new Set<number>();
  /** Pages rendered by an earlier call of render(). */
  private readonly rendered = new Set<number>();
  private readonly pageCss: PageCss;
  private readonly minifier: PageMinifier;

  /**
   * @param site    the validated site data
   * @param routes  the build's whole route table (indexes refer to it)
   * @param indexes the routes of this batch
   * @param css     the whole minified site stylesheet (lib/build/styles.ts)
   * @param photos  the processed photos by `src`
   * @param kept    a page CSS for this stylesheet and a minifier kept from earlier builds
   *   (lib/build/build-reuse.ts); new ones by default. With them, pages wait between render and
   *   finish as they are, not packed: a dev build of a small site saves the time.
   */
  constructor(
    private readonly site: SiteData,
    private readonly routes: readonly Route[],
    private readonly indexes: readonly number[],
    private readonly css: string,
    private readonly photos: PhotoLibrary,
    kept?: { pageCss: PageCss; minifier: PageMinifier },
  ) {
    this.pageCss = kept?.pageCss ?? createPageCss(css);
    this.minifier = kept?.minifier ?? createPageMinifier();
    this.keepPlain = kept !== undefined;
  }

  /**
   * Renders the pages of the batch not rendered yet, or with `only` those route indexes (again,
   * if rendered before: a page rendered again is finished again by the next finish()).
   * @throws Error naming the route and its page component (lib/build/render.ts)
   */
  render(only?: ReadonlySet<number>): RenderedInfo[] {
    return this.indexes.filter((index) => (only ? only.has(index) : !this.rendered.has(index))).map((index) => {
      const page = renderRoute(this.routes[index], this.site, this.css, this.photos);
      this.packed.set(index, this.keepPlain ? page.markup : pack(page.markup, this.css));
      this.islands.set(index, page.islands);
      this.rendered.add(index);
      this.done.delete(index);
      return { index, islands: page.islands, photos: page.photos };
    });
  }

  /**
   * Finishes the pages rendered by render() and not finished since (with `options.only`, those of them).
   * @param tags each page's script tags by route index (lib/bundle/bundle.ts tagsFor, plus the picture script)
   * @param send when given, finished pages are handed to it FINISH_CHUNK at a time as they are
   *   done (a worker thread posts them on, so it never holds all its pages at once), and only
   *   the last, shorter chunk is returned
   * @throws Error naming the route when a page's CSP does not allow its final inline style
   */
  async finish(tags: ReadonlyMap<number, string>, options: FinishOptions = {}, send?: (pages: FinishedInfo[]) => void): Promise<FinishedInfo[]> {
    let out: FinishedInfo[] = [];
    for (const index of this.indexes) {
      if (this.done.has(index) || (options.only && !options.only.has(index))) continue;
      this.done.add(index);
      const route = this.routes[index];
      const packed = this.packed.get(index);
      if (!packed) throw new Error(`PageBatch.finish: ${route.path} was not rendered first.`);
      this.packed.delete(index);
      const markup = typeof packed === 'string' ? packed : unpack(packed, this.css);
      const islands = this.islands.get(index)!;
      const pageTags = tags.get(index) ?? '';
      const key = (options.finished || options.keptPages) && finishKey(markup, pageTags);
      const keptKey = options.keptPages && `${key}\0${options.liveReloadScript ?? ''}\0${isIndexable(route)}`;
      const info = (keptKey && options.keptPages!.get(keptKey)) || (await this.finishOne(route, markup, islands, pageTags, key, options));
      if (keptKey) options.keptPages!.set(keptKey, info);
      out.push({ index, ...info });
      if (send && out.length === FINISH_CHUNK) {
        send(out);
        out = [];
      }
    }
    return out;
  }

  /** One page through finishPage (or options.finished), the CSP check, gzip and the corpus text. */
  private async finishOne(route: Route, markup: string, islands: string[], pageTags: string, key: string | undefined, options: FinishOptions): Promise<Omit<FinishedInfo, 'index'>> {
    const finished = (key && options.finished?.get(key)) || (await finishPage({ markup, islands }, pageTags, this.pageCss, this.minifier));
    if (key) options.finished?.set(key, finished);
    const html = options.liveReloadScript ? finished.replace('</body>', `<script src="${options.liveReloadScript}" async></script></body>`) : finished;
    checkPageCsp(html, route.path); // the style hash must match the final minified bytes
    return {
      gzipped: exact(gzipSync(html, { level: GZIP_LEVEL })),
      bytes: Buffer.byteLength(html),
      cssBytes: inlineStyles(html).reduce((n, css) => n + Buffer.byteLength(css), 0),
      text: isIndexable(route) ? extractPageText(html) : undefined,
    };
  }

  /** How many times this batch's page CSS ran PurgeCSS (distinct pages by their names). */
  get cssRuns(): number {
    return this.pageCss.runs;
  }
}
