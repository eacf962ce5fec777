/**
 * The deploy: makes the server's folder hold the built site without a visitor ever meeting a
 * broken page, sending only what changed and deleting only what an earlier deploy put there (its
 * record on the server: lib/deploy/deploy-plan.ts DeployRecord). deploy() runs its steps in order,
 * each a function over the run's state (Run). Transient failures (a dropped connection, a timeout)
 * are retried by the Session; a refusal (an FTP 5xx reply) is not.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN, NOT_FOUND_PAGE, REDIRECTS, SECURITY_HEADERS } from '../site-files/hosting.ts';
import {
  DEPLOY_RECORDS, RUN_ID, hashSite, isDotPath, leftoverNames, parseRecord, phaseOf, PHASES, planDeploy, serializeRecord,
  type DeployRecord, type LocalFile, type Phase, type Plan,
} from './deploy-plan.ts';
import { isDotNameRefusal, openRemote, ServerRefusal, type Remote } from './deploy-remote.ts';
import { LOCK_DIR, LOCK_DIR_PLAIN, ServerLock, type LockEvent } from './deploy-lock.ts';
import { collision, repairBeside, Session, type HostRules, type Recovered } from './deploy-session.ts';
import { DeployError, describeTarget, maskSecret, shownTarget, type DeployTarget } from './deploy-target.ts';
import { deletedPageWarnings, saveRecordCopy } from './record-copy.ts';
import { checkLive, type LiveCheckOptions, type LiveCheckResult } from './live-check.ts';

/** Files uploaded between two saves of the record, at most (a save is one small upload). */
const CHECKPOINT_FILES = 25;

/** Something a progress display may show. */
export type DeployEvent =
  | { type: 'connected'; identity?: string }
  /** An interrupted deploy's leftovers, dealt with before anything was written. */
  | { type: 'recovered'; restored: string[]; removed: string[] }
  /** First deploy into a folder that holds things: what is there; `replaced`: those the site overwrites. */
  | { type: 'found'; names: string[]; replaced: string[] }
  /** A rule of the server the deploy works around, told once: it will not rename over a file (old files are moved aside), or refuses names starting with a dot (the record is `record`, temporary names have no dot). */
  | { type: 'host-rule'; rule: 'no-overwrite'; reply: string }
  | { type: 'host-rule'; rule: 'no-dot-names'; reply: string; record: string }
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
  /** Plan and report only: reads the server's record and folder listing, writes nothing. */
  dryRun?: boolean;
  onEvent?: (event: DeployEvent) => void;
  /** When aborted (Ctrl+C), the deploy stops after the current file, saving what arrived. */
  signal?: AbortSignal;
  /** Opens a Remote for the target (default openRemote; tests wrap it to count requests). */
  open?: (target: DeployTarget) => Remote;
  /** After the upload (not in a dry run), read the live site back (lib/deploy/live-check.ts), uploading once more a file that differs. */
  liveCheck?: LiveCheckOptions;
  /** `--verify`: before uploading, read every file back over FTP/SFTP, uploading each that is missing or differs, whatever the record says. */
  readBack?: boolean;
  /** Where to keep a local copy of the record once every page is on the server (lib/deploy/record-copy.ts); failing to is a warning. */
  recordCopy?: string;
  /** A seam for tests: this run's id (8 characters of [0-9a-z]) instead of a random one; else deploy() throws DeployError. */
  runId?: string;
}

export interface DeployReport {
  dryRun: boolean;
  /** This run's id: 8 characters of [0-9a-z], in its temporary names. */
  runId: string;
  /** Site paths uploaded that were not there before, uploaded over an earlier deploy's file, deleted (all from the previous record). */
  uploaded: string[];
  replaced: string[];
  deleted: string[];
  /** Content-hashed files the build no longer has, kept on the server for one more deploy (DeployRecord.retired). */
  retired: string[];
  /** Local files already on the server with the same content. */
  unchanged: number;
  /** With readBack: files missing or with other bytes (uploaded again), and how many files were read back. */
  differed: string[];
  readBack: number;
  /** Bytes of site files sent (the record not included); uploads of the record and their bytes. */
  bytes: number;
  recordWrites: number;
  recordBytes: number;
  /** The record's site path on this server (DEPLOY_MANIFEST, or DEPLOY_MANIFEST_PLAIN where dot-names are refused). */
  record: string;
  /** Leftovers of an interrupted deploy: files moved aside and put back, temporary names deleted. */
  recovered: Recovered;
  /** Dot-files the server refused to take (or, for stale ones, to delete), with its reply. */
  refused: { path: string; reply: string }[];
  /** First deploy only: what the folder already held (left as it is), folders with a trailing "/". */
  found: string[];
  /** True when there was no record on the server. */
  firstDeploy: boolean;
  /** Wall time in ms (the live check not included). */
  ms: number;
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
 * Deploys `options.dir` to `options.target`: logs in (checking the server's identity), takes the
 * server's lock (lib/deploy/deploy-lock.ts; not in a dry run), then the steps below, each a
 * function of this module. A server refusing names that start with a dot (Pure-FTPd `-x`) is found
 * by the record's first write: the record then takes its plain name, temporary names lose their
 * dot, and the dot-files it refuses (.htaccess) end the deploy in a PartialDeployError naming them.
 * @returns what was (or, with dryRun, would be) uploaded, replaced and deleted
 * @throws DeployError with one line for the operator (login refused, unreachable, timeout after
 *   retries, TLS, missing or unwritable folder, quota, a refusal in the server's words, an
 *   unreadable record, Ctrl+C); PartialDeployError when everything else is deployed but the
 *   server refused dot-files
 */
export async function deploy(options: DeployOptions): Promise<DeployReport> {
  const run = startRun(options);
  const [session] = run.sessions;
  try {
    const local = await hashSite(options.dir);
    await session.run(async () => {});
    run.tell({ type: 'connected', identity: session.remote.identity?.() });
    if (!options.dryRun) {
      const t = options.target;
      run.lock = new ServerLock(session, run.rules, { waitMs: t.lockWaitMs, staleMs: t.lockStaleMs }, run.tell);
      await run.lock.take();
    }
    const plan = await readPlan(run, local);
    // A live page about to be deleted with no redirect: said before anything changes (the deploy goes on).
    for (const message of deletedPageWarnings(options.dir, plan.deletions)) run.tell({ type: 'warning', message });
    if (options.readBack) await readBack(run, plan);
    if (options.dryRun) return dryRunReport(run, plan);
    await claim(run, plan);
    await upload(run, plan);
    await swap(run, plan);
    if (options.recordCopy) {
      await saveRecordCopy(options.recordCopy, { ...run.record, pending: [...run.record.pending] }, describeTarget(options.target)).catch((e: Error) =>
        run.tell({ type: 'warning', message: `Warning: could not keep the deploy's record in ${options.recordCopy} (${e.message}): npm run check cannot name the pages this deploy published until the next deploy writes it.` }));
    }
    if (run.report.refused.length) throw new PartialDeployError(dotFilesRefused(shownTarget(options.target), run.report), run.report);
    await verify(run, plan);
    return run.report;
  } finally {
    await close(run);
  }
}

/** One deploy's state, which each step reads and changes. */
interface Run {
  readonly options: DeployOptions;
  /** Tells the caller, the values in the event masked. */
  readonly tell: (e: DeployEvent) => void;
  readonly report: DeployReport;
  readonly t0: number;
  /** The connections: the first one (listing, record, deletions), then the uploads' extra ones. */
  readonly sessions: Session[];
  /** The run id and whether the server renames over a file, shared with the lock. */
  readonly rules: HostRules;
  /** The server refuses names starting with a dot (learned from the record's name or first write). */
  plain: boolean;
  /** What the record says: files there with that content, files pending, files kept one more deploy. */
  readonly record: { files: Record<string, string>; pending: Set<string>; retired: Record<string, string> };
  /** Folders made (or being made) this run. */
  readonly dirs: Map<string, Promise<void>>;
  /** Files uploaded; uploaded since the last save of the record; whether a save is under way. */
  readonly progress: { done: number; sinceSave: number; saving: boolean };
  lock?: ServerLock;
}

function startRun(options: DeployOptions): Run {
  if (options.runId !== undefined && !RUN_ID.test(options.runId)) throw new DeployError(`The run id must be 8 characters of 0-9 and a-z (got "${options.runId}").`);
  const told = options.onEvent ?? (() => {});
  const tell = (e: DeployEvent) => told(maskEvent(e, options.target.password));
  const report: DeployReport = {
    dryRun: Boolean(options.dryRun), runId: options.runId ?? newRunId(), uploaded: [], replaced: [], deleted: [], retired: [], unchanged: 0, differed: [], readBack: 0, bytes: 0,
    recordWrites: 0, recordBytes: 0, record: DEPLOY_MANIFEST, recovered: { restored: [], removed: [] }, refused: [], found: [], firstDeploy: false, ms: 0,
  };
  const rules: HostRules = { runId: report.runId, noOverwrite: false, onNoOverwrite: (reply) => tell({ type: 'host-rule', rule: 'no-overwrite', reply }) };
  const run: Run = {
    options, tell, report, t0: performance.now(), sessions: [], rules, plain: false, record: { files: {}, pending: new Set(), retired: {} },
    dirs: new Map([['/', Promise.resolve()]]), progress: { done: 0, sinceSave: 0, saving: false },
  };
  run.sessions.push(newSession(run));
  return run;
}

function newSession(run: Run): Session {
  const open = run.options.open ?? openRemote;
  return new Session(open(run.options.target), (note) => run.tell({ type: 'retry', ...note }), run.options.target.password);
}

/** Step "plan": repairs what a cut deploy left (not in a dry run), reads the record, compares it with the build. */
async function readPlan(run: Run, local: Map<string, LocalFile>): Promise<Plan> {
  const { report, options } = run;
  const [session] = run.sessions;
  const rootNames = new Set(await session.run((r) => r.list('/')) ?? []);
  for (const lock of [LOCK_DIR, LOCK_DIR_PLAIN]) rootNames.delete(`${lock.slice(1)}/`);
  if (!options.dryRun) {
    for (const name of DEPLOY_RECORDS) await session.run((r) => repairBeside(r, name, rootNames, report.recovered));
  }
  const previous = await readRecord(run, rootNames);
  report.firstDeploy = previous === undefined;
  if (!options.dryRun && previous?.pending.length) await repairPending(run, previous.pending, rootNames);
  if (report.recovered.restored.length || report.recovered.removed.length) run.tell({ type: 'recovered', ...report.recovered });
  if (!previous) {
    report.found = [...rootNames].sort();
    if (report.found.length) run.tell({ type: 'found', names: report.found, replaced: report.found.filter((n) => local.has(`/${n}`)) });
  }
  const plan = planDeploy(local, previous);
  report.unchanged = plan.unchanged;
  run.plain = report.record === DEPLOY_MANIFEST_PLAIN;
  Object.assign(run.record.files, previous?.files);
  Object.assign(run.record.retired, previous?.retired);
  for (const p of previous?.pending ?? []) run.record.pending.add(p);
  // A kept file the build has again, with the same content: the build's own once more.
  for (const [p, hash] of Object.entries(previous?.retired ?? {})) {
    if (local.get(p)?.hash === hash) run.record.files[p] = hash;
  }
  return plan;
}

/**
 * The server's record; the plain name wins (it is only ever written where the dot-name was
 * refused, so it is the newer one). A dry run, which repairs nothing, reads a record an
 * interrupted run moved aside where it is.
 * @returns undefined when there is none (a first deploy)
 */
async function readRecord(run: Run, rootNames: Set<string>): Promise<DeployRecord | undefined> {
  const { report } = run;
  for (const name of rootNames.has(DEPLOY_MANIFEST_PLAIN.slice(1)) ? [DEPLOY_MANIFEST_PLAIN, DEPLOY_MANIFEST] : [DEPLOY_MANIFEST]) {
    const parked = run.options.dryRun ? leftoverNames(name, 'deploy-old', rootNames) : [];
    for (const at of [name, ...parked]) {
      // A server that will not even show dot-files (Pure-FTPd -X) cannot have the dot-named record read.
      const text = await run.sessions[0].run((r) => r.read(at)).catch((e) => {
        if (e instanceof ServerRefusal && isDotNameRefusal(e)) return undefined;
        throw e;
      });
      if (!text) continue;
      report.record = name;
      return parseRecord(text.toString('utf8'), name);
    }
  }
  return undefined;
}

/** Repairs the leftovers beside every file the record lists as pending, folder by folder. */
async function repairPending(run: Run, pending: string[], rootNames: Set<string>): Promise<void> {
  const [session] = run.sessions;
  for (const folder of new Set(pending.map((p) => path.posix.dirname(p)))) {
    const names = folder === '/' ? rootNames : new Set(await session.run((r) => r.list(folder)) ?? []);
    for (const p of pending.filter((q) => path.posix.dirname(q) === folder)) {
      await session.run((r) => repairBeside(r, p, names, run.report.recovered));
    }
  }
}

/** The report of a dry run: what the plan would upload, replace and delete. */
function dryRunReport(run: Run, plan: Plan): DeployReport {
  const { report } = run;
  for (const u of plan.uploads) (u.replaces ? report.replaced : report.uploaded).push(u.local.path);
  report.deleted = plan.deletions;
  report.retired = Object.keys(plan.retired);
  report.bytes = plan.uploads.reduce((n, u) => n + u.local.data.length, 0);
  return report;
}

/** Step "read back" (DeployOptions.readBack): every file the plan does not upload, missing or differing, joins the uploads. */
async function readBack(run: Run, plan: Plan): Promise<void> {
  const sending = new Set(plan.uploads.map((u) => u.local.path));
  const queue = [...plan.local.values()].filter((f) => !sending.has(f.path));
  await openExtraConnections(run, queue.length);
  const differed: LocalFile[] = [];
  await Promise.all(run.sessions.map(async (via) => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const path = file.path;
      const there = await via.run((r) => r.read(path));
      run.report.readBack++;
      if (there && sha256(there) === file.hash) continue;
      differed.push(file);
      run.tell({ type: 'differs', path, missing: !there });
    }
  }));
  for (const file of differed) plan.uploads.push({ local: file, phase: phaseOf(file.path), replaces: true });
  plan.uploads.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || (a.local.path < b.local.path ? -1 : 1));
  plan.unchanged -= differed.length;
  run.report.unchanged = plan.unchanged;
  run.report.differed = differed.map((f) => f.path).sort();
}

/** Step "claim": what is about to change is no longer claimed by the record, but stays the deploy's own. */
async function claim(run: Run, plan: Plan): Promise<void> {
  if (!plan.uploads.length) return;
  for (const u of plan.uploads) {
    delete run.record.files[u.local.path];
    run.record.pending.add(u.local.path);
  }
  await saveRecord(run);
}

/**
 * Step "upload": phase after phase, each file put in place, over up to target.connections
 * connections at once (extra ones the server refuses are done without).
 * @throws DeployError when aborted (after saving what arrived), or the first upload's failure
 */
async function upload(run: Run, plan: Plan): Promise<void> {
  await openExtraConnections(run, plan.uploads.length);
  let failure: unknown;
  const { signal } = run.options;
  for (const phase of PHASES) {
    const queue = plan.uploads.filter((u) => u.phase === phase);
    await Promise.all(run.sessions.map(async (via) => {
      for (let u = queue.shift(); u && failure === undefined && !signal?.aborted; u = queue.shift()) {
        await uploadOne(run, plan, u.local, u.replaces, via).catch((err) => { failure ??= err; });
      }
    }));
    if (failure !== undefined) throw failure;
    if (signal?.aborted) {
      if (run.progress.sinceSave) await saveRecord(run);
      throw new DeployError(`Stopped after ${run.progress.done} of ${plan.uploads.length} uploads; the live site is consistent. Run the deploy again to finish: what arrived is not sent again.`);
    }
  }
}

/** Opens up to target.connections - 1 more connections for `files` files; stops at the first the server refuses. */
async function openExtraConnections(run: Run, files: number): Promise<void> {
  const wanted = Math.min(run.options.target.connections, files);
  for (let i = run.sessions.length; i < wanted; i++) {
    const extra = newSession(run);
    if (!(await extra.tryOpen())) break;
    run.sessions.push(extra);
  }
}

/** Uploads one file of the plan over `via`, records it, and saves the record when a checkpoint is due. */
async function uploadOne(run: Run, plan: Plan, file: LocalFile, replaces: boolean, via: Session): Promise<void> {
  const { report, progress } = run;
  const total = plan.uploads.length;
  const bytesTotal = plan.uploads.reduce((n, x) => n + x.local.data.length, 0);
  run.tell({ type: 'begin', path: file.path, phase: phaseOf(file.path), done: progress.done, total, bytesDone: report.bytes, bytesTotal });
  const { data } = file;
  if (!(await send(run, file, replaces || report.firstDeploy, via))) return;
  run.record.files[file.path] = file.hash;
  run.record.pending.delete(file.path);
  report.bytes += data.length;
  (replaces ? report.replaced : report.uploaded).push(file.path);
  progress.done++;
  progress.sinceSave++;
  run.tell({ type: 'file', action: replaces ? 'replace' : 'upload', path: file.path, bytes: data.length, done: progress.done, total });
  if (progress.sinceSave < CHECKPOINT_FILES || progress.done === total || progress.saving) return;
  progress.saving = true;
  progress.sinceSave = 0;
  try {
    await saveRecord(run, via);
  } finally {
    progress.saving = false;
  }
  run.tell({ type: 'checkpoint', recorded: Object.keys(run.record.files).length, total: plan.local.size });
}

/** Puts `file` on the server over `via`, its folder made first. @returns false for a dot-file refused by the dot-name rule (report.refused) */
async function send(run: Run, file: LocalFile, mayExist: boolean, via: Session): Promise<boolean> {
  try {
    await ensureDir(run, path.posix.dirname(file.path), via);
    await via.put(file.path, file.data, run.rules, run.plain, mayExist);
    return true;
  } catch (e) {
    if (!dotRefused(run, file.path, e)) throw e;
    // Put there some other way (the host's file manager) with this content, it counts as arrived.
    const there = await via.run((r) => r.read(file.path)).catch(() => undefined);
    if (!there || sha256(there) !== file.hash) return false;
    run.report.refused.pop();
    return true;
  }
}

/**
 * Makes `dir` and its parents once per run, over `via`.
 * @throws DeployError naming the file of that name on the server, when there is one (a folder cannot be made there)
 */
function ensureDir(run: Run, dir: string, via: Session): Promise<void> {
  let made = run.dirs.get(dir);
  if (!made) {
    made = ensureDir(run, path.posix.dirname(dir), via).then(() => via.run(async (r) => {
      try {
        await r.createDir(dir);
      } catch (e) {
        if (!(e instanceof DeployError)) throw e;
        const names = await r.list(path.posix.dirname(dir));
        if (names?.includes(path.posix.basename(dir))) throw new DeployError(collision(dir, 'file'));
        throw e;
      }
    }));
    run.dirs.set(dir, made);
  }
  return made;
}

/** A dot-file (or stale one to delete) the server refused by its dot-name rule: noted, not fatal. */
function dotRefused(run: Run, sitePath: string, e: unknown): boolean {
  if (!(run.plain && isDotPath(sitePath) && e instanceof ServerRefusal && isDotNameRefusal(e))) return false;
  run.report.refused.push({ path: sitePath, reply: e.reply });
  return true;
}

/**
 * Writes the record as the run's state says now, over `via` (a session not busy with a file), and
 * refreshes the lock when due. Where its first write is refused and the plain name is taken, the
 * server refuses names starting with a dot: from then on the record has its plain name and
 * temporary names have no dot.
 */
async function saveRecord(run: Run, via: Session = run.sessions[0]): Promise<void> {
  const { report } = run;
  await run.lock?.refresh(via);
  const body = Buffer.from(serializeRecord(run.record));
  try {
    await via.put(report.record, body, run.rules, run.plain);
  } catch (e) {
    if (run.plain || !(e instanceof ServerRefusal) || e.command !== 'STOR') throw e;
    await via.put(DEPLOY_MANIFEST_PLAIN, body, run.rules, true).catch(() => { throw e; });
    run.plain = true;
    report.record = DEPLOY_MANIFEST_PLAIN;
    run.tell({ type: 'host-rule', rule: 'no-dot-names', reply: e.reply, record: DEPLOY_MANIFEST_PLAIN });
    // The dot-named record, now stale, where the server lets it go.
    if (!report.firstDeploy) await via.run((r) => r.remove(DEPLOY_MANIFEST)).catch(() => {});
  }
  report.recordWrites++;
  report.recordBytes += body.length;
}

/** Step "swap": the record of the new build (stale files pending), the deletions (pages first), emptied folders, the record again. */
async function swap(run: Run, plan: Plan): Promise<void> {
  const { report, record } = run;
  const [session] = run.sessions;
  for (const d of plan.deletions) {
    delete record.files[d];
    delete record.retired[d];
    record.pending.add(d);
  }
  const retiredBefore = JSON.stringify(record.retired);
  for (const p of Object.keys(record.retired)) if (plan.local.has(p)) delete record.retired[p];
  for (const [p, hash] of Object.entries(plan.retired)) {
    delete record.files[p];
    record.retired[p] = hash;
  }
  report.retired = Object.keys(plan.retired).sort();
  if (plan.uploads.length || plan.deletions.length || JSON.stringify(record.retired) !== retiredBefore) await saveRecord(run);
  for (const [i, d] of plan.deletions.entries()) {
    try {
      await session.run((r) => r.remove(d));
    } catch (e) {
      if (!dotRefused(run, d, e)) throw e;
      continue;
    }
    record.pending.delete(d);
    report.deleted.push(d);
    run.tell({ type: 'file', action: 'delete', path: d, bytes: 0, done: i + 1, total: plan.deletions.length });
  }
  if (!plan.deletions.length) return;
  const keep = new Set([...plan.local.keys(), ...record.pending].flatMap(ancestors));
  const emptied = [...new Set(plan.deletions.flatMap(ancestors))].filter((dir) => !keep.has(dir));
  emptied.sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
  for (const dir of emptied) await session.run((r) => r.removeEmptyDir(dir));
  await saveRecord(run);
}

/** Step "verify": the live check when asked for; a file that differs is uploaded again once, over the first connection, under the lock. */
async function verify(run: Run, plan: Plan): Promise<void> {
  if (!run.options.liveCheck) return;
  run.report.ms = performance.now() - run.t0;
  await Promise.all(run.sessions.slice(1).map((s) => s.close()));
  const repair = async (files: string[]) => {
    for (const file of files.map((p) => plan.local.get(p))) {
      if (file) await send(run, file, true, run.sessions[0]);
    }
  };
  run.report.live = await checkLive(run.options.dir, { ...run.options.liveCheck, repair });
}

/** Releases the lock and closes every connection; notes the wall time if not yet noted. */
async function close(run: Run): Promise<void> {
  run.report.ms ||= performance.now() - run.t0;
  await run.lock?.release();
  await Promise.all(run.sessions.map((s) => s.close()));
}

/** The fields of an event that quote values (names, paths, replies, identities, other runs), masked; its messages are masked as they are made. */
const QUOTED = new Set(['identity', 'restored', 'removed', 'names', 'replaced', 'reply', 'path', 'owner']);

/** `e` with the values it quotes masked (maskSecret with `secret`), the deploy's own words left as they are. */
function maskEvent(e: DeployEvent, secret: string | undefined): DeployEvent {
  if (!secret) return e;
  const m = (v: unknown): unknown => (typeof v === 'string' ? maskSecret(v, secret) : Array.isArray(v) ? v.map(m) : v);
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, QUOTED.has(k) ? m(v) : v])) as DeployEvent;
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
