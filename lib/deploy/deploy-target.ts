/**
 * Where `npm run deploy` uploads to, read from the environment: DEPLOY_TARGET and its companions,
 * from the shell or the git-ignored `.env` at the project root (the shell wins).
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The protocols a target may use. "ftps" is FTP with explicit TLS (AUTH TLS, RFC 4217). */
export type Protocol = 'ftp' | 'ftps' | 'sftp';

/** A parsed, checked deploy target (readTarget: each field's variable). Secrets stay in here and are never printed. */
export interface DeployTarget {
  protocol: Protocol;
  host: string;
  port: number;
  user: string;
  /** The web root on the server: relative to the login folder ("" = that folder) unless it starts with "/". */
  folder: string;
  /** DEPLOY_PASSWORD: FTP(S) password, SFTP password login, or the passphrase of DEPLOY_KEY. */
  password?: string;
  /** DEPLOY_KEY: path of a private key file for SFTP key login ("~/" is the home folder). */
  keyFile?: string;
  /** DEPLOY_HOST_KEY: the SFTP server's expected host key fingerprint, "SHA256:…" as ssh-keygen -l prints it. */
  hostKey?: string;
  /** SFTP without DEPLOY_HOST_KEY: where host keys are looked up, and how a new host is accepted (lib/deploy/known-hosts.ts). */
  hostKeys: HostKeySettings;
  /** DEPLOY_INSECURE_TLS=1: accept an FTPS certificate that is not trusted (self-signed, wrong name). */
  insecureTls: boolean;
  /** DEPLOY_TLS_FINGERPRINT: the only FTPS certificate accepted, its SHA-256 as 64 upper-case hex digits. */
  tlsFingerprint?: string;
  /** DEPLOY_TIMEOUT_SECONDS (default DEFAULT_TIMEOUT_S) in ms: how long one connection attempt or reply may take. */
  timeoutMs: number;
  /** DEPLOY_SITE_URL: the site this server publishes, for the pre-publish check (not DEPLOY_LIVE_URL, where it is read back). */
  siteUrl?: string;
  /** DEPLOY_CONNECTIONS (default DEFAULT_CONNECTIONS): uploads at once, each over its own connection. */
  connections: number;
  /** DEPLOY_LOCK_WAIT_SECONDS in ms: how long to wait for another run's lock. */
  lockWaitMs: number;
  /** DEPLOY_LOCK_STALE_MINUTES in ms: a lock not refreshed for this long is taken over. */
  lockStaleMs: number;
}

/** A deploy failure an operator can act on: one line, never a secret in it. */
export class DeployError extends Error {
  /**
   * @param message   one line saying what happened and what to do
   * @param transient true when trying again may help (a dropped connection, a timeout)
   */
  constructor(message: string, readonly transient = false) {
    super(message);
    this.name = 'DeployError';
  }
}

/**
 * A value the deploy quotes in a line (a server's reply, an error's text, a part of the target, a
 * name read from the server) with every occurrence of `secret` replaced by "***". Values are masked
 * one by one, never a whole line: the deploy's own words stay as written even when the password is
 * one of them ("Deploy", "e").
 * @param secret DEPLOY_PASSWORD (also DEPLOY_KEY's passphrase); undefined or "" masks nothing
 */
export function maskSecret(value: string, secret: string | undefined): string {
  return secret ? value.split(secret).join('***') : value;
}

/** The target as messages quote it: user, host and folder masked (maskSecret with its password). */
export function shownTarget(t: DeployTarget): DeployTarget {
  const mask = (value: string) => maskSecret(value, t.password);
  return { ...t, user: mask(t.user), host: mask(t.host), folder: mask(t.folder) };
}

/** The project's file of remembered host keys, at the project root (listed in .gitignore). */
export const KNOWN_HOSTS_FILE = '.deploy-known-hosts';

/** Where host keys are looked up and remembered, and how an unknown host is treated. */
export interface HostKeySettings {
  /** OpenSSH's known_hosts files of the user, read only (missing files are fine). */
  userFiles: string[];
  /** The project's file of remembered keys (read, and appended to on a first connection). */
  projectFile: string;
  /** True under CI: an unknown host is refused instead of remembered. */
  ci: boolean;
  /** DEPLOY_ACCEPT_NEW_HOST_KEY=1: without `confirm`, a new host's key is accepted and remembered. */
  acceptNew: boolean;
  /** On a terminal: asks the operator a yes/no question. Absent: a new key is refused, unless `acceptNew`. */
  confirm?: (question: string) => Promise<boolean>;
}

/** True when the CI variable is set as CI services set it ("true", "1"; "false" and "0" are not). */
export function isCi(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return v !== '' && v !== 'false' && v !== '0';
}

/**
 * The settings from the environment: HOME (default the account's home folder), DEPLOY_KNOWN_HOSTS
 * (relative to `root`; default KNOWN_HOSTS_FILE in `root`), CI and DEPLOY_ACCEPT_NEW_HOST_KEY.
 * `confirm` is left to the caller.
 * @param root the project root
 */
export function readHostKeySettings(env: NodeJS.ProcessEnv, root: string): HostKeySettings {
  const home = env.HOME?.trim() || os.homedir();
  return {
    userFiles: [path.join(home, '.ssh', 'known_hosts'), path.join(home, '.ssh', 'known_hosts2')],
    projectFile: path.resolve(root, env.DEPLOY_KNOWN_HOSTS?.trim() || KNOWN_HOSTS_FILE),
    ci: isCi(env.CI),
    acceptNew: env.DEPLOY_ACCEPT_NEW_HOST_KEY?.trim() === '1',
  };
}

/**
 * Where the deploy keeps its local copy of the record (lib/deploy/record-copy.ts): DEPLOY_RECORD_COPY
 * (relative to `root`), default .deploy-record.json at `root` (listed in .gitignore).
 */
export function recordCopyFile(env: NodeJS.ProcessEnv, root: string): string {
  return path.resolve(root, env.DEPLOY_RECORD_COPY?.trim() || '.deploy-record.json');
}

const DEFAULT_PORTS: Record<Protocol, number> = { ftp: 21, ftps: 21, sftp: 22 };
/** Default wait for a connection or a reply, in seconds (basic-ftp's own default is 30 s). */
export const DEFAULT_TIMEOUT_S = 30;
/** Default connections uploading at once: they hide each file's round trips; shared hosts commonly allow a handful per user. */
export const DEFAULT_CONNECTIONS = 3;

/** How long a deploy waits for another run's lock on the server by default, in seconds (lib/deploy/deploy-lock.ts). */
const DEFAULT_LOCK_WAIT_S = 120;
/** Age of a stale lock by default, in minutes: ten times LOCK_REFRESH_MS, so a slow link or a clock a few minutes off never makes a working run's lock stale. */
const DEFAULT_LOCK_STALE_MIN = 10;

/**
 * Loads `.env` from `root` into process.env when the file exists (variables already set win),
 * after checking it for values Node's parser would cut short.
 * @returns true when a file was loaded
 * @throws DeployError from checkDotEnv
 */
export function loadDotEnv(root: string): boolean {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return false;
  checkDotEnv(readFileSync(file, 'utf8'), path.relative(process.cwd(), file) || file);
  process.loadEnvFile(file);
  return true;
}

/**
 * Refuses a `.env` line whose unquoted value holds a "#" right after other characters
 * (`DEPLOY_PASSWORD=ab#cd12`, `KEY=#abc`): Node's parser (process.loadEnvFile) would cut it there.
 * A "#" after a space (`KEY=value # note`) is a comment, as in every .env dialect.
 * @param name the file as the message names it
 * @throws DeployError with a line for each such value (never printed), naming the file, line and variable
 */
export function checkDotEnv(text: string, name: string): void {
  const problems = text.split(/\r?\n/).flatMap((line, i) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m || /^["'`]/.test(m[2])) return [];
    const hash = m[2].indexOf('#');
    // "#" glued to what comes before it, or starting a value ("KEY=#x"); "KEY= # note" is a comment.
    const glued = hash > 0 ? !/\s/.test(m[2][hash - 1]) : hash === 0 && /^#\S/.test(m[2]) && !/^#\s/.test(line.slice(line.indexOf('=') + 1));
    return glued ? [`${name} line ${i + 1}: the value of ${m[1]} contains "#", which .env files read as the start of a comment, so only the part before it would be used: quote it, e.g. ${m[1]}='…' (single quotes keep every character as it is).`] : [];
  });
  if (problems.length) throw new DeployError(problems.join('\n'));
}

/**
 * What is wrong with `value` as DEPLOY_LIVE_URL, the address the live check reads the site at
 * (http or https, no login in it), or undefined.
 */
export function liveUrlProblem(value: string): string | undefined {
  const example = 'e.g. DEPLOY_LIVE_URL=https://staging.yourdomain.com';
  if (!URL.canParse(value)) return `DEPLOY_LIVE_URL is not an address (${example}).`;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `DEPLOY_LIVE_URL must start with http:// or https:// (${example}).`;
  if (url.username || url.password) return 'DEPLOY_LIVE_URL contains a user name or password: the live check reads the public site and sends no login; remove them.';
  return undefined;
}

/** The parts of DEPLOY_TARGET, or the problems with it (pushed to `problems`). */
function targetAddress(raw: string, env: NodeJS.ProcessEnv, problems: string[]): { url: URL; protocol: Protocol } | undefined {
  const example = 'e.g. DEPLOY_TARGET=ftps://user@ftp.yourdomain.com/public_html';
  if (!URL.canParse(raw)) return void problems.push(`DEPLOY_TARGET is not an address (${example}).`);
  const url = new URL(raw);
  const protocol = url.protocol.replace(/:$/, '') as Protocol;
  if (!(protocol in DEFAULT_PORTS)) return void problems.push(`DEPLOY_TARGET must start with ftp://, ftps:// or sftp:// (${example}).`);
  if (url.password) problems.push('DEPLOY_TARGET contains a password: remove it from the address and set DEPLOY_PASSWORD instead.');
  if (!url.username) problems.push(`DEPLOY_TARGET has no user name before the host (${example}).`);
  if (!url.hostname) problems.push(`DEPLOY_TARGET has no host (${example}).`);
  if (protocol === 'ftp' && env.DEPLOY_ALLOW_PLAIN_FTP?.trim() !== '1') {
    problems.push('DEPLOY_TARGET starts with ftp://, which sends the password and every file unencrypted: use ftps:// (FTP with TLS) or sftp:// if your host offers either (most do; ask them), or, only if it offers nothing else, set DEPLOY_ALLOW_PLAIN_FTP=1 to deploy over plain FTP anyway.');
  }
  return { url, protocol };
}

/**
 * A number read from `name`: `fallback` when unset or blank, else the value if `valid`, else
 * `message` is pushed to `problems` (and `fallback` returned).
 */
function numberOf(env: NodeJS.ProcessEnv, name: string, fallback: number, valid: (n: number) => boolean, message: string, problems: string[]): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (valid(Number(raw))) return Number(raw);
  problems.push(message);
  return fallback;
}

/**
 * Reads the target from the environment, checking every variable before it reports.
 * @param env  the variables to read (the command's process.env, after loadDotEnv)
 * @param root the project root: the remembered SFTP host keys are kept there (KNOWN_HOSTS_FILE)
 * @returns undefined when DEPLOY_TARGET is not set
 * @throws DeployError with one line per wrong variable, naming it and how to write it
 */
export function readTarget(env: NodeJS.ProcessEnv, root: string): DeployTarget | undefined {
  const raw = env.DEPLOY_TARGET?.trim();
  if (!raw) return undefined;
  const problems: string[] = [];
  const address = targetAddress(raw, env, problems);
  const protocol = address?.protocol;
  const keyFile = env.DEPLOY_KEY?.trim().replace(/^~(?=\/)/, os.homedir()) || undefined;
  if (keyFile && protocol && protocol !== 'sftp') problems.push('DEPLOY_KEY is for sftp:// targets; FTP and FTPS log in with DEPLOY_PASSWORD.');
  if (keyFile && !existsSync(keyFile)) problems.push(`DEPLOY_KEY names a file that does not exist: ${keyFile}`);
  const password = env.DEPLOY_PASSWORD || undefined;
  if (!password && !keyFile) problems.push(protocol === 'sftp' ? 'Set DEPLOY_KEY (a private key file) or DEPLOY_PASSWORD to log in.' : 'Set DEPLOY_PASSWORD to log in.');
  const timeoutS = numberOf(env, 'DEPLOY_TIMEOUT_SECONDS', DEFAULT_TIMEOUT_S, (n) => n > 0, `DEPLOY_TIMEOUT_SECONDS must be a number of seconds, e.g. ${DEFAULT_TIMEOUT_S}.`, problems);
  const connections = numberOf(env, 'DEPLOY_CONNECTIONS', DEFAULT_CONNECTIONS, (n) => Number.isInteger(n) && n >= 1 && n <= 16, 'DEPLOY_CONNECTIONS must be a whole number from 1 to 16, e.g. 3 (1 when your host allows one connection at a time).', problems);
  const lockWaitS = numberOf(env, 'DEPLOY_LOCK_WAIT_SECONDS', DEFAULT_LOCK_WAIT_S, (n) => n >= 0, `DEPLOY_LOCK_WAIT_SECONDS must be a number of seconds, e.g. ${DEFAULT_LOCK_WAIT_S} (0: stop at once when another deploy holds the server).`, problems);
  const lockStaleMin = numberOf(env, 'DEPLOY_LOCK_STALE_MINUTES', DEFAULT_LOCK_STALE_MIN, (n) => n > 0, `DEPLOY_LOCK_STALE_MINUTES must be a number of minutes, e.g. ${DEFAULT_LOCK_STALE_MIN}.`, problems);
  const fingerprint = env.DEPLOY_TLS_FINGERPRINT?.trim();
  const tlsFingerprint = fingerprint ? fingerprint.replace(/^sha256(\s+fingerprint)?\s*=\s*/i, '').replace(/[:\s]/g, '').toUpperCase() : undefined;
  if (tlsFingerprint !== undefined && !/^[0-9A-F]{64}$/.test(tlsFingerprint)) {
    problems.push('DEPLOY_TLS_FINGERPRINT must be the SHA-256 fingerprint of the FTPS certificate, 64 hex digits with or without colons, e.g. AB:12:… as openssl x509 -noout -fingerprint -sha256 prints it.');
  } else if (tlsFingerprint && protocol && protocol !== 'ftps') problems.push('DEPLOY_TLS_FINGERPRINT is for ftps:// targets (SFTP servers are pinned with DEPLOY_HOST_KEY).');
  const liveProblem = env.DEPLOY_LIVE_URL?.trim() && liveUrlProblem(env.DEPLOY_LIVE_URL.trim());
  if (liveProblem) problems.push(liveProblem);
  if (!address || problems.length) throw new DeployError(problems.join('\n'));
  const { url } = address;
  return {
    protocol: address.protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : DEFAULT_PORTS[address.protocol],
    user: decodeURIComponent(url.username),
    folder: folderOf(url.pathname),
    password,
    keyFile,
    hostKey: env.DEPLOY_HOST_KEY?.trim() || undefined,
    hostKeys: readHostKeySettings(env, root),
    insecureTls: env.DEPLOY_INSECURE_TLS === '1',
    tlsFingerprint,
    timeoutMs: timeoutS * 1000,
    siteUrl: env.DEPLOY_SITE_URL?.trim() || undefined,
    connections,
    lockWaitMs: lockWaitS * 1000,
    lockStaleMs: lockStaleMin * 60_000,
  };
}

/**
 * The folder of a target URL's path. "/public_html" and "/~/public_html" are relative to the login
 * folder (as in FTP URLs, RFC 1738 section 3.2.2); "//var/www/site" and "/%2Fvar/www/site" are
 * absolute.
 */
function folderOf(pathname: string): string {
  let p = pathname;
  if (/^\/%2F/i.test(p)) p = `/${p.slice(4)}`;
  else if (p.startsWith('//')) p = p.slice(1);
  else p = p.replace(/^\/(~\/?)?/, '');
  return decodeURIComponent(p).replace(/\/+$/, '') || (p.startsWith('/') ? '/' : '');
}

/**
 * The warnings a run with this target prints every time: plain FTP (the password travels
 * unencrypted) and DEPLOY_INSECURE_TLS (no certificate is checked).
 */
export function transportWarnings(target: DeployTarget): string[] {
  const t = shownTarget(target);
  const out: string[] = [];
  if (t.protocol === 'ftp') {
    out.push(`Warning: plain FTP (DEPLOY_ALLOW_PLAIN_FTP=1): the password of user "${t.user}" and every file travel unencrypted, readable by anyone on the way to ${t.host}. Switch DEPLOY_TARGET to ftps:// or sftp:// as soon as your host offers it.`);
  }
  if (t.insecureTls) {
    out.push(`Warning: DEPLOY_INSECURE_TLS=1 is on: no TLS certificate is checked${t.protocol === 'ftps' ? ` (FTPS to ${t.host}` : ' (the live check'}${t.protocol === 'ftps' ? ' and the live check)' : ')'}, so someone in between could read the password and change the files. Pin the certificate with DEPLOY_TLS_FINGERPRINT instead and remove DEPLOY_INSECURE_TLS.`);
  }
  return out;
}

/** The target as it is safe to print: protocol, user, host, port and folder (each masked by shownTarget); never a secret. */
export function describeTarget(target: DeployTarget): string {
  const t = shownTarget(target);
  return `${t.protocol}://${t.user}@${t.host.includes(':') ? `[${t.host}]` : t.host}:${t.port}/${t.folder}`;
}
