/**
 * Reading known_hosts files (lib/deploy/known-hosts.ts), checked against OpenSSH's own tools:
 * keys made by `ssh-keygen -t`, entries hashed by `ssh-keygen -H`, fingerprints from
 * `ssh-keygen -l`, and host matching compared with `ssh-keygen -F` name by name (wildcards,
 * negation, `[host]:port`, case). Also the verdicts (known, changed, unknown, revoked) and the key
 * types asked for first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  algorithmsFor, hostFieldMatches, HostKeyCheck, hostKeyFingerprint, judgeHostKey, keyTypeOf, knownHostName, parseKnownHosts,
} from '../../lib/deploy/known-hosts.ts';
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

test('key lines parse; comments, blank lines, @cert-authority and broken keys are skipped; @revoked is marked', () => {
  const text = [
    '# a comment',
    '',
    `[127.0.0.1]:2222 ${ed.line} deploy@test`,
    `@revoked * ${rsa.line}`,
    `@cert-authority *.example.com ${ecdsa.line}`,
    'broken.example.com ssh-ed25519 not*base64',
    `mismatch.example.com ssh-rsa ${ed.line.split(' ')[1]}`,
    `   indented.example.com ${ecdsa.line}   `,
  ].join('\n');
  const entries = parseKnownHosts(text, '/tmp/k');
  assert.equal(entries.map((e) => [e.line, e.marker, e.hosts, e.keyType]), [
    [3, undefined, '[127.0.0.1]:2222', 'ssh-ed25519'],
    [4, 'revoked', '*', 'ssh-rsa'],
    [8, undefined, 'indented.example.com', ecdsa.line.split(' ')[0]],
  ]);
  assert.ok(entries[0].key.equals(ed.blob));
  assert.is(keyTypeOf(ed.blob), 'ssh-ed25519');
  assert.is(keyTypeOf(Buffer.from([0, 0])), '');
});

test('the name of a host: plain on port 22, [host]:port otherwise, lowercased', () => {
  assert.is(knownHostName('Example.COM', 22), 'example.com');
  assert.is(knownHostName('127.0.0.1', 2222), '[127.0.0.1]:2222');
  assert.is(knownHostName('::1', 2222), '[::1]:2222');
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
  const file = path.join(dir, 'hashed');
  writeFileSync(file, `[127.0.0.1]:2222 ${ed.line}\nsftp.example.com,192.0.2.1 ${rsa.line}\n`);
  execFileSync('ssh-keygen', ['-H', '-f', file], { stdio: 'ignore' });
  const entries = parseKnownHosts(readFileSync(file, 'utf8'), file);
  assert.is(entries.length, 3, 'ssh-keygen -H writes one line per name');
  assert.ok(entries.every((e) => e.hosts.startsWith('|1|')), 'every name is hashed');
  const found = (name: string) => entries.filter((e) => hostFieldMatches(e.hosts, name)).map((e) => e.keyType);
  assert.equal(found('[127.0.0.1]:2222'), ['ssh-ed25519']);
  assert.equal(found('sftp.example.com'), ['ssh-rsa']);
  assert.equal(found('192.0.2.1'), ['ssh-rsa']);
  assert.equal(found('127.0.0.1'), [], 'the same address on port 22 is another host');
  assert.equal(found('[127.0.0.1]:2223'), []);
  assert.is(hostFieldMatches('|1|broken', '127.0.0.1'), false);
});

test('fingerprints are the ones ssh-keygen -l prints', () => {
  for (const k of [ed, rsa, ecdsa]) {
    const printed = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', k.pub], { encoding: 'utf8' }).split(/\s+/)[1];
    assert.is(hostKeyFingerprint(k.blob), printed);
  }
});

test('verdicts: known, changed, unknown; revoked wins over known', () => {
  const name = '[127.0.0.1]:2222';
  const entries = parseKnownHosts(`${name} ${ed.line}\n`, 'f');
  assert.is(judgeHostKey(entries, name, ed.blob).status, 'known');
  const changed = judgeHostKey(entries, name, rsa.blob);
  assert.is(changed.status, 'changed');
  assert.ok(changed.status === 'changed' && changed.expected[0].key.equals(ed.blob));
  assert.is(judgeHostKey(entries, '[127.0.0.1]:2223', rsa.blob).status, 'unknown');
  const revoked = parseKnownHosts(`${name} ${ed.line}\n@revoked * ${ed.line}\n`, 'f');
  assert.is(judgeHostKey(revoked, name, ed.blob).status, 'revoked');
  assert.is(judgeHostKey(parseKnownHosts(`@revoked other.example.com ${ed.line}\n${name} ${ed.line}\n`, 'f'), name, ed.blob).status, 'known', '@revoked applies to the hosts it names');
});

test('the key types known for a host are asked for first; RSA under its three algorithms', () => {
  assert.equal(algorithmsFor('ssh-rsa'), ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa']);
  assert.equal(algorithmsFor('ssh-ed25519'), ['ssh-ed25519']);
  const file = path.join(dir, 'order');
  writeFileSync(file, `[h.test]:2222 ${rsa.line}\nother.test ${ed.line}\n@revoked [h.test]:2222 ${ed.line}\n`);
  const settings = { userFiles: [file], projectFile: path.join(dir, 'none'), ci: false, acceptNew: false };
  assert.equal(new HostKeyCheck('h.test', 2222, undefined, settings).serverHostKey, { remove: algorithmsFor('ssh-rsa'), prepend: algorithmsFor('ssh-rsa'), append: [] });
  assert.is(new HostKeyCheck('new.test', 22, undefined, settings).serverHostKey, undefined, 'nothing known: ssh2 defaults');
  assert.is(new HostKeyCheck('h.test', 2222, 'SHA256:x', settings).serverHostKey, undefined, 'DEPLOY_HOST_KEY: no file is read');
});

test('settings: HOME, DEPLOY_KNOWN_HOSTS relative to the project, CI', () => {
  const s = readHostKeySettings({ HOME: '/home/op', DEPLOY_KNOWN_HOSTS: 'keys/known', CI: 'true' }, '/srv/project');
  assert.equal(s, { userFiles: ['/home/op/.ssh/known_hosts', '/home/op/.ssh/known_hosts2'], projectFile: '/srv/project/keys/known', ci: true, acceptNew: false });
  assert.is(readHostKeySettings({ HOME: '/h' }, '/p').projectFile, '/p/.deploy-known-hosts');
  assert.equal(['true', '1', 'yes', '', 'false', '0', undefined].map(isCi), [true, true, true, false, false, false, false]);
});

test.run();
