/**
 * OpenSSH's sshd (Debian's openssh-server, installed by .ci/run) on 127.0.0.1 at a free port, with
 * a host key, a client key and a config of its own in a temp folder, for the SFTP deploy tests and
 * scripts/bench-deploy.ts.
 * Key login for the current user; password login is on too, so a wrong password is refused by
 * the real server.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './http.ts';
import { stopper } from './server-process.ts';

export interface RunningSshd {
  port: number;
  /** The user that logs in (the one running the tests). */
  user: string;
  /** A private key the server accepts for `user`. */
  keyFile: string;
  /** A private key the server does not accept. */
  otherKeyFile: string;
  /** A temp folder for the test's files (removed by stop). */
  dir: string;
  /** Stops sshd by its PID and removes its folder. */
  stop(): Promise<void>;
}

/** @throws Error with sshd's log when it does not listen within 10 s */
export async function startSshd(): Promise<RunningSshd> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sshd-test-'));
  const keygen = (file: string) => execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file], { stdio: 'ignore' });
  keygen(`${dir}/host_key`);
  keygen(`${dir}/client_key`);
  keygen(`${dir}/other_key`);
  writeFileSync(`${dir}/authorized_keys`, readFileSync(`${dir}/client_key.pub`));
  const port = await freePort();
  writeFileSync(`${dir}/sshd_config`, [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${dir}/host_key`,
    `AuthorizedKeysFile ${dir}/authorized_keys`,
    `PidFile ${dir}/sshd.pid`,
    'PubkeyAuthentication yes',
    'PasswordAuthentication yes',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    'StrictModes no',
    'Subsystem sftp internal-sftp',
    '',
  ].join('\n'));
  mkdirSync('/run/sshd', { recursive: true }); // sshd's privilege separation folder
  const child = spawn('/usr/sbin/sshd', ['-D', '-f', `${dir}/sshd_config`, '-E', `${dir}/sshd.log`], { stdio: 'ignore' });
  const log = () => { try { return readFileSync(`${dir}/sshd.log`, 'utf8'); } catch { return ''; } };
  const stop = stopper(child, dir);
  try {
    await waitForPort(port);
  } catch (error) {
    const text = log();
    await stop();
    throw new Error(`sshd did not start: ${text}`, { cause: error });
  }
  return { port, user: os.userInfo().username, keyFile: `${dir}/client_key`, otherKeyFile: `${dir}/other_key`, dir, stop };
}
