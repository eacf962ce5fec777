/**
 * Trusting an SFTP server's host key the way OpenSSH's ssh does, before the deploy logs in:
 * DEPLOY_HOST_KEY when set, else the keys of the user's ~/.ssh/known_hosts and known_hosts2 (read
 * only) and of the project's file (HostKeySettings.projectFile), in the format of sshd(8)
 * (https://man.openbsd.org/sshd#SSH_KNOWN_HOSTS_FILE_FORMAT), read by ssh2's own key parser.
 */
import { createHash, createHmac } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssh2, { type AlgorithmList, type ServerHostKeyAlgorithm } from 'ssh2';
import { DeployError, type HostKeySettings } from './deploy-target.ts';

/** One key line of a known_hosts file. */
interface Entry {
  /** The file and 1-based line it was read from (for messages). */
  file: string;
  line: number;
  revoked: boolean;
  /** The host field as written: comma-separated patterns, or one hashed name `|1|salt|hash`. */
  hosts: string;
  /** The public key blob, as the server presents it. */
  key: Buffer;
}

/** The key type an SSH public key blob names (e.g. "ssh-ed25519"), "" when ssh2 cannot read it. */
export function keyTypeOf(blob: Buffer): string {
  const key = ssh2.utils.parseKey(blob);
  return key instanceof Error ? '' : key.type;
}

/** The key lines of a known_hosts file; comments, `@cert-authority` and unreadable keys are skipped, as ssh skips them. */
function parseKnownHosts(text: string, file: string): Entry[] {
  return text.split('\n').flatMap((raw, i) => {
    const fields = raw.trim().split(/\s+/);
    const revoked = fields[0] === '@revoked';
    const [hosts, keyType, base64] = revoked ? fields.slice(1) : fields;
    if (!base64 || /^[@#]/.test(hosts)) return [];
    const key = ssh2.utils.parseKey(`${keyType} ${base64}`);
    return key instanceof Error || key.type !== keyType ? [] : [{ file, line: i + 1, revoked, hosts, key: key.getPublicSSH() }];
  });
}

/**
 * True when the host field of a known_hosts line names `name` ("host", or "[host]:port" off port
 * 22). A hashed field `|1|salt|hash` matches when HMAC-SHA1 keyed with the salt over the name is
 * the hash (OpenSSH's HashKnownHosts); otherwise a pattern must match ("*" any run of characters,
 * "?" one) and no negated one ("!pattern") may.
 */
export function hostFieldMatches(hosts: string, name: string): boolean {
  if (hosts.startsWith('|1|')) {
    const [, , salt, hash] = hosts.split('|');
    return !!hash && createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  const matching = hosts.toLowerCase().split(',').filter((p) => {
    const glob = p.replace(/^!/, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    return new RegExp(`^${glob}$`).test(name);
  });
  return matching.length > 0 && !matching.some((p) => p.startsWith('!'));
}

/** OpenSSH's fingerprint of a host key: "SHA256:" and the unpadded base64 of its SHA-256 (ssh-keygen -l). */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** A file's path as the operator would type it: relative under the working folder, ~/… under the home folder. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel;
  return file.startsWith(`${os.homedir()}/`) ? `~/${file.slice(os.homedir().length + 1)}` : file;
}

const describeKey = (key: Buffer) => `${hostKeyFingerprint(key)} (${keyTypeOf(key)})`;

/**
 * One connection's check of the server's host key: the ssh2 options to pass (`serverHostKey`,
 * `verify`), then, after the handshake, why the key was refused (`refusal`), which key the
 * operator must be asked about (`askFor`), or what to tell the operator (`describe`).
 */
export class HostKeyCheck {
  /** The host as known_hosts names it: lowercased, "[host]:port" off port 22, e.g. "[127.0.0.1]:2222". */
  readonly name: string;
  private readonly entries: Entry[] = [];
  /** Set by verify when the key is refused: the one-line error the deploy ends with. */
  refusal?: DeployError;
  /** Set by verify when the host is unknown and the operator must be asked first. */
  askFor?: Buffer;
  /** The line describe() returns. */
  private outcome?: string;

  /**
   * @param pinned DEPLOY_HOST_KEY, when set
   * @throws DeployError when a known_hosts file exists but cannot be read
   */
  constructor(readonly host: string, readonly port: number, private readonly pinned: string | undefined, private readonly settings: HostKeySettings) {
    this.name = port === 22 ? host.toLowerCase() : `[${host.toLowerCase()}]:${port}`;
    if (pinned) return;
    for (const file of [...settings.userFiles, settings.projectFile].filter((f) => existsSync(f))) {
      try {
        this.entries.push(...parseKnownHosts(readFileSync(file, 'utf8'), file).filter((e) => hostFieldMatches(e.hosts, this.name)));
      } catch (err) {
        throw new DeployError(`Cannot read ${shown(file)} (${(err as NodeJS.ErrnoException).code ?? err}): the deploy checks the SFTP server's host key against it; fix its permissions.`);
      }
    }
  }

  /**
   * ssh2's `algorithms.serverHostKey`: the algorithms of the key types known for this host first
   * (an RSA key under rsa-sha2-512, rsa-sha2-256 and ssh-rsa: RFC 8332), then ssh2's defaults;
   * undefined (ssh2's defaults) when no key is known.
   */
  get serverHostKey(): AlgorithmList<ServerHostKeyAlgorithm> | undefined {
    const types = new Set(this.entries.filter((e) => !e.revoked).map((e) => keyTypeOf(e.key)));
    const algorithms = [...types].flatMap((t) => (t === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [t])) as ServerHostKeyAlgorithm[];
    // ssh2 applies the operations in the order of the object's keys, and "prepend" skips a name
    // still in the list: remove the known ones from the defaults, then put them first.
    return algorithms.length ? { remove: algorithms, prepend: algorithms, append: [] } : undefined;
  }

  /**
   * ssh2's `hostVerifier`: true to go on with the handshake. In OpenSSH's order, the key is refused
   * when revoked for the host, accepted when known, refused as changed when other keys are known;
   * an unknown host is refused under CI, asked about (settings.confirm), accepted and remembered
   * here before the login with acceptNew (ssh's StrictHostKeyChecking=accept-new), else refused.
   */
  verify = (key: Buffer): boolean => {
    const where = `${this.host}:${this.port}`;
    const fingerprint = hostKeyFingerprint(key);
    if (this.pinned) {
      if (fingerprint === this.pinned) return true;
      return this.refuse(`${this.host} presented host key ${fingerprint}, not DEPLOY_HOST_KEY ${this.pinned}: the server changed or someone is in between; ask your host before deploying.`);
    }
    const revoked = this.entries.find((e) => e.revoked && e.key.equals(key));
    if (revoked) return this.refuse(`${where} presented host key ${describeKey(key)}, which ${shown(revoked.file)} line ${revoked.line} marks @revoked: nothing was sent, not even the login. Never deploy to a server with that key; ask your host for the server's current key.`);
    const known = this.entries.filter((e) => !e.revoked);
    const match = known.find((e) => e.key.equals(key));
    if (match) {
      this.outcome = `Connected; the server's host key ${fingerprint} is the one ${shown(match.file)} line ${match.line} knows for ${this.name}.`;
      return true;
    }
    if (known.length) {
      const expected = known.map((e) => `${describeKey(e.key)} (${shown(e.file)} line ${e.line})`).join(' or ');
      const remove = [...new Set(known.map((e) => e.file))].map((f) => `ssh-keygen -R "${this.name}" -f ${shown(f)}`).join(' and ');
      return this.refuse(`${where} presented host key ${describeKey(key)}, but ${this.name} is known by ${expected}: the server's key changed, or someone is in between. Nothing was sent, not even the login. Ask your host whether they replaced the server's key; only if they confirm, delete the old entry (${remove}) and deploy again.`);
    }
    if (this.settings.ci) return this.refuse(`${where} is not a known host and CI is set (a CI checkout remembers nothing): confirm with your host that its SFTP host key is ${fingerprint}, then set DEPLOY_HOST_KEY=${fingerprint} in the CI's secrets.`);
    if (this.settings.confirm) {
      this.askFor = key;
      return false;
    }
    if (this.settings.acceptNew) {
      this.remember(key);
      return true;
    }
    return this.refuse(`${where} is not a known host and there is no terminal to ask on (the deploy's input is not a terminal): confirm with your host that its SFTP host key is ${fingerprint}, then set DEPLOY_HOST_KEY=${fingerprint}; or run the deploy once from a terminal and answer; DEPLOY_ACCEPT_NEW_HOST_KEY=1 accepts a new host's key without asking.`);
  };

  private refuse(message: string): false {
    this.refusal = new DeployError(message);
    return false;
  }

  /** Appends `key` for this host to the project's file (creating it with a heading comment). */
  remember(key: Buffer): void {
    const file = this.settings.projectFile;
    const fp = hostKeyFingerprint(key);
    let kept = `remembered in ${shown(file)}; later deploys refuse any other key`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const heading = existsSync(file) ? '' : '# Host keys of the SFTP servers npm run deploy has met (OpenSSH known_hosts format).\n# Delete a line only when the host confirms that the server\'s key changed.\n';
      appendFileSync(file, `${heading}${this.name} ${keyTypeOf(key)} ${key.toString('base64')}\n`);
    } catch (err) {
      kept = `NOT remembered: ${shown(file)} could not be written (${(err as NodeJS.ErrnoException).code ?? err}), so the next deploy meets it as new again`;
    }
    this.outcome = `New host ${this.name}: its host key ${describeKey(key)} is ${kept}. Check the fingerprint with your host; for CI, set DEPLOY_HOST_KEY=${fp}.`;
  }

  /** One line for the operator once connected; undefined with DEPLOY_HOST_KEY (nothing to add). */
  describe(): string | undefined {
    return this.outcome;
  }
}

/**
 * Connects with the host key checked: runs `connect` with a fresh HostKeyCheck; when the host is
 * unknown and the operator must be asked, asks (with no connection open, so no handshake times
 * out while they read), remembers the key on "yes" and connects again, the key now known.
 * @param connect opens the SSH connection with `check.verify` and `check.serverHostKey`; when the
 *   key is refused it must throw `check.refusal` if set
 * @returns the check whose describe() is the line to show
 * @throws DeployError when the key is refused or the operator says no; whatever `connect` throws
 */
export async function connectTrusted(
  target: { host: string; port: number; hostKey?: string; hostKeys: HostKeySettings },
  connect: (check: HostKeyCheck) => Promise<void>,
): Promise<HostKeyCheck> {
  const check = new HostKeyCheck(target.host, target.port, target.hostKey, target.hostKeys);
  try {
    await connect(check);
    return check;
  } catch (err) {
    if (!check.askFor || !target.hostKeys.confirm) throw err;
  }
  const key = check.askFor;
  const yes = await target.hostKeys.confirm(`The authenticity of host ${check.name} can't be established: its host key is ${describeKey(key)}. Deploy to it, and remember the key in ${shown(target.hostKeys.projectFile)}?`);
  if (!yes) throw new DeployError(`The host key ${hostKeyFingerprint(key)} of ${check.name} was not accepted, so nothing was sent. Check it with your host; DEPLOY_HOST_KEY=${hostKeyFingerprint(key)} accepts it without asking.`);
  check.remember(key);
  await connect(new HostKeyCheck(target.host, target.port, target.hostKey, target.hostKeys));
  return check; // its describe() says the key was remembered
}
