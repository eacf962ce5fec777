/**
 * Gate: Lighthouse budgets in CI, on four pages (the home page, one area page, one service page and
 * the keyword page), with the recipe and budgets of scripts/audit.ts (`npm run audit` measures
 * every page). The keyword page is noindex, so its SEO score is reported but not budgeted. A page
 * whose first run breaks a budget is run twice more and judged on Lighthouse's median run.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../../lib/preview-server.ts';
import { auditPages, auditTargets, budgetFailures, CI_BUDGETS, cpuSlowdownFor, describeCpu, formatTable, type AuditRow } from '../../scripts/audit.ts';

const all = auditTargets();
const pick = (test: (p: string) => boolean) => all.find((t) => test(t.path));
const targets = [
  pick((p) => p === '/'),
  pick((p) => p.startsWith('/areas/')),
  pick((p) => p.startsWith('/services/')),
  pick((p) => p === '/keyword-analysis/'),
];

const lh = suite('Lighthouse budgets');
let server: RunningServer;
let rows: AuditRow[] = [];

lh.before(async () => {
  server = await startServer((await import('../helpers/browser.ts')).DIST);
});
lh.after(async () => {
  await server?.close();
});

lh('should have the four CI pages in the route table', () => {
  assert.equal(targets.map((t) => t !== undefined), [true, true, true, true]);
  assert.is(targets[3]!.indexable, false, 'the keyword page is noindex');
});

lh('should meet every budget on the home, an area, a service and the keyword page', async () => {
  rows = await auditPages(server.url, targets.filter((t) => t !== undefined), undefined, CI_BUDGETS, (cpu) => console.log(describeCpu(cpu)));
  console.log(formatTable(rows));
  const target = rows.flatMap((r) => budgetFailures(r));
  if (target.length) console.log(`Issue 8 targets not yet met (reported, not failed; see CI_BUDGETS):\n${target.join('\n')}`);
  assert.equal(rows.flatMap((r) => budgetFailures(r, CI_BUDGETS)), []);
});

lh('should flag a page that breaks a budget (the check can fail)', () => {
  const bad: AuditRow = { path: '/x/', indexable: true, performance: 97, accessibility: 100, bestPractices: 100, seo: 92, lcpMs: 900, cls: 0.012, tbtMs: 30, bytes: 1, failing: [], runs: 1 };
  assert.equal(budgetFailures(bad), ['/x/: Performance 97 < 98', '/x/: SEO 92 < 100', '/x/: CLS 0.012 > 0.00', '/x/: TBT 30 ms > 0 ms']);
  assert.equal(budgetFailures({ ...bad, indexable: false, performance: 99, cls: 0.004, tbtMs: 0 }), []);
  assert.equal(budgetFailures({ ...bad, performance: 60, seo: 100, cls: 0, tbtMs: 3000 }, CI_BUDGETS), []);
  assert.equal(budgetFailures({ ...bad, accessibility: 96, cls: 0.02, tbtMs: 3000 }, CI_BUDGETS), ['/x/: Accessibility 96 < 100', '/x/: SEO 92 < 100', '/x/: CLS 0.020 > 0.00']);
});

lh('should calibrate the CPU slowdown as Lighthouse\'s calculator does (docs/throttling.md)', () => {
  // The calculator's anchor points: 150 -> 1x, 800 -> 2x, 1300 -> 3x, 1533 -> 4x (the preset's
  // desktop-class host), 2000 -> 6x; below 150 the host is too slow to emulate and gets 1x.
  for (const [index, multiplier] of [[150, 1], [800, 2], [1300, 3], [1533, 4], [2000, 6.004], [100, 1]]) {
    assert.ok(Math.abs(cpuSlowdownFor(index) - multiplier) < 0.01, `${index} -> ${cpuSlowdownFor(index)}`);
  }
  assert.ok(cpuSlowdownFor(779) > 1.9 && cpuSlowdownFor(779) < 2, 'this machine class');
});

lh.run();
