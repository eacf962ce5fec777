/**
 * Gate: Lighthouse budgets in CI (issue 8), on four pages (the home page, one area page, one service
 * page and the keyword page), with the recipe of scripts/audit.ts and its CI_BUDGETS: Accessibility
 * and Best Practices 100, SEO 100 on indexable pages (the keyword page is noindex: reported, not
 * budgeted), CLS 0.00 and Performance at least 90. The Performance 98 and TBT 0 ms are
 * measured and every page missing them is named in the output, but not failed here (CI_BUDGETS
 * says why); `npm run audit` holds them.
 *
 * Performance and blocking time are timings, so three things keep the verdict about the page and
 * not about the machine: the CPU slowdown is calibrated to the host (calibrateCpu); a page whose
 * first run breaks a budget is run CONFIRM_RUNS times in all and judged on the medians
 * (medianRow); and this file runs alone, after the other test files (the mark below, read by
 * test/run.ts), so no parallel Chromium shares the two cores while it measures.
 *
 * @run-alone
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../../lib/preview-server.ts';
import { auditPages, auditTargets, BUDGETS, budgetFailures, CI_BUDGETS, CONFIRM_RUNS, cpuSlowdownFor, describeCpu, formatTable, medianRow, type AuditRow } from '../../scripts/audit.ts';

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

lh('should meet the CI budgets on the home, an area, a service and the keyword page (and name every issue-8 budget missed)', async () => {
  rows = await auditPages(server.url, targets.filter((t) => t !== undefined), undefined, BUDGETS, (cpu) => console.log(describeCpu(cpu)));
  console.log(formatTable(rows));
  const missed = rows.flatMap((r) => budgetFailures(r, BUDGETS));
  if (missed.length) console.log(`Issue 8 budgets missed (reported, not failed in CI; npm run audit fails on these):\n${missed.join('\n')}`);
  assert.equal(rows.flatMap((r) => budgetFailures(r, CI_BUDGETS)), []);
});

lh('should flag a page that breaks a budget (the check can fail)', () => {
  const bad: AuditRow = { path: '/x/', indexable: true, performance: 97, accessibility: 100, bestPractices: 100, seo: 92, lcpMs: 900, cls: 0.012, tbtMs: 30, bytes: 1, failing: [], runs: 1 };
  assert.equal(budgetFailures(bad), ['/x/: Performance 97 < 98', '/x/: SEO 92 < 100', '/x/: CLS 0.012 > 0.00', '/x/: TBT 30 ms > 0 ms']);
  assert.equal(budgetFailures({ ...bad, indexable: false, performance: 99, cls: 0.004, tbtMs: 0 }), []);
  assert.equal(budgetFailures({ ...bad, performance: 98, seo: 100, cls: 0.0049, tbtMs: 0 }), [], 'CLS 0.0049 shows as 0.00');
  assert.equal(budgetFailures({ ...bad, performance: 97, seo: 100, cls: 0, tbtMs: 3000 }, CI_BUDGETS), [], 'CI reports TBT and Performance from 90 up');
  assert.equal(budgetFailures({ ...bad, performance: 89, accessibility: 96, tbtMs: 0 }, CI_BUDGETS), ['/x/: Performance 89 < 90', '/x/: Accessibility 96 < 100', '/x/: SEO 92 < 100', '/x/: CLS 0.012 > 0.00'], 'CI holds the rest');
});

lh('should judge repeated runs on per-metric medians, so one stalled run does not decide', () => {
  const good: AuditRow = { path: '/a/', indexable: true, performance: 100, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1200, cls: 0, tbtMs: 0, bytes: 40_000, failing: [], runs: 1 };
  const stalled: AuditRow = { ...good, performance: 95, lcpMs: 2900, tbtMs: 252, failing: ['total-blocking-time: 0.9', 'largest-contentful-paint: 0.8'] };
  const runs = [good, stalled, { ...good, tbtMs: 20, performance: 99, failing: ['total-blocking-time: 0.99'] }, good, { ...good, failing: ['total-blocking-time: 0.99'] }];
  assert.is(runs.length, CONFIRM_RUNS);
  const row = medianRow(runs);
  assert.equal([row.performance, row.tbtMs, row.lcpMs, row.runs], [100, 0, 1200, 5]);
  assert.equal(budgetFailures(row), []);
  assert.equal(row.failing, ['total-blocking-time (3 of 5 runs)'], 'an audit counts when it lost points in most runs');
  const slow = medianRow([stalled, stalled, good]);
  assert.equal(budgetFailures(slow).slice(0, 2), ['/a/: Performance 95 < 98', '/a/: TBT 252 ms > 0 ms'], 'a page slow in most runs fails');
  assert.is(medianRow([good, { ...good, tbtMs: 30 }]).tbtMs, 15, 'even count: mean of the middle two');
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
