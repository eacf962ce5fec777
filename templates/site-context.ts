/**
 * React context carrying the validated site data to every template component, and the set of
 * islands a page uses (filled while the page renders; read by lib/build/render.ts).
 */
import { createContext, useContext } from 'react';
import type { SiteData } from '../lib/content/load-content.ts';
import type { PlacedPhoto } from '../lib/photos/photo-slots.ts';
import type { PhotoLibrary } from '../lib/photos/photos.ts';

export interface RenderContext {
  site: SiteData;
  /** Names of the islands placed on the page being rendered. */
  islands: Set<string>;
  /** Processed photos by `src` (lib/photos/photos.ts); empty when no record has a photo. */
  photos: PhotoLibrary;
  /** Photos placed on the page being rendered, with their slot (read by the build summary). */
  placedPhotos: PlacedPhoto[];
}

export const SiteContext = createContext<RenderContext | null>(null);

/** The render context. @throws Error when used outside lib/build/render.ts's provider (a bug). */
export function useRender(): RenderContext {
  const ctx = useContext(SiteContext);
  if (!ctx) throw new Error('useRender() called outside <SiteContext.Provider>: render pages with lib/build/render.ts.');
  return ctx;
}

/** The validated site data: settings and every content collection. */
export function useSite(): SiteData {
  return useRender().site;
}
