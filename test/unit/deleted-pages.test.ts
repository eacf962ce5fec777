/**
 * Pages the live site loses (lib/deploy/record-copy.ts): the deploy's warning before it deletes
 * a live page that no redirect covers (which pages, read from the built _redirects, and what to
 * do); the deploy's local copy of its record, written and read back, a broken one refused with its
 * name; and the check's warning for a page the last deploy published or the last build holds that
 * the content no longer makes.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DeployError } from '../../lib/deploy/deploy-target.ts';
import { deletedPageWarnings, pagesNoLongerMade, publishedPages, readRecordCopy, redirectSources, saveRecordCopy } from '../../lib/deploy/record-copy.ts';

const deleted = suite('deploy: a live page deleted without a redirect');
deleted('should name each deleted page no redirect covers, and only pages', () => {
  const sources = redirectSources('# comment\n/areas/old-town/ /service-areas/ 301!\n/areas/old-town /service-areas/ 301\n');
  assert.ok(sources.has('/areas/old-town/') && sources.has('/areas/old-town') && !sources.has('#'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deleted-pages-'));
  try {
    writeFileSync(path.join(dir, '_redirects'), '# comment\n/areas/old-town/ /service-areas/ 301!\n');
    const deletions = ['/areas/old-town/index.html', '/areas/gone/index.html', '/assets/site-AB12CD34.js', '/img/photos/x-100-AB12CD34.jpg'];
    assert.equal(deletedPageWarnings(dir, deletions).map((l) => /the live page (\S+)/.exec(l)![1]), ['/areas/gone/']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
deleted('should read the built _redirects and say how to add the redirect', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deleted-pages-'));
  try {
    writeFileSync(path.join(dir, '_redirects'), '/areas/old-town/ /service-areas/ 301\n');
    const lines = deletedPageWarnings(dir, ['/areas/old-town/index.html', '/areas/gone/index.html']);
    assert.equal(lines, [`Warning: the live page /areas/gone/ will be deleted and no redirect sends its visitors on: links and search results pointing at it will show "page not found". To send them to another page, add a row to redirects in content/settings.yaml: "- from: /areas/gone/" with "to: /service-areas/" (or another page) under it, build and deploy again.`]);
    rmSync(path.join(dir, '_redirects'));
    assert.is(deletedPageWarnings(dir, ['/areas/old-town/index.html']).length, 1, 'no _redirects: no redirect covers it');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
deleted.run();

const copy = suite('the deploy\'s local copy of its record');
copy('should write the record with where and when, read it back, and refuse a file it did not write', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'record-copy-'));
  try {
    const file = path.join(dir, 'nested', '.deploy-record.json');
    assert.is(readRecordCopy(file), undefined, 'no deploy yet');
    const record = { files: { '/index.html': 'a1', '/areas/milan/index.html': 'b2', '/assets/site-AB12CD34.js': 'c3' }, pending: ['/areas/gone/index.html'], retired: { '/assets/old-ZZ12CD34.js': 'd4' } };
    await saveRecordCopy(file, record, 'ftps://me@ftp.mesakeys.test:21/public_html', new Date('2026-11-29T01:02:03Z'));
    assert.equal(readdirSync(path.dirname(file)), ['.deploy-record.json'], 'no temporary file left');
    const back = readRecordCopy(file)!;
    assert.equal([back.target, back.deployedAt], ['ftps://me@ftp.mesakeys.test:21/public_html', '2026-11-29T01:02:03.000Z']);
    assert.equal(back.record.files, record.files);
    assert.equal(publishedPages(back.record), ['/', '/areas/gone/', '/areas/milan/']);
    writeFileSync(file, '{"files": {}}');
    assert.throws(() => readRecordCopy(file), (e: Error) => e instanceof DeployError && e.message === `${file} is not the copy of a deploy record that npm run deploy writes: delete it (the next deploy writes it again).`);
    writeFileSync(file, 'not json');
    assert.throws(() => readRecordCopy(file), (e: Error) => e instanceof DeployError);
    assert.ok(existsSync(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
copy('should name each page published or built before that the content no longer makes and no redirect covers, the live one first in its words', () => {
  const record = { target: 'ftp://me@127.0.0.1:2121/site', deployedAt: '2026-11-29T01:02:03.000Z', record: { files: { '/index.html': 'a', '/areas/milan/index.html': 'b', '/areas/old-town/index.html': 'c' }, pending: [] } };
  const made = new Set(['/']);
  const sources = new Set(['/areas/old-town/', '/areas/old-town']);
  const lines = pagesNoLongerMade(made, sources, ['/', '/areas/bluewater/', '/areas/milan/'], record, 'dist/');
  assert.equal(lines, [
    `Warning: /areas/bluewater/ is in the last build (dist/) but this content makes no such page: once deployed it is deleted, and visitors following links or search results to it see "page not found". Add a row to redirects in content/settings.yaml: "- from: /areas/bluewater/" with "to: /service-areas/" (or another page) under it.`,
    `Warning: /areas/milan/ was published by the last deploy (to ftp://me@127.0.0.1:2121/site, 2026-11-29 01:02 UTC) and this content no longer makes it: the next deploy deletes it from the live site, and visitors following links or search results to it see "page not found". Add a row to redirects in content/settings.yaml: "- from: /areas/milan/" with "to: /service-areas/" (or another page) under it.`,
  ]);
  assert.equal(pagesNoLongerMade(made, sources, ['/'], record, 'dist/').length, 1, 'named from the record alone, whatever the output folder holds');
  assert.equal(pagesNoLongerMade(made, sources, ['/'], undefined, 'dist/'), [], 'no deploy, nothing built: nothing to say');
});
copy.run();
