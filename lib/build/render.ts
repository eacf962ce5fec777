import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout } from '../../templates/Layout.tsx';
import { hoistCspMeta } from '../csp.ts';
import { SiteContext } from '../../templates/site-context.ts';
import type { Route } from '../route.ts';
import type { SiteData } from '../content/load-content.ts';
import type { PlacedPhoto } from '../photos/photo-slots.ts';
import type { PhotoLibrary } from '../photos/photos.ts';

/** A page rendered to markup, before its scripts and CSS are added. */
export interface RenderedPage {
  /** Full document markup without the island scripts. */
  markup: string;
  /** Islands the page placed. */
  islands: string[];
  /** Photos the page placed, with their slot. */
  photos: PlacedPhoto[];
}

const NO_PHOTOS: PhotoLibrary = new Map();

/**
 * Renders one route in memory with React renderToStaticMarkup inside the layout: the doctype, the
 * CSP meta first in <head>, and an empty stylesheet (an empty <style> and its hash in the CSP),
 * which the page CSS step fills (lib/build/page-css.ts STYLE_SLOT).
 * @param photos processed photos by `src` (lib/photos/photos.ts); none by default
 * @throws Error naming the route and its page component, with the cause attached
 */
export function renderRoute(route: Route, site: SiteData, photos: PhotoLibrary = NO_PHOTOS): RenderedPage {
  const islands = new Set<string>();
  const placedPhotos: PlacedPhoto[] = [];
  try {
    const tree = createElement(
      SiteContext.Provider,
      { value: { site, islands, photos, placedPhotos } },
      createElement(Layout, { route, css: '', children: createElement(route.Page, route.props) }),
    );
    return { markup: `<!DOCTYPE html>${hoistCspMeta(renderToStaticMarkup(tree))}`, islands: [...islands], photos: placedPhotos };
  } catch (cause) {
    throw new Error(`Could not render ${route.path} with <${route.Page.displayName ?? route.Page.name}>.`, { cause });
  }
}
