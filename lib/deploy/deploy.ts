/**
 * The deploy itself: uploads a built site to an FTP, FTPS or SFTP folder so that the live site is
 * never broken, sending only what changed and deleting only what an earlier deploy put there.
 *
 * How (in order):
 *  1. Read the server's manifest (DEPLOY_MANIFEST): the files earlier deploys put there, with
 *     their SHA-256. Plan: upload every local file whose hash differs; delete every manifest file
 *     the build no longer has. Nothing outside the manifest is ever deleted.
 *  2. Mark the files about to be uploaded as "pending" in the manifest: from then on it claims
 *     nothing about them, yet they stay the deploy's own (a later run may replace or delete them).
 *  3. Upload assets, images and other files; then pages; then hosting files (.htaccess, …); a
 *     phase ends before the next begins, its files going over target.connections connections at
 *     once. Each file goes to a temporary name beside it and is renamed over the old one, so a
 *     visitor or a cut connection never meets half a file, and a page only arrives once its
 *     assets are there.
 *     Every CHECKPOINT_FILES files or CHECKPOINT_MS the manifest records what has arrived, so a
 *     run cut off at any point is finished by the next one without sending those files again.
 *  4. Write the manifest; delete stale files (pages first, then their assets) and the folders
 *     they leave empty; write the manifest once more.
 * Transient failures (a dropped connection, a timeout) are retried with a new connection, at most
 * MAX_ATTEMPTS times per step, waiting 1 s, then 2 s.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DEPLOY_MANIFEST } from '../site-files/hosting.ts';
import { hashSite, parseManifest, PHASES, planDeploy, serializeManifest, type Phase, type ServerManifest, type Upload } from './deploy-plan.ts';
import { openRemote, type Remote } from './deploy-remote.ts';
import { DeployError, type DeployTarget } from './deploy-target.ts';
import { checkLive, type LiveCheckOptions, type LiveCheckResult } from './live-check.ts';

/** Files uploaded between two manifest checkpoints, at most. */
export const CHECKPOINT_FILES = 25;
/** Time between two manifest checkpoints, at most, in ms (a checkpoint is one small upload). */
export const CHECKPOINT_MS = 3000;
/** Tries of one step before a transient failure ends the deploy. */
export const MAX_ATTEMPTS = 3;

/** Something a progress display may show. */
export type DeployEvent =
  | { type: 'connected'; identity?: string }
  /** First deploy into a folder that holds things: what is there; `replaced`: those the site overwrites. */
  | { type: 'found'; names: string[]; replaced: string[] }
  | { type: 'begin'; path: string; phase: Phase; done: number; total: number; bytesDone: number; bytesTotal: number }
  | { type: 'file'; action: 'upload' | 'replace' | 'delete'; path: string; bytes: number; done: number; total: number }
  | { type: 'checkpoint'; recorded: number; total: number }
  | { type: 'retry'; message: string; attempt: number; waitMs: number };

export interface DeployOptions {
  /** The built site, e.g. dist/. */
  dir: string;
  target: DeployTarget;
  /** Plan and report only: reads the server's manifest and folder listing, writes nothing. */
  dryRun?: boolean;
  onEvent?: (event: DeployEvent) => void;
  /** When aborted (Ctrl+C), the deploy stops after the current file, saving what arrived. */
  signal?: AbortSignal;
  /** Opens a Remote for the target (default openRemote; tests wrap it to count requests). */
  open?: (target: DeployTarget) => Remote;
  /** After the upload (not in a dry run), read the live site back (lib/deploy/live-check.ts). */
  liveCheck?: LiveCheckOptions;
}

export interface DeployReport {
  dryRun: boolean;
  /** Site paths uploaded that were not there before. */
  uploaded: string[];
  /** Site paths uploaded over an earlier deploy's file. */
  replaced: string[];
  /** Site paths deleted (all from the previous manifest). */
  deleted: string[];
  /** Local files already on the server with the same content. */
  unchanged: number;
  /** Bytes of site files sent (the manifest not included). */
  bytes: number;
  /** Manifest uploads and their bytes. */
  manifestWrites: number;
  manifestBytes: number;
  /** First deploy only: what the folder already held (left as it is), folders with a trailing "/". */
  found: string[];
  /** True when there was no manifest on the server. */
  firstDeploy: boolean;
  /** Connections the uploads used (DEPLOY_CONNECTIONS, fewer when the server refused more). */
  connections: number;
  /** Wall time in ms (the live check not included). */
  ms: number;
  /** The live check's verdict, when it ran. */
  live?: LiveCheckResult;
}

/** The temporary name a file is uploaded under before it is renamed into place. */
export function temporaryName(sitePath: string): string {
  const base = path.posix.basename(sitePath);
  return path.posix.join(path.posix.dirname(sitePath), `${base.startsWith('.') ? '' : '.'}${base}.deploy-tmp`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A connection that reconnects and retries transient failures, MAX_ATTEMPTS times per step. */
class Session {
  private connected = false;
  constructor(readonly remote: Remote, private onEvent: (e: DeployEvent) => void) {}

  async run<T>(step: (remote: Remote) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!this.connected) {
          await this.remote.connect();
          this.connected = true;
        }
        return await step(this.remote);
      } catch (err) {
        const e = err instanceof DeployError ? err : new DeployError(`Unexpected failure: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
        if (!e.transient || attempt >= MAX_ATTEMPTS) {
          throw attempt > 1 ? new DeployError(`${e.message.replace(/\.$/, '')}; tried ${attempt} times.`) : e;
        }
        await this.remote.close();
        this.connected = false;
        const waitMs = 1000 * 2 ** (attempt - 1);
        this.onEvent({ type: 'retry', message: e.message, attempt, waitMs });
        await sleep(waitMs);
      }
    }
  }

  /** Connects once, without retries. @returns false when the server refused */
  async tryOpen(): Promise<boolean> {
    try {
      await this.remote.connect();
      this.connected = true;
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.connected) await this.remote.close();
    this.connected = false;
  }
}

/**
 * Deploys `options.dir` to `options.target`.
 * @returns what was (or, with dryRun, would be) uploaded, replaced and deleted
 * @throws DeployError with one line for the operator (login refused, unreachable, timeout after
 *   retries, TLS, missing or unwritable folder, quota, an unreadable manifest, Ctrl+C)
 */
export async function deploy(options: DeployOptions): Promise<DeployReport> {
  const t0 = performance.now();
  const onEvent = options.onEvent ?? (() => {});
  const open = options.open ?? openRemote;
  const session = new Session(open(options.target), onEvent);
  const sessions = [session];
  const report: DeployReport = {
    dryRun: Boolean(options.dryRun), uploaded: [], replaced: [], deleted: [], unchanged: 0, bytes: 0,
    manifestWrites: 0, manifestBytes: 0, found: [], firstDeploy: false, connections: 1, ms: 0,
  };
  try {
    const local = await hashSite(options.dir);
    const text = await session.run((r) => r.read(DEPLOY_MANIFEST));
    onEvent({ type: 'connected', identity: session.remote.identity?.() });
    const previous = text === undefined ? undefined : parseManifest(text.toString('utf8'));
    report.firstDeploy = previous === undefined;
    if (!previous) {
      report.found = await session.run((r) => r.listRoot());
      if (report.found.length) onEvent({ type: 'found', names: report.found, replaced: report.found.filter((n) => local.has(`/${n}`)) });
    }
    const plan = planDeploy(local, previous);
    report.unchanged = plan.unchanged;
    if (options.dryRun) {
      for (const u of plan.uploads) (u.replaces ? report.replaced : report.uploaded).push(u.local.path);
      report.deleted = plan.deletions;
      report.bytes = plan.uploads.reduce((n, u) => n + u.local.bytes, 0);
      return report;
    }

    const state: ServerManifest = { files: { ...previous?.files }, pending: [...(previous?.pending ?? [])] };
    const pending = new Set(state.pending);
    /** Writes the manifest as the state is now, over `via` (a session not busy with a file). */
    const save = async (via: Session = session) => {
      state.pending = [...pending];
      const body = Buffer.from(serializeManifest(state));
      const tmp = temporaryName(DEPLOY_MANIFEST);
      await via.run(async (r) => {
        await r.write(tmp, body);
        await r.rename(tmp, DEPLOY_MANIFEST);
      });
      report.manifestWrites++;
      report.manifestBytes += body.length;
    };

    // 2. What is about to change is no longer claimed, but stays ours.
    if (plan.uploads.length) {
      for (const u of plan.uploads) {
        delete state.files[u.local.path];
        pending.add(u.local.path);
      }
      await save();
    }

    // 3. Uploads, phase after phase, each to a temporary name and renamed into place, over up to
    // target.connections connections at once (extra ones the server refuses are done without).
    const wanted = Math.min(options.target.connections, plan.uploads.length);
    for (let i = 1; i < wanted; i++) {
      const extra = new Session(open(options.target), onEvent);
      if (!(await extra.tryOpen())) break;
      sessions.push(extra);
    }
    report.connections = sessions.length;
    const dirs = new Map<string, Promise<void>>([['/', Promise.resolve()]]);
    const ensureDir = (dir: string, via: Session): Promise<void> => {
      let made = dirs.get(dir);
      if (!made) {
        made = ensureDir(path.posix.dirname(dir), via).then(() => via.run((r) => r.mkdir(dir)));
        dirs.set(dir, made);
      }
      return made;
    };
    const bytesTotal = plan.uploads.reduce((n, u) => n + u.local.bytes, 0);
    let done = 0;
    let sinceCheckpoint = 0;
    let lastCheckpoint = performance.now();
    let checkpointing = false;
    let failure: unknown;
    const upload = async (u: Upload, via: Session) => {
      const file = u.local;
      onEvent({ type: 'begin', path: file.path, phase: u.phase, done, total: plan.uploads.length, bytesDone: report.bytes, bytesTotal });
      const data = await readFile(file.file);
      if (createHash('sha256').update(data).digest('hex') !== file.hash) {
        throw new DeployError(`${file.file} changed during the deploy (a build running at the same time?): run the deploy again.`);
      }
      await ensureDir(path.posix.dirname(file.path), via);
      const tmp = temporaryName(file.path);
      await via.run(async (r) => {
        await r.write(tmp, data);
        await r.rename(tmp, file.path);
      });
      state.files[file.path] = file.hash;
      pending.delete(file.path);
      report.bytes += data.length;
      (u.replaces ? report.replaced : report.uploaded).push(file.path);
      done++;
      sinceCheckpoint++;
      onEvent({ type: 'file', action: u.replaces ? 'replace' : 'upload', path: file.path, bytes: data.length, done, total: plan.uploads.length });
      const due = sinceCheckpoint >= CHECKPOINT_FILES || performance.now() - lastCheckpoint >= CHECKPOINT_MS;
      if (due && done < plan.uploads.length && !checkpointing) {
        checkpointing = true;
        sinceCheckpoint = 0;
        try {
          await save(via);
        } finally {
          checkpointing = false;
          lastCheckpoint = performance.now();
        }
        onEvent({ type: 'checkpoint', recorded: Object.keys(state.files).length, total: local.size });
      }
    };
    for (const phase of PHASES) {
      const queue = plan.uploads.filter((u) => u.phase === phase);
      await Promise.all(sessions.map(async (via) => {
        for (let u = queue.shift(); u && failure === undefined && !options.signal?.aborted; u = queue.shift()) {
          await upload(u, via).catch((err) => { failure ??= err; });
        }
      }));
      if (failure !== undefined) throw failure;
      if (options.signal?.aborted) {
        if (sinceCheckpoint) await save();
        throw new DeployError(`Stopped after ${done} of ${plan.uploads.length} uploads; the live site is consistent. Run the deploy again to finish: what arrived is not sent again.`);
      }
    }

    // 4. The manifest, then deletions (pages first), then empty folders, then the manifest again.
    const wasPending = new Set(previous?.pending ?? []);
    for (const d of plan.deletions) {
      delete state.files[d];
      pending.add(d);
    }
    if (plan.uploads.length || plan.deletions.length) await save();
    for (const [i, d] of plan.deletions.entries()) {
      await session.run(async (r) => {
        await r.remove(d);
        if (wasPending.has(d)) await r.remove(temporaryName(d));
      });
      pending.delete(d);
      report.deleted.push(d);
      onEvent({ type: 'file', action: 'delete', path: d, bytes: 0, done: i + 1, total: plan.deletions.length });
    }
    if (plan.deletions.length) {
      const keep = new Set([...local.keys()].flatMap(ancestors));
      const emptied = [...new Set(plan.deletions.flatMap(ancestors))].filter((dir) => !keep.has(dir));
      emptied.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
      for (const dir of emptied) await session.run((r) => r.removeEmptyDir(dir));
      await save();
    }
    if (options.liveCheck) {
      report.ms = performance.now() - t0;
      await Promise.all(sessions.map((s) => s.close()));
      report.live = await checkLive(options.dir, options.liveCheck);
    }
    return report;
  } finally {
    report.ms ||= performance.now() - t0;
    await Promise.all(sessions.map((s) => s.close()));
  }
}

/** The folders above a site path, "/a/b/c.html" -> ["/a/b", "/a"]; the root is not one. */
function ancestors(sitePath: string): string[] {
  const out: string[] = [];
  for (let d = path.posix.dirname(sitePath); d !== '/'; d = path.posix.dirname(d)) out.push(d);
  return out;
}
