/**
 * The chatbot sidebar and the fixed call/text buttons in Chromium: the attention state at load and not after 3 s (page
 * clock), ended by the site module whether the island (loaded on interaction) hydrated before
 * 3 s, after, or never; the panel opening with one click or one Enter/Space on the toggle, which
 * also loads and hydrates the island, and closing by toggle, close button, overlay and Escape at
 * 390 px; the focus trap; the panel's links with their analytics attributes; nothing moving under
 * reduced motion; and the <details> fallback without JavaScript.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startHarness } from '../../tooling/browser.ts';
import { disclosureState } from '../helpers/interact.ts';

const h = await startHarness();
const PAGE = '/automotive/';
const TOGGLE = '.chatbot-toggle';
const PANEL = '.chatbot-panel';
const T0 = new Date('2026-01-12T18:00:00Z');

/** Open state of the sidebar and its toggle's aria-expanded. */
function stateOf(page: Page) {
  return disclosureState(page, 'details.chatbot');
}

/**
 * Loads PAGE. The island's code loads on interaction, so the page shows the server HTML:
 * no aria-expanded on the toggle until the visitor acts on it.
 */
async function load(page: Page, path = PAGE) {
  await page.goto(h.url(path));
}

/** True once the island has hydrated (it sets aria-expanded on the toggle). */
function isHydrated(page: Page): Promise<boolean> {
  return page.$eval(TOGGLE, (t) => t.hasAttribute('aria-expanded'));
}

/** Waits until the island has hydrated. */
async function hydrated(page: Page) {
  await page.waitForSelector(`${TOGGLE}[aria-expanded]`, { state: 'attached' });
}

/** Opens the panel with one click on the toggle, as a visitor does, and waits for the hydrated open state. */
async function openPanel(page: Page) {
  await page.click(TOGGLE);
  await page.waitForSelector(`${TOGGLE}[aria-expanded="true"]`, { state: 'attached' });
}

/** Attention state shown: [toggle has is-attention, badge present]. */
function attentionOf(page: Page) {
  return page.$eval(TOGGLE, (t) => [t.classList.contains('is-attention'), !!t.querySelector('.chatbot-badge')]);
}

/** Installs the page clock paused at T0 and loads PAGE; returns the page time since navigation start, in ms. */
async function loadPaused(page: Page, path = PAGE): Promise<number> {
  await page.clock.install({ time: T0.getTime() - 5_000 });
  await page.clock.pauseAt(T0);
  await load(page, path);
  return page.evaluate(() => performance.now());
}

const phone = await h.page(PHONE);
const desktop = await h.page(DESKTOP);

const attention = suite('attention state');
attention('should bounce with a badge at load and stop exactly 3 s after navigation start, without the island\'s code', async () => {
  const { page, context } = await h.page(PHONE);
  const elapsed = await loadPaused(page);
  assert.equal(await attentionOf(page), [true, true], 'attention class and badge at load');
  assert.is(await page.$eval(TOGGLE, (t) => getComputedStyle(t).animationName), 'chatbot-bounce');
  // The page's own clock may have moved a little while it loaded: measure from its navigation start.
  assert.ok(elapsed < 2900, `page clock at ${elapsed} ms after load`);
  await page.clock.runFor(Math.ceil(2900 - elapsed));
  assert.equal(await attentionOf(page), [true, true], 'still on at 2.9 s');
  await page.clock.runFor(200);
  await page.waitForSelector(`${TOGGLE}:not(.is-attention)`);
  assert.equal(await attentionOf(page), [false, false]);
  assert.is(await page.$eval(TOGGLE, (t) => getComputedStyle(t).animationName), 'none');
  // Ended by the site module: the island was never loaded.
  assert.not.ok(await isHydrated(page), 'the island did not hydrate');
  await context.close();
});

attention('should still end at 3 s when the island hydrated before, and not come back when it re-renders', async () => {
  const { page, context, errors } = await h.page(PHONE);
  const elapsed = await loadPaused(page);
  // Focus loads the island's code (islands/runtime/interaction.ts); the page clock stays paused.
  await page.focus(TOGGLE);
  await hydrated(page);
  assert.ok((await page.evaluate(() => performance.now())) < 2900, 'hydrated before 2.9 s');
  assert.equal(await attentionOf(page), [true, true], 'hydration keeps the attention state');
  await page.clock.runFor(Math.ceil(2900 - elapsed));
  assert.equal(await attentionOf(page), [true, true], 'still on at 2.9 s');
  await page.clock.runFor(200);
  await page.waitForSelector(`${TOGGLE}:not(.is-attention)`);
  assert.equal(await attentionOf(page), [false, false]);
  // Open and close: the island renders again, and its state agrees with the page.
  await page.click(TOGGLE);
  assert.equal(await stateOf(page), { open: true, expanded: 'true' });
  await page.click('.chatbot-close');
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.equal(await attentionOf(page), [false, false]);
  assert.equal(errors, []);
  await context.close();
});

attention('should not bring the attention state back when the island hydrates after 3 s', async () => {
  const { page, context, errors } = await h.page(PHONE);
  const elapsed = await loadPaused(page);
  await page.clock.runFor(Math.ceil(3100 - elapsed));
  await page.waitForSelector(`${TOGGLE}:not(.is-attention)`);
  assert.not.ok(await isHydrated(page));
  await openPanel(page);
  assert.equal(await attentionOf(page), [false, false], 'no badge after hydrating');
  await page.click('.chatbot-close');
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.equal(await attentionOf(page), [false, false]);
  assert.equal(errors, []);
  await context.close();
});
attention.run();

const panel = suite('panel at 390 px');
panel('should open with one click on the toggle, which hydrates the island, and close with a second', async () => {
  const { page } = phone;
  await load(page);
  assert.not.ok(await page.isVisible(PANEL));
  assert.not.ok(await isHydrated(page), 'not hydrated before the visitor acts');
  assert.is(await page.$('.chatbot-close'), null);
  // Counts the <details> toggles: one click must open it once, not open and close it again.
  await page.$eval('details.chatbot', (d) => { (window as any).toggles = 0; d.addEventListener('toggle', () => (window as any).toggles++); });
  await page.click(TOGGLE);
  await hydrated(page);
  assert.equal(await stateOf(page), { open: true, expanded: 'true' });
  assert.ok(await page.isVisible(PANEL));
  assert.ok(await page.isVisible('.chatbot-close'), 'hydrated: the close button');
  assert.is(await page.$eval(PANEL, (p) => p.getAttribute('aria-modal')), 'true');
  assert.is(await page.evaluate(() => (window as any).toggles), 1);
  await page.click(TOGGLE);
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.not.ok(await page.isVisible(PANEL));
  assert.is(await page.evaluate(() => (window as any).toggles), 2);
});

panel('should open with Enter and with Space on the focused toggle, moving focus into the panel', async () => {
  const { page } = phone;
  await load(page);
  for (const key of ['Enter', 'Space']) {
    await page.focus(TOGGLE);
    await page.keyboard.press(key);
    await hydrated(page);
    assert.equal(await stateOf(page), { open: true, expanded: 'true' }, key);
    await page.waitForFunction(() => document.activeElement?.className === 'chatbot-close');
    await page.keyboard.press('Escape');
    assert.equal(await stateOf(page), { open: false, expanded: 'false' }, key);
  }
});

panel('should close with the close button and give focus back to the toggle', async () => {
  const { page } = phone;
  await load(page);
  await openPanel(page);
  assert.is(await page.evaluate(() => document.activeElement?.className), 'chatbot-close');
  await page.click('.chatbot-close');
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('chatbot-toggle')));
});

panel('should close when the overlay is tapped', async () => {
  const { page } = phone;
  await load(page);
  await openPanel(page);
  assert.ok(await page.isVisible('.chatbot-overlay'));
  // The overlay shows to the left of the panel on a phone.
  const box = (await page.locator(PANEL).boundingBox())!;
  assert.ok(box.x >= 40, `panel leaves room for the overlay (x = ${box.x})`);
  await page.mouse.click(box.x / 2, 400);
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.not.ok(await page.isVisible('.chatbot-overlay'));
});

panel('should close on Escape and give focus back to the toggle', async () => {
  const { page } = phone;
  await load(page);
  await openPanel(page);
  await page.keyboard.press('Escape');
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('chatbot-toggle')));
});

panel('should keep focus inside the open panel on Tab and Shift+Tab', async () => {
  const { page } = phone;
  await load(page);
  await openPanel(page);
  const count = await page.$$eval(`${PANEL} a[href], ${PANEL} button`, (els) => els.length);
  assert.is(count, 1 + 1 + 2 + 4 + 5, 'close, assistant, call and quote, 4 questions, 5 topics');
  const inside = () => page.evaluate((sel) => document.querySelector(sel)!.contains(document.activeElement), PANEL);
  for (let i = 0; i < count + 2; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await inside(), `Tab ${i + 1} stays in the panel`);
  }
  await page.focus('.chatbot-close');
  await page.keyboard.press('Shift+Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Areas we serve');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.className), 'chatbot-close');
});
panel.run();

const content = suite('panel content and fixed buttons');
content('should offer the assistant, Emergency Call, Get Quote, sample questions and help topics, tagged for analytics', async () => {
  const { page, errors } = desktop;
  await load(page);
  await openPanel(page);
  const links = await page.$$eval(`${PANEL} a`, (as) => as.map((a) => ({ text: a.textContent!.trim(), href: a.getAttribute('href'), target: a.getAttribute('target'), track: a.dataset.track ?? null, source: a.dataset.source ?? null })));
  assert.equal(links.slice(0, 3), [
    { text: 'Chat with Assistant (opens in a new tab)', href: 'https://assistant.example.com/', target: '_blank', track: 'chatbot_click', source: 'chatbot_sidebar' },
    { text: 'Emergency Call', href: 'tel:+15055550123', target: null, track: 'phone_call', source: 'chatbot_sidebar' },
    { text: 'Get Quote', href: 'mailto:service@example.com?subject=Quote%20request%20-%20Cibola%20Mobile%20Locksmith', target: null, track: 'email_click', source: 'chatbot_sidebar' },
  ]);
  assert.is(links.filter((l) => l.href === 'https://assistant.example.com/' && l.track === 'chatbot_click').length, 5, 'assistant button and 4 questions');
  assert.equal(links.slice(-5).map((l) => l.href), ['/services/car-lockout/', '/services/home-lockout/', '/services/automotive-key-programming/', '/services/lock-rekeying/', '/service-areas/']);
  assert.equal(errors, []);
});

content('should show the fixed call and text buttons at 390 px without opening anything', async () => {
  const { page } = phone;
  await load(page);
  const call = page.locator('.fixed-contact .fab-call');
  const text = page.locator('.fixed-contact .fab-text');
  assert.ok(await call.isVisible());
  assert.ok(await text.isVisible());
  assert.equal(await call.evaluate((a: HTMLAnchorElement) => [a.getAttribute('href'), a.dataset.track, a.dataset.source]), ['tel:+15055550123', 'phone_call', 'fixed']);
  assert.equal(await text.evaluate((a: HTMLAnchorElement) => [a.getAttribute('href'), a.dataset.track, a.dataset.source]), ['sms:+15055550123', 'sms_click', 'fixed']);
  const box = (await call.boundingBox())!;
  assert.ok(box.height >= 48 && box.width >= 48, 'tap target at least 48 px');
});
content('should show every panel button\'s label whole at 390 and 1366 px (Emergency Call was clipped side by side)', async () => {
  for (const { page } of [phone, desktop]) {
    await load(page);
    await openPanel(page);
    const clipped = await page.$$eval(`${PANEL} .btn`, (bs) => bs.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.textContent!.trim()} (${b.scrollWidth} > ${b.clientWidth})`));
    assert.equal(clipped, [], `at ${page.viewportSize()!.width} px`);
  }
});
content.run();

const motion = suite('reduced motion');
motion('should not bounce or pulse anything under prefers-reduced-motion: reduce', async () => {
  const { page, context } = await h.page(PHONE);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loadPaused(page, '/');
  assert.ok(await page.$(`${TOGGLE}.is-attention`), 'attention state on (badge), but still');
  const animations = await page.$$eval(`${TOGGLE}, .chatbot-badge, .pulse, .pulse-dot`, (els) => els.map((e) => getComputedStyle(e).animationName));
  assert.ok(animations.length >= 4, 'toggle, badge, a pulse icon and the notice dot');
  assert.equal([...new Set(animations)], ['none']);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  assert.is(await page.$eval('.pulse', (e) => getComputedStyle(e).animationName), 'pulse');
  assert.is(await page.$eval(TOGGLE, (e) => getComputedStyle(e).animationName), 'chatbot-bounce');
  await context.close();
});
motion.run();

const nojs = suite('without JavaScript');
nojs('should open and close the panel with the toggle (<details>)', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(h.url(PAGE));
  assert.not.ok(await page.isVisible(PANEL));
  await page.click(TOGGLE);
  assert.ok(await page.isVisible(PANEL));
  assert.ok(await page.isVisible(`${PANEL} a[href^="tel:"]`));
  await page.click(TOGGLE);
  assert.not.ok(await page.isVisible(PANEL));
  await context.close();
});
nojs.after(() => h.close());
nojs.run();
