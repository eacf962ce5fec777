/**
 * Ending a server process a test started, by its PID: SIGTERM, SIGKILL after 3 s, then its temp
 * folder removed. Should the test process exit without calling the stop function, the server is
 * killed and its folder removed all the same.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** @returns the stop function of `child`, which also removes `dir` (when given) */
export function stopper(child: ChildProcess, dir?: string): () => Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  const onExit = () => {
    if (running()) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    if (running()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (running()) child.kill('SIGKILL');
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
