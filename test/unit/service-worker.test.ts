import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildVersion, precacheList } from '../../lib/bundle/service-worker.ts';
import type { BuiltPage } from '../../lib/built-page.ts';
import type { Route } from '../../lib/route.ts';

const sw = suite('lib/bundle/service-worker.ts');
sw('should precache the offline page and the site images it names, once each, no scripts or pages', () => {
  const html = '<link rel="icon" href="/favicon.ico"><img src="/img/logo.svg" alt=""><img src=/img/logo.svg alt=""><script type="module" src="/assets/site-AB12CD34.js"></script><a href="/areas/grants/">Grants</a><img src="https://i.ytimg.com/x.jpg">';
  assert.equal(precacheList(html), ['/offline.html', '/favicon.ico', '/img/logo.svg']);
});
sw('should change the version when any page changes, and only then', () => {
  const page = (path: string, html: string): BuiltPage => ({ route: { path } as Route, html });
  const a = buildVersion([page('/', '<a href="tel:+15052874000">'), page('/offline.html', 'x')]);
  assert.match(a, /^[0-9a-f]{16}$/);
  assert.is(buildVersion([page('/', '<a href="tel:+15052874000">'), page('/offline.html', 'x')]), a);
  assert.is.not(buildVersion([page('/', '<a href="tel:+15052874111">'), page('/offline.html', 'x')]), a);
});
sw.run();
