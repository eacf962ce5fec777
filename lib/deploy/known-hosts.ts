/**
 * Trusting an SFTP server's host key the way OpenSSH's ssh does, before the deploy logs in or
 * writes anything.
 *
 * Where keys come from:
 *  - DEPLOY_HOST_KEY (a "SHA256:…" fingerprint) wins over everything below: only that key is
 *    accepted, and no file is read or written.
 *  - OpenSSH's own files for this user, ~/.ssh/known_hosts and ~/.ssh/known_hosts2 (the default
 *    UserKnownHostsFile of ssh_config(5)), read only: plain, wildcard, negated, `[host]:port` and
 *    hashed (`|1|salt|hash`, HashKnownHosts) host names, and the `@revoked` marker, as sshd(8)
 *    "SSH_KNOWN_HOSTS FILE FORMAT" describes them. `@cert-authority` lines are skipped: the
 *    deploy's SSH client (ssh2) does not check host certificates.
 *  - The project's own file, KNOWN_HOSTS_FILE (lib/deploy/deploy-target.ts) at the project root (git-ignored; DEPLOY_KNOWN_HOSTS
 *    names another), in the same format: where the deploy remembers the key of a host it met first.
 *
 * What happens to the key the server presents (OpenSSH's order: a revoked key is refused even for
 * a host that also has it as a known key):
 *  - revoked for that host in any file: refused;
 *  - one of the keys known for the host: accepted;
 *  - other keys are known for the host: refused as changed, naming both fingerprints. The client
 *    asks the server for the known key types first (OpenSSH does the same), so a server that still
 *    has its known ed25519 key is never judged by an RSA key it also has;
 *  - the host is unknown: with CI set (every CI checkout starts with nothing remembered) refused,
 *    naming the fingerprint to put in DEPLOY_HOST_KEY; when the deploy's input is a terminal the
 *    operator is asked (on /dev/tty, so `npm run deploy | tee log` still asks); with neither,
 *    refused unless DEPLOY_ACCEPT_NEW_HOST_KEY=1, which accepts and remembers it (OpenSSH's
 *    StrictHostKeyChecking=accept-new).
 */
import { createHash, createHmac } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AlgorithmList, ServerHostKeyAlgorithm } from 'ssh2';
import { DeployError, type HostKeySettings } from './deploy-target.ts';

/** One key line of a known_hosts file. */
export interface KnownHostEntry {
  /** The file and 1-based line it was read from (for messages). */
  file: string;
  line: number;
  /** "revoked" for `@revoked` lines; undefined for plain lines. */
  marker?: 'revoked';
  /** The host field as written: comma-separated patterns, or one hashed name `|1|salt|hash`. */
  hosts: string;
  /** The key's type, e.g. "ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256". */
  keyType: string;
  /** The public key blob (the base64 field decoded): what the server presents. */
  key: Buffer;
}

/**
 * The key type written at the start of an SSH public key blob (RFC 4253 section 6.6: a string,
 * uint32 length then bytes). @returns "" when the blob is too short to hold one
 */
export function keyTypeOf(blob: Buffer): string {
  if (blob.length < 4) return '';
  const n = blob.readUInt32BE(0);
  return n > 0 && 4 + n <= blob.length && n < 64 ? blob.subarray(4, 4 + n).toString('latin1') : '';
}

/**
 * Parses the key lines of a known_hosts file. Comments, blank lines, `@cert-authority` lines and
 * lines whose key does not decode to a blob of the type they name are skipped, as ssh skips them.
 * @param file the file's path, kept in each entry for messages
 */
export function parseKnownHosts(text: string, file: string): KnownHostEntry[] {
  const out: KnownHostEntry[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const fields = line.split(/\s+/);
    let marker: KnownHostEntry['marker'];
    if (fields[0].startsWith('@')) {
      if (fields[0] !== '@revoked') return; // @cert-authority, or a marker ssh does not know
      marker = 'revoked';
      fields.shift();
    }
    const [hosts, keyType, base64] = fields;
    if (!hosts || !keyType || !base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return;
    const key = Buffer.from(base64, 'base64');
    if (keyTypeOf(key) !== keyType) return;
    out.push({ file, line: i + 1, marker, hosts, keyType, key });
  });
  return out;
}

/**
 * The name a host is known by in known_hosts: the host alone on port 22, else `[host]:port`
 * (sshd(8), "SSH_KNOWN_HOSTS FILE FORMAT"). Lowercased, as ssh lowercases host names.
 */
export function knownHostName(host: string, port: number): string {
  const h = host.toLowerCase();
  return port === 22 ? h : `[${h}]:${port}`;
}

/** OpenSSH's wildcard pattern ("*" any run of characters, "?" one character) as a RegExp. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern.toLowerCase().replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${source}$`);
}

/**
 * True when the host field of a known_hosts line names `name` (from knownHostName). A hashed
 * field `|1|salt|hash` matches when HMAC-SHA1 keyed with the salt over the name is the hash (as
 * OpenSSH's HashKnownHosts writes it); otherwise the comma-separated patterns match unless a
 * negated one ("!pattern") does.
 */
export function hostFieldMatches(hosts: string, name: string): boolean {
  if (hosts.startsWith('|1|')) {
    const [, , salt, hash] = hosts.split('|');
    if (!salt || !hash) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  let matched = false;
  for (const pattern of hosts.split(',')) {
    const negated = pattern.startsWith('!');
    if (!patternRegExp(negated ? pattern.slice(1) : pattern).test(name)) continue;
    if (negated) return false;
    matched = true;
  }
  return matched;
}

/** OpenSSH's fingerprint of a host key: "SHA256:" and the unpadded base64 of its SHA-256 (ssh-keygen -l). */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/**
 * The host key algorithms (RFC 8332, RFC 5656, RFC 8709) that make a server present a key of
 * `keyType`: an RSA key is presented under rsa-sha2-512, rsa-sha2-256 or ssh-rsa.
 */
export function algorithmsFor(keyType: string): string[] {
  return keyType === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [keyType];
}

/** The algorithms ssh2 can verify (its SUPPORTED_SERVER_HOST_KEY); others are left out of the preference. */
const SSH2_HOST_KEY_ALGORITHMS = new Set(['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa', 'ssh-dss']);

/** What the known_hosts files say about the key a server presented. */
export type HostKeyVerdict =
  | { status: 'known'; entry: KnownHostEntry }
  | { status: 'revoked'; entry: KnownHostEntry }
  | { status: 'changed'; expected: KnownHostEntry[] }
  | { status: 'unknown' };

/**
 * Judges `key` presented by the host known as `name` against `entries` (see the module comment
 * for the order of the rules).
 */
export function judgeHostKey(entries: KnownHostEntry[], name: string, key: Buffer): HostKeyVerdict {
  const forHost = entries.filter((e) => hostFieldMatches(e.hosts, name));
  const revoked = forHost.find((e) => e.marker === 'revoked' && e.key.equals(key));
  if (revoked) return { status: 'revoked', entry: revoked };
  const known = forHost.filter((e) => !e.marker);
  const match = known.find((e) => e.key.equals(key));
  if (match) return { status: 'known', entry: match };
  return known.length ? { status: 'changed', expected: known } : { status: 'unknown' };
}

/** A file's path as the operator would type it: ~/… under the home folder, relative under the working folder. */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel;
  const home = os.homedir();
  return file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
}

/** "SHA256:… (ssh-ed25519)". */
const describeKey = (key: Buffer) => `${hostKeyFingerprint(key)} (${keyTypeOf(key)})`;

/**
 * One connection's check of the server's host key: the ssh2 options to pass (`serverHostKey`,
 * `verify`), then, after the handshake, why the key was refused (`refusal`) or what to tell the
 * operator (`describe`).
 */
export class HostKeyCheck {
  /** The known_hosts name of the host, e.g. "[127.0.0.1]:2222". */
  readonly name: string;
  private readonly entries: KnownHostEntry[] = [];
  /** Set by verify when the key is refused: the one-line error the deploy ends with. */
  refusal?: DeployError;
  /** Set by verify when the host is unknown and the operator must be asked first. */
  askFor?: Buffer;
  /** What verify decided, for describe(). */
  private outcome?: { kind: 'pinned' | 'known' | 'remembered' | 'unremembered'; key: Buffer; entry?: KnownHostEntry; why?: string };

  /**
   * @param host, port the server as DEPLOY_TARGET names it
   * @param pinned DEPLOY_HOST_KEY, when set
   * @throws DeployError when a known_hosts file exists but cannot be read
   */
  constructor(readonly host: string, readonly port: number, private readonly pinned: string | undefined, private readonly settings: HostKeySettings) {
    this.name = knownHostName(host, port);
    if (pinned) return;
    for (const file of [...settings.userFiles, settings.projectFile]) {
      if (!existsSync(file)) continue;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        throw new DeployError(`Cannot read ${shown(file)} (${(err as NodeJS.ErrnoException).code ?? err}): the deploy checks the SFTP server's host key against it; fix its permissions.`);
      }
      this.entries.push(...parseKnownHosts(text, file));
    }
  }

  /**
   * ssh2's `algorithms.serverHostKey`: the algorithms of the key types known for this host first,
   * then ssh2's defaults (undefined: no key known, ssh2's defaults as they are).
   */
  get serverHostKey(): AlgorithmList<ServerHostKeyAlgorithm> | undefined {
    const types = [...new Set(this.entries.filter((e) => !e.marker && hostFieldMatches(e.hosts, this.name)).map((e) => e.keyType))];
    const algorithms = types.flatMap(algorithmsFor).filter((a) => SSH2_HOST_KEY_ALGORITHMS.has(a)) as ServerHostKeyAlgorithm[];
    // ssh2 applies the operations in the order of the object's keys, and "prepend" skips a name
    // still in the list: remove the known ones from the defaults, then put them first.
    return algorithms.length ? { remove: algorithms, prepend: algorithms, append: [] } : undefined;
  }

  /**
   * ssh2's `hostVerifier`: true to go on with the handshake. A new key accepted without asking is
   * remembered here, before the login (as ssh does).
   */
  verify = (key: Buffer): boolean => {
    const where = `${this.host}:${this.port}`;
    const fingerprint = hostKeyFingerprint(key);
    if (this.pinned) {
      if (fingerprint === this.pinned) {
        this.outcome = { kind: 'pinned', key };
        return true;
      }
      this.refusal = new DeployError(`${this.host} presented host key ${fingerprint}, not DEPLOY_HOST_KEY ${this.pinned}: the server changed or someone is in between; ask your host before deploying.`);
      return false;
    }
    const verdict = judgeHostKey(this.entries, this.name, key);
    if (verdict.status === 'known') {
      this.outcome = { kind: 'known', key, entry: verdict.entry };
      return true;
    }
    if (verdict.status === 'revoked') {
      this.refusal = new DeployError(`${where} presented host key ${describeKey(key)}, which ${shown(verdict.entry.file)} line ${verdict.entry.line} marks @revoked: nothing was sent, not even the login. Never deploy to a server with that key; ask your host for the server's current key.`);
      return false;
    }
    if (verdict.status === 'changed') {
      const expected = verdict.expected.map((e) => `${describeKey(e.key)} (${shown(e.file)} line ${e.line})`).join(' or ');
      const files = [...new Set(verdict.expected.map((e) => e.file))];
      const remove = files.map((f) => (f === this.settings.projectFile ? `ssh-keygen -R "${this.name}" -f ${shown(f)}` : `ssh-keygen -R "${this.name}"${f.endsWith('known_hosts') ? '' : ` -f ${shown(f)}`}`)).join(' and ');
      this.refusal = new DeployError(`${where} presented host key ${describeKey(key)}, but ${this.name} is known by ${expected}: the server's key changed, or someone is in between. Nothing was sent, not even the login. Ask your host whether they replaced the server's key; only if they confirm, delete the old entry (${remove}) and deploy again.`);
      return false;
    }
    if (this.settings.ci) {
      this.refusal = new DeployError(`${where} is not a known host and CI is set (a CI checkout remembers nothing): confirm with your host that its SFTP host key is ${fingerprint}, then set DEPLOY_HOST_KEY=${fingerprint} in the CI's secrets.`);
      return false;
    }
    if (this.settings.confirm) {
      this.askFor = key;
      return false;
    }
    if (this.settings.acceptNew) {
      this.remember(key);
      return true;
    }
    this.refusal = new DeployError(`${where} is not a known host and there is no terminal to ask on (the deploy's input is not a terminal): confirm with your host that its SFTP host key is ${fingerprint}, then set DEPLOY_HOST_KEY=${fingerprint}; or run the deploy once from a terminal and answer; DEPLOY_ACCEPT_NEW_HOST_KEY=1 accepts a new host's key without asking.`);
    return false;
  };

  /** Appends `key` for this host to the project's file (creating it with a heading comment). */
  remember(key: Buffer): void {
    const file = this.settings.projectFile;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const heading = existsSync(file) ? '' : '# Host keys of the SFTP servers npm run deploy has met (OpenSSH known_hosts format).\n# Delete a line only when the host confirms that the server\'s key changed.\n';
      appendFileSync(file, `${heading}${this.name} ${keyTypeOf(key)} ${key.toString('base64')}\n`);
      this.outcome = { kind: 'remembered', key };
    } catch (err) {
      this.outcome = { kind: 'unremembered', key, why: String((err as NodeJS.ErrnoException).code ?? err) };
    }
  }

  /** One line for the operator once connected; undefined with DEPLOY_HOST_KEY (nothing to add). */
  describe(): string | undefined {
    const o = this.outcome;
    if (!o || o.kind === 'pinned') return undefined;
    const fp = hostKeyFingerprint(o.key);
    if (o.kind === 'known') return `Connected; the server's host key ${fp} is the one ${shown(o.entry!.file)} line ${o.entry!.line} knows for ${this.name}.`;
    const file = shown(this.settings.projectFile);
    const kept = o.kind === 'remembered'
      ? `remembered in ${file}; later deploys refuse any other key`
      : `NOT remembered: ${file} could not be written (${o.why}), so the next deploy meets it as new again`;
    return `New host ${this.name}: its host key ${describeKey(o.key)} is ${kept}. Check the fingerprint with your host; for CI, set DEPLOY_HOST_KEY=${fp}.`;
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
