/**
 * Escape closes the chatbot panel from the first moment, in Chromium: with the island's code held
 * back (context.route keeps its request waiting, as a weak rural link does for seconds), a click
 * opens the panel natively and Escape pressed at once closes it and puts focus back on the button
 * (islands/site/chatbot-keys.ts); released, the island hydrates in that closed state; hydrated,
 * the island answers Escape itself, once (the site module steps aside).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DIST, PHONE, startHarness } from '../../tooling/browser.ts';

const h = await startHarness();
const PAGE = '/automotive/';
const TOGGLE = '.chatbot-toggle';

/** The chatbot sidebar's component: the one built script with the panel's close button in it. */
async function chatbotCode(): Promise<string> {
  const found: string[] = [];
  for (const f of await readdir(path.join(DIST, 'assets'))) if ((await readFile(path.join(DIST, 'assets', f), 'utf8')).includes('chatbot-close')) found.push(`/assets/${f}`);
  assert.is(found.length, 1, found.join(', '));
  return found[0];
}
const CHATBOT_CODE = await chatbotCode();

/** The <details> state, its button's aria-expanded, and whether the button has focus. */
function state(page: Page) {
  return page.$eval('details.chatbot', (d) => ({
    open: (d as HTMLDetailsElement).open,
    expanded: d.querySelector('summary')!.getAttribute('aria-expanded'),
    focusOnToggle: document.activeElement === d.querySelector('summary'),
  }));
}

const early = suite('Escape while the chatbot\'s code is on its way');

early('should close the panel opened a moment before, and the island should hydrate closed', async () => {
  const { page, context, errors } = await h.page(PHONE);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let held = 0;
  await context.route(h.url(CHATBOT_CODE), async (route) => { held++; await gate; await route.continue(); });
  await page.goto(h.url(PAGE), { waitUntil: 'networkidle' });
  await page.click(TOGGLE);
  await page.locator('.chatbot-panel').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await page.locator('.chatbot-panel').waitFor({ state: 'hidden', timeout: 10_000 });
  assert.equal(await state(page), { open: false, expanded: null, focusOnToggle: true });
  assert.is(held, 1, 'the island\'s code was requested and is still held');
  release();
  await page.waitForSelector(`${TOGGLE}[aria-expanded]`, { state: 'attached' });
  assert.equal(await state(page), { open: false, expanded: 'false', focusOnToggle: true });
  assert.equal(errors, []);
  await context.close();
});

early('should close the panel when focus has moved into it before the code arrives', async () => {
  const { page, context, errors } = await h.page(PHONE);
  await context.route(h.url(CHATBOT_CODE), () => { /* never answered: the code stays on its way */ });
  await page.goto(h.url(PAGE), { waitUntil: 'networkidle' });
  await page.click(TOGGLE);
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.chatbot-panel')), 'focus is inside the panel');
  await page.keyboard.press('Escape');
  await page.locator('.chatbot-panel').waitFor({ state: 'hidden', timeout: 10_000 });
  assert.equal(await state(page), { open: false, expanded: null, focusOnToggle: true });
  assert.equal(errors, []);
  await context.close();
});
early.run();

const later = suite('Escape once the island has hydrated');

later('should be answered by the island alone: the panel closes once, focus back on the button', async () => {
  const { page, context, errors } = await h.page(PHONE);
  await page.goto(h.url(PAGE), { waitUntil: 'networkidle' });
  await page.click(TOGGLE);
  await page.waitForSelector(`${TOGGLE}[aria-expanded="true"]`, { state: 'attached' });
  await page.$eval('details.chatbot', (d) => { (window as any).toggles = 0; d.addEventListener('toggle', () => (window as any).toggles++); });
  await page.keyboard.press('Escape');
  await page.waitForSelector(`${TOGGLE}[aria-expanded="false"]`, { state: 'attached' });
  await page.waitForFunction(() => (window as any).toggles === 1, undefined, { timeout: 10_000 });
  assert.equal(await state(page), { open: false, expanded: 'false', focusOnToggle: true });
  assert.equal(errors, []);
  await context.close();
});
later.after(() => h.close());
later.run();
