/**
 * Ending a server process a test started, by its PID: SIGTERM, SIGKILL after 3 s, then its temp
 * folder removed. Should the test process exit without calling the stop function, the server is
 * killed and its folder removed all the same. A server spawned in a process group of its own
 * (spawn's `detached: true`, then `{ group: true }` here) is ended with its whole group, so the
 * session processes it forked end too; that group is also killed when the test process is stopped
 * with SIGTERM, SIGINT or SIGHUP (tooling/process.ts endWithThisProcess).
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { endWithThisProcess, killGroup } from './process.ts';

/** @returns the stop function of `child`, which also removes `dir` (when given) */
export function stopper(child: ChildProcess, dir?: string, options: { group?: boolean } = {}): () => Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  const group = options.group && child.pid ? child.pid : undefined;
  const signal = (sig: NodeJS.Signals) => {
    if (group) killGroup(group, sig);
    else if (running()) child.kill(sig);
  };
  const forgetGroup = group ? endWithThisProcess(group) : undefined;
  const onExit = () => {
    signal('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    if (running()) {
      const exited = new Promise((r) => child.once('exit', r));
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    }
    signal('SIGKILL'); // the server if it did not stop, and whatever of its group outlived it
    forgetGroup?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
