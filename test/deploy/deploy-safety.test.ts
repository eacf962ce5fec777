/**
 * What keeps a real deploy safe, on one FTP server (pyftpdlib, tooling/ftp-server.ts) and, where
 * the live site is read back, a real Apache 2.4 (test/helpers/apache.ts) serving the uploaded
 * folder, both on 127.0.0.1:
 *  - plain ftp:// is refused unless DEPLOY_ALLOW_PLAIN_FTP=1, and each run with it warns that the
 *    password travels unencrypted;
 *  - two deploys of different builds started at the same instant, several times: the server's
 *    lock lets one work at a time, so every script a page refers to is on the server afterwards,
 *    and the next deploy leaves the server equal to the build (and the one after that without the
 *    previous build's scripts it kept for open tabs);
 *  - a stale lock is taken over with a line saying so; a live one stops the run naming it;
 *  - a shared chunk (imported by scripts, named by no page) changed on the server is found by the
 *    live read-back and uploaded again, and by `--verify` over FTP without any build change;
 *  - a password with "#" in .env is refused unquoted (file, line, "quote it") and logs in quoted.
 * The password with "#" is the server's own password, so the quoted one is proven by a login.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deploy } from '../../lib/deploy/deploy.ts';
import { loadDotEnv, readTarget } from '../../lib/deploy/deploy-target.ts';
import { DEPLOY_MANIFEST, REDIRECTS } from '../../lib/site-files/hosting.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { startApache } from '../helpers/apache.ts';
import { buildVariants, missingImports, removeBuilds, runCli, tree, type Builds } from '../helpers/deploy-scenario.ts';
import { checkLinks, formatProblem, settingsLinksOut } from '../helpers/links.ts';
import { DIST } from '../helpers/site.ts';
import { startFtpServer } from '../../tooling/ftp-server.ts';

const ftp = await startFtpServer({ password: `pw#${Math.random().toString(36).slice(2, 10)}` });
let builds: Builds;
try {
  builds = await buildVariants();
} catch (e) {
  await ftp.stop();
  throw e;
}

let folders = 0;
/** A new folder on the server: its path on disk and the variables of a plain-FTP deploy into it (opted in). */
function folder(): { root: string; env: Record<string, string> } {
  const name = `site-${++folders}`;
  const root = path.join(ftp.root, name);
  mkdirSync(root);
  return { root, env: { DEPLOY_TARGET: `ftp://${ftp.user}@127.0.0.1:${ftp.port}/${name}`, DEPLOY_PASSWORD: ftp.password, DEPLOY_ALLOW_PLAIN_FTP: '1', CI: '' } };
}
const text = (run: { lines: string[]; stderr: string }) => run.lines.join('\n') + run.stderr;
/** The record on disk; `retired` read as stored (empty when the record has none). */
const record = (root: string) => JSON.parse(readFileSync(path.join(root, DEPLOY_MANIFEST), 'utf8')) as { files: Record<string, string>; pending: string[]; retired?: Record<string, string> };
/** The server folder as the site: without the record, the lock and the files the record keeps one more deploy. */
function served(root: string): Record<string, string> {
  const t = tree(root);
  t.delete(DEPLOY_MANIFEST);
  for (const f of Object.keys(record(root).retired ?? {})) t.delete(f);
  return Object.fromEntries(t);
}

const s = suite('deploy safety');
s.after(async () => {
  await ftp.stop();
  removeBuilds(builds);
});

s('ftp:// is refused without DEPLOY_ALLOW_PLAIN_FTP=1, nothing sent; with it every run says the password travels unencrypted', async () => {
  const { root, env } = folder();
  const { DEPLOY_ALLOW_PLAIN_FTP: _, ...unopted } = env;
  const refused = await runCli(['--allow-sample'], { ...unopted, DIST_DIR: builds.a });
  assert.is(refused.code, 1, text(refused));
  assert.is(refused.lines.at(-1), 'Deploy failed: DEPLOY_TARGET starts with ftp://, which sends the password and every file unencrypted: use ftps:// (FTP with TLS) or sftp:// if your host offers either (most do; ask them), or, only if it offers nothing else, set DEPLOY_ALLOW_PLAIN_FTP=1 to deploy over plain FTP anyway.');
  assert.equal([...tree(root).keys()], [], 'nothing written');
  for (const n of [1, 2]) {
    const run = await runCli(['--allow-sample'], { ...env, DIST_DIR: builds.a });
    assert.is(run.code, 0, text(run));
    assert.ok(run.lines.includes(`Warning: plain FTP (DEPLOY_ALLOW_PLAIN_FTP=1): the password of user "${ftp.user}" and every file travel unencrypted, readable by anyone on the way to 127.0.0.1. Switch DEPLOY_TARGET to ftps:// or sftp:// as soon as your host offers it.`), `run ${n}: ${text(run)}`);
  }
  assert.not.ok(text(refused).includes(ftp.password), 'the password is never printed');
});

s('two deploys of different builds started at the same instant, three times: every script a page refers to is there; the next deploy leaves the server equal to the build', async () => {
  const { root, env } = folder();
  const target = readTarget({ ...env, DEPLOY_LOCK_WAIT_SECONDS: '600', DEPLOY_SITE_URL: 'https://www.example.com' }, process.cwd())!;
  const settings = PROJECT_CONTENT.settings as any;
  const links = () => checkLinks(root, settings.siteUrl, REDIRECTS.map((r) => r.from), settingsLinksOut(settings)).map(formatProblem);
  for (const round of [1, 2, 3]) {
    const [first, second] = round === 2 ? [builds.c, builds.a] : [builds.a, builds.c];
    const results = await Promise.allSettled([deploy({ dir: first, target }), deploy({ dir: second, target })]);
    for (const r of results) assert.is(r.status, 'fulfilled', `round ${round}: ${r.status === 'rejected' ? r.reason?.message : ''}`);
    assert.equal(missingImports(root), [], `round ${round}: every script the pages load, and their imports, are on the server`);
    assert.equal(links(), [], `round ${round}: every page finds what it references`);
    const m = record(root);
    assert.equal(m.pending, [], `round ${round}: nothing left half done`);
    const server = tree(root);
    for (const [f, h] of Object.entries({ ...m.files, ...m.retired })) assert.is(server.get(f), h, `round ${round}: ${f} is on the server as the record says`);
    assert.equal(fg.sync('**/*.deploy-{tmp,old}', { cwd: root, dot: true }), [], `round ${round}: no temporary file left`);
  }
  await deploy({ dir: builds.c, target });
  assert.equal(served(root), Object.fromEntries(tree(builds.c)), 'the next deploy leaves the server equal to the build');
  await deploy({ dir: builds.c, target });
  const all = tree(root);
  all.delete(DEPLOY_MANIFEST);
  assert.equal(Object.fromEntries(all), Object.fromEntries(tree(builds.c)), 'and the one after drops the previous build\'s scripts it kept for open tabs');
  assert.not.ok(existsSync(path.join(root, '.deploy-lock')), 'the lock is released');
});

s('a stale lock is taken over with a line saying so; a live lock of another machine stops the run naming it, nothing written', async () => {
  const { root, env } = folder();
  const lock = path.join(root, '.deploy-lock');
  mkdirSync(lock);
  const old = new Date(Date.now() - 25 * 60_000).toISOString();
  writeFileSync(path.join(lock, 'owner.json'), JSON.stringify({ run: 'oldrun01', started: old, refreshed: old, machine: 'another-machine', pid: 1 }));
  const taken = await runCli(['--allow-sample'], { ...env, DIST_DIR: builds.a });
  assert.is(taken.code, 0, text(taken));
  const line = taken.lines.find((l) => l.startsWith('Took over the server\'s deploy lock from run oldrun01 '));
  assert.ok(line, text(taken));
  assert.match(line!, /it was last active 25 min ago, more than the 10 min after which a lock is stale \(DEPLOY_LOCK_STALE_MINUTES\)/);
  assert.equal(served(root), Object.fromEntries(tree(builds.a)));
  assert.not.ok(existsSync(lock), 'released at the end');

  mkdirSync(lock);
  const now = new Date().toISOString();
  writeFileSync(path.join(lock, 'owner.json'), JSON.stringify({ run: 'liverun2', started: now, refreshed: now, machine: 'another-machine', pid: 1 }));
  const before = tree(root);
  const stopped = await runCli(['--allow-sample'], { ...env, DIST_DIR: builds.c, DEPLOY_LOCK_WAIT_SECONDS: '3' });
  assert.is(stopped.code, 1, text(stopped));
  assert.ok(stopped.lines.some((l) => l.startsWith('Another deploy, run liverun2 (started ')), text(stopped));
  assert.match(stopped.lines.at(-1)!, /^Deploy failed: The server is locked by another deploy, run liverun2 \(started .* UTC, last active \d+ s ago\), which is writing the site now; waited 3 s \(DEPLOY_LOCK_WAIT_SECONDS\)\. Nothing was written\./);
  assert.equal(tree(root), before, 'nothing written');
  rmSync(lock, { recursive: true });
});

s('a shared chunk changed on the server is found by the live read-back and uploaded again; --verify finds it over FTP without a build change', async () => {
  const { root, env } = folder();
  const apache = await startApache(root, {});
  try {
    const live = { ...env, DIST_DIR: DIST, DEPLOY_LIVE_URL: apache.url };
    const first = await runCli(['--allow-sample'], live);
    assert.is(first.code, 0, text(first));
    // A script file other scripts import that no page names (an island's code, imported by its
    // loader): only a read-back of every file sees it.
    const pages = fg.sync('**/*.html', { cwd: DIST }).map((f) => readFileSync(path.join(DIST, f), 'utf8')).join('\n');
    const chunk = fg.sync('assets/*.js', { cwd: DIST }).sort().find((f) => !pages.includes(path.posix.basename(f)));
    assert.ok(chunk, 'the build has a script no page names');
    const built = readFileSync(path.join(DIST, chunk!));
    appendFileSync(path.join(root, chunk!), 'console.log("tampered");\n');
    const again = await runCli(['--allow-sample'], live);
    assert.is(again.code, 0, text(again));
    assert.ok(again.lines.some((l) => l.startsWith(`Live check: /${chunk} is not dist/${chunk}: the server sends `) && l.endsWith('; uploaded it again: it matches now.')), text(again));
    assert.ok(readFileSync(path.join(root, chunk!)).equals(built), 'the server has the built chunk again');

    appendFileSync(path.join(root, chunk!), 'console.log("tampered again");\n');
    const verify = await runCli(['--allow-sample', '--verify', '--no-live-check'], { ...env, DIST_DIR: DIST });
    assert.is(verify.code, 0, text(verify));
    assert.ok(verify.lines.includes(`Read back: /${chunk} on the server differs from the build; it is uploaded again.`), text(verify));
    assert.match(verify.lines.at(-1)!, /Read back \d+ files from the server: 1 differed and were uploaded again \(/);
    assert.ok(readFileSync(path.join(root, chunk!)).equals(built), '--verify put the built chunk back');
    assert.equal(served(root), Object.fromEntries(tree(DIST)));
  } finally {
    await apache.stop();
  }
});

s('a password with "#" in .env: unquoted it is refused naming the file and line ("quote it"); quoted it is read whole and logs in', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dotenv-'));
  const saved = process.env.DEPLOY_PASSWORD;
  delete process.env.DEPLOY_PASSWORD;
  try {
    writeFileSync(path.join(dir, '.env'), `# a comment\nDEPLOY_PASSWORD=${ftp.password}\n`);
    let message = '';
    try {
      loadDotEnv(dir);
    } catch (e) {
      message = (e as Error).message;
    }
    assert.match(message, /\.env line 2: the value of DEPLOY_PASSWORD contains "#", which \.env files read as the start of a comment, so only the part before it would be used: quote it, e\.g\. DEPLOY_PASSWORD='…'/);
    assert.not.ok(message.includes(ftp.password.split('#')[1]), 'the password is not in the message');
    assert.is(process.env.DEPLOY_PASSWORD, undefined, 'nothing loaded');
    writeFileSync(path.join(dir, '.env'), `DEPLOY_PASSWORD='${ftp.password}' # from the hosting panel\n`);
    loadDotEnv(dir);
    assert.is(process.env.DEPLOY_PASSWORD, ftp.password, 'read whole');
    const { root, env } = folder();
    const report = await deploy({ dir: builds.a, target: readTarget({ ...env, DEPLOY_PASSWORD: process.env.DEPLOY_PASSWORD, DEPLOY_SITE_URL: 'https://www.example.com' }, process.cwd())! });
    assert.ok(report.uploaded.length > 0, 'logged in with it and deployed');
    assert.ok(existsSync(path.join(root, 'index.html')));
  } finally {
    if (saved === undefined) delete process.env.DEPLOY_PASSWORD;
    else process.env.DEPLOY_PASSWORD = saved;
    rmSync(dir, { recursive: true, force: true });
  }
});

s.run();
