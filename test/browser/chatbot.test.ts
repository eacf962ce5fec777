/**
 * The chatbot sidebar and the fixed call/text buttons in Chromium (spec section 2 "Chatbot
 * sidebar", section 4; issue 5): the attention state at load and not after 3 s (page clock), the
 * panel opening and closing by toggle, close button, overlay and Escape at 390 px, the focus trap,
 * the panel's links with their analytics attributes, nothing moving under reduced motion, and
 * the <details> fallback without JavaScript.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startHarness } from '../helpers/browser.ts';

const h = await startHarness();
const PAGE = '/automotive/';
const TOGGLE = '.chatbot-toggle';
const PANEL = '.chatbot-panel';
const T0 = new Date('2026-01-12T18:00:00Z');

/** Open state of the sidebar and its toggle's aria-expanded. */
function stateOf(page: Page) {
  return page.$eval('details.chatbot', (d) => ({ open: (d as HTMLDetailsElement).open, expanded: d.querySelector('summary')!.getAttribute('aria-expanded') }));
}

/** Loads PAGE and waits until the island is hydrated (the toggle gets aria-expanded). */
async function load(page: Page, path = PAGE) {
  await page.goto(h.url(path));
  await page.waitForSelector(`${TOGGLE}[aria-expanded]`, { state: 'attached' });
}

const phone = await h.page(PHONE);
const desktop = await h.page(DESKTOP);

const attention = suite('attention state');
attention('should bounce with a badge at load and stop exactly 3 s after navigation start', async () => {
  const { page, context } = await h.page(PHONE);
  await page.clock.install({ time: T0.getTime() - 5_000 });
  await page.clock.pauseAt(T0);
  await load(page);
  assert.ok(await page.$(`${TOGGLE}.is-attention`), 'attention class at load');
  assert.ok(await page.$(`${TOGGLE} .chatbot-badge`), 'badge at load');
  assert.is(await page.$eval(TOGGLE, (t) => getComputedStyle(t).animationName), 'chatbot-bounce');
  // The page's own clock may have moved a little while it loaded: measure from its navigation start.
  const elapsed = await page.evaluate(() => performance.now());
  assert.ok(elapsed < 2900, `page clock at ${elapsed} ms after load`);
  await page.clock.runFor(Math.ceil(2900 - elapsed));
  assert.ok(await page.$(`${TOGGLE}.is-attention`), 'still on at 2.9 s');
  await page.clock.runFor(200);
  await page.waitForSelector(`${TOGGLE}:not(.is-attention)`);
  assert.is(await page.$(`${TOGGLE} .chatbot-badge`), null);
  assert.is(await page.$eval(TOGGLE, (t) => getComputedStyle(t).animationName), 'none');
  await context.close();
});
attention.run();

const panel = suite('panel at 390 px');
panel('should open and close with the toggle', async () => {
  const { page } = phone;
  await load(page);
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.not.ok(await page.isVisible(PANEL));
  await page.click(TOGGLE);
  assert.equal(await stateOf(page), { open: true, expanded: 'true' });
  assert.ok(await page.isVisible(PANEL));
  assert.is(await page.$eval(PANEL, (p) => p.getAttribute('aria-modal')), 'true');
  await page.click(TOGGLE);
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.not.ok(await page.isVisible(PANEL));
});

panel('should close with the close button and give focus back to the toggle', async () => {
  const { page } = phone;
  await load(page);
  await page.click(TOGGLE);
  assert.is(await page.evaluate(() => document.activeElement?.className), 'chatbot-close');
  await page.click('.chatbot-close');
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('chatbot-toggle')));
});

panel('should close when the overlay is tapped', async () => {
  const { page } = phone;
  await load(page);
  await page.click(TOGGLE);
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
  await page.click(TOGGLE);
  await page.keyboard.press('Escape');
  assert.equal(await stateOf(page), { open: false, expanded: 'false' });
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('chatbot-toggle')));
});

panel('should keep focus inside the open panel on Tab and Shift+Tab', async () => {
  const { page } = phone;
  await load(page);
  await page.click(TOGGLE);
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
  await page.click(TOGGLE);
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
content.run();

const motion = suite('reduced motion');
motion('should not bounce or pulse anything under prefers-reduced-motion: reduce', async () => {
  const { page, context } = await h.page(PHONE);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: T0.getTime() - 5_000 });
  await page.clock.pauseAt(T0);
  await load(page, '/');
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
