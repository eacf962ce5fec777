/**
 * The deploy settings the editor shows and saves: the `DEPLOY_*` lines of `.env` at the project
 * root that say where `npm run deploy` uploads (DEPLOY_TARGET, DEPLOY_PASSWORD, DEPLOY_SITE_URL,
 * DEPLOY_ALLOW_PLAIN_FTP; lib/deploy/deploy-target.ts reads them). Saving rewrites only those
 * lines: every other line, comment and blank keeps its bytes and its place; a setting the file
 * lacks is appended. Values are written so that Node's .env parser (process.loadEnvFile, which
 * the deploy uses) reads them back as typed. The password is write-only: it is never returned,
 * only whether one is set, and an empty password in a save keeps the one in the file.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { DeployError, readTarget, type Protocol } from '../deploy/deploy-target.ts';
import { writeProjectFile } from './project-files.ts';

/** The settings as the editor shows them (never the password itself). */
export interface DeploySettings {
  protocol: Protocol;
  /** The server's host name or IP address; "" when not set. */
  host: string;
  /** Only when it is not the protocol's usual port (21 for FTP and FTPS, 22 for SFTP). */
  port?: number;
  /** The folder that receives the site: relative to the login folder, absolute when it starts with "/". */
  folder: string;
  user: string;
  /** True when `.env` holds a DEPLOY_PASSWORD. */
  passwordSet: boolean;
  /** DEPLOY_SITE_URL, when set. */
  siteUrl?: string;
  /** DEPLOY_ALLOW_PLAIN_FTP=1. */
  allowPlainFtp: boolean;
  /** Why DEPLOY_TARGET could not be read, when it is set but wrong (the deploy's own words). */
  problem?: string;
}

/** A save: the settings, and a new password when the owner typed one. */
export type DeploySettingsInput = Omit<DeploySettings, 'passwordSet' | 'problem'> & { password?: string };

/** A save the editor refuses (a 400 for the page): one line saying which field and what to do. */
export class SettingsError extends Error {}

/** The only variables the editor writes. */
const KEYS = ['DEPLOY_TARGET', 'DEPLOY_PASSWORD', 'DEPLOY_SITE_URL', 'DEPLOY_ALLOW_PLAIN_FTP'] as const;
type Key = (typeof KEYS)[number];
const DEFAULT_PORTS: Record<Protocol, number> = { ftp: 21, ftps: 21, sftp: 22 };
const ENV_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=/;

/** The path of `.env` at `root`: the one file outside the content this module writes. */
const envFile = (root: string) => path.join(root, '.env');

/**
 * The variables of `.env` at `root`, as the deploy reads them (Node's parser); {} without the file.
 */
export function readEnvFile(root: string): Record<string, string> {
  const file = envFile(root);
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) as Record<string, string> : {};
}

/**
 * The deploy settings written in `.env` at `root` (not the shell's: the editor edits the file).
 * @returns empty fields (protocol ftps) when DEPLOY_TARGET is not set
 */
export function readDeploySettings(root: string): DeploySettings {
  const env = readEnvFile(root);
  const settings: DeploySettings = {
    protocol: 'ftps', host: '', folder: '', user: '',
    passwordSet: Boolean(env.DEPLOY_PASSWORD),
    siteUrl: env.DEPLOY_SITE_URL?.trim() || undefined,
    allowPlainFtp: env.DEPLOY_ALLOW_PLAIN_FTP?.trim() === '1',
  };
  if (!env.DEPLOY_TARGET?.trim()) return settings;
  try {
    // The deploy's own reading of the address; login and opt-in are checked when it runs.
    const t = readTarget({ DEPLOY_TARGET: env.DEPLOY_TARGET, DEPLOY_PASSWORD: 'unused', DEPLOY_ALLOW_PLAIN_FTP: '1' }, root)!;
    return { ...settings, protocol: t.protocol, host: t.host, user: t.user, folder: t.folder, ...(t.port !== DEFAULT_PORTS[t.protocol] ? { port: t.port } : {}) };
  } catch (error) {
    if (!(error instanceof DeployError)) throw error;
    return { ...settings, problem: error.message };
  }
}

/**
 * DEPLOY_TARGET for the settings: protocol://user@host[:port]/folder, where an absolute folder is
 * written after a doubled slash (lib/deploy/deploy-target.ts reads "//var/www" as /var/www).
 * @throws SettingsError naming the field that is missing or cannot be written
 */
function targetAddress(s: Pick<DeploySettingsInput, 'protocol' | 'host' | 'port' | 'folder' | 'user'>): string {
  if (!(s.protocol in DEFAULT_PORTS)) throw new SettingsError('Protocol: choose FTPS, SFTP or FTP.');
  const host = s.host.trim();
  if (!host) throw new SettingsError('Server: enter the host name your hosting company gave you, e.g. ftp.yourdomain.com.');
  if (!/^[A-Za-z0-9.-]+$|^[0-9A-Fa-f:]+$/.test(host)) throw new SettingsError(`Server: "${host}" is not a host name; write only the name, e.g. ftp.yourdomain.com (no ftp://, no folder).`);
  if (!s.user.trim()) throw new SettingsError('User name: enter the FTP or SFTP user name your hosting company gave you.');
  if (s.port !== undefined && !(Number.isInteger(s.port) && s.port > 0 && s.port < 65536)) throw new SettingsError('Port: a whole number from 1 to 65535, or leave it empty for the usual one.');
  const folder = s.folder.trim().replace(/\/+$/, '');
  const encoded = folder.split('/').map(encodeURIComponent).join('/');
  const where = host.includes(':') ? `[${host}]` : host;
  const port = s.port && s.port !== DEFAULT_PORTS[s.protocol] ? `:${s.port}` : '';
  return `${s.protocol}://${encodeURIComponent(s.user.trim())}@${where}${port}/${folder.startsWith('/') ? `/${encoded.slice(1)}` : encoded}`;
}

/**
 * A `KEY=value` line that Node's .env parser reads back as `value`: unquoted when plain; else in
 * single quotes (kept as they are), or backquotes, or double quotes (which expand "\n"), the first
 * the value does not contain.
 * @throws SettingsError when the value holds a line break, or all three quote characters
 */
function envLine(key: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new SettingsError(`${key}: a line break cannot be written into .env; remove it.`);
  if (/^[A-Za-z0-9_.,:/@%+=~-]*$/.test(value)) return `${key}=${value}`;
  const quote = ["'", '`', '"'].find((q) => !value.includes(q) && !(q === '"' && value.includes('\\n')));
  if (!quote) throw new SettingsError(`${key}: a value holding ', " and \` together cannot be written into .env; change one of them.`);
  return `${key}=${quote}${value}${quote}`;
}

/**
 * Saves the settings into `.env` at `root`, atomically (a temporary file, then a rename), changing
 * only the lines of DEPLOY_TARGET, DEPLOY_PASSWORD (only when `input.password` is not empty),
 * DEPLOY_SITE_URL and DEPLOY_ALLOW_PLAIN_FTP; a line whose value already reads as the new one is
 * left as written. An empty site address, or a plain-FTP opt-in switched off or with a protocol
 * other than FTP, removes its line.
 * A new file is made readable by its owner only (it holds the password).
 * @returns the settings as now read back from the file
 * @throws SettingsError for a field that cannot be saved, or when `.env` is not a plain file
 */
export async function writeDeploySettings(root: string, input: DeploySettingsInput): Promise<DeploySettings> {
  const siteUrl = input.siteUrl?.trim() ?? '';
  if (siteUrl && !/^https?:\/\/[^/\s]+/.test(siteUrl)) throw new SettingsError('Site address: write it like https://www.yourdomain.com.');
  const wanted: Partial<Record<Key, string>> = {
    DEPLOY_TARGET: targetAddress(input),
    DEPLOY_SITE_URL: siteUrl || undefined,
    DEPLOY_ALLOW_PLAIN_FTP: input.allowPlainFtp && input.protocol === 'ftp' ? '1' : undefined,
  };
  const file = envFile(root);
  const exists = existsSync(file);
  if (exists && !lstatSync(file).isFile()) throw new SettingsError('.env at the project root is not a plain file (a link or a folder): the editor writes only a plain .env; replace it with one.');
  const text = exists ? readFileSync(file, 'utf8') : '';
  const lines = text ? text.split(/(?<=\n)/) : [];
  const changing = new Set<string>(['DEPLOY_TARGET', 'DEPLOY_SITE_URL', 'DEPLOY_ALLOW_PLAIN_FTP', ...(input.password ? ['DEPLOY_PASSWORD'] : [])]);
  if (input.password) wanted.DEPLOY_PASSWORD = input.password;
  const written = new Set<string>();
  const out: string[] = [];
  for (const line of lines) {
    const key = ENV_LINE.exec(line)?.[1];
    if (!key || !changing.has(key)) {
      out.push(line);
      continue;
    }
    const value = wanted[key as Key];
    if (value === undefined) continue; // removed
    written.add(key);
    const ending = /\r?\n$/.exec(line)?.[0] ?? '';
    const same = parseEnv(line)[key] === value;
    out.push(same ? line : `${envLine(key, value)}${ending}`);
  }
  const added = KEYS.filter((k) => changing.has(k) && wanted[k] !== undefined && !written.has(k)).map((k) => `${envLine(k, wanted[k]!)}\n`);
  if (added.length && out.length && !out.at(-1)!.endsWith('\n')) out.push('\n');
  const next = out.join('') + added.join('');
  // Through the editor's write allow-list; the old file's permissions kept, a new one its owner's only.
  if (next !== text) await writeProjectFile(root, '.env', next, { mode: exists ? lstatSync(file).mode & 0o777 : 0o600 });
  return readDeploySettings(root);
}

