/**
 * The SFTP server's host key, confirmed in the editor instead of on a terminal: a probe opens an
 * SSH handshake only as far as the server's key (no login is attempted: the handshake is
 * refused at the key), says its SHA-256 fingerprint (as ssh-keygen -l prints it) and whether the
 * deploy already trusts it (lib/deploy/known-hosts.ts: DEPLOY_HOST_KEY, ~/.ssh/known_hosts, the
 * project's .deploy-known-hosts); trusting writes that very key, matched by its fingerprint, into
 * the project's file, as the deploy itself remembers a key an operator confirmed on a terminal.
 * A key the files know as changed or revoked is never trusted from here.
 */
import path from 'node:path';
import { Client as SshClient } from 'ssh2';
import { hostKeyFingerprint, HostKeyCheck, keyTypeOf } from '../deploy/known-hosts.ts';
import { DeployError, readHostKeySettings } from '../deploy/deploy-target.ts';
import { writableFile } from './project-files.ts';

/** What a probe found. */
export interface HostKeyProbe {
  /** The host as known_hosts names it, e.g. "sftp.example.com" or "[127.0.0.1]:2222". */
  host: string;
  /** "SHA256:…", as ssh-keygen -l prints it. */
  fingerprint: string;
  /** e.g. "ssh-ed25519". */
  keyType: string;
  /** True when the deploy accepts this key as it is (known, or DEPLOY_HOST_KEY). */
  known: boolean;
  /** When the key is refused whatever the owner says (changed or revoked): the deploy's own line. */
  refused?: string;
}

/** Where the probe connects, and the environment the deploy reads its host-key settings from. */
export interface ProbeTarget {
  host: string;
  port: number;
  /** DEPLOY_HOST_KEY, when set. */
  hostKey?: string;
  /** The connection's time limit in ms. */
  timeoutMs: number;
}

/** Probed keys by known_hosts name and fingerprint: trust writes only one of these. */
const probed = new Map<string, { key: Buffer; refused?: string }>();

/** A HostKeyCheck that neither asks nor remembers: it only judges. */
function judge(target: ProbeTarget, env: NodeJS.ProcessEnv, root: string): HostKeyCheck {
  const settings = { ...readHostKeySettings(env, root), ci: false, acceptNew: false, confirm: async () => false };
  return new HostKeyCheck(target.host, target.port, target.hostKey, settings);
}

/**
 * Reads the server's host key and judges it as the deploy would.
 * @param env  the deploy's variables (HOME, DEPLOY_KNOWN_HOSTS)
 * @param root the project root (where .deploy-known-hosts is)
 * @throws DeployError when the server cannot be reached or shows no key
 */
export async function probeHostKey(target: ProbeTarget, env: NodeJS.ProcessEnv, root: string): Promise<HostKeyProbe> {
  const check = judge(target, env, root);
  const key = await presentedKey(target, check);
  const known = check.verify(key);
  const refused = known || check.askFor ? undefined : check.refusal?.message;
  const fingerprint = hostKeyFingerprint(key);
  probed.set(`${check.name} ${fingerprint}`, { key, refused });
  return { host: check.name, fingerprint, keyType: keyTypeOf(key), known, ...(refused ? { refused } : {}) };
}

/** The key the server presents (in the order of preference the deploy asks for). */
function presentedKey(target: ProbeTarget, check: HostKeyCheck): Promise<Buffer> {
  const conn = new SshClient();
  let key: Buffer | undefined;
  return new Promise<Buffer>((resolve, reject) => {
    const done = (error?: Error) => {
      conn.end();
      if (key) resolve(key);
      else reject(new DeployError(`Cannot reach the SFTP server ${target.host}:${target.port} (${error?.message ?? 'no host key'}): check the server name and port.`));
    };
    conn.once('error', done);
    conn.once('close', () => done());
    conn.connect({
      host: target.host,
      port: target.port,
      username: 'host-key-probe',
      readyTimeout: target.timeoutMs,
      hostVerifier: (presented: Buffer) => {
        key = Buffer.from(presented);
        return false; // stop at the key: no login
      },
      ...(check.serverHostKey ? { algorithms: { serverHostKey: check.serverHostKey } } : {}),
    });
  });
}

/**
 * Remembers the key the last probe of this host read, if its fingerprint is `fingerprint`, in the
 * project's known-hosts file (HostKeyCheck.remember: the line the deploy reads), then checks that
 * the deploy now finds it known.
 * @throws DeployError when no probe read that key, the key is refused (changed or revoked), or
 *   the file could not be written
 */
export function trustHostKey(target: ProbeTarget, fingerprint: string, env: NodeJS.ProcessEnv, root: string): void {
  const check = judge(target, env, root);
  const entry = probed.get(`${check.name} ${fingerprint}`);
  if (!entry) throw new DeployError(`No host key ${fingerprint} was read from ${check.name}: read the server's key again and compare it with the one your host gives.`);
  if (entry.refused) throw new DeployError(entry.refused);
  if (check.verify(entry.key)) return; // already known
  // Only the project's own known-hosts file is written (the editor's write allow-list): a
  // DEPLOY_KNOWN_HOSTS naming a file elsewhere is refused with nothing written.
  writableFile(root, path.relative(root, readHostKeySettings(env, root).projectFile).split(path.sep).join('/'));
  check.remember(entry.key);
  if (!judge(target, env, root).verify(entry.key)) {
    throw new DeployError(`The host key of ${check.name} could not be written to ${readHostKeySettings(env, root).projectFile}: check that the project folder can be written.`);
  }
}
