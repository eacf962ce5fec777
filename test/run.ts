/**
 * `npm test`: builds the site into dist/, then runs every test file (test/, files ending .test.ts or
 * .test.tsx) in its own process, several at a time, and ends with the line "N passed, N failed".
 * Exits 1 on any failure. uvu prints "Total:", "Passed:" and "Skipped:" per file; a file that dies
 * without that summary counts as one failure.
 *
 * Files run `TEST_JOBS` at a time (default 3 on this project's 2-core machines: a browser test
 * spends much of its time waiting on Chromium, so one file per core left a core idle). Each file's
 * output is printed whole when it ends, with its duration, so logs never interleave. The slowest
 * files start first (the order Jest uses for the same reason), so no long file starts last and
 * leaves the run waiting on it alone: by the durations of this machine's last run, kept in
 * node_modules/.cache/test-times.json, else by those committed in test/test-times.json (a fresh
 * clone, as CI runs; refreshed after a full run with `cp node_modules/.cache/test-times.json
 * test/test-times.json`), else, for a file in neither, by a guess from its folder.
 *
 * A file whose source carries the mark `@run-alone` (in its doc comment) runs after all the others,
 * by itself: the Lighthouse gate, whose page loads (each held to Lighthouse's own time limits)
 * would otherwise share the machine's two cores with parallel Chromiums.
 *
 * Before building anything, it checks that the system tools the selected files need (Chromium,
 * Apache, ...: tooling/system-tools.ts) are installed; if one is missing it stops at once with one
 * message naming what is missing, which tests need it and the command that installs it all.
 *
 * A file that runs longer than TEST_FILE_TIMEOUT_MS (default 10 min) is killed with every process
 * it started, in any process group (a detached Chromium too), its output so far is printed and it
 * counts as one failure, so a hung file cannot hold CI until its own time limit. A process a file
 * leaves running after it exits (a browser or server it did not stop) is killed and named in a
 * note (test/helpers/process-tree.ts). A filter that matches no file is an error.
 *
 * Usage: tsx test/run.ts [filter]   (filter: substring of the test file paths to run)
 *        TEST_JOBS=1 tsx test/run.ts   (one file at a time)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { isInstalled, missingToolsMessage, toolsFor } from '../tooling/system-tools.ts';
import { runTracked, type RunResult, type TrackedRun } from './helpers/process-tree.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const filter = process.argv[2] ?? '';
const env = { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' };
const JOBS = Math.max(1, Number(process.env.TEST_JOBS) || 3);
const TIMES = path.join(ROOT, 'node_modules/.cache/test-times.json');
const EXPECTED_TIMES = path.join(ROOT, 'test/test-times.json');
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS) || 10 * 60_000;

/**
 * Runs node with tsx on `args`; resolves with the exit code, everything printed, and the processes
 * it left running (killed by then). After `timeoutMs` the whole run is killed (test/helpers/process-tree.ts).
 */
async function run(args: string[], echo: boolean, timeoutMs = Number.POSITIVE_INFINITY): Promise<RunResult> {
  const tracked = runTracked(args, { cwd: ROOT, env, echo, timeoutMs });
  running.add(tracked);
  try {
    return await tracked.done;
  } finally {
    running.delete(tracked);
  }
}

/** Runs under way; stopped with all their processes when the runner itself is interrupted (Ctrl+C). */
const running = new Set<TrackedRun>();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, async () => {
    await Promise.all([...running].map((r) => r.stop()));
    process.exit(130);
  });
}

/** Passed and failed counts of one file from uvu's summary. */
function countsOf(file: string, code: number, out: string): { passed: number; failed: number; note?: string } {
  const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? NaN);
  const ok = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (Number.isNaN(total) || Number.isNaN(ok)) return { passed: 0, failed: 1, note: `${file}: exited ${code} without a uvu summary; counted as 1 failure.` };
  const failed = total - ok - skipped;
  if (code !== 0 && failed === 0) return { passed: ok, failed: 1, note: `${file}: exited ${code}; counted as 1 failure.` };
  return { passed: ok, failed };
}

/** Durations (ms) by file in a JSON file of them; {} when there is none. */
async function timesIn(file: string): Promise<Record<string, number>> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return {};
  }
}

/** Without any recorded time, a guess by folder (ms), so quality and browser files still go first. */
const GUESS_MS: [string, number][] = [['test/quality/', 60_000], ['test/browser/', 30_000], ['test/build/', 10_000]];
const weightOf = (file: string, times: Record<string, number>) => times[file] ?? GUESS_MS.find(([dir]) => file.startsWith(dir))?.[1] ?? 1_000;

/** The mark of a file that must run by itself, after the others (see the top of this file). */
const RUN_ALONE = /^\s*(?:\*|\/\/)\s*@run-alone\b/m;

const t0 = performance.now();
const times = await timesIn(TIMES);
const expected = { ...(await timesIn(EXPECTED_TIMES)), ...times };
const files = (await fg('test/**/*.test.{ts,tsx}', { cwd: ROOT })).filter((f) => f.includes(filter));
files.sort((a, b) => weightOf(b, expected) - weightOf(a, expected) || a.localeCompare(b));
if (files.length === 0) {
  console.error(`No test file matches "${filter}".`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const missing = toolsFor(files).filter((t) => !isInstalled(t));
if (missing.length) {
  console.error(missingToolsMessage(missing, files));
  console.log('0 passed, 1 failed');
  process.exit(1);
}
console.log('Building dist/ ...');
const build = await run(['build.ts'], true);
let passed = 0;
let failed = 0;
if (build.code !== 0) {
  console.error('The build failed; no tests run.');
  failed = 1;
} else {
  const alone = new Set<string>();
  for (const f of files) if (RUN_ALONE.test(await readFile(path.join(ROOT, f), 'utf8'))) alone.add(f);
  console.log(`Running ${files.length} test files, ${JOBS} at a time${alone.size ? `, then ${[...alone].join(', ')} alone` : ''}.`);
  const took: Record<string, number> = { ...times };
  const worker = async (queue: string[], jobs: number) => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const started = performance.now();
      console.log(jobs === 1 ? `\n# ${file}` : `# ${file}: started`);
      const { code, out, timedOut, leftovers } = await run([file], jobs === 1, FILE_TIMEOUT_MS);
      took[file] = Math.round(performance.now() - started);
      const counts = timedOut
        ? { passed: 0, failed: 1, note: `${file}: killed after ${FILE_TIMEOUT_MS / 1000} s (TEST_FILE_TIMEOUT_MS); counted as 1 failure.` }
        : countsOf(file, code, out);
      passed += counts.passed;
      failed += counts.failed;
      if (jobs > 1) process.stdout.write(`\n# ${file}\n${out}`);
      console.log(`# ${file}: ${counts.passed} passed, ${counts.failed} failed, ${(took[file] / 1000).toFixed(1)} s`);
      if (counts.note) console.error(counts.note);
      if (leftovers.length && !timedOut) console.error(`${file}: left ${leftovers.length} processes running after it ended (pids ${leftovers.join(', ')}); killed.`);
    }
  };
  const shared = files.filter((f) => !alone.has(f));
  await Promise.all(Array.from({ length: Math.min(JOBS, shared.length) }, () => worker(shared, JOBS)));
  await worker(files.filter((f) => alone.has(f)), 1);
  await mkdir(path.dirname(TIMES), { recursive: true });
  await writeFile(TIMES, JSON.stringify(took, null, 1));
}
console.log(`\nTests finished in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
