import type { SiteData } from '../content/load-content.ts';
import { PAGE_PHOTO_BUDGET_BYTES, SUMMARY_PHONE } from '../photos/photo-slots.ts';
import type { Route } from '../route.ts';
import type { SiteFile } from '../write.ts';
import { PAGE_GZIP_BUDGET_BYTES } from './budgets.ts';

/** One row of the build summary. Sizes in bytes. */
export interface PageReport {
  path: string;
  bytes: number;
  /** The page gzipped at level 6 (lib/build/budgets.ts GZIP_LEVEL), as a host sends it. */
  gzipBytes: number;
  /** The page's inline CSS, bytes (not gzipped; lib/build/page-css.ts). */
  cssBytes: number;
  /**
   * JavaScript the page loads without the visitor doing anything, all files together, gzipped
   * (entries, their chunks, and what they import by themselves, e.g. web-vitals 1 s after load).
   * The JavaScript budget: at most 15 KB on any page.
   */
  jsGzipBytes: number;
  /** Further JavaScript, gzipped, loaded only when the visitor acts on an island (e.g. presses play). */
  jsInteractionGzipBytes: number;
  /** Bytes of the page's photos a phone downloads when scrolled to the end (lib/photos/photo-slots.ts); 0 without photos. */
  photoBytes: number;
}

/** The site a build made, and what the build summary reports of it. */
export interface BuildResult {
  site: SiteData;
  routes: Route[];
  /** One row per page, in route order. */
  pages: PageReport[];
  /**
   * Every file the build made, one a path: photos, share image, script files, pages, site files;
   * the static folder's files are not among them (writing the site copies them beside these).
   */
  files: SiteFile[];
  /** The photos' files: how many this build encoded and how many came from the on-disk cache. */
  photos: { count: number; encoded: number; reused: number };
  /** Wall time of the build in ms. */
  ms: number;
  /** How many threads made the pages (this one plus worker threads). */
  threads: number;
}

/**
 * The build summary printed by `npm run build`: a row per route (the PageReport sizes in KB, "over
 * 14 KB" after a page over the budget), the photos' files, a warning for each page over its photo
 * or gzip budget (by how much, and what to shorten), and the total time.
 */
export function formatSummary(result: BuildResult): string {
  const kb = (n: number, w = 6) => (n / 1024).toFixed(1).padStart(w);
  const width = Math.max(...result.pages.map((p) => p.path.length), 5);
  const photoColumn = `photo KB ${SUMMARY_PHONE.width}px`;
  const lines = [`${'route'.padEnd(width)}     KB  KB gz  CSS KB  JS KB gz  JS on interaction  ${photoColumn}`];
  const over = result.pages.filter((p) => p.gzipBytes > PAGE_GZIP_BUDGET_BYTES);
  for (const p of result.pages) {
    const later = p.jsInteractionGzipBytes ? kb(p.jsInteractionGzipBytes, 18) : '-'.padStart(18);
    const photos = p.photoBytes ? kb(p.photoBytes, photoColumn.length) : '-'.padStart(photoColumn.length);
    const flag = p.gzipBytes > PAGE_GZIP_BUDGET_BYTES ? '  over 14 KB' : '';
    lines.push(`${p.path.padEnd(width)} ${kb(p.bytes)} ${kb(p.gzipBytes)} ${kb(p.cssBytes, 7)} ${kb(p.jsGzipBytes, 9)} ${later}  ${photos}${flag}`);
  }
  const { count, encoded, reused } = result.photos;
  if (count) lines.push(`${count} photo${count === 1 ? '' : 's'}: ${encoded + reused} files, ${encoded} encoded, ${reused} from the cache`);
  for (const p of result.pages.filter((page) => page.photoBytes > PAGE_PHOTO_BUDGET_BYTES)) {
    lines.push(`Warning: ${p.path} makes a ${SUMMARY_PHONE.width} px phone download ${kb(p.photoBytes, 0)} KB of photos, over the ${PAGE_PHOTO_BUDGET_BYTES / 1024} KB a page should stay under on a mobile connection: show fewer photos on it.`);
  }
  for (const p of over) {
    lines.push(`Warning: ${p.path} is ${p.gzipBytes - PAGE_GZIP_BUDGET_BYTES} bytes over 14 KB gzipped: on a slow phone connection it no longer arrives in the first round trip, so a visitor waits longer to see the call button. Shorten that page's text (its About paragraphs, FAQ answers or list of places) until it fits.`);
  }
  if (over.length) lines.push(`${over.length} page(s) over 14 KB gzipped: the whole page no longer arrives in the first round trip.`);
  lines.push(`${result.pages.length} pages, ${result.files.length} files generated in ${Math.round(result.ms)} ms`);
  return lines.join('\n');
}
