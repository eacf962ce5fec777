/**
 * `npm run deploy` against Pure-FTPd with `-x` (ProhibitDotFilesWrite: every name starting with a
 * dot is refused, "553 Prohibited file name"), tooling/ftp-servers.ts, on 127.0.0.1:
 *  - a site deployed before the host turned `-x` on keeps its record: the next deploy finds it under
 *    its dot-name, sends only what changed, deletes what the site no longer has, and from then on
 *    keeps the record under its plain name;
 *  - a .htaccess the host put there itself, identical to the build's, counts as arrived;
 *  - first deploy, edit redeploy and kills at chosen moments with reruns (test/helpers/deploy-hosts.ts):
 *    everything but the dot-files arrives, temporary names carry no dot, and every run ends with the
 *    one failure that names .htaccess, what the site loses without it and what to ask the host.
 */
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deploy, PartialDeployError, type DeployReport } from '../../lib/deploy/deploy.ts';
import { isDotPath, isKeptOneMoreDeploy, parseRecord } from '../../lib/deploy/deploy-plan.ts';
import { readTarget } from '../../lib/deploy/deploy-target.ts';
import { DEPLOY_MANIFEST, DEPLOY_MANIFEST_PLAIN } from '../../lib/site-files/hosting.ts';
import { buildVariants, changed, removeBuilds, tree } from '../helpers/deploy-scenario.ts';
import { hostSuite } from '../helpers/deploy-hosts.ts';
import { startPureFtpd, type RunningFtpServer } from '../../tooling/ftp-servers.ts';

// One folder served first without -x, then with it, as a host that turns the option on.
const shared = mkdtempSync(path.join(os.tmpdir(), 'pure-ftpd-shared-'));
chmodSync(shared, 0o755);
const before = await startPureFtpd({ root: shared });
const strict = await startPureFtpd({ root: shared, flags: ['-x'] });
const stop = async () => {
  await before.stop();
  await strict.stop();
  rmSync(shared, { recursive: true, force: true });
};
const builds = await buildVariants().catch(async (e) => { await stop(); throw e; });

/** Deploys `dir` to `folder` of `server`; a deploy that did all but the dot-files returns its report too. */
async function deployTo(server: RunningFtpServer, folder: string, dir: string): Promise<{ report: DeployReport; failure?: string }> {
  const target = readTarget({ DEPLOY_TARGET: `ftp://${server.user}@127.0.0.1:${server.port}/${folder}`, DEPLOY_PASSWORD: server.password, DEPLOY_ALLOW_PLAIN_FTP: '1' }, process.cwd())!;
  try {
    return { report: await deploy({ dir, target }) };
  } catch (e) {
    if (!(e instanceof PartialDeployError)) throw e;
    return { report: e.report, failure: e.message };
  }
}
const withoutDotFiles = (t: Map<string, string>) => new Map([...t].filter(([p]) => !isDotPath(p)));

const existing = suite('a site deployed before the host refused dot-names');

existing('keeps its record: found under the old name, only what changed is sent, what the site lost is deleted, the record moves to its plain name', async () => {
  const root = path.join(shared, 'existing');
  before.own(root);
  const first = await deployTo(before, 'existing', builds.a);
  assert.is(first.failure, undefined);
  assert.ok(existsSync(path.join(root, DEPLOY_MANIFEST)));
  assert.ok(existsSync(path.join(root, '.htaccess')));

  const a = tree(builds.a);
  const c = tree(builds.c);
  const { report } = await deployTo(strict, 'existing', builds.c);
  assert.is(report.firstDeploy, false, 'the record was found under its dot-name');
  assert.is(report.record, DEPLOY_MANIFEST_PLAIN);
  assert.equal([...report.uploaded, ...report.replaced].sort(), changed(withoutDotFiles(a), withoutDotFiles(c)), 'only what changed is sent');
  assert.equal([...report.deleted, ...report.retired].sort(), [...a.keys()].filter((f) => !c.has(f)).sort(), 'what the site no longer has is deleted, or kept one more deploy');
  assert.ok(report.retired.length > 0 && report.retired.every(isKeptOneMoreDeploy), `only hashed files are kept: ${report.retired}`);
  const server = tree(root);
  for (const [f, hash] of withoutDotFiles(c)) assert.is(server.get(f), hash, f);
  const record = parseRecord(readFileSync(path.join(root, DEPLOY_MANIFEST_PLAIN), 'utf8'));
  for (const [f, hash] of Object.entries(record.files)) assert.is(server.get(f), hash, `${f} as the plain-named record says`);

  // The next deploy reads the plain-named record (the dot-named one, which -x will not let it delete, is older).
  const b = tree(builds.b);
  const next = await deployTo(strict, 'existing', builds.b);
  assert.is(next.report.record, DEPLOY_MANIFEST_PLAIN);
  const kept = record.retired ?? {};
  assert.equal([...next.report.uploaded, ...next.report.replaced].sort(), changed(withoutDotFiles(c), withoutDotFiles(b)).filter((f) => kept[f] !== b.get(f)), 'what changed, except the kept scripts B has again');
  const after = tree(root);
  for (const [f, hash] of withoutDotFiles(b)) assert.is(after.get(f), hash, f);
});

existing('a dot-file the host put there itself, identical to the build\'s, counts as arrived: the deploy succeeds', async () => {
  const root = path.join(shared, 'by-hand');
  strict.own(root);
  const first = await deployTo(strict, 'by-hand', builds.a);
  assert.match(first.failure ?? '', /refused \.htaccess \(553 /);
  assert.ok(!existsSync(path.join(root, '.htaccess')));
  copyFileSync(path.join(builds.a, '.htaccess'), path.join(root, '.htaccess')); // the host's file manager
  const again = await deployTo(strict, 'by-hand', builds.a);
  assert.is(again.failure, undefined);
  const record = parseRecord(readFileSync(path.join(root, DEPLOY_MANIFEST_PLAIN), 'utf8'));
  assert.is(record.files['/.htaccess'], tree(builds.a).get('/.htaccess'));
  assert.equal(record.pending, []);
});

existing.run();

hostSuite({
  server: strict,
  refusesDotNames: true,
  kills: ['STOR 30', 'RNTO 1', 'RNTO /deploy-manifest.json', 'RNTO /keyword-corpus.json', 'DELE 1'],
}, () => builds, 'host', async () => {
  await stop();
  removeBuilds(builds);
});
