/**
 * "Text us my location" in Chromium (templates/TextLocation.tsx, islands/TextLocation.ts): with
 * geolocation granted at set coordinates, a tap on the hero's and on the fixed pair's control
 * navigates to the exact `sms:` URI (Chromium cannot open sms:, so the navigation request is
 * caught, not followed); the tap records `location_text` with no coordinates in it; denied or
 * timed out, the status line explains and the plain Text link still opens the messaging app;
 * without JavaScript, or without the Geolocation API, the control is not shown and the plain
 * Text link is.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, startHarness } from '../../tooling/browser.ts';
import { requestedNavigation } from '../helpers/navigation.ts';
import { LOCATION_OFF, PRIVACY_NOTE } from '../../islands/common/location-text.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { parsePhone } from '../../lib/content/phone.ts';

const h = await startHarness();
const E164 = parsePhone((PROJECT_CONTENT.settings as { phone: string }).phone).e164;
const PAGE = '/areas/grants/';
const HERO = '.hero [data-island="TextLocation"]';
const FAB = '.fixed-contact [data-island="TextLocation"]';
const PLAIN_TEXT = `.fixed-contact a[data-track="sms_click"]`;
/** Set position: Grants, NM, with a 12.4 m radius. */
const AT = { latitude: 35.1473, longitude: -107.8514, accuracy: 12.4 };
/** The exact URI for AT: RFC 5724 body, UTF-8 percent-encoded (± is C2 B1), after "?&". */
const EXPECTED = `sms:${E164}?&body=I%20need%20a%20locksmith.%20I%27m%20here%3A%20https%3A%2F%2Fmaps.google.com%2F%3Fq%3D35.14730%2C-107.85140%20%28accuracy%20%C2%B112%20m%29`;

/** A page at phone size, in a context with or without the geolocation permission granted at AT. */
async function open(options: { granted?: boolean; javaScript?: boolean; init?: () => void } = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await h.browser.newContext({
    viewport: PHONE,
    geolocation: AT,
    permissions: options.granted ? ['geolocation'] : [],
    javaScriptEnabled: options.javaScript ?? true,
  });
  await context.route((url) => url.protocol.startsWith('http') && url.hostname !== '127.0.0.1', (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  if (options.init) await page.addInitScript(options.init);
  await page.goto(h.url(PAGE));
  return { page, context, errors };
}

/** Clicks `selector` and returns the sms: URL the page then asks to navigate to. */
async function smsAfterClick(page: Page, selector: string): Promise<string> {
  return requestedNavigation(page, 'sms:', () => page.click(selector));
}

const granted = suite('Text us my location, geolocation granted');
granted('should navigate to the exact sms: URI from the hero and from the fixed pair, the page staying put', async () => {
  const { page, context, errors } = await open({ granted: true });
  try {
    assert.is(await page.locator(`${HERO} button`).textContent(), 'Text us my location');
    assert.is(await page.locator(`${HERO} [role="status"]`).textContent(), PRIVACY_NOTE);
    assert.is(await smsAfterClick(page, `${HERO} button`), EXPECTED);
    assert.ok(page.url().endsWith(PAGE), page.url());
    // The privacy line is back after the hand-off.
    assert.is(await page.locator(`${HERO} [role="status"]`).textContent(), PRIVACY_NOTE);
    // One external-scheme navigation per page: under load Chromium may drop a second one that
    // follows the first on the same page before the first has settled.
    const again = await context.newPage();
    await again.goto(page.url());
    assert.is(await smsAfterClick(again, `${FAB} button`), EXPECTED);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});
granted('should record location_text once per tap, with its source and never the coordinates', async () => {
  const { page, context } = await open({ granted: true });
  try {
    // One external-scheme navigation per page (see above): one tap on each of two pages.
    const again = await context.newPage();
    await again.goto(page.url());
    for (const [p, selector, source] of [[page, HERO, 'hero'], [again, FAB, 'fixed']] as const) {
      await smsAfterClick(p, `${selector} button`);
      const events = await p.evaluate(() => window.__diagnostics!.events().filter((e) => e.name === 'location_text').map((e) => e.params));
      assert.equal(events, [{ event_category: 'engagement', event_label: source, value: 1, source }]);
      assert.not.match(JSON.stringify(await p.evaluate(() => window.__diagnostics!.events())), /35\.14|107\.85/);
    }
  } finally {
    await context.close();
  }
});
granted.run();

const refused = suite('Text us my location, no position');
refused('should explain when the position is denied, and the plain Text link still opens the messaging app', async () => {
  const { page, context, errors } = await open({ granted: false });
  try {
    await page.click(`${HERO} button`);
    // The hero's status line holds the privacy note (server HTML) until the island answers the click.
    await page.waitForFunction(([sel, note]) => {
      const text = document.querySelector(sel)?.textContent ?? '';
      return text !== '' && text !== note && !text.startsWith('Finding');
    }, [`${HERO} [role="status"]`, PRIVACY_NOTE] as const);
    assert.is(await page.locator(`${HERO} [role="status"]`).textContent(), LOCATION_OFF);
    await page.click(`${FAB} button`);
    await page.locator(`${FAB} [role="status"]`).filter({ hasText: LOCATION_OFF }).waitFor();
    assert.ok(await page.locator(`${FAB} [role="status"]`).isVisible(), 'the fixed control shows its line');
    assert.is(await page.getAttribute(PLAIN_TEXT, 'href'), `sms:${E164}`);
    assert.is(await smsAfterClick(page, PLAIN_TEXT), `sms:${E164}`);
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});
refused('should explain when the lookup times out (10 s, a fix up to 60 s old allowed, high accuracy)', async () => {
  const { page, context } = await open({
    granted: true,
    init: () => {
      // Stands in for a phone that never gets a fix: answers as the browser does after `timeout`.
      const seen: PositionOptions[] = [];
      (window as unknown as { __geoOptions: PositionOptions[] }).__geoOptions = seen;
      navigator.geolocation.getCurrentPosition = (_ok, fail, options) => {
        seen.push({ ...options });
        fail?.({ code: 3, message: 'Timeout expired', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      };
    },
  });
  try {
    await page.click(`${HERO} button`);
    await page.locator(`${HERO} [role="status"]`).filter({ hasText: LOCATION_OFF }).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __geoOptions: PositionOptions[] }).__geoOptions), [{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 }]);
  } finally {
    await context.close();
  }
});
refused.run();

const absent = suite('Text us my location, not offered');
absent('should show no control without JavaScript, and the plain Text link', async () => {
  const { page, context } = await open({ javaScript: false });
  try {
    assert.is(await page.locator('[data-island="TextLocation"]').count(), 2, 'the server HTML is there');
    assert.not.ok(await page.locator(`${HERO}`).isVisible());
    assert.not.ok(await page.locator(`${FAB}`).isVisible());
    assert.ok(await page.locator(PLAIN_TEXT).isVisible());
    assert.is(await page.getAttribute(PLAIN_TEXT, 'href'), `sms:${E164}`);
  } finally {
    await context.close();
  }
});
absent('should show no control where the browser has no Geolocation API', async () => {
  const { page, context } = await open({ init: () => { delete (Navigator.prototype as { geolocation?: unknown }).geolocation; } });
  try {
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island="TextLocation"]')].every((el) => el.hidden));
    assert.not.ok(await page.locator(`${HERO}`).isVisible());
    assert.not.ok(await page.locator(`${FAB}`).isVisible());
    assert.ok(await page.locator(PLAIN_TEXT).isVisible());
  } finally {
    await context.close();
  }
});
absent.after(() => h.close());
absent.run();
