/**
 * The area pages of the built site ($DIST_DIR or dist/, as test/run.ts just built it) are written
 * for their towns: measured by lib/area-similarity.ts (the measure of `npm run similarity`), the
 * most similar pair, the median pair and every page's own-text share meet SIMILARITY_TARGETS.
 * The measure itself is checked on made-up pages: a copy with only the town name changed is
 * identical, pages with nothing in common share nothing.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { measureSimilarity, readBuiltAreaPages, SIMILARITY_TARGETS, thinPageWarnings, type AreaPageText } from '../../lib/area-similarity.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { DIST } from '../../tooling/browser.ts';

const site = loadContent(PROJECT_CONTENT);

const built = suite('built area pages: text written for each town');
const report = measureSimilarity(readBuiltAreaPages(DIST, site.areas));
console.log(`highest pair ${report.highest.jaccard.toFixed(2)} (${report.highest.a}/${report.highest.b}), median ${report.median.toFixed(2)}, lowest own-text share ${(report.lowestOwn.ownShare * 100).toFixed(0)}% (${report.lowestOwn.slug})`);

built('should measure all the area pages (the acoma-pueblo alias left out)', () => {
  assert.equal(report.pages.map((p) => p.slug), site.areas.map((a) => a.slug));
  assert.not.ok(report.pages.some((p) => p.slug === 'acoma-pueblo'));
});
built(`should keep the most similar pair at most ${SIMILARITY_TARGETS.highestPair}`, () => {
  assert.ok(report.highest.jaccard <= SIMILARITY_TARGETS.highestPair, `${report.highest.a}/${report.highest.b}: ${report.highest.jaccard}`);
});
built(`should keep the median pair at most ${SIMILARITY_TARGETS.medianPair}`, () => {
  assert.ok(report.median <= SIMILARITY_TARGETS.medianPair, String(report.median));
});
built(`should give every area page at least ${SIMILARITY_TARGETS.ownShare * 100}% of its words in sentences no other area page has`, () => {
  const thin = report.pages.filter((p) => p.ownShare < SIMILARITY_TARGETS.ownShare).map((p) => `${p.slug} ${p.ownShare.toFixed(2)}`);
  assert.equal(thin, []);
});
built('should warn about no page', () => {
  assert.equal(thinPageWarnings(report, (s) => `/areas/${s}/`), []);
});
built.run();

const measure = suite('the similarity measure');
const page = (slug: string, name: string, blocks: string[]): AreaPageText => ({ slug, names: [name], blocks });
measure('should count a copy with only the town name changed as identical, with no own text', () => {
  const r = measureSimilarity([
    page('a', 'Milan', ['Locked out in Milan? We drive to Milan from Grants today.']),
    page('b', 'Ramah', ['Locked out in Ramah? We drive to Ramah from Grants today.']),
  ]);
  assert.is(r.highest.jaccard, 1);
  assert.is(r.lowestOwn.ownShare, 0);
});
measure('should count pages with no five words in common as sharing nothing', () => {
  const r = measureSimilarity([
    page('a', 'Milan', ['Milan borders Grants on NM 122.']),
    page('b', 'Ramah', ['Ramah lies among pines beside its lake.']),
  ]);
  assert.is(r.highest.jaccard, 0);
  assert.is(r.lowestOwn.ownShare, 1);
});
measure('should name the thin page, how similar and what to write', () => {
  const r = measureSimilarity([
    page('a', 'Milan', ['Locked out in Milan? We drive to Milan from Grants today.']),
    page('b', 'Ramah', ['Locked out in Ramah? We drive to Ramah from Grants today.']),
  ]);
  const [first] = thinPageWarnings(r, (s) => `/areas/${s}/`);
  assert.match(first, /^\/areas\/a\/ is mostly text the other town pages share: its text is 1\.00 similar to \/areas\/b\//);
  assert.match(first, /content\/areas\//);
});
measure.run();
