import type { PhotoLibrary } from './photos.ts';


/** Where a photo is shown: the page's hero, or a service card (home and area pages). */
export type PhotoSlot = 'hero' | 'card';

/** A photo placed on a page: its `src` and the slot it fills. */
export interface PlacedPhoto {
  src: string;
  slot: PhotoSlot;
}

/**
 * One step of a slot's width: from `minWidth` px of viewport up (0: any), the slot is
 * `vw` % of the viewport plus `px` (px may be negative), or exactly `px` when vw is 0.
 */
interface WidthRule {
  minWidth: number;
  vw: number;
  px: number;
}

/**
 * Width rules of each slot, widest viewport first, as templates/styles lay the boxes out (change
 * them together; test/browser/photos.test.ts measures them in Chromium). Container: at most 1280 px (80rem) wide, less
 * 16 px padding a side, 32 px from 768 px (48rem). Hero: one column below 960 px (60rem), then the
 * picture takes .9 of the 1.1fr + .9fr left beside the text after the 32 px gap. Service cards:
 * one column, two from 640 px (40rem), four from 1024 px (64rem), 16 px gaps, and the picture
 * inside the card's 1 px borders.
 */
const SLOT_RULES: Readonly<Record<PhotoSlot, readonly WidthRule[]>> = {
  hero: [
    { minWidth: 1280, vw: 0, px: 532.8 },
    { minWidth: 960, vw: 45, px: -43.2 },
    { minWidth: 768, vw: 100, px: -64 },
    { minWidth: 0, vw: 100, px: -32 },
  ],
  card: [
    { minWidth: 1280, vw: 0, px: 290 },
    { minWidth: 1024, vw: 25, px: -30 },
    { minWidth: 768, vw: 50, px: -42 },
    { minWidth: 640, vw: 50, px: -26 },
    { minWidth: 0, vw: 100, px: -34 },
  ],
};

/** One rule as a `sizes` length: "540px", "100vw", "calc(45vw - 36px)". */
function lengthOf(rule: WidthRule): string {
  if (rule.vw === 0) return `${rule.px}px`;
  if (rule.px === 0) return `${rule.vw}vw`;
  return `calc(${rule.vw}vw ${rule.px < 0 ? '-' : '+'} ${Math.abs(rule.px)}px)`;
}

/**
 * The `sizes` attribute of a slot (HTML spec, "sizes"), e.g.
 * "(min-width: 80rem) 532.8px, (min-width: 60rem) calc(45vw - 43.2px), …, calc(100vw - 32px)".
 * Media conditions are in rem like the stylesheet's (1rem = the initial 16 px).
 */
export function sizesAttribute(slot: PhotoSlot): string {
  return SLOT_RULES[slot]
    .map((rule) => (rule.minWidth === 0 ? lengthOf(rule) : `(min-width: ${rule.minWidth / 16}rem) ${lengthOf(rule)}`))
    .join(', ');
}

/** Width of a slot, CSS px, at a viewport `viewportWidth` CSS px wide. */
export function slotWidth(slot: PhotoSlot, viewportWidth: number): number {
  const rule = SLOT_RULES[slot].find((r) => viewportWidth >= r.minWidth)!;
  return (rule.vw * viewportWidth) / 100 + rule.px;
}

/**
 * The candidate width Chromium downloads from a `w`-descriptor srcset, after Blink's selection
 * logic (third_party/blink/renderer/core/html/parser/html_srcset_parser.cc, SelectionLogic):
 * candidates sorted by density (width / slot); the first whose next candidate's density reaches
 * the device pixel ratio wins that next candidate when the ratio is at least the geometric mean
 * of the two densities (or, at ratio 1 or less, above the first's density), else keeps itself.
 * test/browser/photos.test.ts checks this against what Chromium really fetches.
 * @param widths candidate widths, px
 * @param slot   the slot's width, CSS px
 * @param dpr    device pixel ratio
 * @returns one of `widths`
 */
export function chromiumPick(widths: readonly number[], slot: number, dpr: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  const density = (w: number) => w / slot;
  for (let i = 0; i < sorted.length - 1; i++) {
    const current = density(sorted[i]);
    const next = density(sorted[i + 1]);
    if (next < dpr) continue;
    if ((dpr <= 1 && dpr > current) || dpr >= Math.sqrt(current * next)) return sorted[i + 1];
    return sorted[i];
  }
  return sorted[sorted.length - 1];
}

/**
 * The phone the build summary counts photo bytes for: 390 x 844 CSS px at a device pixel ratio
 * of 3, the iPhone 12 to 16 (Apple, "iOS device display summary"), the phone size the site is
 * tested at.
 */
export const SUMMARY_PHONE = { width: 390, dpr: 3 } as const;

/** A page over this many bytes of photos gets a warning in the build summary: 300 KB. */
export const PAGE_PHOTO_BUDGET_BYTES = 300 * 1024;

/**
 * What a page's photos cost SUMMARY_PHONE scrolled to the end: the AVIF file Chromium picks for
 * each placed photo (lazy ones too), a file placed twice counted once.
 * @returns bytes downloaded; 0 for a page without photos
 * @throws Error for a placed photo missing from the library (a bug)
 */
export function pagePhotoBytes(placed: readonly PlacedPhoto[], library: PhotoLibrary): number {
  const files = new Map<string, number>();
  for (const { src, slot } of placed) {
    const photo = library.get(src);
    if (!photo) throw new Error(`Photo "${src}" was placed but not processed.`);
    const avif = photo.files.avif;
    const width = chromiumPick(avif.map((f) => f.width), slotWidth(slot, SUMMARY_PHONE.width), SUMMARY_PHONE.dpr);
    const file = avif.find((f) => f.width === width)!;
    files.set(file.path, file.bytes);
  }
  return [...files.values()].reduce((a, b) => a + b, 0);
}
