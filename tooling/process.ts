/**
 * A project script run as a real process for a test or a benchmark (`npm run serve`, `npm run dev`): started in a
 * process group of its own so that stop() ends it with every child it started (a rebuild, a
 * watcher), also when the test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ScriptProcess {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /**
   * Resolves with the output once it matches `pattern` (checked on each new chunk).
   * @throws Error with the output so far after `timeoutMs`, or when the process exits first
   */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Ends the whole process group (SIGTERM, then SIGKILL after 3 s) and resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * Runs `node --import tsx <args>` in `cwd`.
 * @param args e.g. ["scripts/serve.ts", "--port", "8123"]
 */
export function startScript(args: string[], cwd: string, env: Record<string, string | undefined> = {}): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd, env: { ...process.env, FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => { out += d; for (const l of listeners) l(); };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => { for (const l of listeners) l(); resolve(); }));
  const signal = (sig: NodeJS.Signals) => { try { process.kill(-child.pid!, sig); } catch { /* already gone */ } };
  return {
    child,
    output: () => out,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(out)) { done(); resolve(out); } else if (child.exitCode !== null || child.signalCode !== null) { done(); reject(new Error(`process exited before printing ${pattern}:\n${out}`)); }
        };
        const timer = setTimeout(() => { done(); reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${out}`)); }, timeoutMs);
        const done = () => { clearTimeout(timer); listeners.delete(check); };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) { signal('SIGKILL'); return; }
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
      signal('SIGKILL'); // whatever of the group outlived its parent
    },
  };
}
