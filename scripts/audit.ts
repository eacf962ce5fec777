/**
 * `npm run audit`: the Lighthouse audit (tooling/lighthouse-audit.ts) on every page of the built
 * site, served by the preview server, printed as a table. Exits 1 when a page breaks a budget
 * (BUDGETS).
 *
 * Usage: tsx scripts/audit.ts [path ...]   (default: every route; DIST_DIR picks the folder)
 */
import path from 'node:path';
import { distDir } from '../lib/build-site.ts';
import { startServer } from '../lib/preview-server.ts';
import { auditPages, auditTargets, BUDGETS, budgetFailures, describeCpu, formatTable } from '../tooling/lighthouse-audit.ts';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const targets = auditTargets().filter((t) => only.length === 0 || only.includes(t.path));
  const dir = distDir();
  const server = await startServer(dir);
  const t0 = performance.now();
  const shown = path.relative(process.cwd(), dir);
  console.log(`Lighthouse ${targets.length} pages of ${shown && !shown.startsWith('..') ? shown : dir} (mobile, simulated throttling) ...`);
  try {
    const rows = await auditPages(server.url, targets, {
      onRow: (r) => process.stdout.write(`  ${r.path} ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}\n`),
      onCalibrated: (cpu) => console.log(describeCpu(cpu)),
    });
    console.log(`\n${formatTable(rows)}\n`);
    const failures = rows.flatMap((r) => budgetFailures(r));
    console.log(`${rows.length} pages in ${((performance.now() - t0) / 1000).toFixed(0)} s. Budgets: Performance >= ${BUDGETS.performance * 100}, Accessibility and Best Practices ${BUDGETS.accessibility * 100} on every page, SEO ${BUDGETS.seo * 100} on indexable pages, CLS ${BUDGETS.cls.toFixed(2)}, TBT ${BUDGETS.tbtMs} ms.`);
    if (failures.length) {
      console.error(`\nBudgets broken:\n${failures.join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log('Every page meets every budget.');
    }
  } finally {
    await server.close();
  }
}

await main();
