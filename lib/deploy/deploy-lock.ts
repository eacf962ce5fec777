/**
 * The deploy's lock on the server: while a deploy writes to a folder, no other deploy does.
 *
 * Taking it is one atomic step every FTP and SFTP server has: creating the folder LOCK_DIR (MKD,
 * SFTP mkdir), which fails when it already exists, so of two runs started at the same instant
 * exactly one gets it. The holder writes LOCK_OWNER in it: its run id, when it started, when it
 * last showed it was alive (`refreshed`, rewritten at least every LOCK_REFRESH_MS while it
 * records progress), and a one-way hash of this machine's name and user (never the name itself:
 * on a server that refuses names starting with a dot the folder is LOCK_DIR_PLAIN, which the web
 * server may serve).
 *
 * A run that finds the lock held waits, polling every LOCK_POLL_MS, up to DEPLOY_LOCK_WAIT_SECONDS
 * (default DEFAULT_LOCK_WAIT_S), then stops with a message naming the other run. A lock is taken
 * over, with a line saying so, when it is stale: not refreshed for DEPLOY_LOCK_STALE_MINUTES
 * (default DEFAULT_LOCK_STALE_MIN), or held by a process of this same machine and user that no
 * longer runs (a deploy killed mid-way), or left without any owner file (LOCK_OWNER_NAMES) for
 * LOCK_EMPTY_GRACE_MS. A refresh never leaves the folder without one: the new owner file is
 * written beside the old one and renamed into its place.
 * Taking over renames the old lock aside to a name of this run's own (one rename: of two runs
 * taking over at once, one rename fails) and then creates the lock as usual.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { isDotNameRefusal, ServerRefusal, type Remote } from './deploy-remote.ts';
import type { Session } from './deploy-session.ts';
import { DeployError } from './deploy-target.ts';

;

/** The lock folder, at the top of the target folder. */
export const LOCK_DIR = '/.deploy-lock';
/** The lock folder where the server refuses names starting with a dot. */
export const LOCK_DIR_PLAIN = '/deploy-lock';
/** The file in the lock folder that names its holder. */
export const LOCK_OWNER = 'owner.json';
/** The new owner file while refresh() puts it in place of LOCK_OWNER. */
const LOCK_OWNER_NEW = 'owner.new.json';
/** The previous owner file, moved aside by refresh() where the server will not rename over a file. */
const LOCK_OWNER_OLD = 'owner.old.json';
/** Every name an owner file has in the lock folder, in the order they are read: a folder holding any of them is owned. */
export const LOCK_OWNER_NAMES = [LOCK_OWNER, LOCK_OWNER_NEW, LOCK_OWNER_OLD] as const;
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

/** How long to wait for a held lock and when a lock is stale, in ms. */
export interface LockSettings {
  waitMs: number;
  staleMs: number;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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
  /** True once the server refused to rename over a file (ProFTPD `AllowOverwrite off`). */
  private noOverwrite = false;

  constructor(private session: Session, runId: string, private settings: LockSettings, private onEvent: (e: LockEvent) => void) {
    const now = new Date().toISOString();
    this.owner = { run: runId, started: now, refreshed: now, machine: machineId(), pid: process.pid };
  }

  /**
   * Takes the lock, waiting for a held one and taking over a stale one.
   * @throws DeployError naming the other run when it still holds the lock after the wait
   */
  async take(): Promise<void> {
    const deadline = Date.now() + this.settings.waitMs;
    let announced = false;
    let emptySince: number | undefined;
    for (;;) {
      if (await this.session.run((r) => this.create(r))) {
        this.held = true;
        await this.writeOwner();
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
      if (this.dir !== LOCK_DIR || !(e instanceof ServerRefusal && (isDotNameRefusal(e) || e.code === 553))) throw e;
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
    const moved = await this.readOwner(r, aside);
    if (moved?.run !== stale?.run) {
      await r.rename(aside, this.dir).catch(() => {});
      return false;
    }
    for (const name of LOCK_OWNER_NAMES) await r.remove(`${aside}/${name}`);
    await r.removeEmptyDir(aside);
    return true;
  }

  /** The owner named in the lock folder `dir` under the first of LOCK_OWNER_NAMES that reads, or undefined when none does. */
  private async readOwner(r: Remote, dir = this.dir): Promise<LockOwner | undefined> {
    for (const name of LOCK_OWNER_NAMES) {
      const owner = parseOwner(await r.read(`${dir}/${name}`));
      if (owner) return owner;
    }
    return undefined;
  }

  private busy(other: LockOwner | undefined): DeployError {
    const who = other ? `another deploy, ${describeOwner(other)},` : 'another deploy';
    return new DeployError(`The server is locked by ${who} which is writing the site now; waited ${Math.round(this.settings.waitMs / 1000)} s (DEPLOY_LOCK_WAIT_SECONDS). Nothing was written. Deploy again once it has finished; a lock whose deploy was cut off is taken over by itself after ${Math.round(this.settings.staleMs / 60_000)} min (DEPLOY_LOCK_STALE_MINUTES).`);
  }

  private async writeOwner(via: Session = this.session): Promise<void> {
    this.owner.refreshed = new Date().toISOString();
    const body = Buffer.from(`${JSON.stringify(this.owner)}\n`);
    await via.run((r) => r.write(`${this.dir}/${LOCK_OWNER}`, body));
    this.lastRefresh = Date.now();
  }

  /**
   * Shows the lock's holder is alive, when LOCK_REFRESH_MS has passed since the last time, over
   * `via` (a session not busy). The new owner file is written as LOCK_OWNER_NEW and renamed over
   * LOCK_OWNER; where the server refuses to rename over a file (ProFTPD `AllowOverwrite off`) the
   * old one is first moved aside to LOCK_OWNER_OLD, then the new one renamed in, then the old one
   * deleted. At every moment the folder holds an owner file naming this run under one of
   * LOCK_OWNER_NAMES, which readers all accept. A refusal of any step is not fatal: the lock keeps
   * the owner file it had, and turns stale DEPLOY_LOCK_STALE_MINUTES after the last refresh that
   * went through.
   * @throws DeployError only for a transient failure that persisted through the session's retries
   */
  async refresh(via: Session = this.session): Promise<void> {
    if (!this.held || Date.now() - this.lastRefresh < LOCK_REFRESH_MS) return;
    const now = new Date(Date.now()).toISOString();
    const body = Buffer.from(`${JSON.stringify({ ...this.owner, refreshed: now })}\n`);
    try {
      await via.run(async (r) => {
        const fresh = `${this.dir}/${LOCK_OWNER_NEW}`;
        await r.remove(fresh); // a leftover of a refresh cut off: some servers will not write over it
        await r.write(fresh, body);
        await this.replaceOwner(r, fresh);
      });
      this.owner.refreshed = now;
    } catch (e) {
      if (!(e instanceof DeployError) || e.transient) throw e;
    }
    this.lastRefresh = Date.now();
  }

  /** Renames `fresh` to LOCK_OWNER, moving the old owner file aside first where the server will not rename over it. */
  private async replaceOwner(r: Remote, fresh: string): Promise<void> {
    const owner = `${this.dir}/${LOCK_OWNER}`;
    const old = `${this.dir}/${LOCK_OWNER_OLD}`;
    if (!this.noOverwrite) {
      try {
        return await r.rename(fresh, owner);
      } catch (e) {
        if (!(e instanceof ServerRefusal)) throw e;
        this.noOverwrite = true;
      }
    }
    await r.remove(old);
    try {
      await r.rename(owner, old);
    } catch (e) {
      if (!(e instanceof ServerRefusal)) throw e;
      return await r.rename(fresh, owner); // no owner file there to move aside
    }
    try {
      await r.rename(fresh, owner);
    } catch (e) {
      await r.rename(old, owner).catch(() => {});
      throw e;
    }
    await r.remove(old);
  }

  /** Removes the lock if this run still holds it; never throws (a lock left behind is taken over later). */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await this.session.run(async (r) => {
      const owner = await this.readOwner(r);
      if (owner && owner.run !== this.owner.run) return; // taken over as stale: it is another run's now
      for (const name of LOCK_OWNER_NAMES) await r.remove(`${this.dir}/${name}`);
      await r.removeEmptyDir(this.dir);
    }).catch(() => {});
  }
}
