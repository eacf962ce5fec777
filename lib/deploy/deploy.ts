/**
 * The deploy itself: uploads a built site to an FTP, FTPS or SFTP folder so that the live site is
 * never broken, sending only what changed and deleting only what an earlier deploy put there.
 *
 * deploy() runs these steps in order, each a method of DeployRun:
 *  1. connect: logs in (checking the server's identity).
 *  2. lock: takes the server's lock (lib/deploy/deploy-lock.ts), so no other deploy writes to the
 *     folder until this one ends; not in a dry run. Every temporary name carries this run's id.
 *  3. plan: repairs what an interrupted deploy left (see "Recovery"), then reads the server's
 *     manifest (DEPLOY_MANIFEST, or DEPLOY_MANIFEST_PLAIN on a server that refuses dot-names): the
 *     files earlier deploys put there, with their SHA-256. Plan: upload every local file whose
 *     hash differs; delete every manifest file the build no longer has, except content-hashed
 *     scripts and photos, which stay one more deploy (the manifest's `retired`) for pages open in
 *     browsers. Nothing outside the manifest is ever deleted.
 *     With readBack, every other file is then read back from the server and each that differs
 *     joins the uploads.
 *  4. claim: marks the files about to be uploaded as "pending" in the manifest: from then on it
 *     claims nothing about them, yet they stay the deploy's own (a later run may replace or delete them).
 *  5. upload: assets, images and other files; then pages; then hosting files (.htaccess, …); a
 *     phase ends before the next begins, its files going over target.connections connections at
 *     once. Each file goes to a temporary name beside it and is renamed over the old one, so a
 *     visitor or a cut connection never meets half a file, and a page only arrives once its
 *     assets are there.
 *     Every CHECKPOINT_FILES files or CHECKPOINT_MS the manifest records what has arrived, so a
 *     run cut off at any point is finished by the next one without sending those files again.
 *  6. swap: writes the manifest; deletes stale files (pages first, then their assets) and the
 *     folders they leave empty; writes the manifest once more (and, with recordCopy, a local copy).
 *  7. verify: reads every file back from the live site (lib/deploy/live-check.ts) and uploads a
 *     file that differs once more; then the lock is released.
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
 * A name on the server of the other kind than the site needs (the owner's folder robots.txt/
 * where the site has a file, a file "areas" where it needs a folder) stops the deploy with a line
 * saying so; the deploy neither deletes it nor leaves it renamed aside.
 *
 * Recovery: every temporary or moved-aside name (with any run id) of a file the manifest lists as
 * pending, and of the manifest itself, is looked for in its folder's listing before anything is
 * written (under the lock, so no other run is using them); a file moved aside whose place is empty
 * is put back, every other leftover is deleted.
 */
import { readFile } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { deletedPageWarnings } from './deleted-pages.ts';
import { DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN, NOT_FOUND_PAGE, REDIRECTS, SECURITY_HEADERS } from '../site-files/hosting.ts';
import {
  DEPLOY_RECORDS, READ_NO_FOLLOW, RUN_ID, hashSite, isDotPath, leftoverNames, parseManifest, phaseOf, PHASES, planDeploy, serializeManifest, temporaryName,
  type LocalFile, type Phase, type Plan, type ServerManifest, type Upload,
} from './deploy-plan.ts';
import { isDotNameRefusal, openRemote, ServerRefusal, type Remote } from './deploy-remote.ts';
import { LOCK_DIR, LOCK_DIR_PLAIN, ServerLock, type LockEvent } from './deploy-lock.ts';
import { repairAgain, repairBeside, Session } from './deploy-session.ts';
import { DeployError, describeTarget, maskSecret, shownTarget, type DeployTarget } from './deploy-target.ts';
import { saveRecordCopy } from './record-copy.ts';
import { checkLive, type LiveCheckOptions, type LiveCheckResult } from './live-check.ts';

;

/** Files uploaded between two manifest checkpoints, at most. */
const CHECKPOINT_FILES = 25;
/** Time between two manifest checkpoints, at most, in ms (a checkpoint is one small upload). */
const CHECKPOINT_MS = 3000;

/** A rule of the server the deploy works around, reported once when first met. */
type HostRule =
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
  /** The read-back (DeployOptions.readBack) found `path` missing or with other bytes than the build's. */
  | { type: 'differs'; path: string; missing: boolean }
  | { type: 'retry'; message: string; attempt: number; waitMs: number }
  /** Something the operator should act on; the deploy goes on. */
  | { type: 'warning'; message: string }
  | LockEvent;

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
  /**
   * After the upload (not in a dry run), read the live site back (lib/deploy/live-check.ts); a file
   * served with other bytes than the build's is uploaded again once (DeployReport.live.repaired).
   */
  liveCheck?: LiveCheckOptions;
  /**
   * Before uploading, read every file of the build back from the server over FTP/SFTP and upload
   * again each one whose bytes differ from the build's or that is missing (DeployReport.differed),
   * whether or not the record says it is there: `npm run deploy -- --verify`.
   */
  readBack?: boolean;
  /**
   * Where to keep a local copy of the server's record once every page is on the server (after
   * the swap, not in a dry run; lib/deploy/record-copy.ts), for `npm run check`. A failure to
   * write it is a warning event, not a failed deploy.
   */
  recordCopy?: string;
  /**
   * A seam for tests: this run's id (8 characters of [0-9a-z]) instead of a new random one
   * (newRunId), so a test can put a file of its own where a temporary name goes.
   * @throws DeployError from deploy() when it is not 8 such characters
   */
  runId?: string;
}

export interface DeployReport {
  dryRun: boolean;
  /** This run's id: 8 characters of [0-9a-z], in its temporary names. */
  runId: string;
  /** Site paths uploaded that were not there before. */
  uploaded: string[];
  /** Site paths uploaded over an earlier deploy's file. */
  replaced: string[];
  /** Site paths deleted (all from the previous manifest). */
  deleted: string[];
  /** Content-hashed files the build no longer has, kept on the server for one more deploy (ServerManifest.retired). */
  retired: string[];
  /** Local files already on the server with the same content. */
  unchanged: number;
  /** With readBack: files the record said were there but that were missing or had other bytes (uploaded again). */
  differed: string[];
  /** With readBack: files read back from the server. */
  readBack: number;
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

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A new run id: 8 characters of [0-9a-z] (40 random bits). */
function newRunId(): string {
  return BigInt(`0x${randomBytes(5).toString('hex')}`).toString(36).padStart(8, '0').slice(-8);
}

/**
 * Deploys `options.dir` to `options.target`, in named steps: connect, lock (lib/deploy/deploy-lock.ts;
 * not in a dry run), plan (repair, read the server's record and decide), claim (mark what changes as pending), upload, swap (record, delete what is stale),
 * verify (read the live site back).
 * @returns what was (or, with dryRun, would be) uploaded, replaced and deleted
 * @throws DeployError with one line for the operator (login refused, unreachable, timeout after
 *   retries, TLS, missing or unwritable folder, quota, a refusal in the server's words, an
 *   unreadable manifest, Ctrl+C); PartialDeployError when everything else is deployed but the
 *   server refused dot-files
 */
export async function deploy(options: DeployOptions): Promise<DeployReport> {
  const run = new DeployRun(options);
  try {
    const local = await hashSite(options.dir);
    await run.connect();
    if (!options.dryRun) await run.lock();
    const plan = await run.plan(local);
    // A live page about to be deleted with no redirect: said before anything changes (the deploy goes on).
    for (const message of deletedPageWarnings(options.dir, plan.deletions)) options.onEvent?.({ type: 'warning', message });
    if (options.readBack) await run.readBack(plan);
    if (options.dryRun) return run.dryRunReport(plan);
    await run.claim(plan);
    await run.upload(plan);
    await run.swap(plan);
    if (options.recordCopy) {
      await saveRecordCopy(options.recordCopy, run.record, describeTarget(options.target)).catch((e: Error) =>
        options.onEvent?.({ type: 'warning', message: `Warning: could not keep the deploy's record in ${options.recordCopy} (${e.message}): npm run check cannot name the pages this deploy published until the next deploy writes it.` }));
    }
    if (run.report.refused.length) throw new PartialDeployError(dotFilesRefused(shownTarget(options.target), run.report), run.report);
    await run.verify(plan);
    return run.report;
  } finally {
    await run.close();
  }
}

/** One deploy's state on its way through the steps of deploy(). */
class DeployRun {
  readonly report: DeployReport;
  private readonly t0 = performance.now();
  private readonly onEvent: (e: DeployEvent) => void;
  private readonly open: (target: DeployTarget) => Remote;
  /** The first connection (listing, record, deletions); sessions[0]. */
  private readonly session: Session;
  private readonly sessions: Session[];
  /** The record's text as read from the server; undefined on a first deploy. */
  private recordText?: Buffer;
  /** What the record will say: files known to be there, and the pending ones. */
  private state: ServerManifest = { files: {}, pending: [] };
  private pending = new Set<string>();
  /** The server refuses names starting with a dot (learned from the first write of the record). */
  private plain = false;
  /** The server will not rename over an existing file (learned from the first replacement). */
  private noOverwrite = false;
  /** Folders made (or being made) during the upload. */
  private dirs = new Map<string, Promise<void>>([['/', Promise.resolve()]]);
  private progress = { done: 0, sinceCheckpoint: 0, lastCheckpoint: performance.now(), checkpointing: false };
  /** The server lock, once taken. */
  private serverLock?: ServerLock;

  constructor(private readonly options: DeployOptions) {
    if (options.runId !== undefined && !RUN_ID.test(options.runId)) throw new DeployError(`The run id must be 8 characters of 0-9 and a-z (got "${options.runId}").`);
    const tell = options.onEvent ?? (() => {});
    this.onEvent = (e) => tell(maskEvent(e, options.target.password));
    this.open = options.open ?? openRemote;
    this.session = this.newSession();
    this.sessions = [this.session];
    this.report = {
      dryRun: Boolean(options.dryRun), runId: options.runId ?? newRunId(), uploaded: [], replaced: [], deleted: [], retired: [], unchanged: 0, differed: [], readBack: 0, bytes: 0,
      manifestWrites: 0, manifestBytes: 0, record: DEPLOY_MANIFEST, recovered: { restored: [], removed: [] }, refused: [],
      found: [], firstDeploy: false, connections: 1, ms: 0,
    };
  }

  private newSession(): Session {
    return new Session(this.open(this.options.target), (note) => this.onEvent({ type: 'retry', ...note }), this.options.target.password);
  }

  /** What the server's record says now. */
  get record(): ServerManifest {
    return this.state;
  }

  /** Step "connect": logs in (checking the server's identity) and says so. */
  async connect(): Promise<void> {
    await this.session.run(async () => {});
    this.onEvent({ type: 'connected', identity: this.session.remote.identity?.() });
  }

  /** Step "lock": takes the server's lock (waits for another run, takes over a stale lock). */
  async lock(): Promise<void> {
    const t = this.options.target;
    this.serverLock = new ServerLock(this.session, this.report.runId, { waitMs: t.lockWaitMs, staleMs: t.lockStaleMs }, this.onEvent);
    await this.serverLock.take();
  }

  /**
   * Step "plan": repairs what an interrupted deploy left (not in a dry run), reads the server's
   * record and compares it with the local files. The plan's deletions are final here: a check of
   * what they remove belongs right after this step.
   */
  async plan(local: Map<string, LocalFile>): Promise<Plan> {
    const { session, report } = this;
    const rootNames = new Set(await session.run((r) => r.list('/')) ?? []);
    for (const lock of [LOCK_DIR, LOCK_DIR_PLAIN]) rootNames.delete(`${lock.slice(1)}/`);
    if (!this.options.dryRun) {
      for (const name of DEPLOY_RECORDS) await session.run((r) => repairBeside(r, name, rootNames, report.recovered));
    }
    const previous = await this.readRecord(rootNames);
    report.firstDeploy = previous === undefined;
    if (!this.options.dryRun && previous?.pending.length) await this.repairPending(previous.pending, rootNames);
    if (report.recovered.restored.length || report.recovered.removed.length) this.onEvent({ type: 'recovered', ...report.recovered });
    if (!previous) {
      report.found = [...rootNames].sort();
      if (report.found.length) this.onEvent({ type: 'found', names: report.found, replaced: report.found.filter((n) => local.has(`/${n}`)) });
    }
    const plan = planDeploy(local, previous);
    report.unchanged = plan.unchanged;
    this.plain = report.record === DEPLOY_MANIFEST_PLAIN;
    this.state = { files: { ...previous?.files }, pending: [...(previous?.pending ?? [])], retired: { ...previous?.retired } };
    // A kept file the build has again, with the same content: the build's own once more.
    for (const [p, hash] of Object.entries(previous?.retired ?? {})) {
      if (local.get(p)?.hash === hash) this.state.files[p] = hash;
    }
    this.pending = new Set(this.state.pending);
    return plan;
  }

  /**
   * The server's record, after repairing an interrupted replacement of it; the plain name wins (it
   * is only ever written where the dot-name was refused, so it is the newer one).
   * @returns undefined when there is none (a first deploy)
   */
  private async readRecord(rootNames: Set<string>): Promise<ServerManifest | undefined> {
    const { session, report } = this;
    let text: Buffer | undefined;
    for (const name of rootNames.has(path.posix.basename(DEPLOY_MANIFEST_PLAIN)) ? [DEPLOY_MANIFEST_PLAIN, DEPLOY_MANIFEST] : [DEPLOY_MANIFEST]) {
      // A dry run repairs nothing: a record an interrupted run moved aside is read where it is.
      const parked = this.options.dryRun ? leftoverNames(name, 'deploy-old', rootNames) : [];
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
    this.recordText = text;
    return text === undefined ? undefined : parseManifest(text.toString('utf8'), report.record);
  }

  /** Repairs the leftovers beside every file the record lists as pending, folder by folder. */
  private async repairPending(pending: string[], rootNames: Set<string>): Promise<void> {
    for (const folder of new Set(pending.map((p) => path.posix.dirname(p)))) {
      const names = folder === '/' ? rootNames : new Set(await this.session.run((r) => r.list(folder)) ?? []);
      for (const p of pending.filter((q) => path.posix.dirname(q) === folder)) {
        await this.session.run((r) => repairBeside(r, p, names, this.report.recovered));
      }
    }
  }

  /** The report of a dry run: what the plan would upload, replace and delete. */
  dryRunReport(plan: Plan): DeployReport {
    const { report } = this;
    for (const u of plan.uploads) (u.replaces ? report.replaced : report.uploaded).push(u.local.path);
    report.deleted = plan.deletions;
    report.retired = Object.keys(plan.retired);
    report.bytes = plan.uploads.reduce((n, u) => n + u.local.bytes, 0);
    return report;
  }

  /**
   * Step "read back" (DeployOptions.readBack): reads every file the plan does not upload back from
   * the server, over all connections, and adds each that is missing or differs to the uploads.
   */
  async readBack(plan: Plan): Promise<void> {
    const sending = new Set(plan.uploads.map((u) => u.local.path));
    const queue = [...plan.local.values()].filter((f) => !sending.has(f.path));
    await this.openExtraConnections(queue.length);
    const differed: LocalFile[] = [];
    await Promise.all(this.sessions.map(async (via) => {
      for (let f = queue.shift(); f; f = queue.shift()) {
        const file = f;
        const there = await via.run((r) => r.read(file.path));
        this.report.readBack++;
        if (there && sha256(there) === file.hash) continue;
        differed.push(file);
        this.onEvent({ type: 'differs', path: file.path, missing: !there });
      }
    }));
    for (const file of differed) plan.uploads.push({ local: file, phase: phaseOf(file.path), replaces: true });
    plan.uploads.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || (a.local.path < b.local.path ? -1 : 1));
    plan.unchanged -= differed.length;
    this.report.unchanged = plan.unchanged;
    this.report.differed = differed.map((f) => f.path).sort();
  }

  /** Step "claim": what is about to change is no longer claimed by the record, but stays the deploy's own. */
  async claim(plan: Plan): Promise<void> {
    if (!plan.uploads.length) return;
    for (const u of plan.uploads) {
      delete this.state.files[u.local.path];
      this.pending.add(u.local.path);
    }
    await this.save();
  }

  /**
   * Step "upload": phase after phase, each file to a temporary name and renamed into place, over
   * up to target.connections connections at once (extra ones the server refuses are done without).
   * @throws DeployError when aborted (after saving what arrived), or the first upload's failure
   */
  async upload(plan: Plan): Promise<void> {
    await this.openExtraConnections(plan.uploads.length);
    let failure: unknown;
    const { signal } = this.options;
    for (const phase of PHASES) {
      const queue = plan.uploads.filter((u) => u.phase === phase);
      await Promise.all(this.sessions.map(async (via) => {
        for (let u = queue.shift(); u && failure === undefined && !signal?.aborted; u = queue.shift()) {
          await this.uploadOne(plan, u, via).catch((err) => { failure ??= err; });
        }
      }));
      if (failure !== undefined) throw failure;
      if (signal?.aborted) {
        if (this.progress.sinceCheckpoint) await this.save();
        throw new DeployError(`Stopped after ${this.progress.done} of ${plan.uploads.length} uploads; the live site is consistent. Run the deploy again to finish: what arrived is not sent again.`);
      }
    }
  }

  /** Opens up to target.connections - 1 more connections for `uploads` files; stops at the first the server refuses. */
  private async openExtraConnections(uploads: number): Promise<void> {
    const wanted = Math.min(this.options.target.connections, uploads);
    for (let i = this.sessions.length; i < wanted; i++) {
      const extra = this.newSession();
      if (!(await extra.tryOpen())) break;
      this.sessions.push(extra);
    }
    this.report.connections = this.sessions.length;
  }

  /** Uploads one file of the plan over `via`, records it, and saves a checkpoint when one is due. */
  private async uploadOne(plan: Plan, u: Upload, via: Session): Promise<void> {
    const { report, progress } = this;
    const file = u.local;
    const total = plan.uploads.length;
    const bytesTotal = plan.uploads.reduce((n, x) => n + x.local.bytes, 0);
    this.onEvent({ type: 'begin', path: file.path, phase: u.phase, done: progress.done, total, bytesDone: report.bytes, bytesTotal });
    const data = await readFile(file.file, { flag: READ_NO_FOLLOW });
    if (sha256(data) !== file.hash) {
      throw new DeployError(`${file.file} changed during the deploy (a build running at the same time?): run the deploy again.`);
    }
    if (!(await this.send(file, data, u.replaces || report.firstDeploy, via))) return;
    this.state.files[file.path] = file.hash;
    this.pending.delete(file.path);
    report.bytes += data.length;
    (u.replaces ? report.replaced : report.uploaded).push(file.path);
    progress.done++;
    progress.sinceCheckpoint++;
    this.onEvent({ type: 'file', action: u.replaces ? 'replace' : 'upload', path: file.path, bytes: data.length, done: progress.done, total });
    const due = progress.sinceCheckpoint >= CHECKPOINT_FILES || performance.now() - progress.lastCheckpoint >= CHECKPOINT_MS;
    if (due && progress.done < total && !progress.checkpointing) {
      progress.checkpointing = true;
      progress.sinceCheckpoint = 0;
      try {
        await this.save(via);
      } finally {
        progress.checkpointing = false;
        progress.lastCheckpoint = performance.now();
      }
      this.onEvent({ type: 'checkpoint', recorded: Object.keys(this.state.files).length, total: plan.local.size });
    }
  }

  /**
   * Puts `data` at `file.path` over `via`: to a temporary name, renamed into place.
   * @returns false when the server refused a dot-file by its dot-name rule (noted in report.refused)
   */
  private async send(file: LocalFile, data: Buffer, mayExist: boolean, via: Session): Promise<boolean> {
    try {
      await this.ensureDir(path.posix.dirname(file.path), via);
      await via.run(async (r, attempt) => {
        if (attempt > 1) await repairAgain(r, file.path, this.report.recovered);
        const tmp = temporaryName(file.path, this.plain, 'deploy-tmp', this.report.runId);
        await r.write(tmp, data);
        await this.putInPlace(r, tmp, file.path, mayExist);
      });
      return true;
    } catch (e) {
      if (!this.dotRefused(file.path, e)) throw e;
      // Put there some other way (the host's file manager) with this content, it counts as arrived.
      const there = await via.run((r) => r.read(file.path)).catch(() => undefined);
      if (!there || sha256(there) !== file.hash) return false;
      this.report.refused.pop();
      return true;
    }
  }

  /**
   * Makes `dir` and its parents once per run, over `via`.
   * @throws DeployError naming the file of that name on the server, when there is one (a folder cannot be made there)
   */
  private ensureDir(dir: string, via: Session): Promise<void> {
    let made = this.dirs.get(dir);
    if (!made) {
      made = this.ensureDir(path.posix.dirname(dir), via).then(() => via.run(async (r) => {
        try {
          await r.mkdir(dir);
        } catch (e) {
          if (!(e instanceof DeployError)) throw e;
          const names = await r.list(path.posix.dirname(dir));
          if (names?.includes(path.posix.basename(dir))) throw new DeployError(collision(dir, 'file'));
          throw e;
        }
      }));
      this.dirs.set(dir, made);
    }
    return made;
  }

  /** A dot-file (or stale one to delete) the server refused by its dot-name rule: noted, not fatal. */
  private dotRefused(sitePath: string, e: unknown): boolean {
    if (!(this.plain && isDotPath(sitePath) && e instanceof ServerRefusal && (isDotNameRefusal(e) || e.code === 553))) return false;
    this.report.refused.push({ path: sitePath, reply: e.reply });
    return true;
  }

  /**
   * Renames the uploaded `tmp` to `target`. Where the server will not rename over a file, the
   * old one is moved aside first and deleted after; should the second rename fail, it is put back.
   * @param mayExist false when `target` is known to be new (skips moving aside on such a server)
   */
  private async putInPlace(r: Remote, tmp: string, target: string, mayExist: boolean): Promise<void> {
    let refusal: ServerRefusal | undefined;
    if (!this.noOverwrite || !mayExist) {
      try {
        return await r.rename(tmp, target);
      } catch (e) {
        // Servers word a folder in the way as a refusal (550) or as a local error (Pure-FTPd: 451).
        if (!(e instanceof DeployError)) throw e;
        await this.refuseFolderAt(r, tmp, target);
        if (!(e instanceof ServerRefusal)) throw e;
        refusal = e;
      }
    }
    const aside = temporaryName(target, this.plain, 'deploy-old', this.report.runId);
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
    if (!this.noOverwrite) {
      this.noOverwrite = true;
      this.onEvent({ type: 'host-rule', rule: 'no-overwrite', reply: refusal?.reply ?? '' });
    }
    try {
      await r.remove(aside);
    } catch (e) {
      // What was moved aside was a folder (a server that renames folders as files): everything goes back.
      if (!(e instanceof DeployError) || (await r.list(aside)) === undefined) throw e;
      await r.rename(target, tmp);
      await r.rename(aside, target);
      await this.refuseFolderAt(r, tmp, target);
      throw e;
    }
  }

  /**
   * Where renaming `tmp` to `target` failed: when `target` is a folder (the owner's, never the
   * deploy's: it only makes folders for files), deletes `tmp` and throws the DeployError that says so.
   */
  private async refuseFolderAt(r: Remote, tmp: string, target: string): Promise<void> {
    if ((await r.list(target)) === undefined) return;
    await r.remove(tmp);
    throw new DeployError(collision(target, 'folder'));
  }

  /** Writes the record as the state is now, over `via` (a session not busy with a file). */
  private async save(via: Session = this.session): Promise<void> {
    const { report } = this;
    await this.serverLock?.refresh(via);
    this.state.pending = [...this.pending];
    const body = Buffer.from(serializeManifest(this.state));
    await via.run(async (r, attempt) => {
      if (attempt > 1) await repairAgain(r, report.record, report.recovered);
      const tmp = temporaryName(report.record, this.plain, 'deploy-tmp', report.runId);
      try {
        await r.write(tmp, body);
      } catch (e) {
        if (this.plain || !(e instanceof ServerRefusal)) throw e;
        return await this.saveUnderPlainName(r, body, e);
      }
      await this.putInPlace(r, tmp, report.record, true);
    });
    report.manifestWrites++;
    report.manifestBytes += body.length;
  }

  /**
   * The record's write was refused: if its plain name is taken, the server refuses names starting
   * with a dot; from then on the record has its plain name and temporary names have no dot.
   * @throws `refusal` when the plain name is refused too
   */
  private async saveUnderPlainName(r: Remote, body: Buffer, refusal: ServerRefusal): Promise<void> {
    const { report } = this;
    const plainTmp = temporaryName(DEPLOY_MANIFEST_PLAIN, true, 'deploy-tmp', report.runId);
    await r.write(plainTmp, body).catch(() => { throw refusal; });
    this.plain = true;
    const old = report.record;
    report.record = DEPLOY_MANIFEST_PLAIN;
    this.onEvent({ type: 'host-rule', rule: 'no-dot-names', reply: refusal.reply, record: DEPLOY_MANIFEST_PLAIN });
    await this.putInPlace(r, plainTmp, DEPLOY_MANIFEST_PLAIN, true);
    if (this.recordText) await r.remove(old).catch(() => {}); // the dot-named record, now stale, where the server lets it go
  }

  /**
   * Step "swap": the record of the new build (stale files marked pending), then the deletions
   * (pages first), the folders they leave empty, and the record once more.
   */
  async swap(plan: Plan): Promise<void> {
    const { report, session } = this;
    for (const d of plan.deletions) {
      delete this.state.files[d];
      delete this.state.retired![d];
      this.pending.add(d);
    }
    const retiredBefore = JSON.stringify(this.state.retired);
    for (const p of Object.keys(this.state.retired!)) if (plan.local.has(p)) delete this.state.retired![p];
    for (const [p, hash] of Object.entries(plan.retired)) {
      delete this.state.files[p];
      this.state.retired![p] = hash;
    }
    report.retired = Object.keys(plan.retired).sort();
    if (plan.uploads.length || plan.deletions.length || JSON.stringify(this.state.retired) !== retiredBefore) await this.save();
    for (const [i, d] of plan.deletions.entries()) {
      try {
        await session.run((r) => r.remove(d));
      } catch (e) {
        if (!this.dotRefused(d, e)) throw e;
        continue;
      }
      this.pending.delete(d);
      report.deleted.push(d);
      this.onEvent({ type: 'file', action: 'delete', path: d, bytes: 0, done: i + 1, total: plan.deletions.length });
    }
    if (!plan.deletions.length) return;
    const keep = new Set([...plan.local.keys(), ...this.pending].flatMap(ancestors));
    const emptied = [...new Set(plan.deletions.flatMap(ancestors))].filter((dir) => !keep.has(dir));
    emptied.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
    for (const dir of emptied) await session.run((r) => r.removeEmptyDir(dir));
    await this.save();
  }

  /**
   * Step "verify": the live check, when asked for, every file of the build compared with what is
   * served; a file that differs is uploaded again once, over the first connection (the others are
   * closed first), still under the lock.
   */
  async verify(plan: Plan): Promise<void> {
    if (!this.options.liveCheck) return;
    this.report.ms = performance.now() - this.t0;
    await Promise.all(this.sessions.slice(1).map((s) => s.close()));
    const repair = async (files: string[]) => {
      for (const p of files) {
        const file = plan.local.get(p);
        if (!file) continue;
        const data = await readFile(file.file, { flag: READ_NO_FOLLOW });
        if (sha256(data) !== file.hash) throw new DeployError(`${file.file} changed during the deploy (a build running at the same time?): run the deploy again.`);
        await this.send(file, data, true, this.session);
      }
    };
    this.report.live = await checkLive(this.options.dir, { ...this.options.liveCheck, repair });
  }

  /** Closes every connection; notes the wall time if not yet noted. */
  async close(): Promise<void> {
    this.report.ms ||= performance.now() - this.t0;
    await this.serverLock?.release();
    await Promise.all(this.sessions.map((s) => s.close()));
  }
}

/**
 * The message of a name the server holds as the other kind than the site needs: a folder where the
 * site has a file, or a file where it needs a folder. The deploy deletes only what its own record
 * lists, and it never deletes a folder's contents, so the owner decides.
 * @param sitePath the site's file, or the folder it needs
 * @param there what the server has under that name
 */
function collision(sitePath: string, there: 'file' | 'folder'): string {
  const name = sitePath.slice(1);
  const needs = there === 'folder' ? 'a file' : 'a folder';
  return `The server has a ${there} named ${name} where the site has ${needs}: the deploy never deletes what it did not put there. Move or delete that ${there} on the server (your host's file manager or an FTP client), then deploy again; what arrived so far is kept.`;
}

/**
 * `e` with the values it carries masked (maskSecret with `secret`): names and paths, a server's
 * reply, the server's identity, another run's description. Its messages (retries, warnings) are
 * the deploy's own lines, whose values were masked as they were made.
 */
function maskEvent(e: DeployEvent, secret: string | undefined): DeployEvent {
  if (!secret) return e;
  const m = (value: string) => maskSecret(value, secret);
  switch (e.type) {
    case 'connected': return { ...e, identity: e.identity === undefined ? undefined : m(e.identity) };
    case 'recovered': return { ...e, restored: e.restored.map(m), removed: e.removed.map(m) };
    case 'found': return { ...e, names: e.names.map(m), replaced: e.replaced.map(m) };
    case 'host-rule': return { ...e, reply: m(e.reply) };
    case 'begin': case 'file': case 'differs': return { ...e, path: m(e.path) };
    case 'lock-wait': case 'lock-taken-over': return { ...e, owner: m(e.owner) };
    default: return e;
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
 * @param t the target as messages quote it (shownTarget)
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
