/**
 * `npm run audit`: the area pages' text similarity, then Lighthouse (tooling/lighthouse-audit.ts)
 * on every page of the built site. Exits 1 when a page breaks a budget or a similarity target is missed.
 *
 * Usage: tsx scripts/audit.ts [--runs N] [path ...]   (default: every route; DIST_DIR picks the folder)
 *   --runs N  run every page exactly N times and report each figure's median
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSimilarity, measureSimilarity, meetsTargets, readBuiltAreaPages } from '../lib/area-similarity.ts';
import { configForCommand } from '../lib/config.ts';
import { loadProjectContent } from '../lib/content/load-content.ts';
import { startServer } from '../lib/serve/preview-server.ts';
import { auditPages, auditTargets, BUDGETS, budgetFailures, describeCpu, formatTable } from '../tooling/lighthouse-audit.ts';

async function main(): Promise<void> {
  const config = configForCommand('Audit');
  const { values, positionals: only } = parseArgs({ options: { runs: { type: 'string' } }, allowPositionals: true });
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) {
    console.error(`--runs must be a whole number of Lighthouse runs a page, e.g. --runs 5 (got "${values.runs}").`);
    process.exit(1);
  }
  const similarity = measureSimilarity(readBuiltAreaPages(config.outDir, loadProjectContent(config.contentDir).areas));
  console.log(`${formatSimilarity(similarity)}\n`);
  if (!meetsTargets(similarity)) {
    console.error('Area pages share too much text (targets above; details: npm run similarity).\n');
    process.exitCode = 1;
  }
  const targets = auditTargets().filter((t) => only.length === 0 || only.includes(t.path));
  const dir = config.outDir;
  const server = await startServer(dir);
  const t0 = performance.now();
  const shown = path.relative(process.cwd(), dir);
  const how = runs ? `, median of ${runs} runs a page` : '';
  console.log(`Lighthouse ${targets.length} pages of ${shown && !shown.startsWith('..') ? shown : dir} (mobile, simulated throttling${how}) ...`);
  try {
    const rows = await auditPages(server.url, targets, {
      onRow: (r) => process.stdout.write(`  ${r.path} ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}\n`),
      onStart: (cpu) => console.log(describeCpu(cpu)),
      runs,
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
