/**
 * The deploy guarantees, proven against one real server per protocol (the test files start it):
 * three builds of the site (A: the project; B: one FAQ answer edited; C: B with one area page
 * removed and the business renamed, which changes every page and the site script; made once and
 * shared by the test files: test/helpers/deploy-builds.ts), deployed in turn to one folder on the server, which the tests read directly on disk.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'node-html-parser';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../lib/build/build-site.ts';
import { buildToFolder } from '../../build.ts';
import { deploy, type DeployEvent } from '../../lib/deploy/deploy.ts';
import { isKeptOneMoreDeploy, parseRecord, temporaryName, type DeployRecord } from '../../lib/deploy/deploy-plan.ts';
import { openRemote, type Remote } from '../../lib/deploy/deploy-remote.ts';
import { LOCK_DIR } from '../../lib/deploy/deploy-lock.ts';
import { DeployError, readTarget, type DeployTarget } from '../../lib/deploy/deploy-target.ts';
import { SERVICE_WORKER_PATH } from '../../islands/common/offline.ts';
import { DEPLOY_MANIFEST, REDIRECTS } from '../../lib/site-files/hosting.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { checkLinks, formatProblem, settingsLinksOut } from './links.ts';
import { resolveConfig } from '../../lib/config.ts';
import { sharedBuilds } from './deploy-builds.ts';

/** Every file under `dir`, dot-files included: site path -> SHA-256. */
export function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of fg.sync('**/*', { cwd: dir, dot: true, onlyFiles: true }).sort()) {
    out.set(`/${f}`, createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex'));
  }
  return out;
}

/** Paths whose content differs or that only `to` has. */
export function changed(from: Map<string, string>, to: Map<string, string>): string[] {
  return [...to].filter(([p, h]) => from.get(p) !== h).map(([p]) => p).sort();
}

/** The three builds, made once for the project's present state and shared by every test file (test/helpers/deploy-builds.ts). */
export interface Builds {
  /** The folder holding the three. */
  tmp: string;
  /** Shared by other test files and runs: removeBuilds leaves it. */
  shared: boolean;
  a: string;
  b: string;
  c: string;
  /** The area page C removes, e.g. "/areas/milan/". */
  removedArea: string;
}

/** Builds A, B and C into `dir` (a, b, c) and notes there the area page C removes (removed.json). */
async function buildThree(dir: string): Promise<void> {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  await buildToFolder({ config: { ...resolveConfig(), outDir: `${dir}/a` } });
  raw.services[0].faqs[0].answer += ' Call us to check.';
  await buildToFolder({ config: { ...resolveConfig(), outDir: `${dir}/b` }, content: raw });
  const gone = raw.communities.filter((c: any) => c.page && !['grants', 'acoma', 'gallup'].includes(c.slug)).at(-1);
  delete gone.page;
  raw.settings.name = 'Mesa Key Test Co';
  await buildToFolder({ config: { ...resolveConfig(), outDir: `${dir}/c` }, content: raw });
  writeFileSync(`${dir}/removed.json`, JSON.stringify(`/areas/${gone.slug}/`));
}

/** The three builds for the project's present state: from the cache, or made there now. */
export async function buildVariants(): Promise<Builds> {
  const { dir, shared } = await sharedBuilds(buildThree);
  const removedArea = JSON.parse(readFileSync(`${dir}/removed.json`, 'utf8')) as string;
  return { tmp: dir, shared, a: `${dir}/a`, b: `${dir}/b`, c: `${dir}/c`, removedArea };
}

/** Opens Remotes (one per connection) that record every file they write, as site paths. */
function recorder(): { written: string[]; open: (target: DeployTarget) => Remote } {
  const written: string[] = [];
  const open = (target: DeployTarget): Remote => {
    const remote = openRemote(target);
    return {
      connect: () => remote.connect(),
      close: () => remote.close(),
      read: (p) => remote.read(p),
      list: (p) => remote.list(p),
      write: (p, data) => { written.push(p); return remote.write(p, data); },
      rename: (from, to) => remote.rename(from, to),
      remove: (p) => remote.remove(p),
      removeEmptyDir: (p) => remote.removeEmptyDir(p),
      createDir: (p) => remote.createDir(p),
    };
  };
  return { written, open };
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

/**
 * Every variable the deploy reads, empty: a run's environment starts from these, so a developer's
 * own (or a .env file's) cannot add any. The local copy of the record goes to a file of this test
 * process in the temp folder, never the project's own (which `npm run check` reads).
 */
const DEPLOY_VARIABLES_UNSET = {
  DEPLOY_RECORD_COPY: path.join(os.tmpdir(), `deploy-record-copy-${process.pid}.json`),
  DEPLOY_PASSWORD: '', DEPLOY_KEY: '', DEPLOY_HOST_KEY: '', DEPLOY_INSECURE_TLS: '', DEPLOY_TIMEOUT_SECONDS: '', DEPLOY_CONNECTIONS: '',
  DEPLOY_SITE_URL: 'https://www.example.com', DEPLOY_LIVE_URL: '', DEPLOY_KNOWN_HOSTS: '', CI: '',
  DEPLOY_ALLOW_PLAIN_FTP: '', DEPLOY_TLS_FINGERPRINT: '', DEPLOY_ACCEPT_NEW_HOST_KEY: '', DEPLOY_LOCK_WAIT_SECONDS: '', DEPLOY_LOCK_STALE_MINUTES: '',
};

/**
 * Runs `scripts/deploy.ts --no-build` with exactly these deploy variables (a developer's .env
 * cannot add any: every DEPLOY_ variable is set, empty when unused; CI is unset unless `env` sets
 * it). Without DEPLOY_LIVE_URL in `env` it adds --no-live-check (the sample siteUrl is not online).
 * @param killWhen a test on the output so far; when it returns true the process is killed (SIGKILL),
 *   when it returns a signal's name ("SIGINT": Ctrl+C) that signal is sent, once
 * @param typed when given, the deploy runs on a terminal (a pseudo-terminal of util-linux's
 *   `script`) and this is typed into it; its output lines then lose their terminal escapes
 * @param piped with `typed`: the deploy's output goes through a pipe (`| cat`) while its input
 *   stays the terminal, as in `npm run deploy | tee log`
 */
export function runCli(args: string[], env: Record<string, string>, killWhen?: (lines: string[]) => boolean | NodeJS.Signals, typed?: string, piped = false): Promise<CliRun> {
  const base = DEPLOY_VARIABLES_UNSET;
  const live = env.DEPLOY_LIVE_URL ? [] : ['--no-live-check'];
  return new Promise((resolve) => {
    const command = [process.execPath, '--import', 'tsx', 'scripts/deploy.ts', '--no-build', ...live, ...args];
    const child = typed === undefined
      ? spawn(command[0], command.slice(1), { cwd: ROOT, env: { ...process.env, ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('script', ['-q', '-e', '-c', `${command.map((a) => `'${a}'`).join(' ')}${piped ? ' | cat' : ''}`, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...base, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    if (typed !== undefined) child.stdin!.end(typed);
    let out = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d) => {
      out += d;
      const kill = !sent && child.exitCode === null && killWhen?.(out.split('\n'));
      if (!kill) return;
      sent = true;
      child.kill(kill === true ? 'SIGKILL' : kill);
    });
    child.stderr.on('data', (d) => { stderr += d; });
    const clean = (text: string) => (typed === undefined ? text : text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r/g, ''));
    child.on('close', (code, signal) => resolve({ code, signal, lines: clean(out).split('\n').filter(Boolean), stderr }));
  });
}

/**
 * Deploys `dir` to the target of `env` in a process of its own that kills itself (SIGKILL) right
 * after the FTP server's positive reply to `moment` (test/helpers/deploy-killed.ts says the forms,
 * e.g. "STOR 30", "RNTO /keyword-corpus.json"); every other deploy variable is empty, as in runCli.
 */
export function runKilledDeploy(dir: string, env: Record<string, string>, moment: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/deploy-killed.ts', dir, moment], { cwd: ROOT, env: { ...process.env, ...DEPLOY_VARIABLES_UNSET, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let stderr = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code, signal) => resolve({ code, signal, lines: out.split('\n').filter(Boolean), stderr }));
  });
}

/** How a test file reaches its server. */
export interface ProtocolUnderTest {
  name: string;
  /** Deploy variables for a folder of the server (folder: as it appears in DEPLOY_TARGET's path). */
  env(folder: string): Record<string, string>;
  /** The same folder on this machine's disk. */
  disk(folder: string): string;
  /** Variables that log in with a wrong password, and that password. */
  wrongPassword(folder: string): { env: Record<string, string>; password: string };
  /** Makes the folder on disk writable for the server's user (a server whose sessions run as another user). */
  prepare?(dir: string): void;
}

/** The deploy target of `folder` as scripts/deploy.ts reads it from p.env (site URL https://www.example.com). */
function targetOf(p: ProtocolUnderTest, folder: string): DeployTarget {
  return readTarget({ ...p.env(folder), DEPLOY_SITE_URL: 'https://www.example.com' }, process.cwd())!;
}

/** Files the tests put on the server themselves: a deploy must never touch them. */
export const FOREIGN = ['/foreign.txt', '/cgi-bin/hello.cgi', '/.well-known/security.txt'];

/**
 * What deploySuite's tests share: the protocol, the builds and the server folder they deploy into.
 * `root` and `target` are set by the suite's `before` hook, so tests read them only while they run.
 */
interface DeployFolder {
  p: ProtocolUnderTest;
  builds: () => Builds;
  /** The folder as DEPLOY_TARGET's path names it. */
  folder: string;
  /** The same folder on this machine's disk. */
  root: string;
  /** The deploy target of the folder, with the site URL https://www.example.com. */
  target: DeployTarget;
  /** FOREIGN, and a file of the operator's in the area folder build C removes. */
  foreignIn(): string[];
  /** The server folder without the record, the foreign files and the scripts kept one more deploy (the record's `retired`). */
  served(): Map<string, string>;
  /** The deploy record on the server, parsed. */
  record(): DeployRecord;
}

/**
 * Registers and runs the deploy suite for one protocol.
 * @param options.sampleCheck false leaves out the test of the check that refuses the sample
 *   identity: it stops the command before any connection, so for a plain ftp:// target it runs the
 *   same on every server (test/deploy/proftpd.test.ts has it for them)
 */
export function deploySuite(p: ProtocolUnderTest, builds: () => Builds, options: { sampleCheck?: boolean } = {}): void {
  const s = suite(`deploy over ${p.name}`);
  const d: DeployFolder = {
    p,
    builds,
    folder: 'site',
    root: '',
    target: undefined as unknown as DeployTarget,
    foreignIn: () => [...FOREIGN, `${builds().removedArea}operator-notes.txt`],
    served: () => {
      const t = tree(d.root);
      t.delete(DEPLOY_MANIFEST);
      for (const f of d.foreignIn()) t.delete(f);
      for (const f of Object.keys(d.record().retired ?? {})) t.delete(f);
      return t;
    },
    record: () => parseRecord(readFileSync(path.join(d.root, DEPLOY_MANIFEST), 'utf8')),
  };

  s.before(() => {
    d.root = p.disk(d.folder);
    mkdirSync(d.root, { recursive: true });
    p.prepare?.(d.root);
    d.target = targetOf(p, d.folder);
  });

  libraryDeployTests(s, d);
  stoppedFirstDeployTest(s, d);
  collisionTest(s, d);
  interruptedDeployTests(s, d);
  refusalTests(s, d, options.sampleCheck ?? true);
  s.run();
}

/**
 * Deploys through the library, A then B: the first deploy into an empty folder equals build A, a
 * dry run of C changes nothing and lists what would change, and the one-page edit B uploads only
 * what changed while the foreign files stay.
 */
function libraryDeployTests(s: Test, d: DeployFolder): void {
  const { builds, served, record, foreignIn } = d;

  s('the first deploy into an empty folder equals the build byte for byte, .htaccess included', async () => {
    const remote = recorder();
    const report = await deploy({ dir: builds().a, target: d.target, open: remote.open });
    const built = tree(builds().a);
    assert.equal(Object.fromEntries(served()), Object.fromEntries(built));
    assert.ok(built.has('/.htaccess'));
    assert.equal(record().files, Object.fromEntries(built), 'the record lists every file with its hash');
    assert.equal(record().pending, []);
    assert.is(report.uploaded.length, built.size);
    assert.is(report.firstDeploy, true);
    assert.equal(report.found, []);
    assert.equal(fg.sync('**/*.deploy-tmp', { cwd: d.root, dot: true }), [], 'no temporary file left');
  });

  s('a dry run changes nothing and lists what would change', async () => {
    for (const f of foreignIn()) {
      mkdirSync(path.dirname(path.join(d.root, f)), { recursive: true });
      writeFileSync(path.join(d.root, f), `not the deploy's ${f}\n`);
    }
    const before = tree(d.root);
    const remote = recorder();
    const report = await deploy({ dir: builds().c, target: d.target, dryRun: true, open: remote.open });
    assert.equal(tree(d.root), before);
    assert.equal(remote.written, []);
    const a = tree(builds().a);
    const c = tree(builds().c);
    assert.equal([...report.uploaded, ...report.replaced].sort(), changed(a, c));
    assert.equal([...report.deleted, ...report.retired].sort(), [...a.keys()].filter((k) => !c.has(k)).sort());
    assert.ok(report.retired.length > 0 && report.retired.every(isKeptOneMoreDeploy), `A's hashed scripts are kept one more deploy: ${report.retired}`);
  });

  s('a one-page edit uploads that page and the record, nothing else; foreign files stay', async () => {
    const remote = recorder();
    const report = await deploy({ dir: builds().b, target: d.target, open: remote.open });
    const expected = changed(tree(builds().a), tree(builds().b));
    // Beside the page, only files derived from every page may change: the keyword corpus and the
    // service worker (its version is a hash of every page, so visitors get the new page offline).
    const pages = expected.filter((f) => f.endsWith('.html'));
    const derived = expected.filter((f) => !f.endsWith('.html'));
    assert.is(pages.length, 1, `the edit changes one page: ${expected}`);
    assert.ok(derived.every((f) => f === '/keyword-corpus.json' || f === SERVICE_WORKER_PATH), `and otherwise only the keyword corpus and the service worker: ${expected}`);
    const files = remote.written.filter((w) => w !== temporaryName(DEPLOY_MANIFEST, false, 'deploy-tmp', report.runId) && !w.startsWith(`${LOCK_DIR}/`)).sort();
    assert.equal(files, expected.map((f) => temporaryName(f, false, 'deploy-tmp', report.runId)).sort());
    assert.equal(report.replaced.sort(), expected);
    assert.equal(report.deleted, []);
    assert.equal(Object.fromEntries(served()), Object.fromEntries(tree(builds().b)));
    for (const f of foreignIn()) assert.ok(existsSync(path.join(d.root, f)), `${f} survives`);
  });
}

/**
 * A first deploy into an empty folder stopped with Ctrl+C (SIGINT) after a few uploads: its record
 * lists as pending files in folders not made yet, and the next run, finding those folders missing,
 * finishes the deploy (a server that answers a listing of a missing folder with something other
 * than 550, as pyftpdlib's 501, included).
 */
function stoppedFirstDeployTest(s: Test, d: DeployFolder): void {
  const { p, builds } = d;

  s('a first deploy into an empty folder stopped with Ctrl+C after a few uploads is finished by the next run', async () => {
    const folder = 'first';
    const root = p.disk(folder);
    mkdirSync(root, { recursive: true });
    p.prepare?.(root);
    const stopped = await runCli(['--allow-sample'], { ...p.env(folder), DIST_DIR: builds().a }, (lines) => lines.filter((l) => l.startsWith('uploaded ')).length >= 5 && 'SIGINT');
    const out = stopped.lines.join('\n') + stopped.stderr;
    assert.is(stopped.code, 1, out);
    assert.match(stopped.lines.at(-1)!, /^Deploy failed: Stopped after \d+ of \d+ uploads; the live site is consistent\. Run the deploy again to finish/, out);
    const record = parseRecord(readFileSync(path.join(root, DEPLOY_MANIFEST), 'utf8'));
    const a = tree(builds().a);
    const missingFolders = record.pending.map((f) => path.posix.dirname(f)).filter((dir) => !existsSync(path.join(root, dir)));
    assert.ok(missingFolders.length > 0, 'files still pending lie in folders not made yet');
    // The next run: the same deploy() the command calls (its own lines are the stopped run's, above).
    await deploy({ dir: builds().a, target: targetOf(p, folder) });
    const served = tree(root);
    served.delete(DEPLOY_MANIFEST);
    assert.equal(Object.fromEntries(served), Object.fromEntries(a), 'the server holds build A exactly');
    const done = parseRecord(readFileSync(path.join(root, DEPLOY_MANIFEST), 'utf8'));
    assert.equal(done.pending, []);
    assert.equal(done.files, Object.fromEntries(a));
  });
}

/**
 * A folder of the owner's named like one of the site's files (robots.txt/) and a file named like
 * one of its folders (areas), in a new folder: each run stops naming one as what it is and leaves
 * it as it was, nothing renamed under a hidden name; once both are moved, the deploy finishes.
 * The runs call deploy() in this process: the failure is checked as scripts/deploy.ts prints it
 * ("Deploy failed: " and the message, the path every failure takes there, which the wrong-password
 * test below runs through the command).
 */
function collisionTest(s: Test, d: DeployFolder): void {
  const { p, builds } = d;

  s('a folder where the site has a file, a file where it needs a folder: named as what they are, left as they are, nothing hidden', async () => {
    const folder = 'collide';
    const root = p.disk(folder);
    mkdirSync(path.join(root, 'robots.txt'), { recursive: true });
    writeFileSync(path.join(root, 'robots.txt', 'mine.txt'), 'the owner\'s\n');
    writeFileSync(path.join(root, 'areas'), 'the owner\'s file\n');
    p.prepare?.(root);
    const hidden = () => fg.sync('**/.*.deploy-{old,tmp}', { cwd: root, dot: true, onlyFiles: false });
    const said = {
      'robots.txt': 'Deploy failed: The server has a folder named robots.txt where the site has a file: the deploy never deletes what it did not put there. Move or delete that folder on the server (your host\'s file manager or an FTP client), then deploy again; what arrived so far is kept.',
      areas: 'Deploy failed: The server has a file named areas where the site has a folder: the deploy never deletes what it did not put there. Move or delete that file on the server (your host\'s file manager or an FTP client), then deploy again; what arrived so far is kept.',
    };
    for (let left = 2; left > 0; left--) {
      const events: DeployEvent[] = [];
      const error = await deploy({ dir: builds().a, target: targetOf(p, folder), onEvent: (e) => events.push(e) }).then(() => undefined, (e: unknown) => e);
      assert.instance(error, DeployError, 'the run fails');
      const failure = `Deploy failed: ${(error as Error).message}`;
      const out = [...events.flatMap((e) => ('message' in e ? [e.message] : [])), failure].join('\n');
      const hit = (Object.keys(said) as (keyof typeof said)[]).find((name) => failure === said[name]);
      assert.ok(hit && existsSync(path.join(root, hit)), `named what is there:\n${out}`);
      assert.not.match(out, /another program or deploy/);
      assert.equal(hidden(), [], 'nothing renamed or left under a hidden name');
      assert.is(readFileSync(path.join(root, hit === 'areas' ? 'areas' : 'robots.txt/mine.txt'), 'utf8'), hit === 'areas' ? 'the owner\'s file\n' : 'the owner\'s\n', 'left as it was');
      rmSync(path.join(root, hit), { recursive: true });
      delete (said as Partial<typeof said>)[hit];
    }
    await deploy({ dir: builds().a, target: targetOf(p, folder) });
    const served = tree(root);
    served.delete(DEPLOY_MANIFEST);
    assert.equal(Object.fromEntries(served), Object.fromEntries(tree(builds().a)), 'the server holds the build exactly, nothing hidden beside it');
    assert.equal(hidden(), []);
  });
}

/**
 * Deploys C over B through scripts/deploy.ts, killed among the pages: every page on the server
 * still finds what it references, and the rerun completes C without resending what arrived.
 */
function interruptedDeployTests(s: Test, d: DeployFolder): void {
  const { p, builds, folder, served, record, foreignIn } = d;

  s('a deploy killed mid-upload leaves every page\'s files present; the rerun completes without resending what arrived', async () => {
    const b = tree(builds().b);
    const c = tree(builds().c);
    const env = { ...p.env(folder), DIST_DIR: builds().c };
    // One connection, so the pages still to go after the first checkpoint among them leave the
    // kill time to land; the rerun uses the default connections.
    const killed = await runCli(['--allow-sample'], { ...env, DEPLOY_CONNECTIONS: '1' }, (lines) => {
      const saved = lines.findIndex((l, i) => l.startsWith('progress saved') && lines.slice(0, i).some((x) => /^replaced .*\.html/.test(x)));
      return saved >= 0;
    });
    assert.is(killed.signal, 'SIGKILL', `the deploy finished before it could be killed:\n${killed.lines.join('\n')}`);
    // Build C removed an area page and has no redirect for it: said before anything is deleted.
    assert.ok(killed.lines.some((l) => l.startsWith(`Warning: the live page ${builds().removedArea} will be deleted and no redirect sends its visitors on`)), killed.lines.join('\n'));
    const atKill = record();
    assert.ok(atKill.pending.length > 0, 'the record says the deploy was unfinished');
    // The record never claims a file that is not there with that content.
    const server = tree(d.root);
    for (const [f, h] of Object.entries(atKill.files)) assert.is(server.get(f), h, `${f} as the record says`);
    // Every page on the server (old or new) finds everything it references, scripts' imports too.
    const settings = (PROJECT_CONTENT.settings as any);
    const problems = checkLinks(d.root, settings.siteUrl, REDIRECTS.map((r) => r.from), settingsLinksOut(settings));
    assert.equal(problems.map(formatProblem), []);
    assert.equal(missingImports(d.root), []);
    const oldPages = [...server.keys()].filter((f) => f.endsWith('.html') && server.get(f) === b.get(f) && c.get(f) !== b.get(f));
    const newPages = [...server.keys()].filter((f) => f.endsWith('.html') && server.get(f) === c.get(f) && c.get(f) !== b.get(f));
    assert.ok(oldPages.length > 0 && newPages.length > 0, `killed among the pages (old ${oldPages.length}, new ${newPages.length})`);

    const rerun = await runCli(['--allow-sample'], env);
    assert.is(rerun.code, 0, rerun.lines.join('\n') + rerun.stderr);
    assert.ok(rerun.lines.some((l) => l.includes('--allow-sample: PUBLISHING')), '--allow-sample deploys the sample identity, saying so');
    const sent = rerun.lines.map((l) => /^(?:uploaded|replaced) \d+\/\d+ (\S+)/.exec(l)?.[1]).filter(Boolean) as string[];
    const arrived = Object.entries(atKill.files).filter(([f, h]) => c.get(f) === h && b.get(f) !== h).map(([f]) => f);
    assert.ok(arrived.length > 0);
    assert.equal(sent.filter((f) => arrived.includes(f)), [], 'nothing recorded as arrived is sent again');
    assert.equal(Object.fromEntries(served()), Object.fromEntries(c), 'the server holds build C exactly');
    const kept = record().retired ?? {};
    assert.ok(Object.keys(kept).length > 0, 'the renamed business changes the site script: B\'s is kept one more deploy');
    for (const [f, h] of Object.entries(kept)) assert.ok(isKeptOneMoreDeploy(f) && b.get(f) === h && tree(d.root).get(f) === h && !c.has(f), `${f} is a hashed file of B, on the server as it was`);
    assert.ok(!existsSync(path.join(d.root, builds().removedArea, 'index.html')), 'the removed area page is deleted');
    for (const f of [...b.keys()].filter((k) => !c.has(k) && !(k in kept))) assert.ok(!existsSync(path.join(d.root, f)), `${f} (old) is deleted`);
    for (const f of foreignIn()) assert.ok(existsSync(path.join(d.root, f)), `${f} survives`);
    assert.equal(record().pending, []);
    assert.equal(fg.sync('**/*.deploy-tmp', { cwd: d.root, dot: true }), [], 'no temporary file left');
  });
}

/**
 * Runs that must change nothing, through scripts/deploy.ts: the check refuses the sample identity,
 * and a wrong password fails in one line that does not print it.
 */
function refusalTests(s: Test, d: DeployFolder, sampleCheck: boolean): void {
  const { p, builds, folder } = d;

  if (sampleCheck) s('the check refuses the sample identity and changes nothing (--allow-sample overrides it: the test above)', async () => {
    const before = tree(d.root);
    const env = { ...p.env(folder), DIST_DIR: builds().a };
    const refused = await runCli([], env);
    assert.is(refused.code, 1);
    assert.ok(refused.lines.includes('content/settings.yaml: field "phone" is the sample number (505) 555-0123 (555-0100 to 555-0199 are reserved for fiction): put the business\'s own number.'), refused.lines.join('\n'));
    assert.ok(refused.lines.some((l) => l.startsWith('content/home.yaml: review 1 ("Maria G."): field "text" is a sample review')));
    assert.ok(refused.lines.some((l) => l.startsWith('content/settings.yaml: video 1: field "youtubeId" is a sample video')));
    assert.ok(refused.lines.some((l) => l.startsWith('content/settings.yaml: field "rating" is the sample rating')), 'the sample rating is refused');
    assert.ok(refused.lines.some((l) => l.startsWith('content/settings.yaml: field "credentials.licence" is a sample licence')), 'the sample licence is refused');
    assert.match(refused.lines.at(-1)!, /^Not deployed: \d+ sample value/);
    assert.equal(tree(d.root), before, 'nothing changed on the server');
  });

  s('a wrong password fails in one line, without the password', async () => {
    const { env, password } = p.wrongPassword(folder);
    const run = await runCli(['--allow-sample'], { ...env, DIST_DIR: builds().a });
    assert.is(run.code, 1);
    const failures = run.lines.filter((l) => /fail|refused|error/i.test(l));
    assert.is(failures.length, 1, run.lines.join('\n'));
    assert.match(run.lines.at(-1)!, /^Deploy failed: 127\.0\.0\.1 refused the login of user "[^"]+"(?: \([^)]*\))?: check DEPLOY_PASSWORD/);
    assert.ok(!(run.lines.join('\n') + run.stderr).includes(password), 'the password is not printed');
    assert.is(run.stderr, '');
  });
}

/** Scripts the pages load (script src, modulepreload) whose own imports name a missing file. */
export function missingImports(root: string): string[] {
  const missing: string[] = [];
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const f of fg.sync('**/*.html', { cwd: root })) {
    const page = parse(readFileSync(path.join(root, f), 'utf8'));
    for (const el of page.querySelectorAll('script[src], link[rel="modulepreload"]')) queue.push(el.getAttribute('src') ?? el.getAttribute('href')!);
  }
  while (queue.length) {
    const ref = queue.pop()!;
    if (seen.has(ref) || /^https?:/.test(ref)) continue;
    seen.add(ref);
    const file = path.join(root, ref);
    if (!existsSync(file)) {
      missing.push(ref);
      continue;
    }
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(ref), m[1]));
    }
  }
  return missing;
}

/**
 * Deploys `dir` to the target of `env` and returns the message of the DeployError it throws; fails
 * the test when it does not throw one.
 */
export async function deployFailure(dir: string, env: Record<string, string>): Promise<string> {
  try {
    await deploy({ dir, target: readTarget(env, process.cwd())! });
  } catch (e) {
    assert.instance(e, DeployError);
    return (e as Error).message;
  }
  assert.unreachable('the deploy should fail');
  return '';
}

/** Removes the builds' folder unless it is shared, and the record copy the runs of this process wrote. */
export function removeBuilds(b: Builds | undefined): void {
  if (b && !b.shared) rmSync(b.tmp, { recursive: true, force: true });
  rmSync(DEPLOY_VARIABLES_UNSET.DEPLOY_RECORD_COPY, { force: true });
}
