/**
 * The server side of a deploy: one interface over basic-ftp (FTP, and FTPS with explicit TLS) and
 * ssh2 (SFTP), every failure a one-line DeployError saying what to do. Paths are site paths
 * ("/areas/grants/index.html") under the target's folder.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { FTPError } from 'basic-ftp';
import { Client as SshClient, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { DeployError, maskSecret, shownTarget, type DeployTarget } from './deploy-target.ts';
import { connectTrusted, type HostKeyCheck } from './known-hosts.ts';
import { ReplyReadingClient } from './ftp-client.ts';

/** What the deploy needs from a server. Every method throws DeployError only. */
export interface Remote {
  /** Connects, logs in and checks the target folder exists. */
  connect(): Promise<void>;
  /** Closes the connection; never throws. */
  close(): Promise<void>;
  /** A file's bytes, or undefined when it does not exist. */
  read(sitePath: string): Promise<Buffer | undefined>;
  /** Names in a folder ("/" is the target folder itself), folders with a trailing "/"; undefined when the folder does not exist. */
  list(sitePath: string): Promise<string[] | undefined>;
  /** Writes a whole file, replacing any file of that name where the server allows it. The folder must exist. */
  write(sitePath: string, data: Buffer): Promise<void>;
  /** Renames a file, over another where the server allows it (ProFTPD `AllowOverwrite off`, IIS: a ServerRefusal). */
  rename(from: string, to: string): Promise<void>;
  /** Deletes a file; a file that is not there is fine. */
  remove(sitePath: string): Promise<void>;
  /** Creates a folder (its parent exists) in one atomic step (FTP MKD, SFTP mkdir). @returns false when it already exists */
  createDir(sitePath: string): Promise<boolean>;
  /** Deletes a folder if it is empty. @returns false when it was not deleted (not empty, missing) */
  removeEmptyDir(sitePath: string): Promise<boolean>;
  /** What identifies the server once connected, when the protocol has it (SFTP: its host key fingerprint). */
  identity?(): string | undefined;
}

/** A seam for tests: told of each change an FTP(S) server accepted (the command, the site path), right after its reply. */
export interface RemoteHooks {
  afterReply?: (command: 'STOR' | 'RNTO' | 'DELE', sitePath: string) => void;
}

/** A Remote for the target's protocol. Nothing is sent until connect(). @param hooks a seam for tests (FTP and FTPS only) */
export function openRemote(target: DeployTarget, hooks: RemoteHooks = {}): Remote {
  return target.protocol === 'sftp' ? new SftpRemote(target) : new FtpRemote(target, hooks);
}

/** What was being done when an error came, for its message. */
type Doing = 'connect' | 'login' | 'tls' | 'folder' | 'read' | 'write' | 'rename' | 'remove' | 'mkdir';

/** Node's and OpenSSL's codes for a certificate that cannot be trusted. */
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL|HOSTNAME/;

const oneLine = (s: string, max = 160) => s.replace(/\s+/g, ' ').trim().slice(0, max);
const seconds = (t: DeployTarget) => Number((t.timeoutMs / 1000).toFixed(1));

/** Errors every protocol shares (the network, timeouts), or undefined. @param t the target as messages quote it (shownTarget) */
function networkError(err: any, t: DeployTarget): DeployError | undefined {
  const where = `${t.host}:${t.port}`;
  const code = String(err?.code ?? '');
  const message = maskSecret(String(err?.message ?? err), t.password);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new DeployError(`Host "${t.host}" was not found (DNS): check the host name in DEPLOY_TARGET.`, code === 'EAI_AGAIN');
  if (code === 'ECONNREFUSED') return new DeployError(`${where} refused the connection: check the host and port in DEPLOY_TARGET (${t.protocol === 'sftp' ? 'SFTP usually listens on 22' : 'FTP usually listens on 21'}).`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new DeployError(`${where} cannot be reached from this network (${code}): check your connection and the host in DEPLOY_TARGET.`, true);
  if (/^Timeout|Timed out|ETIMEDOUT/i.test(message) || code === 'ETIMEDOUT') {
    return new DeployError(`${where} did not answer within ${seconds(t)} s: check the host and port in DEPLOY_TARGET and your connection; DEPLOY_TIMEOUT_SECONDS=${seconds(t) * 2} waits longer.`, true);
  }
  if (['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(code) || /closed|FIN packet|Socket closed|Not connected|No SFTP|Client is closed/i.test(message)) {
    return new DeployError(`The connection to ${where} dropped (${oneLine(code || message, 80)}).`, true);
  }
  return undefined;
}

/** The certificate problem of an FTPS server, or undefined. @param t the target as messages quote it (shownTarget) */
function tlsError(err: any, t: DeployTarget): DeployError | undefined {
  const code = String(err?.code ?? '');
  if (!TLS_CODES.test(code) && !/certificate/i.test(String(err?.message))) return undefined;
  const why = /SELF_SIGNED/.test(code) ? 'it is self-signed' : /ALTNAME|HOSTNAME/.test(code) ? `it is not made out to "${t.host}"` : /EXPIRED/.test(code) ? 'it has expired' : oneLine(maskSecret(String(err.message), t.password), 80);
  return new DeployError(`The TLS certificate of ${t.host} is not trusted (${why}): use the FTP host name your hosting company gives (the certificate's), or pin this certificate with DEPLOY_TLS_FINGERPRINT (its SHA-256 fingerprint, from your host); DEPLOY_INSECURE_TLS=1 turns the check off altogether (only for a server you control; every run warns).`);
}

/** Checks the FTPS server's certificate against DEPLOY_TLS_FINGERPRINT, before the login. @throws DeployError naming both when they differ */
function checkPinnedCertificate(socket: TLSSocket, t: DeployTarget): void {
  const got = String(socket.getPeerCertificate?.()?.fingerprint256 ?? '').replace(/:/g, '').toUpperCase();
  if (got === t.tlsFingerprint) return;
  const colons = (hex: string) => hex.match(/../g)?.join(':') ?? '(none)';
  throw new DeployError(`The TLS certificate of ${t.host} has the SHA-256 fingerprint ${colons(got)}, not DEPLOY_TLS_FINGERPRINT ${colons(t.tlsFingerprint!)}: the certificate was replaced (renewed?) or someone is in between. No password was sent. Ask your host for the current certificate's fingerprint before changing DEPLOY_TLS_FINGERPRINT.`);
}

/** The folder part of messages: as the operator wrote it in DEPLOY_TARGET. */
const folderName = (t: DeployTarget) => (t.folder === '' ? 'the login folder' : `"${t.folder}"`);

/**
 * A command the FTP server answered with a permanent refusal (a 5xx reply, RFC 959 section 4.2.1,
 * or 452 "insufficient storage"): trying again cannot help, the message says what can.
 */
export class ServerRefusal extends DeployError {
  /** @param command the FTP command refused ("STOR"), about `sitePath`; `code` (550) and `words` ("Overwrite permission denied"): its reply */
  constructor(message: string, readonly command: string, readonly sitePath: string, readonly code: number, readonly words: string) {
    super(message);
    this.name = 'ServerRefusal';
  }

  /** The reply as the server sent it, on one line: "553 Prohibited file name: .htaccess.deploy-tmp". */
  get reply(): string {
    return `${this.code} ${this.words}`;
  }
}

/** True when a refusal about `sitePath` reads as a rule against names starting with a dot (Pure-FTPd `-x`: "553 Prohibited file name: …"). */
function isDotNameRule(sitePath: string, words: string): boolean {
  return path.posix.basename(sitePath).startsWith('.') && /prohibited|not allowed|forbidden|invalid/i.test(words) && !/permission|privilege|overwrite/i.test(words);
}

/**
 * True when the refusal is the server's rule against names starting with a dot: its words say so,
 * or its code is 553 ("file name not allowed", RFC 959 section 4.2.2), e.g. for "/.well-known/x".
 */
export function isDotNameRefusal(e: ServerRefusal): boolean {
  return e.code === 553 || isDotNameRule(e.sitePath, e.words);
}

/** What the operator can do about a refused command, read from the server's words. */
function refusalAdvice(t: DeployTarget, command: string, code: number, words: string, sitePath: string): string {
  const user = `user "${t.user}"`;
  if (code === 552 || code === 452 || /quota|space|full/i.test(words)) return `${t.host} has no space left for ${user}: free space or raise the disk quota in your hosting panel, then deploy again; what arrived is kept`;
  if (/overwrite|already exists|file exists/i.test(words)) {
    const why = command === 'STOR'
      ? `"${sitePath}" is there and not the deploy's own (an interrupted deploy's leftovers are deleted first), so it is left alone: delete it if nothing of yours needs it`
      : 'the deploy moves old files aside on such a server, so another program or deploy is writing this folder too: let it finish';
    return `the server does not let ${user} replace an existing file (ProFTPD: AllowOverwrite off); ${why}, then deploy again`;
  }
  if (isDotNameRule(sitePath, words)) {
    return `the server refuses names starting with a dot (Pure-FTPd: ProhibitDotFilesWrite, -x): ask your host to allow dot-files for ${user}`;
  }
  if (/permission|privilege|denied|not permitted|access|read-only|not allowed/i.test(words)) return `check that ${user} may write to ${folderName(t)}`;
  return `that is the server's rule for ${user}: ask your host what this reply means`;
}

/** What both protocols' remotes hold: the target, its folder on the server, the target as messages quote it. */
abstract class RemoteBase {
  protected root = '/';
  protected readonly shown: DeployTarget;

  constructor(protected readonly target: DeployTarget) {
    this.shown = shownTarget(target);
  }

  protected abs(sitePath: string): string {
    return path.posix.join(this.root, sitePath);
  }
}

/** FTP(S) on basic-ftp. One control connection; transfers in passive mode (basic-ftp's default). */
class FtpRemote extends RemoteBase implements Remote {
  private client: ReplyReadingClient;

  constructor(target: DeployTarget, private hooks: RemoteHooks = {}) {
    super(target);
    this.client = new ReplyReadingClient(target.timeoutMs);
  }

  /** The one-line DeployError for a basic-ftp failure. @param doing the FTP command that failed ("STOR"), or the step of connecting */
  private error(err: any, doing: string, sitePath = ''): DeployError {
    const t = this.shown;
    if (err instanceof DeployError) return err;
    const tls = tlsError(err, t);
    if (tls) return tls;
    const net = networkError(err, t);
    if (net) return net;
    const code = err instanceof FTPError ? err.code : 0;
    const words = oneLine(maskSecret(String(err.message), t.password).replace(/^\d{3}[\s-]*/, ''), 100);
    const reply = `${code} ${words}`;
    if (doing === 'tls' && err instanceof FTPError) {
      return new DeployError(`${t.host}:${t.port} does not offer FTPS: it answered the request for TLS (AUTH TLS) with "${reply}". No password was sent. Use sftp:// if your host offers it, or ask them to enable FTPS; plain ftp:// sends the password unencrypted.`);
    }
    if (code === 530 || doing === 'login') return new DeployError(`${t.host} refused the login of user "${t.user}" (${reply}): check DEPLOY_PASSWORD and the user name in DEPLOY_TARGET.`);
    if (doing === 'folder') return new DeployError(`The folder ${folderName(t)} does not exist on ${t.host} (${reply}): create it, or correct the path in DEPLOY_TARGET (the web root is often public_html or www).`);
    const what = sitePath ? `${doing} "${sitePath}"` : doing;
    if (code === 421 || code === 425 || code === 426 || code === 450 || code === 451) return new DeployError(`${t.host} could not complete ${what} (${reply}).`, true);
    if (code >= 500 || code === 452) {
      return new ServerRefusal(`${t.host} refused ${what} (${reply}): ${refusalAdvice(t, doing, code, words, sitePath)}.`, doing, sitePath, code, words);
    }
    return new DeployError(`${t.host}: ${what} failed (${reply}).`);
  }

  /**
   * Runs one transfer (over a data connection) with only its own replies counting. When the data
   * connection failed without a reply on the control connection yet, that reply is read first: a
   * refusal sent with a reset data connection is a refusal, not a dropped connection.
   */
  private async transfer<T>(command: string, sitePath: string, run: () => Promise<T>): Promise<T> {
    try {
      this.client.ftp.forgetUnclaimed();
      return await run();
    } catch (err) {
      if (!(err instanceof FTPError) && !(err instanceof DeployError) && !tlsError(err, this.shown)) {
        const reply = await this.client.ftp.lateReply();
        if (reply && reply.code >= 400) throw this.error(new FTPError(reply), command, sitePath);
      }
      throw this.error(err, command, sitePath);
    }
  }

  async connect(): Promise<void> {
    const t = this.target;
    const c = this.client;
    let doing = 'connect';
    try {
      await c.connect(t.host, t.port);
      if (t.protocol === 'ftps') {
        doing = 'tls';
        await c.useTLS({ rejectUnauthorized: !t.insecureTls && !t.tlsFingerprint, servername: isIP(t.host) ? undefined : t.host });
        if (t.tlsFingerprint) checkPinnedCertificate(c.ftp.socket as TLSSocket, this.shown);
      }
      doing = 'login';
      await c.login(t.user, t.password);
      doing = 'connect';
      await c.useDefaultSettings();
      const home = await c.pwd();
      this.root = path.posix.resolve(home, t.folder || '.');
      doing = 'folder';
      await c.cd(this.root);
    } catch (err) {
      c.close();
      throw this.error(err, doing);
    }
  }

  async close(): Promise<void> {
    this.client.close();
  }

  async read(sitePath: string): Promise<Buffer | undefined> {
    const chunks: Buffer[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { chunks.push(chunk); done(); } });
    return this.transfer('RETR', sitePath, async () => {
      // SIZE first: a RETR refused with 550 leaves some servers' data connection half-closed,
      // and its late "226" then answers the next command (seen with pyftpdlib over TLS).
      // A server without SIZE (RFC 3659) answers 500-504: then RETR decides.
      await this.client.size(this.abs(sitePath)).catch((err) => {
        if (!(err instanceof FTPError && err.code >= 500 && err.code <= 504)) throw err;
      });
      this.client.ftp.forgetUnclaimed();
      await this.client.downloadTo(sink, this.abs(sitePath));
      return Buffer.concat(chunks);
    }).catch((e) => {
      if (e instanceof ServerRefusal && e.code === 550) return undefined;
      throw e;
    });
  }

  /**
   * The folder's names. Whether it exists is asked first with CWD, on the control connection: a
   * listing refused over a data connection leaves some servers' late "226" to answer the next
   * command (pyftpdlib over TLS), and no reply code means "missing" on every server (550 is also
   * "not allowed"; pyftpdlib says 501). A folder the user cannot enter is missing when its parent
   * is or the parent's listing has no folder of that name; else the listing decides.
   */
  async list(sitePath: string): Promise<string[] | undefined> {
    if (!(await this.isDir(sitePath)) && path.posix.dirname(sitePath) !== sitePath) {
      const parent = await this.list(path.posix.dirname(sitePath));
      if (parent === undefined || !parent.includes(`${path.posix.basename(sitePath)}/`)) return undefined;
    }
    const entries = await this.transfer('LIST', sitePath, () => this.client.list(this.abs(sitePath)));
    return entries.filter((f) => f.name !== '.' && f.name !== '..').map((f) => (f.isDirectory ? `${f.name}/` : f.name));
  }

  async write(sitePath: string, data: Buffer): Promise<void> {
    await this.transfer('STOR', sitePath, () => this.client.uploadFrom(Readable.from([data]), this.abs(sitePath)));
    this.hooks.afterReply?.('STOR', sitePath);
  }

  async rename(from: string, to: string): Promise<void> {
    await this.client.send(`RNFR ${this.abs(from)}`).catch((err) => { throw this.error(err, 'RNFR', from); });
    await this.client.send(`RNTO ${this.abs(to)}`).catch((err) => { throw this.error(err, 'RNTO', to); });
    this.hooks.afterReply?.('RNTO', to);
  }

  async remove(sitePath: string): Promise<void> {
    try {
      await this.client.send(`DELE ${this.abs(sitePath)}`);
    } catch (err) {
      // 550 means "not there" or "not allowed": it is fine only when the file is gone.
      if (err instanceof FTPError && err.code === 550 && !(await this.exists(sitePath))) return;
      throw this.error(err, 'DELE', sitePath);
    }
    this.hooks.afterReply?.('DELE', sitePath);
  }

  /** True when the parent's listing shows `sitePath`, as a file or as a folder (a folder is not "gone"). */
  private async exists(sitePath: string): Promise<boolean> {
    const names = await this.list(path.posix.dirname(sitePath)).catch(() => undefined);
    const base = path.posix.basename(sitePath);
    return Boolean(names?.includes(base) || names?.includes(`${base}/`));
  }

  async createDir(sitePath: string): Promise<boolean> {
    try {
      await this.client.send(`MKD ${this.abs(sitePath)}`);
      return true;
    } catch (err) {
      if (!(err instanceof FTPError) || !(await this.isDir(sitePath))) throw this.error(err, 'MKD', sitePath);
      return false;
    }
  }

  /** True when `sitePath` is a folder the user can enter (CWD, then back to the target folder). */
  private async isDir(sitePath: string): Promise<boolean> {
    try {
      await this.client.cd(this.abs(sitePath));
      await this.client.cd(this.root);
      return true;
    } catch (err) {
      if (err instanceof FTPError) return false;
      throw this.error(err, 'CWD', sitePath);
    }
  }

  async removeEmptyDir(sitePath: string): Promise<boolean> {
    try {
      await this.client.removeEmptyDir(this.abs(sitePath));
      return true;
    } catch (err) {
      if (err instanceof FTPError) return false;
      throw this.error(err, 'RMD', sitePath);
    }
  }
}

/** SFTP status codes (draft-ietf-secsh-filexfer-02 section 7), as ssh2 reports them in err.code. */
const SFTP = { NO_SUCH_FILE: 2, PERMISSION_DENIED: 3, FAILURE: 4 } as const;

/** SFTP on ssh2: key login (DEPLOY_KEY, DEPLOY_PASSWORD as its passphrase) or password login. */
class SftpRemote extends RemoteBase implements Remote {
  private conn?: SshClient;
  private sftp?: SFTPWrapper;
  /** The check of the server's host key (lib/deploy/known-hosts.ts), once connected. */
  private hostKey?: HostKeyCheck;

  identity(): string | undefined {
    return this.hostKey?.describe();
  }

  private error(err: any, doing: Doing, sitePath = ''): DeployError {
    const t = this.shown;
    if (err instanceof DeployError) return err;
    const code = err?.code;
    const message = oneLine(maskSecret(String(err?.message ?? err), t.password), 100);
    if (err?.level === 'client-authentication' || /authentication methods failed/i.test(message)) {
      return new DeployError(`${t.host} refused the login of user "${t.user}": check ${t.keyFile ? 'that DEPLOY_KEY is a key the server accepts for this user' : 'DEPLOY_PASSWORD'} and the user name in DEPLOY_TARGET.`);
    }
    if (/passphrase/i.test(message)) return new DeployError('DEPLOY_KEY is protected by a passphrase: set DEPLOY_PASSWORD to it (or it is the wrong passphrase).');
    if (/Cannot parse privateKey|Unsupported key format/i.test(message)) return new DeployError(`DEPLOY_KEY is not a private key file ssh2 can read (${message}).`);
    if (err?.level === 'client-timeout') return networkError({ code: 'ETIMEDOUT' }, t)!;
    const net = typeof code === 'number' ? undefined : networkError(err, t);
    if (net) return net;
    if (doing === 'folder') return new DeployError(`The folder ${folderName(t)} does not exist on ${t.host}: create it, or correct the path in DEPLOY_TARGET (the web root is often public_html, www or /var/www/…).`);
    if (code === SFTP.PERMISSION_DENIED) return new DeployError(`${t.host} refused to ${doing} "${sitePath}" (permission denied): check that user "${t.user}" may write to ${folderName(t)}.`);
    if (code === SFTP.FAILURE && (doing === 'write' || doing === 'mkdir')) {
      return new DeployError(`${t.host} could not ${doing} "${sitePath}" (SFTP "Failure", most often a full disk or an exceeded disk quota): free space or raise the quota in your hosting panel, then deploy again; what arrived is kept.`);
    }
    return new DeployError(`${t.host}: could not ${doing} "${sitePath}" (${message}).`);
  }

  /** Runs one SFTP request as a promise, rejecting with ssh2's own error. */
  private call<T>(doing: Doing, sitePath: string, run: (sftp: SFTPWrapper, done: (err: any, value?: T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!this.sftp) return reject(this.error(new Error('No SFTP connection'), doing, sitePath));
      const onClose = () => reject(this.error(new Error('Connection closed'), doing, sitePath));
      this.conn?.once('close', onClose);
      try {
        run(this.sftp, (err, value) => {
          this.conn?.off('close', onClose);
          if (err) reject(err);
          else resolve(value as T);
        });
      } catch (err) {
        this.conn?.off('close', onClose);
        reject(err);
      }
    });
  }

  /**
   * Runs one SFTP request about `sitePath` (given its absolute path), its failure as a DeployError.
   * @param missing an SFTP status that answers undefined instead (e.g. SFTP.NO_SUCH_FILE)
   */
  private async ask<T>(doing: Doing, sitePath: string, run: (sftp: SFTPWrapper, abs: string, done: (err: any, value?: T) => void) => void, missing?: number): Promise<T | undefined> {
    try {
      return await this.call<T>(doing, sitePath, (s, done) => run(s, this.abs(sitePath), done));
    } catch (err: any) {
      if (missing !== undefined && err?.code === missing) return undefined;
      throw this.error(err, doing, sitePath);
    }
  }

  /** Connects with the server's host key checked first (known_hosts, DEPLOY_HOST_KEY), then logs in. */
  async connect(): Promise<void> {
    this.hostKey = await connectTrusted(this.target, (check) => this.open(check));
  }

  private async open(check: HostKeyCheck): Promise<void> {
    const t = this.target;
    const conn = new SshClient();
    this.conn = conn;
    const config: ConnectConfig = {
      host: t.host,
      port: t.port,
      username: t.user,
      readyTimeout: t.timeoutMs,
      // A server that stops answering mid-transfer ends the connection after about timeoutMs
      // (three unanswered keepalives), so the step is retried instead of waiting forever.
      keepaliveInterval: Math.max(1000, Math.round(t.timeoutMs / 3)),
      keepaliveCountMax: 3,
      hostVerifier: check.verify,
      ...(check.serverHostKey ? { algorithms: { serverHostKey: check.serverHostKey } } : {}),
      ...(t.keyFile
        ? { privateKey: readFileSync(t.keyFile), passphrase: t.password, authHandler: ['publickey'] }
        : { password: t.password, authHandler: ['password'] }),
    };
    try {
      await new Promise<void>((resolve, reject) => {
        conn.once('ready', () => resolve());
        conn.once('error', reject);
        conn.connect(config);
      });
      conn.on('error', () => {}); // later errors reach the pending request through 'close'
      this.sftp = await new Promise<SFTPWrapper>((resolve, reject) => conn.sftp((err, sftp) => (err ? reject(err) : resolve(sftp))));
      const home = await this.call<string>('connect', '', (s, done) => s.realpath('.', done));
      this.root = path.posix.resolve(home, t.folder || '.');
    } catch (err: any) {
      conn.end();
      throw check.refusal ?? this.error(err, 'connect');
    }
    const stats = await this.call<any>('folder', '/', (s, done) => s.stat(this.root, done)).catch(() => undefined);
    if (!stats?.isDirectory()) {
      conn.end();
      throw this.error(new Error('missing'), 'folder');
    }
  }

  async close(): Promise<void> {
    this.sftp?.end();
    this.conn?.end();
    this.sftp = undefined;
  }

  read(sitePath: string): Promise<Buffer | undefined> {
    return this.ask<Buffer>('read', sitePath, (s, p, done) => s.readFile(p, done), SFTP.NO_SUCH_FILE);
  }

  async list(sitePath: string): Promise<string[] | undefined> {
    const list = await this.ask<any[]>('read', sitePath, (s, p, done) => s.readdir(p, done), SFTP.NO_SUCH_FILE);
    return list?.map((e) => (e.attrs.isDirectory() ? `${e.filename}/` : e.filename));
  }

  async write(sitePath: string, data: Buffer): Promise<void> {
    await this.ask('write', sitePath, (s, p, done) => s.writeFile(p, data, done));
  }

  async rename(from: string, to: string): Promise<void> {
    try {
      // posix-rename@openssh.com replaces the target in one step; plain SFTP rename refuses to.
      await this.call('rename', to, (s, done) => s.ext_openssh_rename(this.abs(from), this.abs(to), done));
    } catch (err: any) {
      if (typeof err?.code !== 'number' && !/not support/i.test(String(err?.message))) throw this.error(err, 'rename', to);
      await this.remove(to);
      await this.call('rename', to, (s, done) => s.rename(this.abs(from), this.abs(to), done)).catch((again) => { throw this.error(again, 'rename', to); });
    }
  }

  async remove(sitePath: string): Promise<void> {
    await this.ask('remove', sitePath, (s, p, done) => s.unlink(p, done), SFTP.NO_SUCH_FILE);
  }

  async createDir(sitePath: string): Promise<boolean> {
    try {
      await this.call('mkdir', sitePath, (s, done) => s.mkdir(this.abs(sitePath), done));
      return true;
    } catch (err: any) {
      const there = await this.ask<any>('mkdir', sitePath, (s, p, done) => s.stat(p, done)).catch(() => undefined);
      if (!there?.isDirectory()) throw this.error(err, 'mkdir', sitePath);
      return false;
    }
  }

  async removeEmptyDir(sitePath: string): Promise<boolean> {
    try {
      await this.call('remove', sitePath, (s, done) => s.rmdir(this.abs(sitePath), done));
      return true;
    } catch (err: any) {
      if (typeof err?.code === 'number') return false;
      throw this.error(err, 'remove', sitePath);
    }
  }
}
