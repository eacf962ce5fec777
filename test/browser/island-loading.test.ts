/**
 * Island load strategies in Chromium (islands/runtime/load.ts, interaction.ts):
 * the home page's video players load their code only when the visitor acts, one click or one Enter
 * still plays the video (the click that came before the code is replayed), a player whose code
 * cannot load leaves the facade's link working, and a player that fails to hydrate shows the error
 * screen. The chatbot sidebar likewise: no chatbot code and no Preact at load, its code
 * requested on the first interaction, one click or one Enter/Space before the code opens the
 * <details> at once and the island hydrates in that state (no second toggle), the fixed contact
 * buttons load nothing, and a failed load leaves the <details> working. Then what pages really
 * request: the JavaScript files Chromium fetches at load (page clock run past the 1 s web-vitals
 * delay) are exactly those lib/bundle/bundle.ts counts, within 15 KB gzipped, in the project's build
 * ($DIST_DIR) and in a build with an analytics id; and the internal page (route flag
 * `analytics: false`) sends nothing.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { buildToFolder } from '../../build.ts';
import type { BuildResult } from '../../lib/build/summary.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { DESKTOP, DIST, PHONE, startHarness, type Harness } from '../../tooling/browser.ts';
import { routeGtag, TEST_ANALYTICS_ID } from '../helpers/analytics.ts';
import { resolveConfig } from '../../lib/config.ts';

const BUDGET_BYTES = 15 * 1024;
const LARGE = '.video-slot-large';

/** The built asset whose text matches `re` (exactly one must). */
async function assetWith(dir: string, re: RegExp): Promise<string> {
  const found: string[] = [];
  for (const f of await readdir(path.join(dir, 'assets'))) if (re.test(await readFile(path.join(dir, 'assets', f), 'utf8'))) found.push(`/assets/${f}`);
  assert.is(found.length, 1, `assets matching ${re}: ${found.join(', ')}`);
  return found[0];
}

const h: Harness = await startHarness();
/** The video player's code (the chunk loaded on interaction). */
const PLAYER_CODE = await assetWith(DIST, /youtube-nocookie\.com/);
/** The chatbot sidebar's component (the chunk loaded on interaction). */
const CHATBOT_CODE = await assetWith(DIST, /chatbot-close/);
/** Preact with the mount runtime (islands/runtime/mount.ts). */
const PREACT = await assetWith(DIST, /dangerouslySetInnerHTML/);

const tmp = await mkdtemp(path.join(os.tmpdir(), 'hb-island-loading-'));
/** The two configurations, built here so the test knows what lib/bundle/bundle.ts reported. */
const builds: { config: string; dir: string; result: BuildResult }[] = [];
for (const id of ['', TEST_ANALYTICS_ID]) {
  const dir = path.join(tmp, id ? 'with-id' : 'no-id');
  const settings = { ...(PROJECT_CONTENT.settings as Record<string, unknown>), analyticsId: id };
  builds.push({ config: id ? 'with analytics id' : 'without analytics id', dir, result: await buildToFolder({ config: { ...resolveConfig(), outDir: dir }, content: { ...PROJECT_CONTENT, settings } }) });
}

/** Opens a new page (at `viewport`), records the site-relative paths of the scripts it requests. */
async function openHome(viewport: { width: number; height: number } = DESKTOP) {
  const opened = await h.page(viewport);
  const scripts: string[] = [];
  opened.page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname === '127.0.0.1' && u.pathname.endsWith('.js')) scripts.push(u.pathname);
  });
  const popups: Page[] = [];
  opened.page.on('popup', (p) => popups.push(p));
  return { ...opened, scripts, popups };
}

/** Holds the player's code (or another asset) until `release()`, so an action surely comes before the code. */
async function holdPlayerCode(p: Awaited<ReturnType<typeof openHome>>, asset = PLAYER_CODE) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => { asked = resolve; });
  await p.context.route(h.url(asset), async (route) => { asked(); await gate; await route.continue(); });
  return { release, requested };
}

/** The page's kept log entries. */
function logEntries(page: Page): Promise<{ level: string; message: string; context?: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as any).__diagnostics.log());
}

const interaction = suite('video players loaded on interaction');

interaction('should request none of the players\' code at load, and mark the players data-load="interaction"', async () => {
  const { page, context, scripts, errors } = await openHome();
  await page.goto(h.url('/'), { waitUntil: 'networkidle' });
  assert.equal(await page.$$eval('[data-island="VideoPlayer"]', (els) => els.map((e) => e.getAttribute('data-load'))), ['interaction', 'interaction', 'interaction']);
  assert.not.ok(scripts.includes(PLAYER_CODE), scripts.join(', '));
  assert.ok(scripts.some((s) => /\/VideoPlayer-[A-Z0-9]+\.js$/.test(s)), 'the listeners of the players load');
  assert.is(await page.locator('iframe').count(), 0);
  assert.equal(errors, []);
  await context.close();
});

interaction('should play the video with one click that comes before the code (the click is replayed)', async () => {
  const p = await openHome();
  const { page, context, scripts, popups, offsite, errors } = p;
  const { release, requested } = await holdPlayerCode(p);
  await page.goto(h.url('/'), { waitUntil: 'networkidle' });
  await page.click(`${LARGE} .video-facade`);
  await requested;
  assert.is(await page.locator('iframe').count(), 0, 'nothing plays before the code arrives');
  release();
  const frame = page.locator(`${LARGE} iframe`);
  await frame.waitFor({ state: 'attached' });
  assert.is(await frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  assert.is(await page.locator('iframe').count(), 1);
  assert.is(scripts.filter((s) => s === PLAYER_CODE).length, 1);
  assert.equal(popups, [], 'the facade link did not open the watch page');
  assert.not.ok(offsite.some((u) => u.includes('youtube.com/watch')), offsite.join('\n'));
  // The other players are hydrated too: a click on one plays it at once.
  await page.click('.video-slot-small .video-facade');
  assert.is(await page.locator('.video-slot-small iframe').count(), 1);
  assert.equal(errors, []);
  await context.close();
});

interaction('should hold a click that comes before the code also where a player loads at once (one placed without data-load)', async () => {
  const p = await openHome();
  const { page, context, popups, errors } = p;
  const { release, requested } = await holdPlayerCode(p);
  // The home page with its first player placed to load with the page: the code is imported at once.
  // Routed on the page and only for this navigation: the service worker fetches "/" again later.
  await page.route(h.url('/'), async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/(<div[^>]*data-island="VideoPlayer"[^>]*?) data-load="interaction"/, '$1');
    await route.fulfill({ response, body });
  }, { times: 1 });
  await page.goto(h.url('/'));
  assert.is(await page.locator('[data-island="VideoPlayer"]:not([data-load])').count(), 1, 'one player loads with the page');
  await requested;
  await page.click(`${LARGE} .video-facade`);
  assert.is(await page.locator('iframe').count(), 0, 'nothing plays before the code arrives');
  release();
  await page.locator(`${LARGE} iframe`).waitFor({ state: 'attached' });
  assert.equal(popups, [], 'the facade link did not open the watch page');
  assert.equal(errors, []);
  await context.close();
});

interaction('should play the video with one Enter from the keyboard, focus starting the load', async () => {
  const p = await openHome(PHONE);
  const { page, context, popups } = p;
  const { release, requested } = await holdPlayerCode(p);
  await page.goto(h.url('/'), { waitUntil: 'networkidle' });
  await page.focus(`${LARGE} .video-facade`);
  await requested;
  await page.keyboard.press('Enter');
  release();
  await page.locator(`${LARGE} iframe`).waitFor({ state: 'attached' });
  assert.is(await page.locator(`${LARGE} iframe`).getAttribute('src'), 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  await page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME');
  assert.equal(popups, []);
  await context.close();
});

interaction('should log the failure and let the facade open the watch page when the code cannot be loaded', async () => {
  const p = await openHome();
  const { page, context, popups, offsite } = p;
  await context.route(h.url(PLAYER_CODE), (route) => route.abort('connectionrefused'));
  await page.goto(h.url('/'), { waitUntil: 'networkidle' });
  const popup = page.waitForEvent('popup');
  await page.click(`${LARGE} .video-facade`);
  await page.waitForFunction(() => (window as any).__diagnostics.log().some((e: any) => e.context?.action === 'islandLoad'));
  const entry = (await logEntries(page)).find((e) => e.context?.action === 'islandLoad')!;
  assert.equal([entry.level, entry.context?.island], ['error', 'VideoPlayer']);
  await popup;
  assert.is(popups.length, 1, 'the watch page opened in a new tab');
  // The harness aborts every request off 127.0.0.1: the new tab's request is recorded there.
  await popups[0].waitForLoadState().catch(() => undefined);
  assert.ok(offsite.includes('https://www.youtube.com/watch?v=aqz-KE-bpKQ'), offsite.join('\n'));
  assert.is(await page.locator('iframe').count(), 0);
  assert.not.ok(await page.isVisible('.error-screen'));
  await context.close();
});

interaction('should show the error screen and log COMPONENT_ERROR when the player fails to hydrate after the click', async () => {
  const p = await openHome(PHONE);
  const { page, context } = p;
  await page.route(h.url('/'), async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const broken = html.replace(/(data-island="?VideoPlayer"? data-props=)(["']).*?\2/, `$1'{broken'`);
    assert.is.not(broken, html);
    await route.fulfill({ response, body: broken });
  });
  await page.goto(h.url('/'), { waitUntil: 'networkidle' });
  assert.not.ok(await page.isVisible('.error-screen'), 'no error before the visitor acts');
  await page.click(`${LARGE} .video-facade`);
  await page.waitForSelector('.error-screen', { state: 'visible' });
  assert.is(await page.locator('.error-screen h1').textContent(), 'Something went wrong');
  const errorsLogged = (await logEntries(page)).filter((e) => e.context?.code === 'COMPONENT_ERROR');
  assert.equal(errorsLogged.map((e) => [e.level, e.context?.island, e.context?.action]), [['error', 'VideoPlayer', 'islandRender']]);
  await context.close();
});

const chatbot = suite('chatbot sidebar loaded on interaction');
const CHATBOT_PAGE = '/automotive/';
const TOGGLE = '.chatbot-toggle';

/** The chatbot's <details>: open, its toggle's aria-expanded, and the toggle events counted since `countToggles`. */
function chatbotState(page: Page) {
  return page.$eval('details.chatbot', (d) => ({ open: (d as HTMLDetailsElement).open, expanded: d.querySelector('summary')!.getAttribute('aria-expanded'), toggles: (window as any).toggles as number }));
}
/** Starts counting the <details> toggle events (window.toggles). */
function countToggles(page: Page) {
  return page.$eval('details.chatbot', (d) => { (window as any).toggles = 0; d.addEventListener('toggle', () => (window as any).toggles++); });
}

chatbot('should request neither the chatbot\'s code nor Preact at load, only its listeners, on pages whose islands all load on interaction', async () => {
  for (const pagePath of ['/', CHATBOT_PAGE, '/areas/grants/', '/services/car-lockout/']) {
    const { page, context, scripts, errors } = await openHome(PHONE);
    await page.goto(h.url(pagePath), { waitUntil: 'networkidle' });
    assert.equal(await page.$$eval('[data-island="ChatbotSidebar"]', (els) => els.map((e) => e.getAttribute('data-load'))), ['interaction'], pagePath);
    assert.not.ok(scripts.includes(CHATBOT_CODE), `${pagePath}: ${scripts.join(', ')}`);
    assert.not.ok(scripts.includes(PREACT), `${pagePath}: ${scripts.join(', ')}`);
    assert.ok(scripts.some((s) => /\/ChatbotSidebar-[A-Z0-9]+\.js$/.test(s)), `${pagePath}: the chatbot's listeners load`);
    assert.is(await page.$eval(TOGGLE, (t) => t.getAttribute('aria-expanded')), null, `${pagePath}: not hydrated`);
    assert.equal(errors, []);
    await context.close();
  }
});

chatbot('should open the panel at once on one click that comes before the code, then hydrate it open (one toggle, no replay)', async () => {
  const p = await openHome(PHONE);
  const { page, context, scripts, errors } = p;
  const { release, requested } = await holdPlayerCode(p, CHATBOT_CODE);
  await page.goto(h.url(CHATBOT_PAGE), { waitUntil: 'networkidle' });
  await countToggles(page);
  await page.click(TOGGLE);
  await requested;
  // The <details> opened natively: the visitor sees the panel before the code arrives.
  await page.waitForFunction(() => (window as any).toggles === 1);
  assert.equal(await chatbotState(page), { open: true, expanded: null, toggles: 1 });
  assert.ok(await page.isVisible('.chatbot-panel'));
  release();
  await page.waitForSelector(`${TOGGLE}[aria-expanded]`, { state: 'attached' });
  // Hydrated in the open state, with everything the island adds; no second toggle.
  await page.waitForFunction(() => document.activeElement?.className === 'chatbot-close');
  assert.equal(await chatbotState(page), { open: true, expanded: 'true', toggles: 1 });
  assert.ok(await page.isVisible('.chatbot-overlay'));
  assert.is(await page.$eval('.chatbot-panel', (el) => el.getAttribute('aria-modal')), 'true');
  assert.is(scripts.filter((s) => s === CHATBOT_CODE).length, 1);
  assert.ok(scripts.includes(PREACT), 'Preact loads with the chatbot\'s code');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.classList.contains('chatbot-toggle'));
  // Chromium fires <details> "toggle" in a later task than the close (seen in CI: toggles still 1).
  await page.waitForFunction(() => (window as any).toggles === 2, undefined, { timeout: 10_000 });
  assert.equal(await chatbotState(page), { open: false, expanded: 'false', toggles: 2 });
  assert.equal(errors, []);
  await context.close();
});

for (const key of ['Enter', 'Space']) {
  chatbot(`should open the panel with one ${key} on the focused toggle before the code arrives, focus starting the load`, async () => {
    const p = await openHome(PHONE);
    const { page, context, errors } = p;
    const { release, requested } = await holdPlayerCode(p, CHATBOT_CODE);
    await page.goto(h.url(CHATBOT_PAGE), { waitUntil: 'networkidle' });
    await countToggles(page);
    await page.focus(TOGGLE);
    await requested;
    await page.keyboard.press(key);
    await page.waitForFunction(() => (window as any).toggles === 1);
    assert.equal(await chatbotState(page), { open: true, expanded: null, toggles: 1 });
    release();
    await page.waitForSelector(`${TOGGLE}[aria-expanded]`, { state: 'attached' });
    await page.waitForFunction(() => document.activeElement?.className === 'chatbot-close');
    assert.equal(await chatbotState(page), { open: true, expanded: 'true', toggles: 1 });
    assert.equal(errors, []);
    await context.close();
  });
}

chatbot('should let a help-topic link click through at once while the code is still on its way (only data-hold-click is held)', async () => {
  const p = await openHome(PHONE);
  const { page, context, errors } = p;
  const { requested } = await holdPlayerCode(p, CHATBOT_CODE); // never released
  await page.goto(h.url(CHATBOT_PAGE), { waitUntil: 'networkidle' });
  await page.focus(TOGGLE);
  await requested;
  await page.keyboard.press('Enter');
  await page.evaluate(() => {
    (window as any).topicClicks = [];
    document.addEventListener('click', (e) => (window as any).topicClicks.push([(e.target as Element).closest('a')?.getAttribute('href'), e.defaultPrevented]));
    window.addEventListener('click', (e) => e.preventDefault()); // stay on the page
  });
  await page.click('.chatbot-topics a[href="/services/car-lockout/"]');
  assert.equal(await page.evaluate(() => (window as any).topicClicks), [['/services/car-lockout/', false]]);
  assert.equal(errors, []);
  await context.close();
});

chatbot('should leave focus where a keyboard user moved it inside the panel before the code arrived', async () => {
  const p = await openHome(PHONE);
  const { page, context, errors } = p;
  const { release, requested } = await holdPlayerCode(p, CHATBOT_CODE);
  await page.goto(h.url(CHATBOT_PAGE), { waitUntil: 'networkidle' });
  await page.focus(TOGGLE);
  await requested;
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // into the panel's first link (no close button before the code)
  const before = await page.evaluate(() => document.activeElement?.textContent?.trim());
  assert.ok(before && before.startsWith('Chat with Assistant'), `focused: ${before}`);
  release();
  await page.waitForSelector(`${TOGGLE}[aria-expanded="true"]`, { state: 'attached' });
  await page.waitForTimeout(100);
  assert.is(await page.evaluate(() => document.activeElement?.textContent?.trim()), before);
  assert.equal(errors, []);
  await context.close();
});

chatbot('should load no chatbot code when the fixed call and text buttons are used, and leave their clicks alone', async () => {
  const { page, context, scripts, errors } = await openHome(PHONE);
  await page.goto(h.url(CHATBOT_PAGE), { waitUntil: 'networkidle' });
  await page.evaluate(() => {
    (window as any).contactClicks = [];
    // What the page's own handlers left of each click: it reached the document, not prevented.
    document.addEventListener('click', (e) => (window as any).contactClicks.push([(e.target as Element).closest('a')?.getAttribute('href'), e.defaultPrevented]));
    // Then keep the tel:/sms: navigation from leaving the page (window listeners run last).
    window.addEventListener('click', (e) => e.preventDefault());
  });
  for (const fab of ['.fixed-contact .fab-call', '.fixed-contact .fab-text']) {
    await page.focus(fab);
    await page.click(fab);
  }
  await page.waitForLoadState('networkidle');
  assert.equal(await page.evaluate(() => (window as any).contactClicks), [['tel:+15055550123', false], ['sms:+15055550123', false]]);
  assert.not.ok(scripts.includes(CHATBOT_CODE), scripts.join(', '));
  assert.not.ok(scripts.includes(PREACT), scripts.join(', '));
  assert.is(await page.$eval(TOGGLE, (t) => t.getAttribute('aria-expanded')), null);
  assert.equal(errors, []);
  await context.close();
});

chatbot('should log the failure and leave the <details> opening and closing when the chatbot\'s code cannot be loaded', async () => {
  const { page, context, errors } = await openHome(PHONE);
  await context.route(h.url(CHATBOT_CODE), (route) => route.abort('connectionrefused'));
  await page.goto(h.url(CHATBOT_PAGE), { waitUntil: 'networkidle' });
  await countToggles(page);
  await page.click(TOGGLE);
  await page.waitForFunction(() => (window as any).__diagnostics.log().some((e: any) => e.context?.action === 'islandLoad'));
  const entry = (await logEntries(page)).find((e) => e.context?.action === 'islandLoad')!;
  assert.equal([entry.level, entry.context?.island], ['error', 'ChatbotSidebar']);
  assert.equal(await chatbotState(page), { open: true, expanded: null, toggles: 1 });
  assert.ok(await page.isVisible('.chatbot-panel a[href^="tel:"]'));
  await page.click(TOGGLE);
  await page.waitForFunction(() => (window as any).toggles === 2);
  assert.equal(await chatbotState(page), { open: false, expanded: null, toggles: 2 });
  assert.not.ok(await page.isVisible('.chatbot-panel'));
  assert.not.ok(await page.isVisible('.error-screen'));
  // The failed module request is the only console error.
  assert.ok(errors.every((e) => /Failed to (load|fetch)|ERR_CONNECTION_REFUSED|dynamically imported module/i.test(e)), errors.join('\n'));
  await context.close();
});

/** One page of each kind. */
const PAGES = ['/', '/automotive/', '/areas/grants/', '/keyword-analysis/', '/404.html'];

/**
 * Loads a page as a visitor who does nothing: page clock installed, load, then 2 s of page time
 * (web-vitals starts 1 s after load) and the network quiet. On the keyword page it then waits for
 * the analysis to answer (its result or its failure): the island fetches the corpus and only then
 * starts the Web Worker, whose script request can come after the network was first quiet on a
 * loaded machine.
 * @returns the scripts requested (site paths) and the page, still open
 */
async function scriptsAtLoad(harness: Harness, pagePath: string) {
  const opened = await harness.page(DESKTOP);
  await routeGtag(opened.context, 'serve');
  const scripts = new Set<string>();
  opened.page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname === '127.0.0.1' && u.pathname.endsWith('.js')) scripts.add(u.pathname);
  });
  await opened.context.clock.install();
  await opened.page.goto(harness.url(pagePath), { waitUntil: 'load' });
  await opened.page.clock.runFor(2000);
  await opened.page.waitForLoadState('networkidle');
  if (await opened.page.$('[data-island="KeywordAnalysis"]')) {
    await opened.page.locator('.kw-stat, .kw-state-failed').first().waitFor({ timeout: 30_000 });
  }
  return { ...opened, scripts };
}

/** A server of each build folder, in the browser of `h` (no Chromium of its own), started when first needed. */
const served = new Map<string, Promise<Harness>>();
function harnessOf(dir: string): Promise<Harness> {
  if (!served.has(dir)) served.set(dir, startHarness(dir, h.browser));
  return served.get(dir)!;
}

const measured = suite('JavaScript a page requests by itself, measured in Chromium');
for (const build of builds) {
  measured(`should request exactly the counted files, within 15 KB gzipped, ${build.config}`, async () => {
    const harness = await harnessOf(build.dir);
    const vitals = build.config === 'with analytics id' ? await assetWith(build.dir, /\bas startVitals\b/) : undefined;
    const problems: string[] = [];
    for (const pagePath of PAGES) {
      const { context, scripts } = await scriptsAtLoad(harness, pagePath);
      let bytes = 0;
      for (const s of scripts) bytes += gzipSync(await readFile(path.join(build.dir, s)), { level: 9 }).length;
      const reported = build.result.pages.find((p) => p.path === pagePath)!;
      if (bytes !== reported.jsGzipBytes) problems.push(`${pagePath}: requested ${bytes} B (${[...scripts].join(', ')}), counted ${reported.jsGzipBytes} B`);
      if (bytes > BUDGET_BYTES) problems.push(`${pagePath}: ${bytes} B over the budget`);
      const expectVitals = vitals !== undefined && pagePath !== '/keyword-analysis/';
      if (vitals && scripts.has(vitals) !== expectVitals) problems.push(`${pagePath}: web-vitals ${expectVitals ? 'not ' : ''}requested`);
      await context.close();
    }
    assert.equal(problems, []);
  });
}

measured('should send no analytics from the internal keyword page, with an analytics id', async () => {
  const build = builds.find((b) => b.config === 'with analytics id')!;
  const harness = await harnessOf(build.dir);
  const { page, context, offsite } = await scriptsAtLoad(harness, '/keyword-analysis/');
  assert.is(await page.getAttribute('body', 'data-analytics'), 'off');
  assert.equal(await page.evaluate(() => [window.dataLayer ?? null, window.gtag ?? null]), [null, null]);
  assert.equal(await page.evaluate(() => window.__diagnostics!.events().map((e) => e.name)), []);
  assert.equal(offsite, [], 'no gtag.js request');
  await context.close();
  // The same build's other pages do send: the page view of /automotive/.
  const other = await scriptsAtLoad(harness, '/automotive/');
  assert.equal(await other.page.evaluate(() => window.__diagnostics!.events().filter((e) => e.name === 'page_view').map((e) => e.transport)), ['gtag']);
  assert.is(await other.page.getAttribute('body', 'data-analytics'), null);
  await other.context.close();
});
measured.after(async () => {
  try {
    // A server that failed to start must not keep the shared browser open.
    for (const started of await Promise.allSettled(served.values())) if (started.status === 'fulfilled') await started.value.close();
  } finally {
    await h.close();
    await rm(tmp, { recursive: true, force: true });
  }
});

interaction.run();
chatbot.run();
measured.run();
