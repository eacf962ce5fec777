/**
 * `npm test`: builds the site into dist/, then runs every test file (test/, files ending .test.ts or .test.tsx) in its
 * own process, one after another, and ends with the line "N passed, N failed". Exits 1 on any
 * failure. uvu prints "Total:", "Passed:" and "Skipped:" per file; a file that dies without that
 * summary counts as one failure.
 * Usage: tsx test/run.ts [filter]   (filter: substring of the test file paths to run)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import fg from 'fast-glob';

const ROOT = path.resolve(import.meta.dirname, '..');
const filter = process.argv[2] ?? '';
const env = { ...process.env, NODE_ENV: 'production', FORCE_COLOR: '0' };

function run(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const t0 = performance.now();
console.log('Building dist/ ...');
const build = await run(['build.ts']);
let passed = 0;
let failed = 0;
if (build.code !== 0) {
  console.error('The build failed; no tests run.');
  failed = 1;
} else {
  const files = (await fg('test/**/*.test.{ts,tsx}', { cwd: ROOT })).sort().filter((f) => f.includes(filter));
  for (const file of files) {
    console.log(`\n# ${file}`);
    const { code, out } = await run([file]);
    const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? NaN);
    const ok = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? NaN);
    const skipped = Number(/Skipped:\s+(\d+)/.exec(out)?.[1] ?? 0);
    if (Number.isNaN(total) || Number.isNaN(ok)) {
      failed += 1;
      console.error(`${file}: exited ${code} without a uvu summary; counted as 1 failure.`);
      continue;
    }
    passed += ok;
    failed += total - ok - skipped;
    if (code !== 0 && total - ok - skipped === 0) {
      failed += 1;
      console.error(`${file}: exited ${code}; counted as 1 failure.`);
    }
  }
}
console.log(`\nTests finished in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
