/**
 * The deploy on a real FTP server configured as a host configures it (tooling/ftp-servers.ts):
 * a first deploy into a folder that already holds the host's own files, an edit redeploy, then
 * redeploys killed at chosen moments, each followed by a rerun. The moment is picked through the
 * deploy's seam for tests (test/helpers/deploy-killed.ts: "STOR 30", "RNTO /keyword-corpus.json",
 * "DELE 1", ...): the process ends with SIGKILL right after the server's positive reply to that
 * command. Builds and helpers come from test/helpers/deploy-scenario.ts.
 *
 * What every case checks:
 *  - at the kill: every file of both builds is on the server with its old or its new content, or
 *    (where the server will not rename over a file) moved aside with one of them, for the next run
 *    to put back; the record never claims a file that is not there with that content;
 *  - after a run that finished: the server folder equals the build byte for byte (dot-files
 *    excepted only where the server refuses dot-names, and then the run fails naming them), no
 *    temporary or moved-aside file is left, the host's own files are kept, nothing is pending;
 *  - no output line speaks of a dropped connection: on loopback nothing drops, so such a line
 *    would be a refusal misread.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { deploy, PartialDeployError, type DeployEvent, type DeployReport } from '../../lib/deploy/deploy.ts';
import { DEPLOY_RECORDS, isDotPath, leftoverNames, parseRecord, type DeployRecord } from '../../lib/deploy/deploy-plan.ts';
import { readTarget } from '../../lib/deploy/deploy-target.ts';
import { DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN } from '../../lib/site-files/hosting.ts';
import type { FtpServerOptions, RunningFtpServer } from '../../tooling/ftp-servers.ts';
import { buildVariants, changed, deploySuite, FOREIGN, removeBuilds, runCli, runKilledDeploy, tree, type Builds, type CliRun, type ProtocolUnderTest } from './deploy-scenario.ts';

/** The moments every server's redeploys are killed at: mid-upload, after the first rename (the record), after a file's rename, after the first delete. */
const KILLS = ['STOR 30', 'RNTO 1', 'RNTO /keyword-corpus.json', 'DELE 1'];

/**
 * A server's own test file: starts it once per configuration (the first: its defaults), takes
 * the three sites (built once and shared: test/helpers/deploy-builds.ts), then runs the deploy
 * guarantees (deploySuite) on the defaults and hostSuite with KILLS on every configuration; stops
 * the servers at the end, and removes the builds unless they are the shared cache's.
 * @param start the launcher of tooling/ftp-servers.ts
 * @param options.sampleCheck passed to deploySuite
 */
export async function serverSuites(start: (options?: FtpServerOptions) => Promise<RunningFtpServer>, configurations: FtpServerOptions[], options: { sampleCheck?: boolean } = {}): Promise<void> {
  const servers: RunningFtpServer[] = [];
  const stop = async () => { for (const server of servers) await server.stop(); };
  try {
    for (const options of configurations) servers.push(await start(options));
  } catch (e) {
    await stop();
    throw e;
  }
  const builds = await buildVariants().catch(async (e) => { await stop(); throw e; });
  deploySuite(ftpProtocol(servers[0]), () => builds, options);
  for (const [i, server] of servers.entries()) {
    const last = i === servers.length - 1;
    hostSuite({ server, kills: KILLS }, () => builds, `host-${i}`, last ? async () => { await stop(); removeBuilds(builds); } : undefined);
  }
}

/** How deploySuite (test/helpers/deploy-scenario.ts) reaches `server` over plain FTP. */
export function ftpProtocol(server: RunningFtpServer): ProtocolUnderTest {
  const at = (folder: string) => `ftp://${server.user}@127.0.0.1:${server.port}/${folder}`;
  return {
    name: server.name,
    env: (folder) => ({ DEPLOY_TARGET: at(folder), DEPLOY_PASSWORD: server.password, DEPLOY_ALLOW_PLAIN_FTP: '1' }),
    disk: (folder) => path.join(server.root, folder),
    wrongPassword: (folder) => ({ env: { DEPLOY_TARGET: at(folder), DEPLOY_PASSWORD: 'Wrong-Secret-42', DEPLOY_ALLOW_PLAIN_FTP: '1' }, password: 'Wrong-Secret-42' }),
    prepare: (dir) => server.own(dir),
  };
}

/** One server and configuration under test. */
export interface HostUnderTest {
  server: RunningFtpServer;
  /**
   * Moments of test/helpers/deploy-killed.ts; each kills one redeploy from build B to build C. "{removed page}"
   * stands for the page C no longer has (its deletion).
   */
  kills: string[];
  /** The server refuses names starting with a dot (Pure-FTPd -x). */
  refusesDotNames?: boolean;
}

/** The host's own files in the deploy folder, beside FOREIGN: one named like a deploy's leftover, which is not the deploy's. */
const HOST_FILES = [...FOREIGN, '/notes.txt.deploy-tmp'];
/** The failure that names refused dot-files, as scripts/deploy.ts prints it. */
const DOT_FILES_FAILURE = /^Deploy failed: Every other file is deployed, but 127\.0\.0\.1 refused \.htaccess \(553 Prohibited file name: [^)]*\): it does not take names starting with a dot .* Without \.htaccess, Apache serves the site without its security headers \(Content-Security-Policy, .*\), without the redirects from \/areas\/acoma-pueblo\/ to \/areas\/acoma\/, \/areas\/ to \/service-areas\/, without its caching rules .* and with its own error page instead of 404\.html .* Ask your host to allow dot-files/;

/**
 * A deploy folder on one server and configuration, and the checks the host suite's tests make of
 * what a run left there.
 */
interface HostFolder {
  /** The folder on this machine's disk. */
  root: string;
  /** The deploy variables that reach the folder over plain FTP. */
  env: Record<string, string>;
  /** The name of the deploy record there: dot-named unless the server refuses dot-names. */
  record: string;
  /** What of a build the server can hold: all of it, or without dot-files where they are refused. */
  expected(build: string): Map<string, string>;
  /** The deploy folder without the record, the host's files and the scripts kept one more deploy (the record's `retired`). */
  served(): Map<string, string>;
  /** Temporary and moved-aside files in the folder, but the host's own. */
  leftovers(): string[];
  /** The checks after a run that finished. */
  assertDeployed(build: string, what: string): void;
  /** A deploy through the library; the refused dot-files' failure (`failure`, as scripts/deploy.ts prints it) is expected where dot-names are refused. */
  deployLib(dir: string): Promise<{ report: DeployReport; events: DeployEvent[]; failure?: string }>;
  /** Asserts that no event of a deploy is a retry. */
  noRetries(events: DeployEvent[]): void;
  /** Asserts that a run of scripts/deploy.ts finished: exit 0, or the refused dot-files' failure. */
  assertFinished(run: CliRun, what: string): void;
  /** Resolves once the server has finished what the sessions of a killed deploy had under way. */
  settled(): Promise<void>;
}

/** The HostFolder of `folder` under the root of `h`'s server. */
function hostFolder(h: HostUnderTest, folder: string): HostFolder {
  const root = path.join(h.server.root, folder);
  const env = { DEPLOY_TARGET: `ftp://${h.server.user}@127.0.0.1:${h.server.port}/${folder}`, DEPLOY_PASSWORD: h.server.password, DEPLOY_ALLOW_PLAIN_FTP: '1' };
  const target = () => readTarget({ ...env, DEPLOY_SITE_URL: 'https://www.example.com' }, process.cwd())!;
  const record = h.refusesDotNames ? DEPLOY_MANIFEST_PLAIN : DEPLOY_MANIFEST;
  const expected = (build: string) => new Map([...tree(build)].filter(([p]) => !(h.refusesDotNames && isDotPath(p))));
  const recordOnDisk = (): DeployRecord => parseRecord(readFileSync(path.join(root, record), 'utf8'), record);
  const served = () => {
    const t = tree(root);
    const kept = existsSync(path.join(root, record)) ? Object.keys(recordOnDisk().retired ?? {}) : [];
    for (const f of [...DEPLOY_RECORDS, ...HOST_FILES, ...kept]) t.delete(f);
    return t;
  };
  const leftovers = () => fg.sync('**/*.deploy-{tmp,old}', { cwd: root, dot: true }).map((f) => `/${f}`).filter((f) => !HOST_FILES.includes(f)).sort();
  const assertDeployed = (build: string, what: string) => {
    assert.equal(Object.fromEntries(served()), Object.fromEntries(expected(build)), `${what}: the server holds the build byte for byte`);
    assert.equal(leftovers(), [], `${what}: no temporary file left`);
    for (const f of HOST_FILES) assert.ok(existsSync(path.join(root, f)), `${what}: the host's ${f} is kept`);
    assert.equal(recordOnDisk().pending, h.refusesDotNames ? ['/.htaccess'] : [], `${what}: nothing pending but what the server refuses`);
    if (h.refusesDotNames) assert.ok(!existsSync(path.join(root, DEPLOY_MANIFEST)), 'no dot-named record');
  };
  const deployLib = async (dir: string): Promise<{ report: DeployReport; events: DeployEvent[]; failure?: string }> => {
    const events: DeployEvent[] = [];
    try {
      const report = await deploy({ dir, target: target(), onEvent: (e) => events.push(e) });
      assert.not.ok(h.refusesDotNames, 'the server refuses dot-names: the deploy must say .htaccess did not arrive');
      return { report, events };
    } catch (e) {
      if (!(h.refusesDotNames && e instanceof PartialDeployError)) throw e;
      const failure = `Deploy failed: ${e.message}`;
      assert.match(failure, DOT_FILES_FAILURE);
      return { report: e.report, events, failure };
    }
  };
  const noRetries = (events: DeployEvent[]) => assert.equal(events.filter((e) => e.type === 'retry'), [], 'nothing was retried');
  const assertFinished = (run: CliRun, what: string) => {
    const out = run.lines.join('\n') + run.stderr;
    if (h.refusesDotNames) {
      assert.is(run.code, 1, out);
      assert.match(run.lines.at(-1)!, DOT_FILES_FAILURE);
    } else {
      assert.is(run.code, 0, `${what}:\n${out}`);
    }
  };
  return { root, env, record, expected, served, leftovers, assertDeployed, deployLib, noRetries, assertFinished, settled: () => h.server.settled() };
}

/**
 * Registers and runs the suite for one server and configuration.
 * @param folder its folder under the server's root
 * @param after  run once the suite's tests are done (a test file stops its servers there)
 */
export function hostSuite(h: HostUnderTest, builds: () => Builds, folder = 'host', after?: () => Promise<void>): void {
  const s = suite(`deploy to ${h.server.name}`);
  const at = hostFolder(h, folder);

  if (after) s.after(after);
  s.before(() => {
    h.server.own(at.root);
    for (const f of HOST_FILES) {
      mkdirSync(path.dirname(path.join(at.root, f)), { recursive: true });
      writeFileSync(path.join(at.root, f), `the host's own ${f}\n`);
    }
  });

  deployTests(s, at, builds);
  killTests(s, at, builds, h.kills);
  s.run();
}

/** The first deploy into a folder that holds the host's own files (build A), then the edit redeploy (B). */
function deployTests(s: Test, at: HostFolder, builds: () => Builds): void {
  const { record, expected, deployLib, noRetries, assertDeployed } = at;

  s('a first deploy into a folder holding the host\'s files: the build arrives, the host\'s files stay', async () => {
    const { report, events } = await deployLib(builds().a);
    assert.equal(report.found.sort(), ['.well-known/', 'cgi-bin/', 'foreign.txt', 'notes.txt.deploy-tmp']);
    assert.is(report.record, record);
    noRetries(events);
    assertDeployed(builds().a, 'first deploy');
  });

  s('an edit redeploy sends only what changed', async () => {
    const { report, events } = await deployLib(builds().b);
    const sent = [...report.uploaded, ...report.replaced].sort();
    assert.equal(sent, changed(expected(builds().a), expected(builds().b)));
    noRetries(events);
    assertDeployed(builds().b, 'edit redeploy');
  });
}

/**
 * One test per moment of `kills`: a redeploy from B to C killed there leaves every file reachable
 * or repairable (assertReachable), and the rerun finishes C. The first rerun is scripts/deploy.ts,
 * as an operator reruns it (its lines checked); the others call the same deploy() in this process,
 * which spares a process, the sample check and the printing: their checks are made on the events
 * those lines are printed from.
 */
function killTests(s: Test, at: HostFolder, builds: () => Builds, kills: string[]): void {
  const { root, env, record, expected, served, leftovers, deployLib, assertDeployed, assertFinished, settled } = at;

  for (const [i, kill] of kills.entries()) {
    s(`a redeploy killed right after ${kill} leaves every file reachable or repairable; the rerun finishes it`, async () => {
      const b = expected(builds().b);
      const c = expected(builds().c);
      if (!equalMaps(served(), b)) await deployLib(builds().b);
      const moment = kill.replace('{removed page}', `${builds().removedArea}index.html`);
      const killed = await runKilledDeploy(builds().c, env, moment);
      assert.is(killed.signal, 'SIGKILL', `the deploy ended before ${kill} came:\n${killed.lines.join('\n')}`);
      await settled();
      const left = leftovers();
      assertReachable(root, b, c, record);
      let said: string[];
      let repaired: boolean;
      if (i === 0) {
        const rerun = await runCli(['--allow-sample'], { ...env, DIST_DIR: builds().c });
        assertFinished(rerun, `rerun after ${kill}`);
        said = rerun.lines;
        repaired = rerun.lines.some((l) => l.startsWith('An earlier deploy was interrupted: '));
      } else {
        const rerun = await deployLib(builds().c);
        said = [...rerun.events.flatMap((e) => ('message' in e ? [e.message] : [])), rerun.failure ?? ''];
        repaired = rerun.events.some((e) => e.type === 'recovered');
      }
      assert.equal([...killed.lines, ...said].filter((l) => /dropped/i.test(l)), [], 'no line calls a reply a dropped connection');
      if (left.length) assert.ok(repaired, `the rerun says what it repaired (${left})`);
      assertDeployed(builds().c, `rerun after ${kill}`);
    });
  }
}

function equalMaps(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

/**
 * The state a kill may leave, during a redeploy from `b` to `c`: every file of both builds is there
 * with its old or new content, or moved aside with one of them while its place is empty (the next
 * run puts it back); a file only `c` has may be missing. The record (or, moved aside, its old copy)
 * claims only files that are there with that content.
 */
function assertReachable(root: string, b: Map<string, string>, c: Map<string, string>, record: string): void {
  const server = tree(root);
  /** The names in the folder of `p`, for leftoverNames. */
  const beside = (p: string) => [...server.keys()].filter((f) => path.posix.dirname(f) === path.posix.dirname(p)).map((f) => path.posix.basename(f));
  const aside = (p: string) => leftoverNames(p, 'deploy-old', beside(p)).map((n) => server.get(n)).find(Boolean);
  for (const p of new Set([...b.keys(), ...c.keys()])) {
    const ok = [b.get(p), c.get(p)];
    const there = server.get(p) ?? aside(p);
    if (there === undefined && !b.has(p)) continue; // new in c, not yet arrived
    if (there === undefined && !c.has(p)) continue; // stale in b, already deleted
    assert.ok(there !== undefined && ok.includes(there), `${p} is there with its old or new content (or moved aside with it)`);
  }
  const text = server.has(record) ? readFileSync(path.join(root, record), 'utf8') : undefined;
  const parked = leftoverNames(record, 'deploy-old', beside(record))[0];
  assert.ok(text !== undefined || parked, 'the record is there, or moved aside for the next run to put back');
  const m = parseRecord(text ?? readFileSync(path.join(root, parked!), 'utf8'), record);
  for (const [f, hash] of Object.entries(m.files)) assert.is(server.get(f) ?? aside(f), hash, `${f} as the record says`);
}
