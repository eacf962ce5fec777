/**
 * Renders routes to HTML in memory (never touches the disk): React renderToStaticMarkup, the
 * doctype, the island scripts the page used, then html-minifier-terser.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout } from '../../templates/Layout.tsx';
import { hoistCspMeta } from '../csp.ts';
import { createPageMinifier, type PageMinifier } from './minify-page.ts';
import type { PageCss } from './page-css.ts';
import { SiteContext } from '../../templates/site-context.ts';
import type { Route } from '../route.ts';
import type { SiteData } from '../content/load-content.ts';
import type { PlacedPhoto } from '../photos/photo-slots.ts';
import type { PhotoLibrary } from '../photos/photos.ts';

/** A page rendered to markup, before scripts are added. */
export interface RenderedPage {
  route: Route;
  /** Full document markup without the island scripts. */
  markup: string;
  /** Islands the page placed. */
  islands: string[];
  /** Photos the page placed, with their slot. */
  photos: PlacedPhoto[];
}

const NO_PHOTOS: PhotoLibrary = new Map();

/**
 * Renders one route inside the layout.
 * @param photos processed photos by `src` (lib/photos/photos.ts); none by default
 * @throws Error naming the route and its page component, with the cause attached
 */
export function renderRoute(route: Route, site: SiteData, css: string, photos: PhotoLibrary = NO_PHOTOS): RenderedPage {
  const islands = new Set<string>();
  const placedPhotos: PlacedPhoto[] = [];
  try {
    const tree = createElement(
      SiteContext.Provider,
      { value: { site, islands, photos, placedPhotos } },
      createElement(Layout, { route, css, children: createElement(route.Page, route.props) }),
    );
    return { route, markup: `<!DOCTYPE html>${hoistCspMeta(renderToStaticMarkup(tree))}`, islands: [...islands], photos: placedPhotos };
  } catch (cause) {
    throw new Error(`Could not render ${route.path} with <${route.Page.displayName ?? route.Page.name}>.`, { cause });
  }
}

/**
 * Adds the page's script tags before </head>, swaps the whole stylesheet for the page's own CSS
 * (when `pageCss` is given) and minifies.
 * @param tags     <script type="module"> and modulepreload tags (lib/bundle/bundle.ts)
 * @param pageCss  the per-page CSS of this build (lib/build/page-css.ts)
 * @param minifier the build's page minifier, whose cache the build's pages share; a new one by default
 * @returns the final HTML document
 */
export async function finishPage(page: Pick<RenderedPage, 'markup' | 'islands'>, tags: string, pageCss?: PageCss, minifier: PageMinifier = createPageMinifier()): Promise<string> {
  const withScripts = page.markup.replace('</head>', `${tags}</head>`);
  return minifier.minify(pageCss ? await pageCss.inline(withScripts, page.islands) : withScripts);
}
