/**
 * Every page tells the truth, read from the built site ($DIST_DIR or dist/) and, for settings the
 * project does not ship (a phone extension, a review with markup in it), from pages rendered here
 * through the same render and minify steps as the build:
 * - sample videos and sample reviews (lib/content/samples.ts) are labelled as samples, never as ours;
 * - robots.txt lets crawlers fetch every noindex page, so they can obey its noindex;
 * - one brand suffix per title, every title within 60 characters;
 * - the 404 page has no breadcrumb trail;
 * - every page offers the four contact actions: call, e-mail labelled Get Quote or free quote,
 *   text, and the assistant;
 * - the header's emergency notice is on every page;
 * - a phone extension is dialled (RFC 3966 tel:...;ext=), not only shown;
 * - text with entities in it is written once-escaped, never as "&amplt;";
 * - small facts: Fort Wingate's depot closed; Laguna's church dates from about 1699-1701.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'node-html-parser';
import { isSampleReview, isSampleVideo, SAMPLE_VIDEOS } from '../../lib/content/samples.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { createPageMinifier } from '../../lib/build/minify-page.ts';
import { renderRoute } from '../../lib/build/render.ts';
import { TITLE_MAX_CHARS } from '../../lib/text.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { jsonLdBlocks, readPages, visibleText, type DistPage } from '../helpers/dist.ts';
import { readDist, SITE } from '../helpers/site.ts';

const pages = await readPages();
const page = (p: string): DistPage => {
  const found = pages.find((x) => x.path === p);
  if (!found) throw new Error(`no built page ${p}`);
  return found;
};
const { settings } = SITE;

const samples = suite('sample videos and reviews');
samples('should label each sample video with its real title and never show the title claiming it as ours', () => {
  const home = page('/');
  const videos = settings.videos;
  const titles = home.root.querySelectorAll('.section-video .video-title').map((t) => t.textContent.replace('Play video: ', '').trim());
  assert.is(titles.length, videos.length);
  videos.forEach((v, i) => {
    const sample = SAMPLE_VIDEOS.find((s) => s.youtubeId === v.youtubeId);
    assert.is(titles[i], sample ? `Sample video: ${sample.realTitle}` : v.title);
    if (sample) assert.not.ok(home.html.includes(v.title), `"${v.title}" is a stranger's film`);
  });
  const intro = visibleText(home.root.querySelector('.section-video .section-intro')!);
  if (videos.every((v) => isSampleVideo(v.youtubeId))) {
    assert.ok(intro.includes('not our work'), intro);
    assert.not.ok(intro.includes('from our work'), intro);
  }
});
samples('should put a visible "Sample review" note on each sample review card, and on no other', () => {
  const cards = page('/').root.querySelectorAll('.review-card');
  assert.is(cards.length, SITE.home.reviews.length);
  cards.forEach((card, i) => {
    const note = card.querySelector('.sample-note');
    assert.is(Boolean(note), isSampleReview(SITE.home.reviews[i]), SITE.home.reviews[i].name);
    if (note) assert.ok(visibleText(note).startsWith('Sample review'));
  });
});
samples.run();

const search = suite('search engines');
search('should let crawlers fetch every noindex page, so they obey its noindex', () => {
  const disallowed = [...readDist('/robots.txt').matchAll(/^Disallow:\s*(\S+)/gim)].map((m) => m[1]);
  const noindex = pages.filter((p) => /noindex/.test(p.root.querySelector('meta[name="robots"]')?.getAttribute('content') ?? ''));
  assert.ok(noindex.some((p) => p.path === '/keyword-analysis/'));
  for (const p of noindex) assert.not.ok(disallowed.some((rule) => p.path.startsWith(rule)), `${p.path} is disallowed by ${disallowed}`);
});
search('should give every title one brand suffix at most, within 60 characters', () => {
  for (const p of pages) {
    const title = p.root.querySelector('title')!.textContent;
    assert.ok(title.length <= TITLE_MAX_CHARS, `${p.path}: ${title.length} characters: ${title}`);
    assert.ok(title.split(' | ').length <= 2, `${p.path}: ${title}`);
    assert.ok(title.split(settings.name).length <= 2, `${p.path}: ${title}`);
  }
  assert.is(page('/services/automotive-key-programming/').root.querySelector('title')!.textContent, `Car Key Programming in Grants, NM | ${settings.name}`);
});
search('should give the 404 page no breadcrumb trail and no BreadcrumbList', () => {
  const p = page('/404.html');
  assert.is(p.root.querySelector('.breadcrumbs'), null);
  assert.not.ok(p.html.includes('404.html</span>'));
  assert.not.ok(jsonLdBlocks(p.root).some((b) => b['@type'] === 'BreadcrumbList'));
});
search.run();

const contact = suite('contact actions on every page');
contact('should offer call, Get Quote e-mail, text and the assistant on every page', () => {
  for (const p of pages) {
    const links = p.root.querySelectorAll('a');
    assert.ok(links.some((a) => a.getAttribute('href') === settings.phone.tel), `${p.path}: call`);
    assert.ok(links.some((a) => a.getAttribute('href')?.startsWith('sms:')), `${p.path}: text`);
    const quote = links.filter((a) => a.getAttribute('href')?.startsWith(`mailto:${settings.email}`)).map((a) => visibleText(a));
    assert.ok(quote.some((t) => /get quote|free quote/i.test(t)), `${p.path}: e-mail labelled Get Quote or free quote, found ${JSON.stringify(quote)}`);
    assert.not.ok(quote.some((t) => /^e-mail us$/i.test(t)), `${p.path}: "E-mail us"`);
    // The chatbot sidebar's server HTML carries the assistant link too (its props and its panel).
    assert.ok(p.html.includes(`href="${settings.assistantUrl}"`), `${p.path}: assistant`);
  }
});
contact('should show the emergency notice in the header of every page', () => {
  for (const p of pages) assert.is(visibleText(p.root.querySelector('.notice-bar')!), 'Emergency service available', p.path);
});
contact('should dial a phone extension (RFC 3966) on every call link of every page', async () => {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  raw.settings.phone = '505-555-0123 ext 5';
  const site = loadContent(raw);
  for (const route of buildRoutes(site)) {
    const root = parse(renderRoute(route, site).markup);
    const tels = root.querySelectorAll('a[href^="tel:"]').map((a) => a.getAttribute('href'));
    assert.ok(tels.length > 0, route.path);
    for (const t of tels) assert.is(t, 'tel:+15055550123;ext=5', route.path);
    assert.ok(visibleText(root).includes('(505) 555-0123 ext. 5'), route.path);
  }
});
contact.run();

const text = suite('text as written');
text('should write a review containing "&lt;script&gt;" once-escaped, with no "&amp" missing its semicolon', async () => {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  raw.home.reviews[0].text = 'They fixed the lock; my note said &lt;script&gt; & "quotes" and it\'s fine.';
  const site = loadContent(raw);
  const home = buildRoutes(site).find((r) => r.path === '/')!;
  const html = await createPageMinifier().minify(renderRoute(home, site).markup);
  assert.not.ok(/&amp(?!;)/.test(html), html.match(/.{20}&amp(?!;).{20}/)?.[0]);
  const card = parse(html).querySelector('.review-card blockquote')!;
  assert.is(card.innerHTML, '<p>They fixed the lock; my note said &amp;lt;script&amp;gt; &amp; &quot;quotes&quot; and it&#x27;s fine.</p>');
});
text('should say Fort Wingate\'s post and depot are history, and date Laguna\'s church about 1699-1701', () => {
  const fw = visibleText(page('/areas/fort-wingate/').root.querySelector('main')!);
  assert.not.ok(/since 1868|where it remains/.test(fw), 'Fort Wingate reads as a working post');
  assert.ok(fw.includes('closed in the 1990s'));
  const laguna = visibleText(page('/areas/laguna/').root.querySelector('main')!);
  assert.not.ok(laguna.includes('completed in 1699'));
  assert.ok(laguna.includes('1699-1701'));
});
text.run();
