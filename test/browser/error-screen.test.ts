/**
 * The error screen in Chromium:
 * an island that fails to hydrate (unreadable props) or throws while rendering (props of the wrong
 * shape) turns the page into the error screen, with its fixed texts, working buttons and contact
 * links, and the failure is logged with code COMPONENT_ERROR. And the other side: no page of the
 * built site logs a console error or requests anything off the machine.
 *
 * The failure is made by rewriting the served HTML before the browser sees it (page.route), so no
 * test switch ships in dist/.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DESKTOP, DIST, PHONE, startHarness } from '../../tooling/browser.ts';

const h = await startHarness();
const PAGE = '/automotive/';

/**
 * Serves PAGE with the ChatbotSidebar island's data-props replaced by `props` (raw attribute text),
 * then clicks the chatbot's button: the island's code loads on that first interaction,
 * so nothing fails before it. Waits for the error screen.
 */
async function withIslandProps(page: Page, props: string) {
  await page.route(h.url(PAGE), async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const broken = html.replace(/(data-island="?ChatbotSidebar"? data-props=)(["']).*?\2/, `$1'${props}'`);
    assert.is.not(broken, html, 'the island props were replaced');
    await route.fulfill({ response, body: broken });
  });
  await page.goto(h.url(PAGE), { waitUntil: 'networkidle' });
  assert.not.ok(await page.isVisible('.error-screen'), 'no error screen before the visitor acts');
  await page.click('.chatbot-toggle');
  await page.waitForSelector('.error-screen', { state: 'visible' });
}

/** Text of the visible error screen, in order. */
function screenTexts(page: Page) {
  return page.$eval('.error-screen', (s) => ({
    title: s.querySelector('h1')!.textContent,
    body: s.querySelector('h1 + p')!.textContent,
    buttons: [...s.querySelectorAll('.error-screen-actions > *')].map((b) => [b.tagName, b.textContent, b.getAttribute('href')]),
    help: s.querySelector('.error-screen-help')!.textContent,
    contact: [...s.querySelectorAll('.error-screen-contact a')].map((a) => [a.getAttribute('href'), a.textContent, (a as HTMLElement).dataset.track, (a as HTMLElement).dataset.source]),
  }));
}

const EXPECTED = {
  title: 'Something went wrong',
  body: "We're sorry, but something unexpected happened. Our team has been notified and we're working to fix the issue.",
  buttons: [['BUTTON', 'Refresh Page', null], ['A', 'Go to Homepage', '/']],
  help: 'Need immediate assistance? Contact us directly:',
  contact: [
    ['tel:+15055550123', 'Call (505) 555-0123', 'phone_call', 'error_screen'],
    ['mailto:service@example.com?subject=Quote%20request%20-%20Cibola%20Mobile%20Locksmith', 'service@example.com', 'email_click', 'error_screen'],
  ],
};

/** The COMPONENT_ERROR entries the page logged (islands/site/error-handlers.ts exposes the log). */
function componentErrors(page: Page): Promise<{ level: string; message: string; context: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as any).__diagnostics.log().filter((e: any) => e.context?.code === 'COMPONENT_ERROR'));
}

const failure = suite('a failing island');
failure('should show the error screen and log COMPONENT_ERROR when its props cannot be read (hydrate failure)', async () => {
  const { page, context } = await h.page(PHONE);
  await withIslandProps(page, '{broken');
  assert.equal(await screenTexts(page), EXPECTED);
  assert.not.ok(await page.isVisible('main'), 'the page is replaced');
  assert.not.ok(await page.isVisible('.site-header'));
  assert.is(await page.evaluate(() => document.activeElement?.id), 'error-screen-title');
  const [entry, ...more] = await componentErrors(page);
  assert.is(more.length, 0);
  assert.is(entry.level, 'error');
  assert.ok(entry.message.startsWith('islandRender: Island ChatbotSidebar failed to render: '), entry.message);
  assert.equal([entry.context.action, entry.context.island, entry.context.url], ['islandRender', 'ChatbotSidebar', h.url(PAGE)]);
  await context.close();
});

failure('should show the error screen and log COMPONENT_ERROR when it throws while rendering', async () => {
  const { page, context } = await h.page(DESKTOP);
  // Valid JSON of the wrong shape: `questions.map` throws inside the component's render.
  await withIslandProps(page, '{"callHref":"tel:+1","emailHref":"mailto:a@b.c","assistantUrl":"/","questions":5,"topics":[]}');
  assert.equal(await screenTexts(page), EXPECTED);
  const [entry] = await componentErrors(page);
  assert.ok(/\.map is not a function/.test(entry.message), entry.message);
  assert.is(entry.context.island, 'ChatbotSidebar');
  await context.close();
});

failure('should reload the page on Refresh Page', async () => {
  const { page, context } = await h.page(PHONE);
  await withIslandProps(page, '{broken');
  await page.evaluate(() => { (window as any).beforeReload = true; });
  await Promise.all([page.waitForEvent('load'), page.click('text=Refresh Page')]);
  assert.is(await page.evaluate(() => (window as any).beforeReload), undefined);
  assert.is(new URL(page.url()).pathname, PAGE);
  await context.close();
});

failure('should go to / on Go to Homepage', async () => {
  const { page, context } = await h.page(PHONE);
  await withIslandProps(page, '{broken');
  await Promise.all([page.waitForURL(h.url('/')), page.click('text=Go to Homepage')]);
  assert.is(new URL(page.url()).pathname, '/');
  assert.ok(await page.isVisible('h1#page-title'), 'the home page shows');
  await context.close();
});
failure.run();

/** Every page of the build, as site paths ("/", "/areas/grants/", "/404.html"). */
async function sitePaths(): Promise<string[]> {
  const entries = await readdir(DIST, { recursive: true });
  return entries
    .filter((f) => f.endsWith('.html'))
    .map((f) => `/${f.split(path.sep).join('/')}`.replace(/index\.html$/, ''))
    .sort();
}

const clean = suite('every page');
clean('should log no console error, no page error and request nothing off the machine', async () => {
  const paths = await sitePaths();
  assert.ok(paths.length >= 38, `${paths.length} pages`);
  const { page, context, errors, offsite } = await h.page(PHONE);
  const problems: string[] = [];
  for (const p of paths) {
    errors.length = 0;
    offsite.length = 0;
    await page.goto(h.url(p), { waitUntil: 'load' });
    await page.waitForFunction(() => (window as any).__diagnostics !== undefined);
    // Hydrated islands: focus on the chatbot's button loads its code (on interaction),
    // then every island has rendered its live state (or there is none).
    if (await page.$('.chatbot-toggle')) await page.focus('.chatbot-toggle');
    await page.waitForFunction(() => ![...document.querySelectorAll('[data-island="ChatbotSidebar"]')].some((el) => !el.querySelector('summary[aria-expanded]')));
    if (errors.length) problems.push(`${p}: ${errors.join(' | ')}`);
    if (offsite.length) problems.push(`${p}: requested ${offsite.join(', ')}`);
    if (await page.isVisible('.error-screen')) problems.push(`${p}: error screen shown`);
  }
  assert.equal(problems, []);
  await context.close();
});
clean.after(() => h.close());
clean.run();
