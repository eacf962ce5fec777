/**
 * The deploy's lock on the server: while a deploy writes to a folder, no other deploy does.
 * Taking it is creating the folder LOCK_DIR, one atomic step on every FTP and SFTP server (of two
 * runs, exactly one creates it); its holder puts LOCK_OWNER in it (putFile, as every file) and
 * rewrites it at least every LOCK_REFRESH_MS. The owner names this machine only by a one-way hash
 * (the folder is LOCK_DIR_PLAIN where dot-names are refused, which the web server may serve).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { leftoverNames } from './deploy-plan.ts';
import { isDotNameRefusal, ServerRefusal, type Remote } from './deploy-remote.ts';
import type { HostRules, Session } from './deploy-session.ts';
import { DeployError } from './deploy-target.ts';

/** The lock folder, at the top of the target folder. */
export const LOCK_DIR = '/.deploy-lock';
/** The lock folder where the server refuses names starting with a dot. */
export const LOCK_DIR_PLAIN = '/deploy-lock';
/** The file in the lock folder that names its holder. */
export const LOCK_OWNER = 'owner.json';
/** The holder rewrites its owner file at least this often while it records progress, in ms. */
export const LOCK_REFRESH_MS = 60_000;
/** Between two looks at a held lock, in ms. */
const LOCK_POLL_MS = 2000;
/** A lock folder without a readable owner file for this long is stale (its run died right after creating it), in ms. */
const LOCK_EMPTY_GRACE_MS = 30_000;

/** What the owner file holds. Times are ISO 8601 in UTC. */
export interface LockOwner {
  run: string;
  started: string;
  refreshed: string;
  /** SHA-256 (first 16 hex digits) of this machine's host name and user name. */
  machine: string;
  /** The deploy's process id on that machine. */
  pid: number;
}

/** What the lock tells the operator. */
export type LockEvent =
  | { type: 'lock-wait'; owner: string; waitS: number }
  | { type: 'lock-taken-over'; owner: string; why: string };

/** This machine and user, hashed: tells a lock of this machine from another's without naming either. */
function machineId(): string {
  return createHash('sha256').update(`${os.hostname()}\n${os.userInfo().username}`).digest('hex').slice(0, 16);
}

/** True when process `pid` runs on this machine (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** "run k3x9a0b2 (started 08:12:05 UTC, refreshed 14 s ago)". */
function describeOwner(o: LockOwner, now = Date.now()): string {
  const ago = Math.max(0, Math.round((now - Date.parse(o.refreshed)) / 1000));
  const agoText = ago < 120 ? `${ago} s` : `${Math.round(ago / 60)} min`;
  return `run ${o.run} (started ${o.started.replace('T', ' ').replace(/\.\d+Z$|Z$/, '')} UTC, last active ${agoText} ago)`;
}

function parseOwner(text: Buffer | undefined): LockOwner | undefined {
  if (!text) return undefined;
  try {
    const o = JSON.parse(text.toString('utf8'));
    if (typeof o?.run === 'string' && typeof o.started === 'string' && typeof o.refreshed === 'string' && Number.isFinite(Date.parse(o.refreshed))) return o;
  } catch { /* being written, or not ours */ }
  return undefined;
}

/** The lock of one run: take() before anything is written, refresh() while working, release() at the end. */
export class ServerLock {
  /** The lock folder on this server (LOCK_DIR, or LOCK_DIR_PLAIN where dot-names are refused). */
  dir = LOCK_DIR;
  private held = false;
  private owner: LockOwner;
  private lastRefresh = 0;

  /**
   * @param rules    the run's id and what it knows of the server's rules (lib/deploy/deploy-session.ts)
   * @param settings how long to wait for a held lock and when a lock is stale, in ms
   */
  constructor(private session: Session, private rules: HostRules, private settings: { waitMs: number; staleMs: number }, private onEvent: (e: LockEvent) => void) {
    const now = new Date().toISOString();
    this.owner = { run: rules.runId, started: now, refreshed: now, machine: machineId(), pid: process.pid };
  }

  /**
   * Takes the lock, waiting for a held one (polling every LOCK_POLL_MS up to settings.waitMs) and
   * taking over a stale one (staleness, takeOver) with an event saying so.
   * @throws DeployError naming the other run when it still holds the lock after the wait
   */
  async take(): Promise<void> {
    const deadline = Date.now() + this.settings.waitMs;
    let announced = false;
    let emptySince: number | undefined;
    for (;;) {
      if (await this.session.run((r) => this.create(r))) {
        this.held = true;
        await this.writeOwner(this.session, false);
        // Another run may have moved this fresh folder aside between its creation and the write,
        // and its owner file be the one there now: the lock is this run's only if it names it.
        if ((await this.session.run((r) => this.readOwner(r)))?.run === this.owner.run) return;
        this.held = false;
      }
      let other = await this.session.run((r) => this.readOwner(r));
      emptySince = other ? undefined : emptySince ?? Date.now();
      const why = this.staleness(other, emptySince);
      if (why) {
        if (await this.session.run((r) => this.takeOver(r, other))) {
          this.onEvent({ type: 'lock-taken-over', owner: other ? describeOwner(other) : 'a run that left no owner file', why });
          continue;
        }
        other = await this.session.run((r) => this.readOwner(r)); // another run took it over first
      }
      if (Date.now() >= deadline) throw this.busy(other);
      if (!announced && other) {
        announced = true;
        this.onEvent({ type: 'lock-wait', owner: describeOwner(other), waitS: Math.round(this.settings.waitMs / 1000) });
      }
      await sleep(Math.min(LOCK_POLL_MS, Math.max(0, deadline - Date.now())));
    }
  }

  /** Creates the lock folder; learns the plain name where the server refuses dot-names. @returns false when it exists */
  private async create(r: Remote): Promise<boolean> {
    try {
      return await r.createDir(this.dir);
    } catch (e) {
      if (this.dir !== LOCK_DIR || !(e instanceof ServerRefusal && isDotNameRefusal(e))) throw e;
      this.dir = LOCK_DIR_PLAIN;
      return r.createDir(this.dir);
    }
  }

  /** Why a held lock may be taken over, or undefined while its holder may still be working. */
  private staleness(other: LockOwner | undefined, emptySince: number | undefined): string | undefined {
    if (!other) return emptySince !== undefined && Date.now() - emptySince >= Math.min(LOCK_EMPTY_GRACE_MS, this.settings.staleMs) ? `its folder ${this.dir} stayed without an owner file for ${LOCK_EMPTY_GRACE_MS / 1000} s` : undefined;
    const age = Date.now() - Date.parse(other.refreshed);
    if (age >= this.settings.staleMs) return `it was last active ${Math.round(age / 60_000)} min ago, more than the ${Math.round(this.settings.staleMs / 60_000)} min after which a lock is stale (DEPLOY_LOCK_STALE_MINUTES)`;
    if (other.machine === this.owner.machine && other.pid !== process.pid && !alive(other.pid)) return `its process (${other.pid} on this machine) is no longer running`;
    return undefined;
  }

  /**
   * Moves the stale lock aside under this run's own name and deletes it. Only a lock whose owner
   * file names the same run as the stale one (or that has none, as the stale one had none) is
   * deleted: anything else is another run's fresh lock (it took over first, and may not have
   * written its owner file yet), and is put back.
   * @returns true when the stale lock is gone
   */
  private async takeOver(r: Remote, stale: LockOwner | undefined): Promise<boolean> {
    const aside = `${this.dir}.${this.owner.run}.stale`;
    try {
      await r.rename(this.dir, aside);
    } catch (e) {
      if (e instanceof DeployError && !e.transient) return false; // gone already, or taken over by another run
      throw e;
    }
    if ((await this.readOwner(r, aside))?.run !== stale?.run) {
      await r.rename(aside, this.dir).catch(() => {});
      return false;
    }
    await removeFolder(r, aside);
    return true;
  }

  /**
   * The owner named in the lock folder `dir`: by LOCK_OWNER, else by one of its temporary or
   * moved-aside names (a refresh under way); undefined when none reads.
   */
  private async readOwner(r: Remote, dir = this.dir): Promise<LockOwner | undefined> {
    const owner = parseOwner(await r.read(`${dir}/${LOCK_OWNER}`));
    if (owner) return owner;
    const names = await r.list(dir) ?? [];
    for (const kind of ['deploy-old', 'deploy-tmp'] as const) {
      for (const name of leftoverNames(`${dir}/${LOCK_OWNER}`, kind, names)) {
        const found = parseOwner(await r.read(name));
        if (found) return found;
      }
    }
    return undefined;
  }

  private busy(other: LockOwner | undefined): DeployError {
    const who = other ? `another deploy, ${describeOwner(other)},` : 'another deploy';
    return new DeployError(`The server is locked by ${who} which is writing the site now; waited ${Math.round(this.settings.waitMs / 1000)} s (DEPLOY_LOCK_WAIT_SECONDS). Nothing was written. Deploy again once it has finished; a lock whose deploy was cut off is taken over by itself after ${Math.round(this.settings.staleMs / 60_000)} min (DEPLOY_LOCK_STALE_MINUTES).`);
  }

  /** Puts the owner file, saying the run is alive now, over `via` (putFile, temporary names without a dot). */
  private async writeOwner(via: Session, mayExist: boolean): Promise<void> {
    const owner = { ...this.owner, refreshed: new Date(Date.now()).toISOString() };
    await via.put(`${this.dir}/${LOCK_OWNER}`, Buffer.from(`${JSON.stringify(owner)}\n`), this.rules, true, mayExist);
    this.owner = owner;
    this.lastRefresh = Date.now();
  }

  /**
   * Shows the lock's holder is alive, when LOCK_REFRESH_MS has passed since the last time, over
   * `via` (a session not busy). A refusal is not fatal: the lock keeps the owner file it had, and
   * turns stale DEPLOY_LOCK_STALE_MINUTES after the last refresh that went through.
   * @throws DeployError only for a transient failure that persisted through the session's retries
   */
  async refresh(via: Session = this.session): Promise<void> {
    if (!this.held || Date.now() - this.lastRefresh < LOCK_REFRESH_MS) return;
    await this.writeOwner(via, true).catch((e) => {
      if (!(e instanceof DeployError) || e.transient) throw e;
      this.lastRefresh = Date.now();
    });
  }

  /** Removes the lock if this run still holds it; never throws (a lock left behind is taken over later). */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await this.session.run(async (r) => {
      const owner = await this.readOwner(r);
      if (owner && owner.run !== this.owner.run) return; // taken over as stale: it is another run's now
      await removeFolder(r, this.dir);
    }).catch(() => {});
  }
}

/** Deletes the files of the lock folder `dir`, then the folder. */
async function removeFolder(r: Remote, dir: string): Promise<void> {
  for (const name of await r.list(dir) ?? []) if (!name.endsWith('/')) await r.remove(path.posix.join(dir, name));
  await r.removeEmptyDir(dir);
}
