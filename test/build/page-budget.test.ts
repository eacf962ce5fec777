/**
 * The byte budgets over the built dist/: every page's HTML with its inline CSS at most 14 KB
 * gzipped (lib/build/budgets.ts, gzip level 6), its first call link within the first 10 KB gzipped,
 * and one inline stylesheet a page, well under the whole site stylesheet. Which rules a
 * page keeps is checked in Chromium (test/browser/page-css.test.ts).
 */
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CALL_LINK_GZIP_BUDGET_BYTES, GZIP_LEVEL, PAGE_GZIP_BUDGET_BYTES } from '../../lib/build/budgets.ts';
import { inlineStyles } from '../../lib/csp.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { minifyStylesheet, readStylesheetSource } from '../../lib/build/styles.ts';
import { readPages, type DistPage } from '../helpers/dist.ts';

const site = loadContent(PROJECT_CONTENT);
const gz = (text: string) => gzipSync(text, { level: GZIP_LEVEL }).length;
let pages: DistPage[] = [];

const budget = suite('page byte budgets');
budget.before(async () => { pages = await readPages(); });

budget('should keep every page, HTML with its inline CSS, at most 14 KB gzipped', () => {
  assert.ok(pages.length >= 38, `only ${pages.length} pages`);
  const sizes = pages.map((p) => ({ path: p.path, bytes: gz(p.html) })).sort((a, b) => b.bytes - a.bytes);
  console.log(`largest pages, gzipped: ${sizes.slice(0, 5).map((s) => `${s.path} ${s.bytes} B`).join(', ')}`);
  assert.equal(sizes.filter((s) => s.bytes > PAGE_GZIP_BUDGET_BYTES).map((s) => `${s.path} ${s.bytes} B`), [], `over ${PAGE_GZIP_BUDGET_BYTES} B`);
});

budget('should put the first call link within the first 10 KB gzipped of every page', () => {
  const late: string[] = [];
  for (const p of pages) {
    const at = p.html.indexOf(`href="tel:${site.settings.phone.e164}"`);
    assert.ok(at > 0, `${p.path}: no tel: link`);
    const bytes = gz(p.html.slice(0, at));
    if (bytes > CALL_LINK_GZIP_BUDGET_BYTES) late.push(`${p.path} ${bytes} B`);
  }
  assert.equal(late, []);
});

budget('should inline one stylesheet a page, at most 80% of the whole site stylesheet', async () => {
  const whole = await minifyStylesheet(await readStylesheetSource());
  for (const p of pages) {
    const styles = inlineStyles(p.html);
    assert.is(styles.length, 1, p.path);
    assert.ok(styles[0].length <= whole.length * 0.8, `${p.path}: inline CSS ${styles[0].length} B of ${whole.length} B`);
  }
});

budget.run();
