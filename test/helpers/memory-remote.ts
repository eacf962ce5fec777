/**
 * An FTP-like server held in memory, for unit tests of the deploy's lock: several MemoryRemote
 * clients share one MemoryServer, and a test can pause any call of one client (`hook`) to force
 * an interleaving of two deploys that a real server would only show by chance.
 */
import path from 'node:path';
import { LOCK_OWNER, LOCK_REFRESH_MS, type ServerLock } from '../../lib/deploy/deploy-lock.ts';
import { leftoverNames } from '../../lib/deploy/deploy-plan.ts';
import { ServerRefusal, type Remote } from '../../lib/deploy/deploy-remote.ts';
import type { HostRules } from '../../lib/deploy/deploy-session.ts';

/** The files and folders of one server, by site path ("/" is the target folder). */
export class MemoryServer {
  files = new Map<string, Buffer>();
  dirs = new Set<string>(['/']);
  /** Like ProFTPD `AllowOverwrite off`: a rename onto an existing file is refused. */
  noOverwrite = false;
}

/** One call a client makes: its name and the site path(s) it is about. */
export interface Call {
  op: 'read' | 'list' | 'write' | 'rename' | 'remove' | 'createDir' | 'removeEmptyDir';
  path: string;
  to?: string;
}

const refuse = (command: string, p: string, words: string) => new ServerRefusal(`${command} ${p}: ${words}`, command, p, 550, words);

/** A client of a MemoryServer. `hook` runs before every call and may wait; `after` runs after it. */
export class MemoryRemote implements Remote {
  hook: (c: Call) => Promise<void> | void = () => {};
  after: (c: Call) => Promise<void> | void = () => {};
  constructor(readonly server: MemoryServer) {}

  private async call<T>(c: Call, work: () => T): Promise<T> {
    await this.hook(c);
    const out = work();
    await this.after(c);
    return out;
  }
  async connect(): Promise<void> {}
  async close(): Promise<void> {}
  read(p: string) { return this.call({ op: 'read', path: p }, () => this.server.files.get(p)); }
  list(p: string) {
    return this.call({ op: 'list', path: p }, () => {
      if (!this.server.dirs.has(p)) return undefined;
      const prefix = p === '/' ? '/' : `${p}/`;
      const kids = [...this.server.files.keys(), ...[...this.server.dirs].map((d) => `${d}/`)].filter((x) => x.startsWith(prefix) && x !== prefix);
      return kids.map((x) => x.slice(prefix.length)).filter((x) => !x.replace(/\/$/, '').includes('/'));
    });
  }
  write(p: string, data: Buffer) {
    return this.call({ op: 'write', path: p }, () => {
      if (!this.server.dirs.has(path.posix.dirname(p))) throw refuse('STOR', p, 'No such directory');
      this.server.files.set(p, Buffer.from(data));
    });
  }
  rename(from: string, to: string) {
    return this.call({ op: 'rename', path: from, to }, () => {
      const { files, dirs } = this.server;
      if (dirs.has(from)) {
        if (dirs.has(to) || files.has(to)) throw refuse('RNTO', to, 'File exists');
        for (const d of [...dirs]) if (d === from || d.startsWith(`${from}/`)) { dirs.delete(d); dirs.add(to + d.slice(from.length)); }
        for (const [f, b] of [...files]) if (f.startsWith(`${from}/`)) { files.delete(f); files.set(to + f.slice(from.length), b); }
        return;
      }
      if (!files.has(from)) throw refuse('RNFR', from, 'No such file or directory');
      if (dirs.has(to) || (files.has(to) && this.server.noOverwrite)) throw refuse('RNTO', to, 'Overwrite permission denied');
      files.set(to, files.get(from)!);
      files.delete(from);
    });
  }
  remove(p: string) { return this.call({ op: 'remove', path: p }, () => { this.server.files.delete(p); }); }
  createDir(p: string) {
    return this.call({ op: 'createDir', path: p }, () => {
      if (this.server.dirs.has(p) || this.server.files.has(p)) return false;
      this.server.dirs.add(p);
      return true;
    });
  }
  removeEmptyDir(p: string) {
    return this.call({ op: 'removeEmptyDir', path: p }, () => {
      const busy = [...this.server.files.keys(), ...this.server.dirs].some((x) => x.startsWith(`${p}/`));
      if (!this.server.dirs.has(p) || busy) return false;
      this.server.dirs.delete(p);
      return true;
    });
  }
}

/** A promise and the function that resolves it. */
export function signal(): { done: Promise<void>; fire: () => void } {
  let fire!: () => void;
  const done = new Promise<void>((r) => { fire = r; });
  return { done, fire };
}

/** The rules of a run `runId` that knows nothing of its server yet, for a ServerLock of its own. */
export function hostRules(runId: string): HostRules {
  return { runId, noOverwrite: false, onNoOverwrite: () => {} };
}

/** True for a name the lock's owner file has in the lock folder: LOCK_OWNER, or its temporary or moved-aside name (any run's). */
export function isOwnerFile(name: string): boolean {
  return name === LOCK_OWNER || (['deploy-tmp', 'deploy-old'] as const).some((kind) => leftoverNames(`/${LOCK_OWNER}`, kind, [name]).length > 0);
}

/** Calls lock.refresh() as if LOCK_REFRESH_MS had passed since the lock was taken. */
export async function refreshLater(lock: ServerLock): Promise<void> {
  const realNow = Date.now;
  Date.now = () => realNow() + LOCK_REFRESH_MS + 1000;
  try {
    await lock.refresh();
  } finally {
    Date.now = realNow;
  }
}
