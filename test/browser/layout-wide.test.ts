/**
 * Every page at tablet and desktop widths in Chromium (768, 1366 and 1920 CSS px; 768 is also a
 * 1536 px screen at 200% zoom): no sideways scroll, and no header text covered by another element
 * or cut off at the edge. One load per page and width. The checks' canaries are in
 * layout-phones.test.ts.
 */
import { startHarness } from '../../tooling/browser.ts';
import { everyPageAtWidths } from '../helpers/layout-pages.ts';

const h = await startHarness();
everyPageAtWidths('every page at tablet and desktop widths', h, [768, 1366, 1920], 900);
