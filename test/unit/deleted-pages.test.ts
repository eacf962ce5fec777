/**
 * The deploy's warning before it deletes a live page that no redirect covers
 * (lib/deploy/deleted-pages.ts): which pages, read from the built _redirects, and what to do.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deletedPagesWithoutRedirect, deletedPageWarnings, redirectSources } from '../../lib/deploy/deleted-pages.ts';

const deleted = suite('deploy: a live page deleted without a redirect');
deleted('should name each deleted page no redirect covers, and only pages', () => {
  const sources = redirectSources('# comment\n/areas/old-town/ /service-areas/ 301!\n/areas/old-town /service-areas/ 301\n');
  const deletions = ['/areas/old-town/index.html', '/areas/gone/index.html', '/assets/site-AB12CD34.js', '/img/photos/x-100-AB12CD34.jpg'];
  assert.equal(deletedPagesWithoutRedirect(deletions, sources), ['/areas/gone/']);
});
deleted('should read the built _redirects and say how to add the redirect', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deleted-pages-'));
  try {
    writeFileSync(path.join(dir, '_redirects'), '/areas/old-town/ /service-areas/ 301\n');
    const lines = deletedPageWarnings(dir, ['/areas/old-town/index.html', '/areas/gone/index.html']);
    assert.equal(lines, [`Warning: the live page /areas/gone/ will be deleted and no redirect sends its visitors on: links and search results pointing at it will show "page not found". To send them to another page, add { from: '/areas/gone/', to: '/service-areas/' } (or another page) to redirects in content/site.ts, build and deploy again.`]);
    rmSync(path.join(dir, '_redirects'));
    assert.is(deletedPageWarnings(dir, ['/areas/old-town/index.html']).length, 1, 'no _redirects: no redirect covers it');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
deleted.run();
