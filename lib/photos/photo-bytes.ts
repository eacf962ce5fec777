/**
 * What a page's photos cost a phone: the bytes of the file Chromium downloads for each photo the
 * page places (lib/photos/photo-slots.ts), in the first format of the `<picture>` (AVIF, which the
 * phones of SUMMARY_PHONE show), counting every photo as a visitor who scrolls to the end loads
 * them all (lazy ones too), and a file placed twice once.
 */
import { chromiumPick, slotWidth, SUMMARY_PHONE, type PlacedPhoto } from './photo-slots.ts';
import type { PhotoLibrary } from './photos.ts';

/** A page over this many bytes of photos gets a warning in the build summary: 300 KB. */
export const PAGE_PHOTO_BUDGET_BYTES = 300 * 1024;

/**
 * @param phone viewport width (CSS px) and device pixel ratio
 * @returns bytes downloaded; 0 for a page without photos
 * @throws Error for a placed photo missing from the library (a bug)
 */
export function pagePhotoBytes(placed: readonly PlacedPhoto[], library: PhotoLibrary, phone: { width: number; dpr: number } = SUMMARY_PHONE): number {
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
