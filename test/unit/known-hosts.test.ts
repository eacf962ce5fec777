/**
 * Reading known_hosts files (lib/deploy/known-hosts.ts), checked against OpenSSH's own tools:
 * keys made by `ssh-keygen -t`, entries hashed by `ssh-keygen -H`, fingerprints from
 * `ssh-keygen -l`, and host matching compared with `ssh-keygen -F` name by name (wildcards,
 * negation, `[host]:port`, case). Also the verdicts (known, changed, unknown, revoked) and the key
 * types asked for first, through the check the deploy runs (HostKeyCheck).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hostFieldMatches, HostKeyCheck, hostKeyFingerprint, keyTypeOf } from '../../lib/deploy/known-hosts.ts';
import { isCi, readHostKeySettings } from '../../lib/deploy/deploy-target.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'known-hosts-unit-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A new key pair of `type` made by ssh-keygen: its public line "TYPE BASE64" and blob. */
function keygen(type: 'ed25519' | 'rsa' | 'ecdsa', name: string): { line: string; blob: Buffer; pub: string } {
  const file = path.join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-f', file], { stdio: 'ignore' });
  const [keyType, base64] = readFileSync(`${file}.pub`, 'utf8').trim().split(/\s+/);
  return { line: `${keyType} ${base64}`, blob: Buffer.from(base64, 'base64'), pub: `${file}.pub` };
}
const ed = keygen('ed25519', 'ed');
const rsa = keygen('rsa', 'rsa');
const ecdsa = keygen('ecdsa', 'ecdsa');

/** What `ssh-keygen -F name -f file` finds: the key lines it prints (comments dropped). */
function sshKeygenFinds(name: string, file: string): string[] {
  const out = spawnSync('ssh-keygen', ['-F', name, '-f', file], { encoding: 'utf8' }).stdout;
  return out.split('\n').filter((l) => l && !l.startsWith('#'));
}

const test = suite('known_hosts');

/** The check the deploy runs for host:port with `files` as the user's known_hosts files; new hosts are neither asked about nor remembered. */
const checkOf = (host: string, port: number, ...files: string[]) =>
  new HostKeyCheck(host, port, undefined, { userFiles: files, projectFile: path.join(dir, 'none'), ci: false, acceptNew: false });

/** `text` written to a new file of the temp folder; its path. */
function knownHosts(name: string, text: string): string {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

test('key lines are read; comments, blank lines, @cert-authority and broken keys are skipped', () => {
  const file = knownHosts('lines', [
    '# a comment',
    '',
    `h.test ${ed.line} deploy@test`,
    `@cert-authority h.test ${rsa.line}`,
    'h.test ssh-ed25519 not*base64',
    `h.test ssh-rsa ${ed.line.split(' ')[1]}`,
    `   h.test ${ecdsa.line}   `,
  ].join('\n'));
  const check = checkOf('h.test', 22, file);
  assert.ok(check.verify(ed.blob));
  assert.match(check.describe()!, / line 3 knows for h\.test\.$/);
  assert.ok(checkOf('h.test', 22, file).verify(ecdsa.blob), 'an indented line');
  const other = checkOf('h.test', 22, file);
  assert.not.ok(other.verify(rsa.blob), 'the @cert-authority key is not a known key');
  assert.match(other.refusal!.message, new RegExp(`known by ${hostKeyFingerprint(ed.blob).replace(/[+/]/g, '\\$&')} \\(ssh-ed25519\\) \\(\\S+ line 3\\) or \\S+ \\(ecdsa-sha2-nistp256\\) \\(\\S+ line 7\\):`));
  assert.is(keyTypeOf(ed.blob), 'ssh-ed25519');
  assert.is(keyTypeOf(Buffer.from([0, 0])), '');
});

test('the name of a host: plain on port 22, [host]:port otherwise, lowercased', () => {
  assert.is(checkOf('Example.COM', 22).name, 'example.com');
  assert.is(checkOf('127.0.0.1', 2222).name, '[127.0.0.1]:2222');
  assert.is(checkOf('::1', 2222).name, '[::1]:2222');
});

test('host patterns match exactly the names ssh-keygen -F finds', () => {
  const file = path.join(dir, 'patterns');
  const patterns = ['*.example.com,!bad.example.com', '[10.0.0.?]:2222', 'plain.example.org,192.0.2.7', '[sftp.example.net]:2200', 'Mixed.Case.Test'];
  writeFileSync(file, patterns.map((p) => `${p} ${ed.line}\n`).join(''));
  const names = ['a.example.com', 'bad.example.com', 'example.com', 'x.y.example.com', '[10.0.0.5]:2222', '10.0.0.5', '[10.0.0.55]:2222',
    'plain.example.org', '192.0.2.7', '[plain.example.org]:2222', '[sftp.example.net]:2200', 'sftp.example.net', 'mixed.case.test'];
  for (const name of names) {
    const ours = patterns.filter((p) => hostFieldMatches(p, name)).map((p) => `${p} ${ed.line}`);
    assert.equal(ours, sshKeygenFinds(name, file), name);
  }
  assert.ok(sshKeygenFinds('a.example.com', file).length === 1, 'the comparison sees matches (canary)');
});

test('entries hashed by ssh-keygen -H match their own name only', () => {
  const file = knownHosts('hashed', `[127.0.0.1]:2222 ${ed.line}\nsftp.example.com,192.0.2.1 ${rsa.line}\n`);
  execFileSync('ssh-keygen', ['-H', '-f', file], { stdio: 'ignore' });
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.is(lines.length, 3, 'ssh-keygen -H writes one line per name');
  assert.ok(lines.every((l) => l.startsWith('|1|')), 'every name is hashed');
  assert.ok(checkOf('127.0.0.1', 2222, file).verify(ed.blob));
  assert.ok(checkOf('sftp.example.com', 22, file).verify(rsa.blob));
  assert.ok(checkOf('192.0.2.1', 22, file).verify(rsa.blob));
  for (const [host, port] of [['127.0.0.1', 22], ['127.0.0.1', 2223]] as const) {
    const check = checkOf(host, port, file);
    assert.not.ok(check.verify(ed.blob));
    assert.match(check.refusal!.message, /is not a known host/, 'the same address on another port is another host');
  }
  assert.is(hostFieldMatches('|1|broken', '127.0.0.1'), false);
});

test('fingerprints are the ones ssh-keygen -l prints', () => {
  for (const k of [ed, rsa, ecdsa]) {
    const printed = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', k.pub], { encoding: 'utf8' }).split(/\s+/)[1];
    assert.is(hostKeyFingerprint(k.blob), printed);
  }
});

test('verdicts: known, changed, unknown; revoked wins over known and applies to the hosts it names', () => {
  const file = knownHosts('verdicts', `[127.0.0.1]:2222 ${ed.line}\n`);
  assert.ok(checkOf('127.0.0.1', 2222, file).verify(ed.blob), 'known');
  const changed = checkOf('127.0.0.1', 2222, file);
  assert.not.ok(changed.verify(rsa.blob));
  assert.match(changed.refusal!.message, /^127\.0\.0\.1:2222 presented host key \S+ \(ssh-rsa\), but \[127\.0\.0\.1\]:2222 is known by /);
  assert.match(changed.refusal!.message, new RegExp(`delete the old entry \\(ssh-keygen -R "\\[127\\.0\\.0\\.1\\]:2222" -f ${file}\\)`));
  const unknown = checkOf('127.0.0.1', 2223, file);
  assert.not.ok(unknown.verify(rsa.blob));
  assert.match(unknown.refusal!.message, /is not a known host and there is no terminal to ask on/);
  const revoked = checkOf('127.0.0.1', 2222, file, knownHosts('revoked', `@revoked * ${ed.line}\n`));
  assert.not.ok(revoked.verify(ed.blob));
  assert.match(revoked.refusal!.message, /line 1 marks @revoked: nothing was sent/);
  assert.ok(checkOf('127.0.0.1', 2222, knownHosts('revoked-other', `@revoked other.example.com ${ed.line}\n`), file).verify(ed.blob), '@revoked names another host');
});

test('the key types known for a host are asked for first; RSA under its three algorithms', () => {
  const file = knownHosts('order', `[h.test]:2222 ${rsa.line}\nother.test ${ed.line}\n@revoked [h.test]:2222 ${ed.line}\n`);
  const rsaAlgorithms = ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'];
  assert.equal(checkOf('h.test', 2222, file).serverHostKey, { remove: rsaAlgorithms, prepend: rsaAlgorithms, append: [] });
  assert.equal(checkOf('other.test', 22, file).serverHostKey, { remove: ['ssh-ed25519'], prepend: ['ssh-ed25519'], append: [] });
  assert.is(checkOf('new.test', 22, file).serverHostKey, undefined, 'nothing known: ssh2 defaults');
  const settings = { userFiles: [file], projectFile: path.join(dir, 'none'), ci: false, acceptNew: false };
  assert.is(new HostKeyCheck('h.test', 2222, 'SHA256:x', settings).serverHostKey, undefined, 'DEPLOY_HOST_KEY: no file is read');
});

test('settings: HOME, DEPLOY_KNOWN_HOSTS relative to the project, CI', () => {
  const s = readHostKeySettings({ HOME: '/home/op', DEPLOY_KNOWN_HOSTS: 'keys/known', CI: 'true' }, '/srv/project');
  assert.equal(s, { userFiles: ['/home/op/.ssh/known_hosts', '/home/op/.ssh/known_hosts2'], projectFile: '/srv/project/keys/known', ci: true, acceptNew: false });
  assert.is(readHostKeySettings({ HOME: '/h' }, '/p').projectFile, '/p/.deploy-known-hosts');
  assert.equal(['true', '1', 'yes', '', 'false', '0', undefined].map(isCi), [true, true, true, false, false, false, false]);
});

test.run();
