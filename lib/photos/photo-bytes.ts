import { chromiumPick, slotWidth, SUMMARY_PHONE, type PlacedPhoto } from './photo-slots.ts';
import type { PhotoLibrary } from './photos.ts';

/** A page over this many bytes of photos gets a warning in the build summary: 300 KB. */
export const PAGE_PHOTO_BUDGET_BYTES = 300 * 1024;

/**
 * What a page's photos cost SUMMARY_PHONE scrolled to the end: the AVIF file Chromium picks for
 * each placed photo (lazy ones too), a file placed twice counted once.
 * @returns bytes downloaded; 0 for a page without photos
 * @throws Error for a placed photo missing from the library (a bug)
 */
export function pagePhotoBytes(placed: readonly PlacedPhoto[], library: PhotoLibrary): number {
  const phone = SUMMARY_PHONE;
  const files = new Map<string, number>();
  for (const { src, slot } of placed) {
    const photo = library.get(src);
    if (!photo) throw new Error(`Photo "${src}" was placed but not processed.`);
    const avif = photo.files.avif;
    const width = chromiumPick(avif.map((f) => f.width), slotWidth(slot, phone.width), phone.dpr);
    const file = avif.find((f) => f.width === width)!;
    files.set(file.path, file.bytes);
  }
  return [...files.values()].reduce((a, b) => a + b, 0);
}
