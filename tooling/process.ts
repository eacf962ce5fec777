/**
 * Programs a test, a benchmark or a script starts, each in a process group of its own, so that
 * stop() ends it with every child it started, and the group is killed when this process exits or
 * is stopped with SIGTERM, SIGINT or SIGHUP (endWithThisProcess; a SIGKILL cannot be caught). Their
 * temporary folders go the same way (tempFolder).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForPort } from './http.ts';

const groups = new Set<number>();
let installed = false;

/** Sends `signal` (default SIGKILL) to every process of group `pgid`; false when none is left. */
export function killGroup(pgid: number, signal: NodeJS.Signals = 'SIGKILL'): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Kills process group `pgid` when this process exits, and makes SIGTERM, SIGINT and SIGHUP exit
 * this process (status 128 + signal number): Node's default for those skips 'exit' listeners.
 * @returns a function that forgets the group again (call it once the group has been stopped)
 */
export function endWithThisProcess(pgid: number): () => void {
  if (!installed) {
    installed = true;
    process.on('exit', () => { for (const g of groups) killGroup(g); });
    for (const [signal, status] of [['SIGHUP', 129], ['SIGINT', 130], ['SIGTERM', 143]] as const) process.on(signal, () => process.exit(status));
  }
  groups.add(pgid);
  return () => { groups.delete(pgid); };
}

/** A new folder under the system's temporary folder, removed by remove() or else when this process exits. */
export function tempFolder(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const remove = () => {
    process.off('exit', remove);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', remove);
  return { dir, remove };
}

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

/** Runs `node --import tsx <args>` in `cwd`, e.g. args ["scripts/serve.ts", "--port", "8123"]. */
export function startScript(args: string[], cwd: string, env: Record<string, string | undefined> = {}): ScriptProcess {
  return startProcess(process.execPath, ['--import', 'tsx', ...args], cwd, env);
}

/**
 * Runs `command` with `args` in `cwd`, in a process group of its own that ends with this process.
 * @param env added to this process's environment (FORCE_COLOR=0 unless given)
 * @throws Error when the program cannot be started (e.g. ENOENT: not installed)
 */
export function startProcess(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = {}): ScriptProcess {
  const child = spawn(command, args, {
    cwd, env: { ...process.env, FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  if (child.pid === undefined) {
    child.once('error', () => { /* reported by the throw below */ });
    throw new Error(`${command} could not be started (is it installed?).`);
  }
  const forget = endWithThisProcess(child.pid);
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => { out += d; for (const l of listeners) l(); };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => { for (const l of listeners) l(); resolve(); }));
  const signal = (sig: NodeJS.Signals) => killGroup(child.pid!, sig);
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
      if (child.exitCode === null && child.signalCode === null) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), 3_000);
        await exited;
        clearTimeout(timer);
      }
      signal('SIGKILL'); // whatever of the group outlived its parent
      forget();
    },
  };
}

/**
 * A server started with startProcess, once it accepts TCP connections on 127.0.0.1:`port`.
 * @param log more to tell when it does not start (a log file it writes)
 * @throws Error "NAME did not start: OUTPUT LOG" when nothing listens within `timeoutMs` (the server is stopped)
 */
export async function startServerProcess(name: string, command: string, args: string[], cwd: string, port: number,
  options: { env?: Record<string, string>; log?: () => string; timeoutMs?: number } = {}): Promise<ScriptProcess> {
  const server = startProcess(command, args, cwd, options.env);
  try {
    await waitForPort(port, options.timeoutMs);
  } catch (error) {
    await server.stop();
    throw new Error(`${name} did not start: ${server.output()}${options.log?.() ?? ''}`, { cause: error });
  }
  return server;
}
