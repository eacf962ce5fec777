/**
 * Ends a local server command (`npm run dev`, `edit`, `serve`) when the command that started it is
 * gone, however it ended. `npm run dev` runs `sh -c "node ... scripts/dev.ts"`: a SIGKILL or
 * SIGTERM of the npm process ends npm alone; the shell and the server under it are handed to init
 * and would serve on, holding the port (Ctrl+C reaches the whole process group instead). So the
 * server watches its ancestors up to the package manager's process and stops once one of them has
 * ended. Its own children (the build process, esbuild) end when their link to it drops (the IPC
 * channel, esbuild's stdin). The ancestors are read from /proc on Linux and from `ps` elsewhere
 * (macOS); on Windows, without `ps`, nothing is watched.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** How often the ancestors are checked, ms: a dev server left behind stops within this. */
const LAUNCHER_CHECK_MS = 500;

/** Longest wait, ms, for a stopping command to close its servers before it exits anyway. */
const CLOSE_MS = 5_000;

/** How many ancestors are looked through for the package manager's process. */
const MAX_DEPTH = 4;

/** The command line of a package manager: "npm run dev" (npm's title), "node …/npm-cli.js", pnpm.cjs, yarn-4.x.cjs, bun. */
const PACKAGE_MANAGER = /(^|[/\\\s])(npm|npx|pnpm|yarn|bun)(-cli|-[\d.]+)?(\.c?js|\.cmd|\.exe)?(\s|$)/;

/** True where /proc describes processes (Linux). */
const HAS_PROC = existsSync('/proc/self/stat');

/** A process's parent pid and whether it still runs (a zombie has ended), from /proc; undefined when unreadable. */
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

/** A process's parent pid and command line, or undefined when they cannot be read. */
function describe(pid: number): { ppid: number; command: string } | undefined {
  try {
    if (HAS_PROC) {
      const stat = procStat(pid);
      return stat && { ppid: stat.ppid, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() };
    }
    const line = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { ppid: Number(match[1]), command: match[2] } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The processes to watch: this process's ancestors up to and including the nearest package
 * manager's process within MAX_DEPTH; none when there is no such process (started by hand, by
 * nohup, or by a test harness: nothing then stands between an ended launcher and this process).
 */
function launcherChain(): number[] {
  const chain: number[] = [];
  for (let pid: number | undefined = process.ppid; pid && pid > 1 && chain.length < MAX_DEPTH; ) {
    const found = describe(pid);
    if (!found) return [];
    chain.push(pid);
    if (PACKAGE_MANAGER.test(found.command)) return chain;
    pid = found.ppid;
  }
  return [];
}

/** True while `pid` runs (a process /proc does not show, e.g. with hidepid, is asked with signal 0). */
function running(pid: number): boolean {
  const stat = HAS_PROC ? procStat(pid) : undefined;
  if (stat) return stat.running;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Calls `onGone` once, when a process of launcherChain() has ended (checked every
 * LAUNCHER_CHECK_MS; the timer does not keep this process alive); never when the chain is empty.
 */
function watchLauncher(onGone: (pid: number) => void): void {
  const chain = launcherChain();
  if (!chain.length) return;
  const timer = setInterval(() => {
    const gone = chain.find((pid) => !running(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, LAUNCHER_CHECK_MS);
  timer.unref();
}

/**
 * Stops this command on Ctrl+C (SIGINT), SIGTERM, or the end of the command that started it
 * (watchLauncher, from now on: npm may be killed while the server starts): calls `close` (at most
 * CLOSE_MS), then exits with code 0; exits at once while `close` returns undefined (nothing started).
 * @param what the command's name in the terminal line, e.g. "the dev server"
 */
export function stopWhenAsked(what: string, close: () => Promise<unknown> | undefined): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const closing = close();
    if (!closing) process.exit(0);
    setTimeout(() => process.exit(0), CLOSE_MS).unref();
    void closing.then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  watchLauncher((pid) => {
    console.log(`The command that started ${what} has ended (process ${pid}): stopping.`);
    stop();
  });
}
