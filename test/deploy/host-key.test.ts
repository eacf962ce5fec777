/**
 * The SFTP server's host key, checked the way ssh checks it, against OpenSSH's sshd
 * (tooling/sshd.ts) with an ed25519 and an RSA host key, through `npm run deploy` as an operator
 * runs it (no terminal): a first connection remembers the key in the project's file; a server whose
 * keys were replaced is refused before the login with nothing written, until the remembered entry
 * is deleted as the message says; CI refuses an unknown host and DEPLOY_HOST_KEY lets it in;
 * ~/.ssh/known_hosts is honoured with the lines ssh-keyscan writes (hashed, `[host]:port`, only
 * the RSA key), and `@revoked` refuses. On a terminal (util-linux's `script` gives the deploy a
 * pseudo-terminal) the operator is asked first, on /dev/tty even when the output is piped; without
 * a terminal an unknown host is refused unless DEPLOY_ACCEPT_NEW_HOST_KEY=1 (set by place(), so
 * the other cases run as an operator who opted in).
 * HOME is a temp folder in every run (the real ~/.ssh is never read or written) and CI is set
 * explicitly for each deploy.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deploy } from '../../lib/deploy/deploy.ts';
import { readTarget } from '../../lib/deploy/deploy-target.ts';
import { hostKeyFingerprint } from '../../lib/deploy/known-hosts.ts';
import { runCli, tree } from '../helpers/deploy-scenario.ts';
import { DIST } from '../helpers/site.ts';
import { startSshd } from '../../tooling/sshd.ts';

const server = await startSshd({ hostKeyTypes: ['ed25519', 'rsa'] });
const work = mkdtempSync(path.join(os.tmpdir(), 'host-key-test-'));
process.once('exit', () => rmSync(work, { recursive: true, force: true }));

/**
 * A small site (three files of the build: the host key is checked before any of them is sent),
 * and a copy with the home page changed, which a deploy would write.
 */
const site = path.join(work, 'site');
const edited = path.join(work, 'edited');
for (const f of ['index.html', '404.html', '.htaccess']) {
  cpSync(path.join(DIST, f), path.join(site, f));
  cpSync(path.join(DIST, f), path.join(edited, f));
}
writeFileSync(path.join(edited, 'index.html'), `${readFileSync(path.join(site, 'index.html'), 'utf8')}<!-- edited -->\n`);

let runs = 0;
/** A fresh HOME (empty ~/.ssh/known_hosts unless given) and project file, and a folder on the server. */
function place(knownHosts?: string): { env: Record<string, string>; home: string; projectFile: string; root: string } {
  const n = ++runs;
  const home = path.join(work, `home-${n}`);
  mkdirSync(path.join(home, '.ssh'), { recursive: true });
  if (knownHosts !== undefined) writeFileSync(path.join(home, '.ssh', 'known_hosts'), knownHosts);
  const root = path.join(server.dir, `site-${n}`);
  mkdirSync(root);
  const projectFile = path.join(work, `project-${n}`, '.deploy-known-hosts');
  const env = {
    DEPLOY_TARGET: `sftp://${server.user}@127.0.0.1:${server.port}/${root}`, DEPLOY_KEY: server.keyFile,
    HOME: home, DEPLOY_KNOWN_HOSTS: projectFile, CI: '', DIST_DIR: site, DEPLOY_ACCEPT_NEW_HOST_KEY: '1',
  };
  return { env, home, projectFile, root };
}

const name = () => `[127.0.0.1]:${server.port}`;
/** ssh-keyscan's lines for the server ("[127.0.0.1]:PORT TYPE BASE64"), hashed with -H. */
const keyscan = (type: 'ed25519' | 'rsa', hashed = false) =>
  execFileSync('ssh-keyscan', [...(hashed ? ['-H'] : []), '-t', type, '-p', String(server.port), '127.0.0.1'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
/** The fingerprint ssh-keygen -l prints for the server's current key of `type`. */
const fingerprint = (type: 'ed25519' | 'rsa') => execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', server.hostKeyFiles[type]!], { encoding: 'utf8' }).split(/\s+/)[1];
/** Logins sshd accepted so far. */
const logins = () => (server.log().match(/Accepted publickey/g) ?? []).length;
const text = (run: { lines: string[]; stderr: string }) => run.lines.join('\n') + run.stderr;

const s = suite('SFTP host key');
s.after(async () => {
  await server.stop();
});

s('with DEPLOY_ACCEPT_NEW_HOST_KEY=1 a first deploy remembers the key ssh-keyscan sees in the project file, and says so; the next one finds it there', async () => {
  const p = place();
  const first = await runCli(['--allow-sample'], p.env);
  assert.is(first.code, 0, text(first));
  const ed = fingerprint('ed25519');
  assert.ok(first.lines.includes(`New host ${name()}: its host key ${ed} (ssh-ed25519) is remembered in ${p.projectFile}; later deploys refuse any other key. Check the fingerprint with your host; for CI, set DEPLOY_HOST_KEY=${ed}.`), text(first));
  const remembered = readFileSync(p.projectFile, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.equal(remembered, [keyscan('ed25519').trim()], 'the line is the one ssh-keyscan prints');
  assert.equal(tree(p.root).get('/index.html'), tree(site).get('/index.html'));
  const again = await runCli(['--allow-sample'], p.env);
  assert.is(again.code, 0, text(again));
  assert.ok(again.lines.includes(`Connected; the server's host key ${ed} is the one ${p.projectFile} line 3 knows for ${name()}.`), text(again));
  assert.is(readFileSync(p.projectFile, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).length, 1, 'remembered once');
});

s('a server whose keys were replaced is refused before the login, nothing written; deleting the entry as told lets the next deploy in', async () => {
  const p = place();
  assert.is((await runCli(['--allow-sample'], p.env)).code, 0);
  const old = fingerprint('ed25519');
  await server.replaceHostKeys();
  const now = fingerprint('ed25519');
  assert.is.not(now, old);
  const before = tree(p.root);
  const loginsBefore = logins();
  const refused = await runCli(['--allow-sample'], { ...p.env, DIST_DIR: edited });
  assert.is(refused.code, 1, text(refused));
  const message = refused.lines.at(-1)!;
  assert.match(message, `Deploy failed: 127.0.0.1:${server.port} presented host key ${now} (ssh-ed25519), but ${name()} is known by ${old} (ssh-ed25519) (${p.projectFile} line 3): the server's key changed, or someone is in between. Nothing was sent, not even the login. Ask your host whether they replaced the server's key; only if they confirm, delete the old entry (`);
  assert.equal(tree(p.root), before, 'the server folder is unchanged');
  assert.is(logins(), loginsBefore, 'sshd accepted no login');
  // The command the message gives, run as it is, with OpenSSH's ssh-keygen.
  const command = /delete the old entry \((ssh-keygen [^)]+)\)/.exec(message)![1];
  assert.is(command, `ssh-keygen -R "${name()}" -f ${p.projectFile}`);
  execFileSync('ssh-keygen', ['-R', name(), '-f', p.projectFile], { stdio: 'ignore' });
  const after = await runCli(['--allow-sample'], { ...p.env, DIST_DIR: edited });
  assert.is(after.code, 0, text(after));
  assert.ok(after.lines.some((l) => l.startsWith(`New host ${name()}: its host key ${now} `)), text(after));
  assert.equal(tree(p.root).get('/index.html'), tree(edited).get('/index.html'));
});

s('under CI an unknown host is refused with the fingerprint to set; DEPLOY_HOST_KEY with it deploys, remembering nothing', async () => {
  const p = place();
  const refused = await runCli(['--allow-sample'], { ...p.env, CI: 'true' });
  assert.is(refused.code, 1, text(refused));
  const ed = fingerprint('ed25519');
  assert.is(refused.lines.at(-1), `Deploy failed: 127.0.0.1:${server.port} is not a known host and CI is set (a CI checkout remembers nothing): confirm with your host that its SFTP host key is ${ed}, then set DEPLOY_HOST_KEY=${ed} in the CI's secrets.`);
  assert.equal([...tree(p.root).keys()], [], 'nothing written');
  assert.not.ok(existsSync(p.projectFile), 'nothing remembered');
  const pinned = await runCli(['--allow-sample'], { ...p.env, CI: 'true', DEPLOY_HOST_KEY: ed });
  assert.is(pinned.code, 0, text(pinned));
  assert.ok(tree(p.root).has('/index.html'));
  assert.not.ok(existsSync(p.projectFile), 'DEPLOY_HOST_KEY: nothing remembered');
});

s('DEPLOY_HOST_KEY wins over a known_hosts entry naming another key', async () => {
  const p = place(`${name()} ${readFileSync(`${server.otherKeyFile}.pub`, 'utf8').split(' ').slice(0, 2).join(' ')}\n`);
  const unpinned = await runCli(['--allow-sample'], p.env);
  assert.is(unpinned.code, 1, 'without it the key counts as changed');
  const run = await runCli(['--allow-sample'], { ...p.env, DEPLOY_HOST_KEY: fingerprint('ed25519') });
  assert.is(run.code, 0, text(run));
});

s('~/.ssh/known_hosts from ssh-keyscan -H (hashed) is honoured: the deploy goes, nothing new remembered', async () => {
  const p = place(keyscan('ed25519', true));
  assert.match(readFileSync(path.join(p.home, '.ssh/known_hosts'), 'utf8'), /^\|1\|/, 'the entry is hashed');
  const run = await runCli(['--allow-sample'], { ...p.env, CI: 'true' });
  assert.is(run.code, 0, text(run));
  assert.ok(run.lines.includes(`Connected; the server's host key ${fingerprint('ed25519')} is the one ~/.ssh/known_hosts line 1 knows for ${name()}.`), text(run));
  assert.not.ok(existsSync(p.projectFile));
});

s('a known RSA key is not "changed" although the server prefers ed25519: the known type is asked for first', async () => {
  const p = place(keyscan('rsa'));
  assert.match(readFileSync(path.join(p.home, '.ssh/known_hosts'), 'utf8'), new RegExp(`^\\[127\\.0\\.0\\.1\\]:${server.port} ssh-rsa `), 'a plain [host]:port entry');
  const run = await runCli(['--allow-sample'], { ...p.env, CI: 'true' });
  assert.is(run.code, 0, text(run));
  assert.ok(run.lines.some((l) => l.startsWith(`Connected; the server's host key ${fingerprint('rsa')} is the one`)), text(run));
});

s('an entry for the same address on another port is not this host', async () => {
  const p = place(keyscan('ed25519').replace(`[127.0.0.1]:${server.port}`, '127.0.0.1'));
  const run = await runCli(['--allow-sample'], { ...p.env, CI: 'true' });
  assert.is(run.code, 1);
  assert.match(run.lines.at(-1)!, /is not a known host and CI is set/);
});

s('@revoked refuses the key even where it is also known; nothing written', async () => {
  const line = keyscan('ed25519').trim();
  const p = place(`${line}\n@revoked * ${line.split(' ').slice(1).join(' ')}\n`);
  const run = await runCli(['--allow-sample'], p.env);
  assert.is(run.code, 1, text(run));
  assert.is(run.lines.at(-1), `Deploy failed: 127.0.0.1:${server.port} presented host key ${fingerprint('ed25519')} (ssh-ed25519), which ~/.ssh/known_hosts line 2 marks @revoked: nothing was sent, not even the login. Never deploy to a server with that key; ask your host for the server's current key.`);
  assert.equal([...tree(p.root).keys()], []);
  assert.not.ok(existsSync(p.projectFile));
});

s('on a terminal the operator is asked: "no" refuses with nothing written, "yes" remembers and deploys', async () => {
  const p = place();
  const questions: string[] = [];
  const target = readTarget(p.env, process.cwd())!;
  target.hostKeys.confirm = async (q) => { questions.push(q); return false; };
  const loginsBefore = logins();
  await deploy({ dir: site, target }).then(() => assert.unreachable('refused'), (e) => {
    assert.is(e.message, `The host key ${fingerprint('ed25519')} of ${name()} was not accepted, so nothing was sent. Check it with your host; DEPLOY_HOST_KEY=${fingerprint('ed25519')} accepts it without asking.`);
  });
  assert.equal(questions, [`The authenticity of host ${name()} can't be established: its host key is ${fingerprint('ed25519')} (ssh-ed25519). Deploy to it, and remember the key in ${p.projectFile}?`]);
  assert.is(logins(), loginsBefore, 'no login');
  assert.equal([...tree(p.root).keys()], []);
  assert.not.ok(existsSync(p.projectFile));
  const events: string[] = [];
  target.hostKeys.confirm = async () => true;
  await deploy({ dir: site, target, onEvent: (e) => { if (e.type === 'connected' && e.identity) events.push(e.identity); } });
  assert.equal(events, [`New host ${name()}: its host key ${fingerprint('ed25519')} (ssh-ed25519) is remembered in ${p.projectFile}; later deploys refuse any other key. Check the fingerprint with your host; for CI, set DEPLOY_HOST_KEY=${fingerprint('ed25519')}.`]);
  assert.ok(tree(p.root).has('/index.html'));
  assert.match(readFileSync(p.projectFile, 'utf8'), keyscan('ed25519').trim());
  assert.is(hostKeyFingerprint(Buffer.from(keyscan('ed25519').trim().split(' ')[2], 'base64')), fingerprint('ed25519'));
});

s('on a real terminal "no" refuses with nothing written; "yes" remembers the key and deploys', async () => {
  const p = place();
  const no = await runCli(['--allow-sample'], p.env, undefined, 'no\n');
  assert.is(no.code, 1, text(no));
  assert.ok(no.lines.some((l) => l.includes(`The authenticity of host ${name()} can't be established`)), text(no));
  assert.match(no.lines.at(-1)!, `Deploy failed: The host key ${fingerprint('ed25519')} of ${name()} was not accepted, so nothing was sent.`);
  assert.equal([...tree(p.root).keys()], []);
  assert.not.ok(existsSync(p.projectFile));
  const yes = await runCli(['--allow-sample'], p.env, undefined, 'yes\n');
  assert.is(yes.code, 0, text(yes));
  assert.ok(yes.lines.some((l) => l.includes(`New host ${name()}: its host key ${fingerprint('ed25519')} (ssh-ed25519) is remembered in ${p.projectFile}`)), text(yes));
  assert.ok(tree(p.root).has('/index.html'));
});

s('piped, with no terminal to ask on, an unknown host is refused with the fingerprint to pin: nothing written or remembered, no login', async () => {
  const p = place();
  const { DEPLOY_ACCEPT_NEW_HOST_KEY: _, ...piped } = p.env;
  const loginsBefore = logins();
  const run = await runCli(['--allow-sample'], piped);
  assert.is(run.code, 1, text(run));
  const ed = fingerprint('ed25519');
  assert.is(run.lines.at(-1), `Deploy failed: 127.0.0.1:${server.port} is not a known host and there is no terminal to ask on (the deploy's input is not a terminal): confirm with your host that its SFTP host key is ${ed}, then set DEPLOY_HOST_KEY=${ed}; or run the deploy once from a terminal and answer; DEPLOY_ACCEPT_NEW_HOST_KEY=1 accepts a new host's key without asking.`);
  assert.equal([...tree(p.root).keys()], [], 'nothing written');
  assert.not.ok(existsSync(p.projectFile), 'nothing remembered');
  assert.is(logins(), loginsBefore, 'sshd accepted no login');
});

s('input on a terminal, output into a pipe (npm run deploy | tee log): asked on the terminal; "yes" remembers and deploys', async () => {
  const p = place();
  const { DEPLOY_ACCEPT_NEW_HOST_KEY: _, ...env } = p.env;
  const run = await runCli(['--allow-sample'], env, undefined, 'yes\n', true);
  assert.ok(run.lines.some((l) => l.includes(`The authenticity of host ${name()} can't be established: its host key is ${fingerprint('ed25519')} (ssh-ed25519).`)), text(run));
  assert.ok(run.lines.some((l) => l.includes(`New host ${name()}: its host key ${fingerprint('ed25519')} (ssh-ed25519) is remembered in ${p.projectFile}`)), text(run));
  assert.ok(tree(p.root).has('/index.html'));
});

s.run();
