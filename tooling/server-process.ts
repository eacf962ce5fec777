/**
 * Ending a server process a test started, by its PID: SIGTERM, SIGKILL after 3 s, then its temp
 * folder removed. Should the test process exit without calling the stop function, the server is
 * killed and its folder removed all the same. A server spawned in a process group of its own
 * (spawn's `detached: true`, then `{ group: true }` here) is ended with its whole group, so the
 * session processes it forked end too.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** @returns the stop function of `child`, which also removes `dir` (when given) */
export function stopper(child: ChildProcess, dir?: string, options: { group?: boolean } = {}): () => Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (options.group && child.pid) process.kill(-child.pid, sig);
      else if (running()) child.kill(sig);
    } catch { /* already gone */ }
  };
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
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
