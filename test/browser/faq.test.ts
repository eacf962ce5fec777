/**
 * Questions and answers as disclosure widgets in Chromium, on every page that has them: the first
 * one open and the others closed; every answer in the HTML and the same questions and answers in
 * the page's FAQPage JSON-LD; opened by a click with JavaScript off, and by Enter and Space from
 * the keyboard, which reaches each question with Tab; announced as a heading inside an expandable
 * control.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness } from '../../tooling/browser.ts';
import { browserPathOf, htmlFiles } from '../helpers/site.ts';

const h = await startHarness();
const paths = htmlFiles().map(browserPathOf);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const all = suite('questions and answers on every page');
all('should open the first question only, keep every answer in the HTML and list them all in the FAQPage JSON-LD', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false });
  await context.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
  const page = await context.newPage();
  let pages = 0;
  for (const p of paths) {
    await page.goto(h.url(p));
    const items = await page.$$eval('.faq-item', (els) => els.map((el) => ({
      tag: el.tagName.toLowerCase(),
      open: (el as HTMLDetailsElement).open,
      question: el.querySelector('summary .faq-q')?.textContent ?? '',
      answer: el.querySelector('.faq-a')?.textContent ?? '',
    })));
    if (items.length === 0) continue;
    pages++;
    assert.ok(items.every((i) => i.tag === 'details'), `${p}: every question is a <details>`);
    assert.equal(items.map((i) => i.open), items.map((_, n) => n === 0), `${p}: the first one open`);
    assert.ok(items.every((i) => i.answer.trim().length > 20), `${p}: every answer in the HTML`);
    const ld = await page.$$eval('script[type="application/ld+json"]', (s) => s.map((x) => JSON.parse(x.textContent ?? '{}')));
    const faq = ld.find((d) => d['@type'] === 'FAQPage');
    assert.ok(faq, `${p}: FAQPage JSON-LD`);
    assert.equal(faq.mainEntity.map((q: { name: string; acceptedAnswer: { text: string } }) => [q.name, squash(q.acceptedAnswer.text)]), items.map((i) => [squash(i.question), squash(i.answer)]), p);
  }
  assert.ok(pages >= 30, `only ${pages} pages with questions`);
  await context.close();
});
all.run();

const use = suite('opening a question');
use('should open a closed question by a click with JavaScript off', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(h.url('/services/car-lockout/'));
  const second = page.locator('.faq-item').nth(1);
  assert.not.ok(await second.locator('.faq-a').isVisible());
  await second.locator('summary').click();
  assert.ok(await second.locator('.faq-a').isVisible());
  await context.close();
});
use('should reach a question with Tab, open it with Enter, close it with Space, and expose it as an expandable control with a heading', async () => {
  const { page, context } = await h.page({ width: 1366, height: 900 });
  await page.goto(h.url('/services/car-lockout/'));
  const second = page.locator('.faq-item').nth(1);
  await page.locator('.faq-item').first().locator('summary').focus();
  await page.keyboard.press('Tab');
  assert.ok(await second.locator('summary').evaluate((el) => el === document.activeElement), 'Tab moves to the next question');
  await page.keyboard.press('Enter');
  assert.ok(await second.evaluate((el) => (el as HTMLDetailsElement).open), 'Enter opens it');
  await page.keyboard.press(' ');
  assert.not.ok(await second.evaluate((el) => (el as HTMLDetailsElement).open), 'Space closes it');
  const snapshot = await second.locator('summary').ariaSnapshot();
  assert.match(snapshot, /heading .*level=3/, snapshot);
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree') as { nodes: { role?: { value: string }; properties?: { name: string; value: { value: unknown } }[] }[] };
  const expandable = nodes.filter((n) => n.properties?.some((pr) => pr.name === 'expanded'));
  assert.ok(expandable.length >= 5, `questions exposed as expandable controls: ${expandable.length}`);
  await context.close();
});
use.after(() => h.close());
use.run();
