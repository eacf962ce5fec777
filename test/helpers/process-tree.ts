/**
 * Runs one test file (or any tsx script) as a child process and makes sure that everything it
 * started ends with it: the whole process tree at the time limit, and anything left behind when it
 * exits on its own.
 *
 * Two ways a process escapes a plain `kill(-pgid)`: it starts its own process group or session
 * (chrome-launcher spawns Chromium with `detached: true`), or its parent dies first and it is
 * re-parented to init. So a run is tracked both ways:
 * - the tree of the child, listed with pidtree (parent links, `ps -A -o ppid,pid`) while the child
 *   is alive; every pid in it is killed, whatever its group or session;
 * - a mark in the environment (RUN_MARK=<unique id>) that every descendant inherits (Chromium,
 *   Apache and their helpers start with their parent's environment); on Linux /proc/<pid>/environ
 *   is read to find marked processes even after re-parenting.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pidtree from 'pidtree';

/** The environment variable that marks every process of one run. */
export const RUN_MARK = 'TEST_RUN_MARK';

/** Pids of live processes whose environment carries RUN_MARK=mark (Linux /proc; [] elsewhere). */
export function markedProcesses(mark: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = `\0${RUN_MARK}=${mark}\0`;
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (`\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(needle)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or another user's process: not ours
    }
  }
  return found;
}

/** True while a process with this pid exists (zombies included). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `pid` and all its descendants as they are now; [] when `pid` is gone. */
export async function processTree(pid: number): Promise<number[]> {
  try {
    return await pidtree(pid, { root: true });
  } catch {
    return [];
  }
}

/**
 * SIGKILLs `pid`, every descendant of it and every process carrying the run's mark. Pass no pid
 * once the run's own process has exited (its pid may belong to another process by then).
 * @returns the pids signalled (those that still existed)
 */
export async function killRun(pid: number | undefined, mark: string): Promise<number[]> {
  const pids = new Set([...(pid ? await processTree(pid) : []), ...markedProcesses(mark)]);
  const killed: number[] = [];
  for (const p of pids) {
    try {
      process.kill(p, 'SIGKILL');
      killed.push(p);
    } catch {
      // already gone
    }
  }
  return killed;
}

export interface RunResult {
  /** Exit code; 1 when killed by a signal. */
  code: number;
  /** Everything printed, stdout and stderr in arrival order. */
  out: string;
  /** True when the run was stopped at its time limit or by stop(). */
  timedOut: boolean;
  /** Processes of the run still alive after it exited on its own, now killed (pids). */
  leftovers: number[];
}

export interface TrackedRun {
  /** Pid of the node process. */
  pid: number;
  /** The value of RUN_MARK in its environment. */
  mark: string;
  /** Resolves when the node process has exited and its leftovers are killed. */
  done: Promise<RunResult>;
  /** Kills the whole run now (as at the time limit); resolves with `done`. */
  stop(): Promise<RunResult>;
}

/**
 * Runs `node --import tsx ...args` with a fresh RUN_MARK.
 * @param options.timeoutMs kill the whole run after this many ms (default: never)
 * @param options.echo      copy its output to this process's stdout/stderr as it comes
 * @param options.onOutput  called with each chunk of output
 */
export function runTracked(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; echo?: boolean; onOutput?: (chunk: string) => void },
): TrackedRun {
  const mark = randomUUID();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: options.cwd, env: { ...options.env, [RUN_MARK]: mark }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let timedOut = false;
  let exited = false;
  const take = (echo: NodeJS.WriteStream) => (d: Buffer) => {
    const s = d.toString();
    out += s;
    if (options.echo) echo.write(s);
    options.onOutput?.(s);
  };
  child.stdout!.on('data', take(process.stdout));
  child.stderr!.on('data', take(process.stderr));
  const stop = async () => {
    if (exited) return done;
    timedOut = true;
    await killRun(child.pid!, mark);
    return done;
  };
  const timer = Number.isFinite(options.timeoutMs) ? setTimeout(() => void stop(), options.timeoutMs) : undefined;
  const done = new Promise<RunResult>((resolve) => {
    child.on('exit', () => { exited = true; });
    child.on('close', async (code) => {
      exited = true;
      clearTimeout(timer);
      // Whatever still carries the mark outlived the run: a browser or server a test did not stop.
      const leftovers = await killRun(undefined, mark);
      resolve({ code: code ?? 1, out, timedOut, leftovers });
    });
  });
  return { pid: child.pid!, mark, done, stop };
}
