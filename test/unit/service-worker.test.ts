import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { buildVersion, precacheList } from '../../lib/bundle/service-worker.ts';
import { forbidsStoring, mayStorePage } from '../../islands/common/offline.ts';
import type { BuiltPage } from '../../lib/built-page.ts';
import type { Route } from '../../lib/route.ts';

const sw = suite('lib/bundle/service-worker.ts');
sw('should precache the offline page and the site images it names, once each, no scripts or pages', () => {
  const html = '<link rel="icon" href="/favicon.ico"><img src="/img/logo.svg" alt=""><img src=/img/logo.svg alt=""><script type="module" src="/assets/site-AB12CD34.js"></script><a href="/areas/grants/">Grants</a><img src="https://i.ytimg.com/x.jpg">';
  assert.equal(precacheList(html), ['/offline.html', '/favicon.ico', '/img/logo.svg']);
});
sw('should precache a picture named with "%" or Unicode by its percent-encoded path, once, however the page wrote it', () => {
  const html = '<img src="/img/café-100%25.png" alt=""><img src="/img/caf%C3%A9-100%25.png" alt=""><img src="/img/a+b.svg" alt="">';
  assert.equal(precacheList(html), ['/offline.html', '/img/caf%C3%A9-100%25.png', '/img/a+b.svg']);
});
sw('should change the version when any page changes, and only then', () => {
  const page = (path: string, html: string): BuiltPage => ({ route: { path } as Route, digest: createHash('sha256').update(html).digest('base64') });
  const a = buildVersion([page('/', '<a href="tel:+15052874000">'), page('/offline.html', 'x')]);
  assert.match(a, /^[0-9a-f]{16}$/);
  assert.is(buildVersion([page('/', '<a href="tel:+15052874000">'), page('/offline.html', 'x')]), a);
  assert.is.not(buildVersion([page('/', '<a href="tel:+15052874111">'), page('/offline.html', 'x')]), a);
});

/** A response as the worker sees it: 200, from the site itself, with these headers. */
const answer = (headers: Record<string, string> = {}, more: Partial<{ ok: boolean; redirected: boolean; type: string }> = {}) => ({ ok: true, redirected: false, type: 'basic', ...more, headers: new Headers(headers) });
const PAGES = ['/', '/areas/grants/', '/offline.html'];

sw('should store only the build\'s own pages, answered by the site itself', () => {
  assert.ok(mayStorePage('/areas/grants/', PAGES, answer({ 'Cache-Control': 'no-cache' })));
  assert.ok(mayStorePage('/', PAGES, answer()));
  assert.not.ok(mayStorePage('/shop/', PAGES, answer()), 'another app on the same origin');
  assert.not.ok(mayStorePage('/areas/grants', PAGES, answer()), 'not the page\'s own address');
  assert.not.ok(mayStorePage('/areas/grants/', PAGES, answer({}, { ok: false })), 'an error');
  assert.not.ok(mayStorePage('/areas/grants/', PAGES, answer({}, { redirected: true })), 'the end of a redirect');
  assert.not.ok(mayStorePage('/areas/grants/', PAGES, answer({}, { type: 'opaque' })), 'another origin');
});

sw('should skip a response marked no-store, however the header is written', () => {
  for (const value of ['no-store', 'No-Store', 'private, no-store', 'no-store, max-age=0', 'max-age=0 ,  no-store ']) {
    assert.ok(forbidsStoring(value), value);
    assert.not.ok(mayStorePage('/areas/grants/', PAGES, answer({ 'Cache-Control': value })), value);
  }
  for (const value of [null, '', 'no-cache', 'public, max-age=31536000, immutable', 'x-no-store-hint']) assert.not.ok(forbidsStoring(value), String(value));
});

sw.run();
