/**
 * The /keyword-analysis/ page in Chromium, against the built site: loading state, result, tabs,
 * the 100 cap, the report download and the failure state.
 * Expected figures come from the same analysis run in Node over the same corpus file.
 */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { clientConfig } from '../../lib/bundle/client-config.ts';
import { CORPUS_PATH } from '../../lib/site-files/corpus.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { analyzeCorpus, parseCorpus, rankKeywords } from '../../islands/common/keywords.ts';
import { DIST, startHarness, DESKTOP, type Harness } from '../../tooling/browser.ts';
import { keywordListWhole } from '../helpers/interact.ts';

const URL_PATH = '/keyword-analysis/';
const corpus = parseCorpus(JSON.parse(readFileSync(path.join(DIST, CORPUS_PATH), 'utf8')));
const expected = analyzeCorpus(corpus);
const ranked = rankKeywords(expected.keywordFrequency);
const slug = clientConfig(loadContent(PROJECT_CONTENT), false).slug;
const fmt = (n: number) => n.toLocaleString('en-US');

/** One browser and server for every suite of this file; closed after the last suite. */
const h: Harness = await startHarness();

/** Opens the page and waits for the result and its whole list. */
async function openResult(viewport = DESKTOP) {
  const opened = await h.page(viewport);
  await opened.page.goto(h.url(URL_PATH));
  await opened.page.locator('.kw-stat').first().waitFor({ timeout: 15_000 });
  await keywordListWhole(opened.page);
  return opened;
}
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

const states = suite('keyword analysis: loading and result');

states('should show "Analyzing Website Keywords..." while the corpus loads, then the four stat cards', async () => {
  const { page, context, errors, offsite } = await h.page(DESKTOP);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => { requested = resolve; });
  await context.route(`**${CORPUS_PATH}`, async (route) => { requested(); await gate; await route.continue(); });
  await page.goto(h.url(URL_PATH));
  await asked; // the island has hydrated and asked for the corpus
  const status = page.getByRole('status');
  assert.is((await status.textContent())?.trim(), 'Analyzing Website Keywords...');
  assert.ok(await status.isVisible());
  assert.is(await page.locator('.kw-stat').count(), 0);
  release();
  await page.locator('.kw-stat').first().waitFor({ timeout: 15_000 });
  assert.is(await page.getByText('Analyzing Website Keywords...').count(), 0);
  assert.equal(await texts(page, '.kw-stat-label'), ['Total Keywords', 'Unique Keywords', 'Location Keywords', 'Service Keywords']);
  assert.equal(await texts(page, '.kw-stat-value'), [
    fmt(expected.totalKeywords), fmt(expected.uniqueKeywords), fmt(expected.locationKeywords.length), fmt(expected.serviceKeywords.length),
  ]);
  assert.equal(errors, []);
  assert.equal(offsite, []);
  await context.close();
});

states('should run the analysis in a Web Worker, not on the page\'s main thread', async () => {
  const { page, context, errors } = await h.page(DESKTOP);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
  // The page's own scripts must not contain the analysis: its stop-word list is only in the worker.
  const pageScripts: string[] = [];
  // (Playwright reports the worker's own script request on the page as well: told apart by its name.)
  page.on('response', async (r) => { if (r.request().resourceType() === 'script' && !new URL(r.url()).pathname.startsWith('/assets/worker-')) pageScripts.push(await r.text()); });
  await page.goto(h.url(URL_PATH));
  await page.locator('.kw-stat').first().waitFor({ timeout: 15_000 });
  assert.equal(workers.length, 1, workers.join(', '));
  assert.match(workers[0], /^\/assets\/worker-keywordAnalysis-[A-Z0-9]+\.js$/);
  const workerCode = await (await page.request.get(h.url(workers[0]))).text();
  assert.ok(workerCode.includes('Keyword corpus: '), 'the worker holds the analysis');
  assert.ok(pageScripts.length >= 3, `page scripts seen: ${pageScripts.length}`);
  assert.not.ok(pageScripts.some((code) => code.includes('Keyword corpus: ')), 'no page script holds the analysis');
  assert.equal(errors, []);
  await context.close();
});

states('should show the top 20 keywords in two numbered lists of 10', async () => {
  const { page, context } = await openResult();
  const lists = page.locator('.kw-rank');
  assert.is(await lists.count(), 2);
  assert.is(await lists.nth(0).locator('li').count(), 10);
  assert.is(await lists.nth(1).locator('li').count(), 10);
  assert.is(await lists.nth(1).getAttribute('start'), '11');
  assert.equal(await texts(page, '.kw-rank .kw-term'), ranked.slice(0, 20).map((e) => e.keyword));
  assert.equal(await texts(page, '.kw-rank .kw-count'), ranked.slice(0, 20).map((e) => fmt(e.count)));
  await context.close();
});

states('should show the static SEO insights text', async () => {
  const { page, context } = await openResult();
  assert.ok(await page.getByRole('heading', { name: 'SEO Insights' }).isVisible());
  assert.is(await page.locator('.kw-insight-list li').count(), 5);
  await context.close();
});
states.run();

const tabs = suite('keyword analysis: category tabs and the 100 cap');

const CATEGORY = {
  all: ranked,
  location: expected.locationKeywords,
  services: expected.serviceKeywords,
  brand: expected.brandKeywords,
  seo: expected.seoKeywords,
};

tabs('should offer five tabs with their counts, "All" selected by default', async () => {
  const { page, context } = await openResult();
  const tab = page.getByRole('tab');
  assert.equal((await tab.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()), [
    `All ${fmt(ranked.length)}`, `Location ${fmt(expected.locationKeywords.length)}`, `Services ${fmt(expected.serviceKeywords.length)}`,
    `Brand ${fmt(expected.brandKeywords.length)}`, `SEO ${fmt(expected.seoKeywords.length)}`,
  ]);
  assert.equal(await tab.evaluateAll((els) => els.map((e) => e.getAttribute('aria-selected'))), ['true', 'false', 'false', 'false', 'false']);
  assert.is(await page.getByRole('tablist').getAttribute('aria-label'), 'Keyword categories');
  assert.is(await page.getByRole('tabpanel').getAttribute('aria-labelledby'), 'kw-tab-all');
  await context.close();
});

tabs('should filter the list on a tab click and show that category\'s terms', async () => {
  const { page, context } = await openResult();
  for (const [id, label] of [['location', 'Location'], ['services', 'Services'], ['brand', 'Brand'], ['seo', 'SEO'], ['all', 'All']] as const) {
    await page.getByRole('tab', { name: new RegExp(`^${label} `) }).click();
    await keywordListWhole(page);
    const entries = CATEGORY[id];
    assert.is(await page.locator(`#kw-tab-${id}`).getAttribute('aria-selected'), 'true', id);
    assert.is(await page.locator('[role="tab"][aria-selected="true"]').count(), 1);
    assert.is(await page.locator(`#kw-tab-${id} .kw-tab-count`).textContent(), fmt(entries.length));
    assert.equal(await texts(page, '.kw-list .kw-term'), entries.slice(0, 100).map((e) => e.keyword), id);
    assert.is(await page.getByRole('tabpanel').getAttribute('aria-labelledby'), `kw-tab-${id}`);
  }
  await context.close();
});

tabs('should move between tabs with the arrow keys, Home and End', async () => {
  const { page, context } = await openResult();
  await page.locator('#kw-tab-all').focus();
  await page.keyboard.press('ArrowRight');
  assert.is(await page.locator('#kw-tab-location').getAttribute('aria-selected'), 'true');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'kw-tab-location');
  await page.keyboard.press('End');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'kw-tab-seo');
  await page.keyboard.press('ArrowRight');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'kw-tab-all');
  await page.keyboard.press('ArrowLeft');
  assert.is(await page.locator('#kw-tab-seo').getAttribute('aria-selected'), 'true');
  await keywordListWhole(page);
  assert.equal(await texts(page, '.kw-list .kw-term'), expected.seoKeywords.slice(0, 100).map((e) => e.keyword));
  await context.close();
});

tabs('should list at most 100 keywords with "Showing first 100 of N keywords."', async () => {
  const { page, context } = await openResult();
  assert.ok(ranked.length > 100, 'the site has more than 100 distinct terms');
  assert.is(await page.locator('.kw-list li').count(), 100);
  assert.is(await page.locator('.kw-note').textContent(), `Showing first 100 of ${fmt(ranked.length)} keywords.`);
  // A category of at most 100 shows all its terms and no note.
  const small = (['brand', 'location', 'seo', 'services'] as const).find((id) => CATEGORY[id].length <= 100 && CATEGORY[id].length > 0);
  if (small) {
    await page.locator(`#kw-tab-${small}`).click();
    await keywordListWhole(page);
    assert.is(await page.locator('.kw-list li').count(), CATEGORY[small].length);
    assert.is(await page.locator('.kw-note').count(), 0);
  }
  await context.close();
});
tabs('should render the list after the rest of the result, in parts of LIST_CHUNK, one task each, busy until whole (no long task)', async () => {
  const { page, context, errors } = await h.page(DESKTOP);
  // Each task's DOM changes reach a MutationObserver in one callback: record the list's length then.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { listSizes: string[] }).listSizes = seen;
    new MutationObserver(() => {
      if (!document.querySelector('.kw-stat')) return;
      const size = `${document.querySelectorAll('.kw-list li').length} ${document.querySelector('[role="tabpanel"]')?.getAttribute('aria-busy')}`;
      if (size !== seen.at(-1)) seen.push(size);
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto(h.url(URL_PATH));
  await keywordListWhole(page);
  const { LIST_CHUNK } = await import('../../islands/KeywordAnalysis.tsx');
  const parts = (total: number) => Array.from({ length: Math.ceil(total / LIST_CHUNK) }, (_, i) => Math.min(total, (i + 1) * LIST_CHUNK));
  const busyUntilWhole = (sizes: number[]) => sizes.map((n, i) => `${n} ${i < sizes.length - 1}`);
  const sizes = () => page.evaluate(() => (window as unknown as { listSizes: string[] }).listSizes);
  // "0": the stats, top 20 and tabs came first, alone; then the list, one part a task, busy until whole.
  assert.equal(await sizes(), busyUntilWhole([0, ...parts(100)]));
  // A tab switch starts again from one part.
  await page.evaluate(() => { (window as unknown as { listSizes: string[] }).listSizes.length = 0; });
  await page.locator('#kw-tab-seo').click();
  await keywordListWhole(page);
  assert.ok(CATEGORY.seo.length > LIST_CHUNK, 'the SEO tab needs more than one part');
  assert.equal(await sizes(), busyUntilWhole(parts(Math.min(100, CATEGORY.seo.length))));
  assert.equal(errors, []);
  await context.close();
});
tabs.run();

const report = suite('keyword analysis: report download');

report('should download "<slug>-keyword-analysis.md" listing the top 50 keywords', async () => {
  const { page, context, errors } = await openResult();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Report' }).click()]);
  assert.is(download.suggestedFilename(), `${slug}-keyword-analysis.md`);
  const markdown = await readFile((await download.path())!, 'utf8');
  const lines = markdown.split('\n');
  const start = lines.indexOf('## Top 50 Keywords');
  assert.ok(start > 0);
  const top = lines.slice(start + 1).filter((l) => /^\d+\. /.test(l));
  assert.equal(top.slice(0, 50), ranked.slice(0, 50).map((e, i) => `${i + 1}. ${e.keyword}: ${e.count}`));
  assert.ok(lines.includes(`- Unique keywords: ${expected.uniqueKeywords}`));
  assert.ok(/^Date: \d{4}-\d{2}-\d{2}$/m.test(markdown));
  assert.equal(errors, []);
  await context.close();
});
report.run();

const failure = suite('keyword analysis: failure');
failure.after(async () => { await h.close(); });

/** Logged errors: the logger's entries (window.__diagnostics) when present, and console errors. */
async function loggedFailure(page: Page, errors: string[]): Promise<boolean> {
  const entries = await page.evaluate(() => window.__diagnostics?.log() ?? []);
  const inLog = entries.some((e) => e.level === 'error' && e.message === 'Keyword analysis failed');
  return inLog || errors.some((e) => e.includes('Keyword analysis failed'));
}

for (const [how, handle, url] of [
  ['the request fails', (route: { abort(): Promise<void> }) => route.abort()],
  ['the server answers 500', (route: { fulfill(o: object): Promise<void> }) => route.fulfill({ status: 500, body: 'oops' })],
  ['the JSON is invalid', (route: { fulfill(o: object): Promise<void> }) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"pages": [' })],
  ['the corpus has the wrong shape', (route: { fulfill(o: object): Promise<void> }) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"pages": 3}' })],
  ['the worker script does not load', (route: { fulfill(o: object): Promise<void> }) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }), '**/assets/worker-*.js'],
] as const) {
  failure(`should show "Analysis Failed" and log the failure when ${how}`, async () => {
    const { page, context, errors } = await h.page(DESKTOP);
    await context.route(url ?? `**${CORPUS_PATH}`, (route) => (handle as (r: typeof route) => Promise<void>)(route));
    await page.goto(h.url(URL_PATH));
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    assert.is(await alert.getByRole('heading').textContent(), 'Analysis Failed');
    assert.ok((await alert.textContent())!.includes('Unable to complete keyword analysis.'));
    assert.is(await page.locator('.kw-stat').count(), 0);
    assert.ok(await loggedFailure(page, errors), `logged: ${errors.join(' | ')}`);
    await context.close();
  });
}

failure('should show only the JavaScript note with JavaScript off, no endless loading state', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(h.url(URL_PATH));
  assert.is(await page.getByText('Analyzing Website Keywords...').count(), 1, 'the loading state is in the server HTML');
  assert.not.ok(await page.getByText('Analyzing Website Keywords...').isVisible());
  assert.not.ok(await page.locator('.kw-spinner').isVisible());
  // getByText skips <noscript> content, so the note is found by its class.
  const note = page.locator('noscript .kw-noscript');
  assert.ok(await note.isVisible());
  assert.ok((await note.textContent())!.startsWith('The analysis runs in your browser and needs JavaScript.'));
  await context.close();
});
failure.run();
