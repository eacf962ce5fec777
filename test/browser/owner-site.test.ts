/**
 * A site built for a business that does not look like the sample: no reviews, no videos, no AI
 * assistant, no video channel, a Google rating, Saturday open all day, Sunday closed, its own
 * credentials and one redirect. Checked in the built files (no review card, no video markup or
 * script, no assistant link, no `aggregateRating`; closed days in the footer, the contact card
 * and the JSON-LD; the redirect in every hosting file) and in Chromium (the rating is visible
 * text; the open-now notice follows the closed Sunday). The shipped sample's rating is visible in
 * Chromium on every page whose JSON-LD carries it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildToFolder } from '../../build.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { DESKTOP, DIST, PHONE, startHarness, type Harness } from '../../tooling/browser.ts';
import { resolveConfig } from '../../lib/config.ts';

const RATING = { value: 4.8, count: 120, source: 'Google', url: 'https://g.page/r/mesa-keys/review' };
const ASSISTANT = 'https://assistant.example.com/';
const raw = structuredClone(PROJECT_CONTENT) as any;
Object.assign(raw.settings, {
  assistantUrl: '',
  channelUrl: '',
  videos: [],
  rating: RATING,
  credentials: { licence: { issuer: 'City of Grants', number: 'BL-2291' }, insurance: { kind: 'general liability', insurer: 'Mesa Mutual Insurance' }, bureau: { name: 'Better Business Bureau', url: 'https://www.bbb.test/mesa-keys' } },
  hours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], hours: '07:00-21:00' },
    { days: ['Saturday'], hours: 'all day' },
    { days: ['Sunday'], hours: 'closed' },
  ],
  redirects: [{ from: '/areas/old-town/', to: '/service-areas/' }],
});
raw.home.reviews = [];

const dir = await mkdtemp(path.join(os.tmpdir(), 'owner-site-'));
await buildToFolder({ config: { ...resolveConfig(), outDir: path.join(dir, 'dist') }, content: raw });
const out = path.join(dir, 'dist');
const read = (file: string) => readFile(path.join(out, file), 'utf8');
const pages = await Promise.all((await fg('**/*.html', { cwd: out })).map(async (f) => ({ file: f, html: await read(f) })));

const files = suite('a business without reviews, videos or assistant: the built files');
files('should build every page, with no review card and only the "Leave us a review" link', async () => {
  assert.ok(pages.length >= 39, `${pages.length} pages`);
  const home = await read('index.html');
  assert.not.ok(home.includes('review-card'), 'no review card');
  assert.match(home, /Leave us a review/);
});
files('should have no video section, no player markup and no player script on any page', async () => {
  for (const { file, html } of pages) {
    assert.not.ok(/section-video|video-slot|VideoPlayer|Subscribe/.test(html), file);
  }
  const scripts = await fg('assets/*.js', { cwd: out });
  assert.not.ok(scripts.some((s) => s.includes('VideoPlayer')), scripts.join(', '));
});
files('should link to no assistant anywhere, keeping the fixed call and text buttons', async () => {
  for (const { file, html } of pages) {
    assert.not.ok(html.includes(ASSISTANT) || html.includes('ChatbotSidebar') || /Ask our assistant|Chat with Assistant/.test(html), file);
  }
  assert.match(await read('areas/grants/index.html'), /class="fixed-contact"[\s\S]*fab-call[\s\S]*fab-text/);
});
files('should mark up no aggregateRating for a Google rating, and say where it comes from', async () => {
  for (const { file, html } of pages) assert.not.ok(html.includes('aggregateRating'), file);
  assert.match(await read('index.html'), /href="https:\/\/g\.page\/r\/mesa-keys\/review"[^>]*>.*4\.8 from 120 Google reviews/);
});
files('should say Sunday is closed in every footer, the contact card and the JSON-LD', async () => {
  for (const { file, html } of pages) {
    if (html.includes('<footer')) assert.match(html, /<dt>Sunday<\/dt><dd>Closed, emergency line answers<\/dd>/, file);
  }
  const card = (await read('contact.vcf')).replace(/\r\n /g, '');
  assert.match(card, /Hours: Monday - Friday 7:00 AM-9:00 PM\\; Saturday open all day\\; Sunday closed\. Emergency service outside these hours\./);
  const ld = JSON.parse(/<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"Locksmith".*?)<\/script>/.exec(await read('areas/grants/index.html'))![1]);
  assert.equal(ld.openingHoursSpecification.at(-1), { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Sunday'], opens: '00:00', closes: '00:00' });
  assert.equal(ld.openingHours, ['Mo-Fr 07:00-21:00', 'Sa 00:00-23:59']);
});
files('should write the redirect into .htaccess and _redirects', async () => {
  assert.match(await read('.htaccess'), /RedirectMatch 301 \^\/areas\/old-town\/\?\$ \/service-areas\//);
  assert.match(await read('_redirects'), /^\/areas\/old-town\/ \/service-areas\/ 301$/m);
});
files('should show the credentials behind the claims, each linked from the footer', async () => {
  const apps = await read('mobile-apps/index.html');
  assert.match(apps, /id="licences"[\s\S]*No\. BL-2291, issued by City of Grants[\s\S]*Insured: general liability insurance with Mesa Mutual Insurance[\s\S]*href="https:\/\/www\.bbb\.test\/mesa-keys"/);
  assert.not.ok(apps.includes('Sample, not real'));
  assert.match(await read('areas/grants/index.html'), /<a href="\/mobile-apps\/#licences">Licensed and insured<\/a>/);
});
files.run();

// Started in a hook, not by a top-level await here: uvu starts running the suites queued so far
// on the next macrotask, so an await between two `run()` calls let this suite and the next run at
// once (the next one's close() then closed this one's browser).
let h: Harness;
const browser = suite('a business without reviews, videos or assistant: in Chromium');
browser.before(async () => { h = await startHarness(out); });
browser.after(async () => { await h.close(); });
browser('should show the Google rating as visible text near the reviews, with no script error', async () => {
  const { page, context, errors } = await h.page(PHONE);
  await page.goto(h.url('/'));
  const rating = page.locator('.section-reviews .rating-line a');
  assert.ok(await rating.isVisible());
  assert.match(await rating.innerText(), /4\.8 from 120 Google reviews/);
  await page.waitForFunction(() => (document.querySelector('[data-open-now]') as HTMLElement).dataset.state !== undefined);
  assert.equal(errors, []);
  await context.close();
});
browser('should say "Office closed" on a Sunday at noon and "Open now" on a Saturday at 2:00 in Denver', async () => {
  for (const [iso, text] of [['2026-01-11T19:00:00Z', 'Office closed'], ['2026-01-10T09:00:00Z', 'Open now']]) {
    const { page, context } = await h.page(PHONE);
    const time = new Date(iso);
    await page.clock.install({ time: time.getTime() - 5_000 });
    await page.clock.pauseAt(time);
    await page.goto(h.url('/service-areas/'));
    await page.waitForFunction(() => (document.querySelector('[data-open-now]') as HTMLElement).dataset.state !== undefined);
    assert.is(await page.$eval('[data-open-now]', (el) => el.textContent), text, iso);
    await context.close();
  }
});
browser.run();

const sample = suite('the sample site: the rating is visible wherever it is marked up');
sample('should show "5.0 from 50 reviews", labelled a sample, on every page whose JSON-LD carries aggregateRating', async () => {
  const s = await startHarness(DIST);
  try {
    const marked = [];
    for (const f of await fg('**/*.html', { cwd: DIST })) {
      if ((await readFile(path.join(DIST, f), 'utf8')).includes('"aggregateRating"')) marked.push(`/${f.replace(/index\.html$/, '')}`);
    }
    assert.equal(marked, ['/'], 'only the page that shows the rating marks it up');
    for (const p of marked) {
      const { page, context } = await s.page(DESKTOP);
      await page.goto(s.url(p));
      const line = page.locator('.rating-line');
      assert.ok(await line.isVisible(), p);
      const box = await line.boundingBox();
      assert.ok(box && box.width > 100 && box.height >= 16, `${p}: laid out for every reader, not a visually hidden span`);
      assert.match(await line.innerText(), /Sample rating, not real\s+5\.0 from 50 reviews/);
      await context.close();
    }
  } finally {
    await s.close();
    await rm(dir, { recursive: true, force: true });
  }
});
sample.run();
