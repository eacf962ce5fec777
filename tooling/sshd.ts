/**
 * OpenSSH's sshd (Debian's openssh-server, installed by .ci/run) on 127.0.0.1 at a free port, with
 * host keys, a client key and a config of its own in a temp folder, for the SFTP deploy tests and
 * scripts/bench-deploy.ts.
 * Key login for the current user; password login is on too, so a wrong password is refused by
 * the real server. `replaceHostKeys` restarts it on the same port with new host keys, as a
 * reinstalled server (or a machine in between) would present them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { freePort } from './http.ts';
import { startServerProcess, tempFolder } from './process.ts';

/** Host key types sshd can be given (ssh-keygen -t). */
type HostKeyType = 'ed25519' | 'rsa' | 'ecdsa';

export interface SshdOptions {
  /** The host keys the server has, in its order of preference; default ['ed25519']. */
  hostKeyTypes?: HostKeyType[];
}

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
  /** The public host key files (`.pub`, "TYPE BASE64 COMMENT"), by type. */
  hostKeyFiles: Partial<Record<HostKeyType, string>>;
  /** sshd's log so far (LogLevel INFO: every accepted login is a line "Accepted publickey for …"). */
  log(): string;
  /** Stops sshd, makes new host keys of the same types and starts it again on the same port. */
  replaceHostKeys(): Promise<void>;
  /** Stops sshd and its sessions and removes its folder. */
  stop(): Promise<void>;
}

/** @throws Error with sshd's log when it does not listen within 10 s */
export async function startSshd(options: SshdOptions = {}): Promise<RunningSshd> {
  const folder = tempFolder('sshd-test');
  const dir = folder.dir;
  const types = options.hostKeyTypes ?? ['ed25519'];
  const keygen = (file: string, type: HostKeyType = 'ed25519') => {
    rmSync(file, { force: true });
    rmSync(`${file}.pub`, { force: true });
    execFileSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-f', file], { stdio: 'ignore' });
  };
  const hostKey = (type: HostKeyType) => `${dir}/host_key_${type}`;
  const makeHostKeys = () => { for (const t of types) keygen(hostKey(t), t); };
  makeHostKeys();
  keygen(`${dir}/client_key`);
  keygen(`${dir}/other_key`);
  writeFileSync(`${dir}/authorized_keys`, readFileSync(`${dir}/client_key.pub`));
  const port = await freePort();
  writeFileSync(`${dir}/sshd_config`, [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    ...types.map((t) => `HostKey ${hostKey(t)}`),
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
  const log = () => { try { return readFileSync(`${dir}/sshd.log`, 'utf8'); } catch { return ''; } };
  const launch = () => startServerProcess('sshd', '/usr/sbin/sshd', ['-D', '-f', `${dir}/sshd_config`, '-E', `${dir}/sshd.log`], dir, port, { log })
    .catch((error: unknown) => { folder.remove(); throw error; });
  let sshd = await launch();
  return {
    port,
    user: os.userInfo().username,
    keyFile: `${dir}/client_key`,
    otherKeyFile: `${dir}/other_key`,
    dir,
    hostKeyFiles: Object.fromEntries(types.map((t) => [t, `${hostKey(t)}.pub`])),
    log,
    async replaceHostKeys() {
      await sshd.stop();
      makeHostKeys();
      sshd = await launch();
    },
    async stop() {
      await sshd.stop();
      folder.remove();
    },
  };
}
