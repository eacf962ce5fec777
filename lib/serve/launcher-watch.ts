/**
 * Ends `npm run dev` when the command that started it is gone, however it ended. `npm run dev`
 * runs `sh -c "node ... scripts/dev.ts"`: a SIGKILL of the npm process ends npm alone; the shell
 * and the dev server under it are handed to init and would serve on, holding the port, with no
 * terminal to stop them from (a signal that can be caught, like Ctrl+C, reaches the whole process
 * group instead, and the dev server ends by its own handler). So the dev server watches its
 * ancestors up to the package manager's process (npm, npx, pnpm, yarn) and stops once one of them
 * has ended. Its own children (the build process, esbuild) end with it: they end when their link
 * to it drops (the IPC channel, esbuild's stdin).
 *
 * The ancestors are read from /proc on Linux and from `ps -o ppid=` elsewhere (macOS); where
 * neither works (Windows) only the direct parent is watched.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** How often the ancestors are checked, ms: a dev server left behind stops within this. */
export const LAUNCHER_CHECK_MS = 500;

/** How many ancestors are looked through for the package manager's process. */
const MAX_DEPTH = 4;

/** The command line of a package manager's process ("npm run dev" as npm titles itself, "node …/npm-cli.js run dev"). */
const PACKAGE_MANAGER = /(^|[/\\\s])(npm|npx|pnpm|yarn)(-cli\.js|\.cmd|\.js)?(\s|$)/;

/** A process's parent pid and whether it still runs (a zombie has ended), from /proc; undefined without /proc. */
function procStat(pid: number): { ppid: number; running: boolean } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid ...": the command may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), running: state !== 'Z' && state !== 'X' };
  } catch {
    return undefined;
  }
}

const hasProc = () => procStat(process.pid) !== undefined;

/** A process's parent pid, or undefined when it cannot be read. */
function parentOf(pid: number): number | undefined {
  if (hasProc()) return procStat(pid)?.ppid;
  try {
    const ppid = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** A process's command line, or "" when it cannot be read. */
function commandOf(pid: number): string {
  try {
    return hasProc()
      ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
      : execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/**
 * The processes to watch: this process's ancestors up to and including the nearest package
 * manager's process within MAX_DEPTH; only the parent when there is none (started by hand, or by
 * a test harness).
 */
export function launcherChain(): number[] {
  const chain: number[] = [];
  for (let pid: number | undefined = process.ppid; pid && pid > 1 && chain.length < MAX_DEPTH; pid = parentOf(pid)) {
    chain.push(pid);
    if (PACKAGE_MANAGER.test(commandOf(pid))) return chain;
  }
  return chain.slice(0, 1);
}

/** True while `pid` runs. */
function running(pid: number): boolean {
  const stat = procStat(pid);
  if (stat) return stat.running;
  if (hasProc()) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Calls `onGone` once, when a process of launcherChain() has ended (checked every
 * LAUNCHER_CHECK_MS; the timer does not keep this process alive).
 * @returns a function that stops the watch
 */
export function watchLauncher(onGone: (pid: number) => void): () => void {
  const chain = launcherChain();
  const timer = setInterval(() => {
    const gone = chain.find((pid) => !running(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, LAUNCHER_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
