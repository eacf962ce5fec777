/**
 * `npm run build` (build.ts runBuild) with a test's hook at one named step of writing and swapping
 * in the output folder (lib/output-folder.ts WriteStep), so a test can cut the build off there as
 * a power cut would, or hold it there while it looks.
 *
 * Usage: tsx test/helpers/build-at-step.ts <step>:kill          the process kills itself (SIGKILL) at <step>
 *        tsx test/helpers/build-at-step.ts <step>:wait:<file>   it waits at <step> while <file> exists
 *        tsx test/helpers/build-at-step.ts                      no hook: `npm run build` itself
 * Either way it first writes "write step <step>: <action>" to stderr, unbuffered, so the line is out
 * before the kill. Everything else is as `npm run build` (DIST_DIR and the other variables included).
 *
 * With REPLAY_BUILD=<file> (written by recordBuild), the generator (lib/build/build-site.ts) is
 * replaced by test/fixtures/replayed-build-site.ts, which returns that recorded result: the
 * process skips loading and running the generator (seconds each time) and goes straight to what
 * these tests are about, build.ts writing the files into the output folder, swapping it in and
 * reporting, all of it the real code.
 */
import { existsSync, writeFileSync, writeSync } from 'node:fs';
import { register } from 'node:module';
import { serialize } from 'node:v8';
import type { BuildResult } from '../../lib/build/summary.ts';
import type { WriteStep } from '../../lib/output-folder.ts';

/** Every named step, in order (a Record, so the typecheck fails when WriteStep gains or loses one). */
const WRITE_STEPS = Object.keys({
  writing: true, written: true, 'moving-old': true, 'moved-old': true, 'moving-in': true, swapped: true,
} satisfies Record<WriteStep, true>);

/**
 * Module resolution hook (https://nodejs.org/api/module.html#customization-hooks): every import
 * that resolves to lib/build/build-site.ts gets the module at the URL given to initialize instead.
 */
const REPLAY_HOOKS = `let stand_in;
export async function initialize(url) { stand_in = url; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  return resolved.url.endsWith('/lib/build/build-site.ts') ? { ...resolved, url: stand_in } : resolved;
}`;

/** Writes what a build returned into `file`, for processes started with REPLAY_BUILD=<file>. */
export function recordBuild(result: BuildResult, file: string): void {
  // site and routes are for the editor and the tests that read pages; build.ts reports the rest.
  writeFileSync(file, serialize({ ...result, site: undefined, routes: [] }));
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  const [at, action, ...file] = (arg ?? '').split(':');
  if (arg !== undefined && (!WRITE_STEPS.includes(at) || !(action === 'kill' || (action === 'wait' && file.length)))) {
    console.error(`Usage: build-at-step.ts [<step>:kill | <step>:wait:<file>], a step of ${WRITE_STEPS.join(', ')} (got "${arg}").`);
    process.exit(2);
  }
  if (process.env.REPLAY_BUILD) register(`data:text/javascript,${encodeURIComponent(REPLAY_HOOKS)}`, { data: new URL('../fixtures/replayed-build-site.ts', import.meta.url).href });
  const { runBuild } = await import('../../build.ts');
  process.exitCode = await runBuild(async (step) => {
    if (step !== at) return;
    writeSync(2, `write step ${step}: ${action}\n`);
    if (action === 'kill') process.kill(process.pid, 'SIGKILL');
    while (existsSync(file.join(':'))) await new Promise((r) => setTimeout(r, 100));
  });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
