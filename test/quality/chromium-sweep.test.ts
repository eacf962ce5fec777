/**
 * Gates in Chromium, over every page of dist/ at 390x844 and at 1366x900:
 * - Accessibility: axe-core with the WCAG 2.0-2.2 A and AA rules (axe tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) reports 0
 *   violations as loaded, with a header menu open and with the chatbot panel open. The open
 *   states are checked within the component that opened (header, chatbot): the rest of the page
 *   is unchanged and was just checked.
 * - Content-Security-Policy: loading the page, running its timers 3.5 s ahead (the chatbot's
 *   attention state ends) and using its islands (header menu, chatbot, video player, keyword tabs)
 *   produces 0 CSP violation reports and 0 console errors, and no request
 *   leaves 127.0.0.1 except the video player's (stubbed).
 *
 * One sweep serves both gates: each page is loaded once per viewport (the two viewports side by
 * side, one browser page each) instead of once per gate, which halved the CPU time the two took
 * as separate files. Motion is reduced (prefers-reduced-motion) so no colour is measured
 * mid-transition. Canaries (an image without alt, a style="" attribute) prove axe and the
 * violation listener really run. The static CSP checks (policy text, hashes) are in csp.test.ts.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { metaCsp } from '../../lib/csp.ts';
import { DESKTOP, PHONE, startHarness, type Harness } from '../../tooling/browser.ts';
import { closeChatbot, hasChatbot, keywordListWhole, openChatbot, openHeaderMenu, playFirstVideo, stubVideoHosts, useTabs } from '../helpers/interact.ts';
import { browserPathOf, htmlFiles, readDist } from '../helpers/site.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe-core rule tags; wcag22aa is target-size, 2.5.8). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core itself (a direct devDependency, 4.14). It is put in every page once, as an init
 * script: @axe-core/playwright's AxeBuilder injects its 500 KB again for every analysis,
 * several times slower a page.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/** Requests the video player may make once played (stubbed by stubVideoHosts). */
const VIDEO_HOSTS = /^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com)\//;

let harness: Harness;

interface AxeViolation { id: string; impact: string; help: string; nodes: { target: string[] }[] }

/**
 * Renders what `content-visibility: auto` skips off screen (the keyword page's result blocks below
 * the fold), as a visitor's scrolling would, before axe measures. axe cannot judge skipped content:
 * a low-contrast canary in a skipped block went unreported, and with whole sections skipped the
 * footer was reported falsely (the canary test below). Set through the CSSOM, which the pages' CSP allows (it forbids
 * style="" in markup and setAttribute('style'), not element.style).
 */
async function renderSkippedContent(page: Page, within = 'body'): Promise<void> {
  await page.evaluate((scope) => {
    for (const el of document.querySelectorAll<HTMLElement>(`${scope} *`)) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
  }, within);
}

/**
 * axe on the page (or only inside `include`), violations as readable lines. With `include`, only
 * that part is rendered first: the sweep checks the whole page as loaded before it opens a part,
 * so the rest was rendered then.
 */
async function axe(page: Page, label: string, include?: string): Promise<string[]> {
  await renderSkippedContent(page, include);
  const violations = await page.evaluate(
    ([tags, inc]) => (window as any).axe.run(inc ? { include: [inc] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .then((r: { violations: AxeViolation[] }) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))),
    [WCAG_TAGS, include] as const,
  ) as AxeViolation[];
  return violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 5 ? ` +${v.nodes.length - 5} more` : ''}`);
}

/**
 * A page of the harness with axe-core loaded in every document it opens, CSP violation reports
 * recorded in window.__cspViolations (listener set before any page script), the video hosts
 * stubbed and motion reduced.
 */
async function sweepPage(viewport: { width: number; height: number }) {
  const p = await harness.page(viewport);
  await p.context.addInitScript({ path: AXE_SOURCE });
  await p.context.addInitScript(() => {
    (window as any).__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as any).__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  await stubVideoHosts(p.context);
  await p.page.emulateMedia({ reducedMotion: 'reduce' });
  p.page.setDefaultTimeout(30_000); // generous: a busy 2-core CI machine has taken over 5 s for one navigation
  return p;
}

/** The CSP reports so far (after a short real-time wait: reports are queued as tasks, not timers). */
async function violationsOf(page: Page): Promise<string[]> {
  await page.waitForTimeout(50);
  return page.evaluate(() => (window as any).__cspViolations ?? []);
}

const sweep = suite('every page in Chromium: axe (WCAG 2.2 A/AA), CSP reports, console errors');

sweep.before(async () => {
  harness = await startHarness();
});
sweep.after(async () => {
  await harness?.close();
});

sweep('should report the missing alt of a canary image (axe really runs)', async () => {
  const { page, context } = await sweepPage(PHONE);
  const url = harness.url('/__a11y-canary/');
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><head><title>Canary</title></head><body><main><h1>Canary</h1><img src="/img/logo.svg" width="10" height="10"></main></body></html>' }));
  await page.goto(url);
  const found = await axe(page, 'canary');
  await context.close();
  assert.ok(found.some((v) => v.startsWith('canary: image-alt')), JSON.stringify(found));
});

sweep('should report low contrast in a block that content-visibility: auto skips off screen', async () => {
  const { page, context } = await sweepPage(PHONE);
  await page.goto(harness.url('/keyword-analysis/'));
  await keywordListWhole(page);
  // A faint paragraph in the insights, the last result block, far below the fold on a phone
  // (styled through the CSSOM, as the CSP allows).
  await page.evaluate(() => {
    const faint = Object.assign(document.createElement('p'), { id: 'faint-canary', textContent: 'Hard to read' });
    Object.assign(faint.style, { color: '#dddddd', background: '#ffffff' });
    document.querySelector('.kw-insights')!.append(faint);
  });
  const found = await axe(page, 'canary');
  await context.close();
  assert.ok(found.some((v) => v.startsWith('canary: color-contrast') && v.includes('#faint-canary')), JSON.stringify(found));
});

sweep('should see the violation of a canary page with a style="" attribute (the CSP listener works)', async () => {
  const { page, context } = await sweepPage(PHONE);
  const url = harness.url('/__csp-canary/');
  const policy = metaCsp(readDist('/index.html'))!;
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"><title>c</title></head><body><p style="color:red">x</p></body></html>` }));
  await page.goto(url);
  const violations = await violationsOf(page);
  await context.close();
  assert.ok(violations.some((v) => v.startsWith('style-src')), JSON.stringify(violations));
});

sweep('should find 0 axe violations, 0 CSP reports and 0 console errors on every page, as loaded and with its islands used', async () => {
  const files = htmlFiles();
  assert.ok(files.length >= 30, `only ${files.length} HTML files`);
  // The two viewports run side by side, one page each (two renderer processes, two cores).
  const problems = (await Promise.all([PHONE, DESKTOP].map(async (viewport) => {
    const found: string[] = [];
    const { page, context, errors, offsite } = await sweepPage(viewport);
    // Playwright's clock: time flows as usual (axe's timers run) and runFor can jump it ahead.
    await page.clock.install();
    for (const file of files) {
      const path = browserPathOf(file);
      const at = `${path} @${viewport.width}x${viewport.height}`;
      errors.length = 0;
      offsite.length = 0;
      const steps: string[] = [];
      try {
        await page.goto(harness.url(path), { waitUntil: 'load' });
        // The keyword report grows a chunk a task, moving what follows it: axe measures the page
        // once it has stopped moving (a layout that shifts between axe's reading of an element's
        // box and of what lies under it gives colours of the wrong elements).
        if (await page.locator('[data-island="KeywordAnalysis"]').count()) await keywordListWhole(page);
        found.push(...(await axe(page, `${at} as loaded`)));
        // Past the chatbot's 3 s attention state and the web-vitals start (1 s after load), so
        // what those timers do also runs under the policy.
        await page.clock.runFor(3500);
        if (await page.locator('.chatbot-toggle.is-attention').count()) found.push(`${at}: the attention state did not end after 3.5 s (the clock did not run its timers)`);
        await openHeaderMenu(page);
        steps.push('menu');
        found.push(...(await axe(page, `${at} header menu open`, 'header')));
        await page.keyboard.press('Escape');
        if (await hasChatbot(page)) {
          await openChatbot(page);
          steps.push('chatbot');
          found.push(...(await axe(page, `${at} chatbot open`, '.chatbot')));
          await closeChatbot(page);
        }
        if (await playFirstVideo(page)) steps.push('video');
        if (await page.locator('[data-island="KeywordAnalysis"]').count()) {
          await page.locator('[role="tab"]').first().waitFor();
          steps.push(`${await useTabs(page)} tabs`);
        }
      } catch (error) {
        found.push(`${at}: ${(error as Error).message.split('\n')[0]}`);
      }
      for (const v of await violationsOf(page)) found.push(`${at} [${steps.join(', ')}]: CSP ${v}`);
      for (const e of errors) found.push(`${at} [${steps.join(', ')}]: console error: ${e}`);
      for (const u of offsite) if (!VIDEO_HOSTS.test(u)) found.push(`${at}: request off the site: ${u}`);
    }
    await context.close();
    return found;
  }))).flat();
  assert.equal(problems, []);
});

sweep.run();
