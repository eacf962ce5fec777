/**
 * The video player in Chromium: the home
 * section's click-to-play facades ask nothing of the video host until clicked, then insert the
 * iframe with the right address (rel=0 / autoplay=1); a self-hosted file gets a <video> with the
 * required fallback text and download link, and its load error is logged; no source shows the
 * placeholder and logs a warning. Every request off 127.0.0.1 (the video host included) is
 * aborted by the harness and recorded.
 *
 * Players with other props are tested on a page the test serves itself (/__test__/video/): the
 * home page with its <main> replaced by VideoPlayer islands rendered here the way
 * templates/Island.tsx renders them, so nothing test-only ships in dist/.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { h as preact } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Page } from 'playwright-core';
import VideoPlayer, { videoLoad, type VideoPlayerProps } from '../../islands/VideoPlayer.tsx';
import { LOAD_ATTR } from '../../islands/runtime/load.ts';
import { DESKTOP, DIST, startHarness } from '../../tooling/browser.ts';

const h = await startHarness();
const FIXTURE = '/__test__/video/';
const VIDEO_HOSTS = /youtube|ytimg|googlevideo/;

/** Attribute-safe text. */
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The home page with its <main> replaced by one VideoPlayer island per props object, placed as templates/Island.tsx places them. */
async function fixturePage(players: VideoPlayerProps[]): Promise<string> {
  const home = await readFile(path.join(DIST, 'index.html'), 'utf8');
  const islands = players
    .map((props, i) => {
      // As on the site (islands/VideoPlayer.tsx videoLoad): a hosted video's code loads on interaction.
      const load = videoLoad(props) === 'interaction' ? ` ${LOAD_ATTR}="interaction"` : '';
      return `<div id="player-${i}" data-island="VideoPlayer" data-props="${escapeAttr(JSON.stringify(props))}"${load}>${renderToString(preact(VideoPlayer, props))}</div>`;
    })
    .join('');
  return home.replace(/<main\b[^>]*>[\s\S]*<\/main>/, `<main id="main" tabindex="-1">${islands}</main>`);
}

/** Opens the fixture page with these players; returns the page and what it logged. */
async function openFixture(players: VideoPlayerProps[]) {
  const p = await h.page(DESKTOP);
  const body = await fixturePage(players);
  await p.context.route((url) => url.pathname === FIXTURE, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }));
  const logged: { type: string; text: string }[] = [];
  p.page.on('console', (m) => logged.push({ type: m.type(), text: m.text() }));
  await p.page.goto(h.url(FIXTURE));
  await p.page.waitForFunction(() => (window as any).__diagnostics !== undefined);
  return { ...p, logged };
}

/** The kept log entries of the page (islands/site/error-handlers.ts exposes them). */
function logEntries(page: Page): Promise<{ level: string; message: string; context?: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as any).__diagnostics.log());
}

const home = suite('home video section');
home('should show three facades with local posters and ask nothing of the video host before a click', async () => {
  const { page, context, errors, offsite } = await h.page(DESKTOP);
  await page.goto(h.url('/'));
  await page.locator('.section-video').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.video-facade img')].every((i) => i.complete && i.naturalWidth > 0));
  assert.is(await page.locator('.section-video .video-facade').count(), 3);
  assert.is(await page.locator('iframe').count(), 0);
  const posters = await page.$$eval('.video-facade img', (imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).host));
  assert.equal(posters, [new URL(h.url('/')).host, new URL(h.url('/')).host, new URL(h.url('/')).host]);
  assert.equal(offsite.filter((u) => VIDEO_HOSTS.test(u)), []);
  assert.equal(errors, []);
  await context.close();
});

home('should insert a playing iframe (autoplay=1, rel=0) only after one click, in place of the facade', async () => {
  const { page, context, offsite } = await h.page(DESKTOP);
  await page.goto(h.url('/'));
  await page.waitForFunction(() => document.querySelector('[data-island="VideoPlayer"]') && (window as any).__diagnostics);
  const popups: unknown[] = [];
  page.on('popup', (p) => popups.push(p));
  await page.click('.video-slot-large .video-facade');
  const frame = page.locator('.video-slot-large iframe');
  await frame.waitFor({ state: 'attached' });
  // The click is the request to play: the visitor does not press play a second time.
  assert.is(await frame.getAttribute('src'), 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  assert.match(await frame.getAttribute('allow') ?? '', /\bautoplay\b/);
  // The settings still hold a sample video: its title says what it really is.
  assert.is(await frame.getAttribute('title'), 'Sample video: Big Buck Bunny (Blender Foundation)');
  assert.is(await frame.getAttribute('data-site-embed'), '');
  assert.is(await page.locator('.video-slot-large .video-facade').count(), 0);
  assert.is(await page.locator('iframe').count(), 1, 'the other two players still wait for a click');
  assert.equal(popups, [], 'no new tab');
  await page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME');
  // The harness blocked the request the click made (nothing left the machine).
  await page.waitForTimeout(200);
  assert.ok(offsite.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ')), offsite.join('\n'));
  await context.close();
});

home('should link the facade to the watch page for visitors without JavaScript', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(h.url('/'));
  const links = await page.$$eval('.video-facade', (as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target')]));
  assert.equal(links, [
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', '_blank'],
    ['https://www.youtube.com/watch?v=eRsGyueVLvQ', '_blank'],
    ['https://www.youtube.com/watch?v=R6MlUcmOul8', '_blank'],
  ]);
  await context.close();
});

home('should keep the call and subscribe buttons, the channel in a new tab', async () => {
  const { page, context } = await h.page(DESKTOP);
  await page.goto(h.url('/'));
  const links = await page.$$eval('.section-video .section-links a', (as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target'), (a as HTMLElement).dataset.track]));
  assert.equal(links, [['tel:+15055550123', null, 'phone_call'], ['https://www.youtube.com/@example', '_blank', 'subscribe_click']]);
  await context.close();
});
home.run();

const props = suite('player props (test page)');
props('should embed with autoplay=1 when autoplay is requested, only after a click', async () => {
  const { page, context, offsite } = await openFixture([{ youtubeId: 'abcDEF12345', title: 'Autoplay test', autoplay: true }]);
  assert.is(await page.locator('iframe').count(), 0);
  assert.equal(offsite.filter((u) => VIDEO_HOSTS.test(u)), []);
  await page.click('#player-0 .video-facade');
  assert.is(await page.locator('#player-0 iframe').getAttribute('src'), 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1');
  await context.close();
});

props('should prefer the hosted id over a file', async () => {
  const { page, context } = await openFixture([{ youtubeId: 'abcDEF12345', src: '/__test__/clip.mp4', title: 'Both' }]);
  assert.is(await page.locator('#player-0 video').count(), 0);
  assert.is(await page.locator('#player-0 .video-facade').count(), 1);
  await context.close();
});

props('should play a self-hosted file in <video> with the fallback text and a download link', async () => {
  const { page, context } = await openFixture([{ src: '/__test__/clip.mp4', title: 'Self-hosted', muted: true, controls: true, width: 640, height: 360 }]);
  const video = page.locator('#player-0 video');
  assert.equal(await video.evaluate((v: HTMLVideoElement) => ({ src: v.getAttribute('src'), controls: v.controls, muted: v.muted, autoplay: v.autoplay, width: v.width, height: v.height, text: v.textContent })), {
    src: '/__test__/clip.mp4', controls: true, muted: true, autoplay: false, width: 640, height: 360, text: 'Your browser does not support the video tag. Download the video',
  });
  assert.is(await page.locator('#player-0 video a').getAttribute('href'), '/__test__/clip.mp4');
  assert.is(await page.locator('#player-0 video a').getAttribute('download'), '');
  const box = (await video.boundingBox())!;
  assert.ok(Math.abs(box.width / box.height - 16 / 9) < 0.01, `16:9 (${box.width}x${box.height})`);
  await context.close();
});

props('should log "Video failed to load: ..." with src, title and error code when the file fails', async () => {
  const { page, context, logged } = await openFixture([{ src: '/__test__/missing.mp4', title: 'Missing clip', autoplay: true, muted: true }]);
  await page.waitForFunction(() => (window as any).__diagnostics.log().some((e: any) => e.message.startsWith('Video failed to load: ')));
  const entry = (await logEntries(page)).find((e) => e.message.startsWith('Video failed to load: '))!;
  assert.is(entry.level, 'error');
  assert.ok(entry.message.length > 'Video failed to load: '.length);
  assert.equal(entry.context, { src: h.url('/__test__/missing.mp4'), title: 'Missing clip', errorCode: 4 });
  assert.ok(logged.some((m) => m.type === 'error' && m.text.startsWith('Video failed to load: ')));
  await context.close();
});

props('should show "No video source provided" and log a warning without id or file', async () => {
  const { page, context, logged, errors } = await openFixture([{ title: 'Nothing' }]);
  assert.is((await page.locator('#player-0 .video-placeholder').textContent())?.trim(), 'No video source provided');
  await page.waitForFunction(() => (window as any).__diagnostics.log().some((e: any) => e.message === 'No video source provided'));
  const entry = (await logEntries(page)).find((e) => e.message === 'No video source provided')!;
  assert.equal({ level: entry.level, context: entry.context }, { level: 'warn', context: { title: 'Nothing' } });
  assert.ok(logged.some((m) => m.type === 'warning' && m.text.startsWith('No video source provided')));
  assert.equal(errors, []);
  await context.close();
});
props.after(() => h.close());
props.run();
