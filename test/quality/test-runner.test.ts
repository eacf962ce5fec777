/**
 * The test runner ends everything a test file starts (test/helpers/process-tree.ts, used by
 * test/run.ts): a Lighthouse run killed midway, as at the file time limit, leaves no Chromium of it
 * running, although chrome-launcher starts Chromium in a process group of its own; and a process a
 * file leaves behind when it exits on its own is killed too.
 */
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isAlive, markedProcesses, processTree, runTracked } from '../helpers/process-tree.ts';
import { ROOT } from '../../tooling/browser.ts';

/** /proc/<pid>/stat fields: state and process group; undefined when the process is gone. */
function statOf(pid: number): { state: string; pgrp: number; comm: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const [state, , pgrp] = stat.slice(close + 2).split(' ');
    return { state, pgrp: Number(pgrp), comm: stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return undefined;
  }
}

/** Running: it exists and is not a zombie (a killed orphan waits for init to reap it). */
const running = (pid: number) => isAlive(pid) && statOf(pid)?.state !== 'Z';

async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runner = suite('test runner: process trees');

runner('should leave no Chromium running when it kills a Lighthouse run midway', async () => {
  let out = '';
  const run = runTracked(['test/fixtures/lighthouse-forever.ts'], { cwd: ROOT, env: process.env, onOutput: (s) => { out += s; } });
  try {
    await until(() => out.includes('Lighthouse started') || !running(run.pid), 120_000, 'Chrome start');
    assert.ok(out.includes('Lighthouse started'), out);
    await new Promise((r) => setTimeout(r, 3000)); // Lighthouse is loading its first page
    const tree = await processTree(run.pid);
    const chromium = tree.filter((p) => /chrom/i.test(statOf(p)?.comm ?? ''));
    assert.ok(chromium.length > 0, `no Chromium in the tree: ${tree.map((p) => `${p} ${statOf(p)?.comm}`).join(', ')}`);
    const nodeGroup = statOf(run.pid)!.pgrp;
    assert.ok(chromium.some((p) => statOf(p)?.pgrp !== nodeGroup), 'Chromium runs in a process group of its own (what kill(-pgid) missed)');

    const result = await run.stop();
    assert.ok(result.timedOut);
    await until(() => tree.every((p) => !running(p)), 10_000, `processes of the run still running: ${tree.filter(running).join(', ')}`);
    assert.equal(markedProcesses(run.mark).filter(running), []);
  } finally {
    await run.stop();
  }
});

runner('should kill a process a file left running when it exited', async () => {
  const run = runTracked(['test/fixtures/leave-process.ts'], { cwd: ROOT, env: process.env });
  const result = await run.done;
  const left = Number(/left (\d+)/.exec(result.out)?.[1]);
  assert.ok(left > 0, result.out);
  assert.is(result.code, 0);
  assert.is(result.timedOut, false);
  assert.ok(result.leftovers.includes(left), `leftovers ${result.leftovers.join(', ')} should include ${left}`);
  await until(() => !running(left), 10_000, `sleep ${left} still running`);
});

runner.run();
