/**
 * `npm run build` (build.ts runBuild) with a test's hook at one named step of writing and swapping
 * in the output folder (lib/output-folder.ts WriteStep), so a test can cut the build off there as
 * a power cut would, or hold it there while it looks.
 *
 * Usage: tsx test/helpers/build-at-step.ts <step>:kill          the process kills itself (SIGKILL) at <step>
 *        tsx test/helpers/build-at-step.ts <step>:wait:<file>   it waits at <step> while <file> exists
 * Either way it first writes "write step <step>: <action>" to stderr, unbuffered, so the line is out
 * before the kill. Everything else is as `npm run build` (DIST_DIR and the other variables included).
 */
import { existsSync, writeSync } from 'node:fs';
import { runBuild } from '../../build.ts';
import type { WriteStep } from '../../lib/output-folder.ts';

/** Every named step, in order (a Record, so the typecheck fails when WriteStep gains or loses one). */
const WRITE_STEPS = Object.keys({
  writing: true, written: true, 'moving-old': true, 'moved-old': true, 'moving-in': true, swapped: true,
} satisfies Record<WriteStep, true>);

const [at, action, ...file] = (process.argv[2] ?? '').split(':');
if (!WRITE_STEPS.includes(at) || !(action === 'kill' || (action === 'wait' && file.length))) {
  console.error(`Usage: build-at-step.ts <step>:kill | <step>:wait:<file>, a step of ${WRITE_STEPS.join(', ')} (got "${process.argv[2] ?? ''}").`);
  process.exit(2);
}

process.exitCode = await runBuild(async (step) => {
  if (step !== at) return;
  writeSync(2, `write step ${step}: ${action}\n`);
  if (action === 'kill') process.kill(process.pid, 'SIGKILL');
  while (existsSync(file.join(':'))) await new Promise((r) => setTimeout(r, 100));
});
