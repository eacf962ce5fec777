/**
 * Analytics in Chromium: page view, contact-click events, gtag.js loading
 * after the page, and the build without a measurement id sending nothing anywhere.
 * Two sites: $DIST_DIR (the project's settings, no measurement id) and a temp build with
 * TEST_ANALYTICS_ID. Every request off 127.0.0.1 is aborted by the harness; gtag.js is answered by
 * a stand-in (test/helpers/analytics.ts), so nothing leaves the machine.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness, type Harness } from '../../tooling/browser.ts';
import { buildAnalyticsSite, dataLayer, GTAG_URL, gtagEvents, logEntries, routeGtag, sentEvents, TEST_ANALYTICS_ID, waitFor } from '../helpers/analytics.ts';

const GRANTS = '/areas/grants/';
const SLUG = 'cibola-mobile-locksmith';

const built = await buildAnalyticsSite();
const withoutId = await startHarness();
/** The build with the measurement id, served in the same Chromium. */
const withId = await startHarness(built.dir, withoutId.browser);

/** A page of the build with the measurement id, gtag.js answered by the stand-in, loaded. */
async function openWithId(path: string, gtag: 'serve' | 'fail' = 'serve') {
  const p = await withId.page();
  const gtagRequests = await routeGtag(p.context, gtag);
  await p.page.goto(withId.url(path));
  return { ...p, gtagRequests };
}

/** Opens the chatbot sidebar with its toggle button, as a visitor does. */
async function openSidebar(page: import('playwright-core').Page) {
  await page.locator('summary[aria-label="Help and quick contact"]').click();
  await page.locator('[data-source="chatbot_sidebar"][data-track="phone_call"]').waitFor({ state: 'visible' });
}

const pageView = suite('page_view');
pageView('should queue the GA4 set-up and one page_view with title, location, path, page_type and page_key on /areas/grants/', async () => {
  const { page, context } = await openWithId(GRANTS);
  try {
    const calls = (await dataLayer(page))!;
    assert.is(calls[0][0], 'js');
    assert.equal(calls[1], ['config', TEST_ANALYTICS_ID, { send_page_view: false }]);
    const views = (await gtagEvents(page)).filter(([name]) => name === 'page_view');
    assert.equal(views, [[
      'page_view',
      {
        page_title: await page.title(),
        page_location: withId.url(GRANTS),
        page_path: GRANTS,
        page_type: 'area',
        page_key: 'grants',
      },
    ]]);
    assert.ok((await page.title()).includes('Grants'), await page.title());
  } finally {
    await context.close();
  }
});
pageView('should leave out page_type and page_key on a page without the tracker', async () => {
  const { page, context } = await openWithId('/sitemap/');
  try {
    const views = (await gtagEvents(page)).filter(([name]) => name === 'page_view');
    assert.equal(views, [['page_view', { page_title: await page.title(), page_location: withId.url('/sitemap/'), page_path: '/sitemap/' }]]);
  } finally {
    await context.close();
  }
});
pageView.run();

const loading = suite('gtag.js loading');
loading('should add gtag.js once, async, from googletagmanager.com with the id (after load: see "first render")', async () => {
  const { page, context, gtagRequests, offsite } = await openWithId(GRANTS);
  try {
    await waitFor('the stand-in gtag.js to run', () => page.evaluate(() => (window as unknown as { __fakeGtagRuns?: number }).__fakeGtagRuns));
    assert.equal(gtagRequests, [GTAG_URL]);
    const scripts = await page.locator('script[src*="googletagmanager"]').evaluateAll((els) => els.map((el) => [(el as HTMLScriptElement).src, (el as HTMLScriptElement).async]));
    assert.equal(scripts, [[GTAG_URL, true]]);
    assert.equal(offsite, []);
  } finally {
    await context.close();
  }
});
loading('should put no script and no inline bootstrap for analytics in the server HTML', async () => {
  const res = await fetch(withId.url(GRANTS));
  const html = await res.text();
  // (The CSP meta names the GA4 hosts, lib/csp.ts; no element may load from them.)
  assert.not.match(html, /<script[^>]+googletagmanager/);
  assert.not.match(html, 'dataLayer');
  // Only JSON-LD and same-origin modules: no inline executable script.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, attrs, body] of scripts) {
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    assert.match(attrs, /type="module" src="\/assets\//);
    assert.is(body, '');
  }
});
loading.run();

const clicks = suite('contact click events');
clicks('should send phone_call with source chatbot_sidebar from the sidebar call action', async () => {
  const { page, context } = await openWithId(GRANTS);
  try {
    await openSidebar(page);
    await page.locator('[data-source="chatbot_sidebar"][data-track="phone_call"]').click();
    const events = (await gtagEvents(page)).filter(([name]) => name === 'phone_call');
    assert.equal(events, [['phone_call', { event_category: 'engagement', event_label: 'chatbot_sidebar', value: 1, source: 'chatbot_sidebar' }]]);
  } finally {
    await context.close();
  }
});
clicks('should send email_click with source chatbot_sidebar from the sidebar Get Quote action', async () => {
  const { page, context } = await openWithId(GRANTS);
  try {
    await openSidebar(page);
    await page.locator('[data-source="chatbot_sidebar"][data-track="email_click"]').click();
    const events = (await gtagEvents(page)).filter(([name]) => name === 'email_click');
    assert.equal(events, [['email_click', { event_category: 'engagement', event_label: 'chatbot_sidebar', value: 1, source: 'chatbot_sidebar' }]]);
  } finally {
    await context.close();
  }
});
clicks('should send chatbot_click with label <slug>_assistant when the assistant is opened, its tab going nowhere', async () => {
  const { page, context, offsite } = await openWithId(GRANTS);
  try {
    await openSidebar(page);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('a.chatbot-assistant[data-track="chatbot_click"]').click(),
    ]);
    await popup.close();
    const events = (await gtagEvents(page)).filter(([name]) => name === 'chatbot_click');
    assert.equal(events, [['chatbot_click', { event_category: 'engagement', event_label: `${SLUG}_assistant`, value: 1 }]]);
    // The assistant's address was aborted by the harness: nothing left the machine.
    assert.equal(offsite, ['https://assistant.example.com/']);
  } finally {
    await context.close();
  }
});
clicks('should send phone_call and email_click with their own source from the header, hero and fixed buttons', async () => {
  const { page, context } = await openWithId(GRANTS);
  try {
    // Desktop-width header may hide its call link behind the phone menu: click by dispatching, as the listener sees it.
    for (const source of ['header', 'hero', 'fixed']) {
      await page.locator(`[data-source="${source}"][data-track="phone_call"]`).first().dispatchEvent('click');
    }
    await page.locator('[data-source="hero"][data-track="email_click"]').dispatchEvent('click');
    const events = (await gtagEvents(page)).filter(([name]) => name === 'phone_call' || name === 'email_click');
    assert.equal(events, [
      ['phone_call', { event_category: 'engagement', event_label: 'header', value: 1, source: 'header' }],
      ['phone_call', { event_category: 'engagement', event_label: 'hero', value: 1, source: 'hero' }],
      ['phone_call', { event_category: 'engagement', event_label: 'fixed', value: 1, source: 'fixed' }],
      ['email_click', { event_category: 'engagement', event_label: 'hero', value: 1, source: 'hero' }],
    ]);
  } finally {
    await context.close();
  }
});
clicks('should send nothing for links whose data-track is not a tracked click (text message, review)', async () => {
  const { page, context } = await openWithId(GRANTS);
  try {
    await page.locator('[data-track="sms_click"][data-source="fixed"]').dispatchEvent('click');
    await page.locator('[data-track="review_click"]').first().dispatchEvent('click');
    // Only the page view (web_vitals may arrive later, on their own schedule).
    assert.equal((await gtagEvents(page)).map(([name]) => name).filter((n) => n !== 'web_vitals'), ['page_view']);
  } finally {
    await context.close();
  }
});
clicks.run();

const failing = suite('gtag.js failing to load');
failing('should leave the page working: the call link keeps its tel: href, clicking it throws nothing, the failure is logged', async () => {
  const { page, context, errors, gtagRequests } = await openWithId(GRANTS, 'fail');
  try {
    const log = await waitFor('the failure to be logged', async () => {
      const entries = await logEntries(page);
      return entries.some((e) => e.message === 'Analytics script failed to load') && entries;
    });
    assert.equal(gtagRequests, [GTAG_URL]);
    const failure = log.find((e) => e.message === 'Analytics script failed to load')!;
    assert.is(failure.level, 'warn');
    assert.equal(failure.context, { src: GTAG_URL });

    const call = page.locator('[data-source="hero"][data-track="phone_call"]');
    assert.is(await call.getAttribute('href'), 'tel:+15055550123');
    await call.click();
    const events = (await gtagEvents(page)).filter(([name]) => name === 'phone_call');
    assert.equal(events, [['phone_call', { event_category: 'engagement', event_label: 'hero', value: 1, source: 'hero' }]]);
    // Only the browser's own network message about the aborted script; no page error.
    assert.equal(errors.filter((e) => !/Failed to load resource/.test(e)), []);
    assert.is(page.url(), withId.url(GRANTS));
  } finally {
    await context.close();
  }
});
failing.run();

const noId = suite('without a measurement id');
noId('should request nothing off the machine across load and contact clicks, load no web-vitals, and keep the events in the record', async () => {
  const { page, context, offsite } = await withoutId.page();
  try {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await context.clock.install();
    await page.goto(withoutId.url(GRANTS));
    // Well past the 1 s web-vitals start: without an id nobody receives vitals, so none are collected.
    await page.clock.runFor(3000);
    assert.not.ok((await sentEvents(page)).some((e) => e.name === 'web_vitals'), 'no web_vitals without an id');
    // Only the scripts the HTML names were fetched: no chunk was imported later (web-vitals is one).
    const named = await page.evaluate(() => [...document.querySelectorAll('script[src], link[rel="modulepreload"]')].map((e) => (e as HTMLScriptElement).src || (e as HTMLLinkElement).href));
    const fetchedJs = [...new Set(requests.filter((u) => u.endsWith('.js')))];
    assert.equal(fetchedJs.filter((u) => !named.includes(u)), [], 'no script beyond those the page names');
    await page.locator('summary[aria-label="Help and quick contact"]').click();
    await page.locator('[data-source="chatbot_sidebar"][data-track="phone_call"]').click();
    assert.equal(offsite, []);
    const hosts = [...new Set(requests.filter((u) => /^https?:/.test(u)).map((u) => new URL(u).hostname))];
    assert.equal(hosts, ['127.0.0.1']);
    assert.is(await page.evaluate(() => window.dataLayer === undefined && window.gtag === undefined), true);
    assert.is(await page.locator('script[src*="googletagmanager"]').count(), 0);
    const events = await sentEvents(page);
    assert.equal(events.map((e) => [e.name, e.transport]).filter(([n]) => n !== 'web_vitals'), [['page_view', 'log'], ['phone_call', 'log']]);
    assert.equal(events.find((e) => e.name === 'phone_call')!.params, { event_category: 'engagement', event_label: 'chatbot_sidebar', value: 1, source: 'chatbot_sidebar' });
    // Debug entries are dropped in a production build: the record above is what shows them.
    assert.equal((await logEntries(page)).filter((e) => e.level === 'debug'), []);
  } finally {
    await context.close();
  }
});
noId.run();

const firstRender = suite('first render');
firstRender('should request nothing from a third party before the load event, with or without a measurement id', async () => {
  const cases: [Harness, string][] = [[withoutId, '/'], [withoutId, GRANTS], [withoutId, '/services/car-lockout/'], [withId, '/'], [withId, GRANTS]];
  for (const [harness, path] of cases) {
    const { page, context, offsite } = await harness.page();
    try {
      // Hold the logo (an eager image on every page) so the load event cannot fire until released.
      let release!: () => void;
      const held = new Promise<void>((resolve) => { release = resolve; });
      await context.route((url) => url.hostname === '127.0.0.1' && url.pathname === '/img/logo.svg', async (route) => {
        await held;
        await route.continue();
      });
      const gtagRequests = await routeGtag(context, 'serve');
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(harness.url(path), { waitUntil: 'domcontentloaded' });
      await waitFor('the site module to run', () => page.evaluate(() => Boolean(window.__diagnostics)));
      // Give anything scheduled by the modules (timers, promise chains) time to run while load is held.
      await new Promise((r) => setTimeout(r, 300));
      assert.is(await page.evaluate(() => document.readyState), 'interactive', `${path}: load must still be held`);
      const offMachine = requests.filter((u) => /^https?:/.test(u) && new URL(u).hostname !== '127.0.0.1');
      assert.equal(offMachine, [], `${path}: ${offMachine.join(', ')}`);
      assert.equal(offsite, []);
      assert.ok(requests.length > 1, `${path}: ${requests.length} requests`);

      release();
      await page.waitForFunction(() => document.readyState === 'complete');
      if (harness === withId) await waitFor(`${path}: gtag.js after load`, async () => gtagRequests.length === 1);
      else assert.equal(gtagRequests, []);
    } finally {
      await context.close();
    }
  }
});
firstRender.after(async () => {
  await withId.close();
  await withoutId.close();
  await built.remove();
});
firstRender.run();
