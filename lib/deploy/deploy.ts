/**
 * The deploy itself: uploads a built site to an FTP, FTPS or SFTP folder so that the live site is
 * never broken, sending only what changed and deleting only what an earlier deploy put there.
 *
 * How (in order):
 *  1. Repair what an interrupted deploy left (see "Recovery"), then read the server's manifest
 *     (DEPLOY_MANIFEST, or DEPLOY_MANIFEST_PLAIN on a server that refuses dot-names): the files
 *     earlier deploys put there, with their SHA-256. Plan: upload every local file whose hash
 *     differs; delete every manifest file the build no longer has. Nothing outside the manifest is
 *     ever deleted.
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
 * MAX_ATTEMPTS times per step, waiting 1 s, then 2 s. A refusal (an FTP 5xx reply) is not retried.
 *
 * Two rules some FTP servers set, and what the deploy does about them:
 *  - No renaming (or uploading) over an existing file (ProFTPD `AllowOverwrite off`, IIS): the old
 *    file is renamed aside ("x.deploy-old"), the new one renamed in, the old one deleted. A kill
 *    between the two renames leaves the file missing under its name until the next run, which puts
 *    the old one back first ("Recovery").
 *  - No names starting with a dot (Pure-FTPd `-x`): detected by the first write of the manifest;
 *    the manifest then takes its plain name and temporary names lose their leading dot. Every other
 *    file is deployed; the dot-files the server refuses (.htaccess) end the deploy with a
 *    DeployError naming them and what the site loses without them.
 *
 * Recovery: every temporary or moved-aside name of a file the manifest lists as pending, and of
 * the manifest itself, is looked for in its folder's listing before anything is written; a file
 * moved aside whose place is empty is put back, every other leftover is deleted.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { deletedPageWarnings } from './deleted-pages.ts';
import { DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN, NOT_FOUND_PAGE, REDIRECTS, SECURITY_HEADERS } from '../site-files/hosting.ts';
import {
  DEPLOY_RECORDS, hashSite, isDotPath, leftoverNames, parseManifest, PHASES, planDeploy, serializeManifest, temporaryName,
  type Phase, type ServerManifest, type Upload,
} from './deploy-plan.ts';
import { isDotNameRefusal, openRemote, ServerRefusal, type Remote } from './deploy-remote.ts';
import { DeployError, type DeployTarget } from './deploy-target.ts';
import { checkLive, type LiveCheckOptions, type LiveCheckResult } from './live-check.ts';

/** Files uploaded between two manifest checkpoints, at most. */
export const CHECKPOINT_FILES = 25;
/** Time between two manifest checkpoints, at most, in ms (a checkpoint is one small upload). */
export const CHECKPOINT_MS = 3000;
/** Tries of one step before a transient failure ends the deploy. */
export const MAX_ATTEMPTS = 3;

/** A rule of the server the deploy works around, reported once when first met. */
export type HostRule =
  /** The server will not rename over an existing file: files are replaced by moving the old one aside. */
  | { rule: 'no-overwrite'; reply: string }
  /** The server refuses names starting with a dot: the manifest has its plain name, temporary names no dot. */
  | { rule: 'no-dot-names'; reply: string; record: string };

/** Something a progress display may show. */
export type DeployEvent =
  | { type: 'connected'; identity?: string }
  /** An interrupted deploy's leftovers, dealt with before anything was written. */
  | { type: 'recovered'; restored: string[]; removed: string[] }
  /** First deploy into a folder that holds things: what is there; `replaced`: those the site overwrites. */
  | { type: 'found'; names: string[]; replaced: string[] }
  | ({ type: 'host-rule' } & HostRule)
  | { type: 'begin'; path: string; phase: Phase; done: number; total: number; bytesDone: number; bytesTotal: number }
  | { type: 'file'; action: 'upload' | 'replace' | 'delete'; path: string; bytes: number; done: number; total: number }
  | { type: 'checkpoint'; recorded: number; total: number }
  | { type: 'retry'; message: string; attempt: number; waitMs: number }
  /** Something the operator should act on; the deploy goes on. */
  | { type: 'warning'; message: string };

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
  /** The manifest's site path on this server (DEPLOY_MANIFEST, or DEPLOY_MANIFEST_PLAIN where dot-names are refused). */
  record: string;
  /** Leftovers of an interrupted deploy: files moved aside and put back, temporary names deleted. */
  recovered: { restored: string[]; removed: string[] };
  /** Dot-files the server refused to take (or, for stale ones, to delete), with its reply. */
  refused: { path: string; reply: string }[];
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

/** A deploy that did all it could but the server refused dot-files: `report` says what was done. */
export class PartialDeployError extends DeployError {
  constructor(message: string, readonly report: DeployReport) {
    super(message);
    this.name = 'PartialDeployError';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A connection that reconnects and retries transient failures, MAX_ATTEMPTS times per step. */
class Session {
  private connected = false;
  constructor(readonly remote: Remote, private onEvent: (e: DeployEvent) => void) {}

  /** Runs `step`, again on a new connection after a transient failure; `attempt` counts from 1. */
  async run<T>(step: (remote: Remote, attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!this.connected) {
          await this.remote.connect();
          this.connected = true;
        }
        return await step(this.remote, attempt);
      } catch (err) {
        const e = err instanceof DeployError ? err : new DeployError(`Unexpected failure: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
        if (!e.transient || attempt >= MAX_ATTEMPTS) {
          throw attempt > 1 && e.transient ? new DeployError(`${e.message.replace(/\.$/, '')}; tried ${attempt} times.`) : e;
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
 * Puts back or deletes what an interrupted replacement left beside `sitePath`: a file moved aside
 * goes back to its place when that is empty (else it is deleted); temporary uploads are deleted.
 * @param names the names in the file's folder (updated as things change)
 * @param done  collects what was put back and deleted
 */
async function repairBeside(r: Remote, sitePath: string, names: Set<string>, done: DeployReport['recovered']): Promise<void> {
  const base = path.posix.basename(sitePath);
  for (const aside of leftoverNames(sitePath, 'deploy-old')) {
    if (!names.has(path.posix.basename(aside))) continue;
    if (names.has(base)) {
      await r.remove(aside);
      done.removed.push(aside);
    } else {
      await r.rename(aside, sitePath);
      names.add(base);
      done.restored.push(sitePath);
    }
    names.delete(path.posix.basename(aside));
  }
  for (const tmp of leftoverNames(sitePath, 'deploy-tmp')) {
    if (!names.has(path.posix.basename(tmp))) continue;
    await r.remove(tmp);
    names.delete(path.posix.basename(tmp));
    done.removed.push(tmp);
  }
}

/** repairBeside with the folder listed first, for a step tried again after a failure. */
async function repairAgain(r: Remote, sitePath: string, done: DeployReport['recovered']): Promise<void> {
  const names = new Set(await r.list(path.posix.dirname(sitePath)) ?? []);
  await repairBeside(r, sitePath, names, done);
}

/**
 * Deploys `options.dir` to `options.target`.
 * @returns what was (or, with dryRun, would be) uploaded, replaced and deleted
 * @throws DeployError with one line for the operator (login refused, unreachable, timeout after
 *   retries, TLS, missing or unwritable folder, quota, a refusal in the server's words, an
 *   unreadable manifest, Ctrl+C); PartialDeployError when everything else is deployed but the
 *   server refused dot-files
 */
export async function deploy(options: DeployOptions): Promise<DeployReport> {
  const t0 = performance.now();
  const onEvent = options.onEvent ?? (() => {});
  const open = options.open ?? openRemote;
  const session = new Session(open(options.target), onEvent);
  const sessions = [session];
  const report: DeployReport = {
    dryRun: Boolean(options.dryRun), uploaded: [], replaced: [], deleted: [], unchanged: 0, bytes: 0,
    manifestWrites: 0, manifestBytes: 0, record: DEPLOY_MANIFEST, recovered: { restored: [], removed: [] }, refused: [],
    found: [], firstDeploy: false, connections: 1, ms: 0,
  };
  try {
    const local = await hashSite(options.dir);
    // 1. The record, after repairing an interrupted replacement of it; the plain name wins (it is
    // only ever written where the dot-name was refused, so it is the newer one).
    const rootNames = new Set(await session.run((r) => r.list('/')) ?? []);
    onEvent({ type: 'connected', identity: session.remote.identity?.() });
    if (!options.dryRun) {
      for (const name of DEPLOY_RECORDS) await session.run((r) => repairBeside(r, name, rootNames, report.recovered));
    }
    let text: Buffer | undefined;
    for (const name of rootNames.has(path.posix.basename(DEPLOY_MANIFEST_PLAIN)) ? [DEPLOY_MANIFEST_PLAIN, DEPLOY_MANIFEST] : [DEPLOY_MANIFEST]) {
      // A dry run repairs nothing: a record an interrupted run moved aside is read where it is.
      const parked = options.dryRun ? leftoverNames(name, 'deploy-old').filter((n) => rootNames.has(path.posix.basename(n))) : [];
      for (const at of [name, ...parked]) {
        // A server that will not even show dot-files (Pure-FTPd -X) cannot have the dot-named record read.
        text ??= await session.run((r) => r.read(at)).catch((e) => {
          if (e instanceof ServerRefusal && isDotNameRefusal(e)) return undefined;
          throw e;
        });
      }
      if (text) {
        report.record = name;
        break;
      }
    }
    const previous = text === undefined ? undefined : parseManifest(text.toString('utf8'), report.record);
    report.firstDeploy = previous === undefined;
    if (!options.dryRun && previous?.pending.length) {
      for (const folder of new Set(previous.pending.map((p) => path.posix.dirname(p)))) {
        const names = folder === '/' ? rootNames : new Set(await session.run((r) => r.list(folder)) ?? []);
        for (const p of previous.pending.filter((q) => path.posix.dirname(q) === folder)) {
          await session.run((r) => repairBeside(r, p, names, report.recovered));
        }
      }
    }
    if (report.recovered.restored.length || report.recovered.removed.length) onEvent({ type: 'recovered', ...report.recovered });
    if (!previous) {
      report.found = [...rootNames].sort();
      if (report.found.length) onEvent({ type: 'found', names: report.found, replaced: report.found.filter((n) => local.has(`/${n}`)) });
    }
    const plan = planDeploy(local, previous);
    for (const message of deletedPageWarnings(options.dir, plan.deletions)) onEvent({ type: 'warning', message });
    report.unchanged = plan.unchanged;
    if (options.dryRun) {
      for (const u of plan.uploads) (u.replaces ? report.replaced : report.uploaded).push(u.local.path);
      report.deleted = plan.deletions;
      report.bytes = plan.uploads.reduce((n, u) => n + u.local.bytes, 0);
      return report;
    }

    /** The server refuses names starting with a dot (learned from the first write of the record). */
    let plain = report.record === DEPLOY_MANIFEST_PLAIN;
    /** The server will not rename over an existing file (learned from the first replacement). */
    let noOverwrite = false;

    /**
     * Renames the uploaded `tmp` to `target`. Where the server will not rename over a file, the
     * old one is moved aside first and deleted after; should the second rename fail, it is put back.
     * @param mayExist false when `target` is known to be new (skips moving aside on such a server)
     */
    const putInPlace = async (r: Remote, tmp: string, target: string, mayExist: boolean) => {
      let refusal: ServerRefusal | undefined;
      if (!noOverwrite || !mayExist) {
        try {
          return await r.rename(tmp, target);
        } catch (e) {
          if (!(e instanceof ServerRefusal)) throw e;
          refusal = e;
        }
      }
      const aside = temporaryName(target, plain, 'deploy-old');
      try {
        await r.rename(target, aside);
      } catch (e) {
        if (!(e instanceof ServerRefusal)) throw e;
        return await r.rename(tmp, target); // nothing there to move aside: the rename says why it fails
      }
      try {
        await r.rename(tmp, target);
      } catch (e) {
        await r.rename(aside, target).catch(() => {});
        throw e;
      }
      if (!noOverwrite) {
        noOverwrite = true;
        onEvent({ type: 'host-rule', rule: 'no-overwrite', reply: refusal?.reply ?? '' });
      }
      await r.remove(aside);
    };

    const state: ServerManifest = { files: { ...previous?.files }, pending: [...(previous?.pending ?? [])] };
    const pending = new Set(state.pending);
    /** Writes the manifest as the state is now, over `via` (a session not busy with a file). */
    const save = async (via: Session = session) => {
      state.pending = [...pending];
      const body = Buffer.from(serializeManifest(state));
      await via.run(async (r, attempt) => {
        if (attempt > 1) await repairAgain(r, report.record, report.recovered);
        const tmp = temporaryName(report.record, plain);
        try {
          await r.write(tmp, body);
        } catch (e) {
          if (plain || !(e instanceof ServerRefusal)) throw e;
          // Refused: if a plain name is taken, the server refuses names starting with a dot.
          const plainTmp = temporaryName(DEPLOY_MANIFEST_PLAIN, true);
          await r.write(plainTmp, body).catch(() => { throw e; });
          plain = true;
          const old = report.record;
          report.record = DEPLOY_MANIFEST_PLAIN;
          onEvent({ type: 'host-rule', rule: 'no-dot-names', reply: e.reply, record: DEPLOY_MANIFEST_PLAIN });
          await putInPlace(r, plainTmp, DEPLOY_MANIFEST_PLAIN, true);
          if (text) await r.remove(old).catch(() => {}); // the dot-named record, now stale, where the server lets it go
          return;
        }
        await putInPlace(r, tmp, report.record, true);
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
    /** A dot-file (or stale one to delete) the server refused by its dot-name rule: noted, not fatal. */
    const dotRefused = (sitePath: string, e: unknown): boolean => {
      if (!(plain && isDotPath(sitePath) && e instanceof ServerRefusal && (isDotNameRefusal(e) || e.code === 553))) return false;
      report.refused.push({ path: sitePath, reply: e.reply });
      return true;
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
      if (sha256(data) !== file.hash) {
        throw new DeployError(`${file.file} changed during the deploy (a build running at the same time?): run the deploy again.`);
      }
      try {
        await ensureDir(path.posix.dirname(file.path), via);
        await via.run(async (r, attempt) => {
          if (attempt > 1) await repairAgain(r, file.path, report.recovered);
          const tmp = temporaryName(file.path, plain);
          await r.write(tmp, data);
          await putInPlace(r, tmp, file.path, u.replaces || report.firstDeploy);
        });
      } catch (e) {
        if (!dotRefused(file.path, e)) throw e;
        // Put there some other way (the host's file manager) with this content, it counts as arrived.
        const there = await via.run((r) => r.read(file.path)).catch(() => undefined);
        if (!there || sha256(there) !== file.hash) return;
        report.refused.pop();
      }
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
    for (const d of plan.deletions) {
      delete state.files[d];
      pending.add(d);
    }
    if (plan.uploads.length || plan.deletions.length) await save();
    for (const [i, d] of plan.deletions.entries()) {
      try {
        await session.run((r) => r.remove(d));
      } catch (e) {
        if (!dotRefused(d, e)) throw e;
        continue;
      }
      pending.delete(d);
      report.deleted.push(d);
      onEvent({ type: 'file', action: 'delete', path: d, bytes: 0, done: i + 1, total: plan.deletions.length });
    }
    if (plan.deletions.length) {
      const keep = new Set([...local.keys(), ...pending].flatMap(ancestors));
      const emptied = [...new Set(plan.deletions.flatMap(ancestors))].filter((dir) => !keep.has(dir));
      emptied.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
      for (const dir of emptied) await session.run((r) => r.removeEmptyDir(dir));
      await save();
    }
    if (report.refused.length) throw new PartialDeployError(dotFilesRefused(options.target, report), report);
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

/**
 * The failure of a deploy whose dot-files the server refused: which ones, the server's words, what
 * the site loses without .htaccess on Apache (from the rules of lib/site-files/hosting.ts), and
 * what the operator can ask for or choose instead.
 */
function dotFilesRefused(t: DeployTarget, report: DeployReport): string {
  const names = report.refused.map((r) => r.path.slice(1)).join(', ');
  const words = [...new Set(report.refused.map((r) => r.reply))].join('; ');
  const htaccess = report.refused.some((r) => r.path === '/.htaccess');
  const redirects = REDIRECTS.map((r) => `${r.from} to ${r.to}`).join(', ');
  const loses = htaccess
    ? ` Without .htaccess, Apache serves the site without its security headers (${Object.keys(SECURITY_HEADERS).join(', ')}, HSTS), without the ${REDIRECTS.length === 1 ? 'redirect' : 'redirects'} from ${redirects}, without its caching rules (a year for hashed assets, a day for images) and with its own error page instead of ${NOT_FOUND_PAGE.slice(1)} for a missing page.`
    : '';
  return `Every other file is deployed, but ${t.host} refused ${names} (${words}): it does not take names starting with a dot for user "${t.user}".${loses}`
    + ` Ask your host to allow dot-files for this user (Pure-FTPd: ProhibitDotFilesWrite, -x) or to put ${names} there for you (the next deploy checks it is the same and stops failing),`
    + ' or publish where these rules apply without dot-files: Netlify or Cloudflare Pages (they read _headers and _redirects), or your own nginx (npm run hosting -- nginx).';
}
