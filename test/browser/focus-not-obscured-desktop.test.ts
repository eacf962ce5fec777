/**
 * Focus not obscured, not even in part (WCAG 2.2 2.4.11 and 2.4.12), in Chromium at 1366x900:
 * tabbing through a page of each kind (home, an area, a service, /service-areas/, the sitemap
 * page), no focused element lies in any part under the fixed contact bar or the chatbot's button.
 * The phones and the canary are in focus-not-obscured.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { coveredFocusStops } from '../helpers/focus-pass.ts';

const h = await startHarness();
const focus = suite('focus never under the fixed bar or the chatbot button, desktop');
focus('should keep every focused element clear of them at 1366x900', async () => {
  assert.equal(await coveredFocusStops(h, { width: 1366, height: 900 }), []);
});
focus.after(() => h.close());
focus.run();
