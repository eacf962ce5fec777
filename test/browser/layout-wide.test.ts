/**
 * Every page at tablet and desktop widths in Chromium (768, 1366 and 1920 CSS px; 768 is also a
 * 1536 px screen at 200% zoom): no sideways scroll, and no header text covered by another element
 * or cut off at the edge. One load per page and width. The checks' canaries are in
 * layout-phones.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { checkEveryPage } from '../helpers/layout-pages.ts';

const h = await startHarness();
const wide = suite('every page at tablet and desktop widths');
for (const width of [768, 1366, 1920]) {
  wide(`should not scroll sideways or cover header text at ${width} px`, async () => {
    assert.equal(await checkEveryPage(h, { width, height: 900 }), []);
  });
}
wide.after(() => h.close());
wide.run();
