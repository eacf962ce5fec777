/**
 * Gate: accessibility. axe-core with the WCAG 2.1 A and AA rules (the tags TESTING.md uses) in
 * headless Chromium reports 0 violations on every page, at 390x844 and at 1366x900, as loaded and
 * with a header menu open and with the chatbot panel open. The open states are checked within the
 * component that opened (header, chatbot): the rest of the page is unchanged and was just checked.
 * Motion is reduced (prefers-reduced-motion) so no colour is measured mid-transition. One browser,
 * one page per viewport, reused for every URL. A canary with an image without alt proves axe runs.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DESKTOP, PHONE, startHarness, type Harness } from '../helpers/browser.ts';
import { closeChatbot, hasChatbot, openChatbot, openHeaderMenu, stubVideoHosts } from '../helpers/interact.ts';
import { browserPathOf, htmlFiles } from '../helpers/site.ts';

/** WCAG 2.0 and 2.1, levels A and AA (axe-core rule tags). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core itself (a direct devDependency, 4.14). It is put in every page once, as an init
 * script: @axe-core/playwright's AxeBuilder injects its 500 KB again for every analysis, which made this gate 4-6 times
 * slower (measured here: 2-5 s against 0.3-0.9 s a page).
 */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let harness: Harness;

interface AxeViolation { id: string; impact: string; help: string; nodes: { target: string[] }[] }

/** axe on the page (or only inside `include`), violations as readable lines. */
async function axe(page: Page, label: string, include?: string): Promise<string[]> {
  const violations = await page.evaluate(
    ([tags, inc]) => (window as any).axe.run(inc ? { include: [inc] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .then((r: { violations: AxeViolation[] }) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))),
    [WCAG_TAGS, include] as const,
  ) as AxeViolation[];
  return violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 5 ? ` +${v.nodes.length - 5} more` : ''}`);
}

/** A page of the harness with axe-core loaded in every document it opens. */
async function axePage(viewport: { width: number; height: number }) {
  const p = await harness.page(viewport);
  await p.context.addInitScript({ path: AXE_SOURCE });
  p.page.setDefaultTimeout(30_000); // generous: a busy 2-core CI machine has taken over 5 s for one navigation
  return p;
}

const a11y = suite('axe-core, WCAG 2.1 A and AA');

a11y.before(async () => {
  harness = await startHarness();
});
a11y.after(async () => {
  await harness?.close();
});

a11y('should report the missing alt of a canary image (axe really ran)', async () => {
  const { page, context } = await axePage(PHONE);
  const url = harness.url('/__a11y-canary/');
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><head><title>Canary</title></head><body><main><h1>Canary</h1><img src="/img/logo.svg" width="10" height="10"></main></body></html>' }));
  await page.goto(url);
  const found = await axe(page, 'canary');
  await context.close();
  assert.ok(found.some((v) => v.startsWith('canary: image-alt')), JSON.stringify(found));
});

a11y('should report 0 violations on every page at both viewports, closed and with a menu and the chatbot open', async () => {
  const files = htmlFiles();
  assert.ok(files.length >= 30, `only ${files.length} HTML files`);
  // The two viewports run side by side, one page each (two renderer processes, two cores).
  const problems = (await Promise.all([PHONE, DESKTOP].map(async (viewport) => {
    const found: string[] = [];
    const { page, context, errors } = await axePage(viewport);
    await stubVideoHosts(context);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const file of files) {
      const path = browserPathOf(file);
      const at = `${path} @${viewport.width}x${viewport.height}`;
      try {
        await page.goto(harness.url(path), { waitUntil: 'load' });
        found.push(...(await axe(page, `${at} as loaded`)));
        await openHeaderMenu(page);
        found.push(...(await axe(page, `${at} header menu open`, 'header')));
        await page.keyboard.press('Escape');
        if (await hasChatbot(page)) {
          await openChatbot(page);
          found.push(...(await axe(page, `${at} chatbot open`, '.chatbot')));
          await closeChatbot(page);
        }
      } catch (error) {
        found.push(`${at}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    errors.length = 0; // console errors are the CSP gate's business
    await context.close();
    return found;
  }))).flat();
  assert.equal(problems, []);
});

a11y.run();
