/**
 * The FTP servers shared hosts run, each on 127.0.0.1 at a free port with a configuration of the
 * test's own in a temp folder, for the deploy tests: vsftpd (Debian's package), Pure-FTPd and
 * ProFTPD (Debian's packages unpacked by `npm run setup-tests`, see tooling/system-tools.ts).
 * Each serves one user with a password; the test passes what a host would set on top of the
 * defaults (vsftpd `max_per_ip=1`, Pure-FTPd `-x` or `-y 1:1`, ProFTPD `AllowOverwrite off`).
 * Passive data connections use any free port, as on the defaults: a fixed range of a few ports runs
 * out within a deploy (each closed data connection holds its port for TIME_WAIT).
 *
 * The servers run as root, as they do on a host, and switch to an unprivileged system user for
 * the session: files they write belong to that user, so a folder the test makes for them must be
 * handed over with `own()`. Each is started in a process group of its own and stopped with it.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './http.ts';
import { startServerProcess, tempFolder } from './process.ts';
import { PROFTPD_DIR, PURE_FTPD_DIR } from './system-tools.ts';

export interface RunningFtpServer {
  /** "vsftpd", "Pure-FTPd" or "ProFTPD", with the settings added to its defaults, e.g. "ProFTPD (AllowOverwrite off)". */
  name: string;
  port: number;
  /** The folder the FTP user sees as "/" (this machine's path). */
  root: string;
  user: string;
  password: string;
  /** Creates `dir` (a path under root) if needed and hands it to the server's session user, so the FTP user may write there. */
  own(dir: string): void;
  /** What the server wrote to its own log so far (empty for Pure-FTPd, which logs to syslog only). */
  log(): string;
  /**
   * Resolves once no session process is left: a client killed in the middle of a command leaves
   * its session finishing that command (a rename, a delete, the end of an upload) a moment later.
   */
  settled(): Promise<void>;
  /** Stops the server and every session process, and removes its temp folder. */
  stop(): Promise<void>;
}

/** Where to serve and what to add to the server's defaults. */
export interface FtpServerOptions {
  /** The folder to serve as "/" (kept on stop); default a new folder inside the server's temp folder. */
  root?: string;
  /** vsftpd and ProFTPD: configuration lines added to the defaults, e.g. "max_per_ip=1", "AllowOverwrite off". */
  config?: string[];
  /** Pure-FTPd: command-line flags added to the defaults, e.g. ["-x"], ["-y", "1:1"]. */
  flags?: string[];
}

const USER = 'deploy';

/** A user and group of the system, by name: the session user the server switches to. */
function systemIds(user: string, group: string): { uid: number; gid: number } {
  const field = (file: string, name: string) => readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(`${name}:`))?.split(':')[2];
  const uid = Number(field('/etc/passwd', user));
  const gid = Number(field('/etc/group', group));
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`No system user "${user}" or group "${group}" for the FTP server's sessions.`);
  return { uid, gid };
}

/** A SHA-512 crypt(3) hash of `password` (openssl passwd -6), which Pure-FTPd and ProFTPD check with crypt(). */
function cryptHash(password: string): string {
  return execFileSync('openssl', ['passwd', '-6', '-stdin'], { input: `${password}\n`, encoding: 'utf8' }).trim();
}

/** A server's temp folder (its configuration, logs and by default the served folder), its session user and password. */
interface Setup { dir: string; root: string; remove(): void; ids: { uid: number; gid: number }; password: string; port: number }

async function setUp(prefix: string, root: string | undefined, user: string, group: string): Promise<Setup> {
  const { dir, remove } = tempFolder(prefix);
  chmodSync(dir, 0o755); // the session user passes through it to reach the served folder
  const served = root ?? path.join(dir, 'root');
  mkdirSync(served, { recursive: true });
  return { dir, root: served, remove, ids: systemIds(user, group), password: `pw-${Math.random().toString(36).slice(2)}`, port: await freePort() };
}

/** Starts the server and resolves once it listens. @throws Error with its output and log when it does not listen within 10 s (it is stopped) */
async function start(name: string, setup: Setup, command: string, args: string[], log: () => string): Promise<RunningFtpServer> {
  const { dir, root, ids, password, port, remove } = setup;
  const server = await startServerProcess(name, command, args, dir, port, { log }).catch((error: unknown) => { remove(); throw error; });
  const own = (folder: string) => {
    mkdirSync(folder, { recursive: true });
    chownSync(folder, ids.uid, ids.gid);
  };
  const settled = () => sessionsEnded(server.child.pid!);
  return { name, port, root, user: USER, password, own, log: () => `${server.output()}${log()}`, settled, stop: async () => { await server.stop(); remove(); } };
}

/**
 * How many sessions of process `server` are alive: processes, zombies aside, in its process group
 * (Pure-FTPd's outlive their parent) or descending from it (vsftpd starts each in a session of its own).
 */
function sessions(server: number): number {
  const procs = new Map<number, { ppid: number; group: number; zombie: boolean }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // /proc/PID/stat: "pid (name) state ppid pgrp ..."; the name may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, ppid, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(pid), { ppid: Number(ppid), group: Number(group), zombie: state === 'Z' });
    } catch { /* ended meanwhile */ }
  }
  const descends = (pid: number) => {
    while (pid > 1 && pid !== server) pid = procs.get(pid)?.ppid ?? 0;
    return pid === server;
  };
  return [...procs].filter(([pid, p]) => pid !== server && !p.zombie && (p.group === server || descends(pid))).length;
}

/** Sessions get this long to end after their client was killed (ms); a session ends in well under 1 s. */
const SETTLE_MS = 30_000;

/**
 * Resolves once process `server` has no session left (polled every 20 ms).
 * @throws Error after SETTLE_MS, with the number of sessions still running
 */
async function sessionsEnded(server: number): Promise<void> {
  const giveUp = Date.now() + SETTLE_MS;
  for (let left = sessions(server); left > 0; left = sessions(server)) {
    if (Date.now() > giveUp) throw new Error(`FTP server ${server}: ${left} session process(es) still running ${SETTLE_MS / 1000} s after their client was killed`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const readLog = (file: string) => () => { try { return readFileSync(file, 'utf8'); } catch { return ''; } };
const describe = (base: string, extra: string[]) => (extra.length ? `${base} (${extra.join(' ')})` : base);

/**
 * vsftpd with a virtual user: pam_userdb checks the password against a Berkeley DB file of the
 * test's own, and the session runs as the system user "ftp" (the vsftpd package creates it),
 * chrooted to the served folder. PAM reads its configuration from /etc/pam.d only, so vsftpd is
 * started in a mount namespace of its own (unshare -m, root only) where the test's folder is
 * mounted over /etc/pam.d; nothing changes outside it.
 * @throws Error when not run as root, or when vsftpd does not listen within 10 s
 */
export async function startVsftpd(options: FtpServerOptions = {}): Promise<RunningFtpServer> {
  if (process.getuid?.() !== 0) throw new Error('vsftpd is started as root here (its own /etc/pam.d in a mount namespace needs it).');
  const setup = await setUp('vsftpd-test', options.root, 'ftp', 'ftp');
  const { dir, root, password, port } = setup;
  mkdirSync(`${dir}/pam.d`);
  mkdirSync(`${dir}/empty`);
  // pam_userdb's database: user name -> password, a Berkeley DB hash file written by Perl's DB_File.
  execFileSync('/usr/bin/perl', ['-MDB_File', '-MFcntl', '-e',
    'tie my %h, "DB_File", $ARGV[0], O_RDWR|O_CREAT, 0600, $DB_HASH or die "$!"; $h{$ARGV[1]} = $ARGV[2]; untie %h',
    `${dir}/users.db`, USER, password]);
  writeFileSync(`${dir}/pam.d/vsftpd`, [
    `auth required pam_userdb.so db=${dir}/users`,
    'account required pam_permit.so',
    'session required pam_permit.so',
    '',
  ].join('\n'));
  writeFileSync(`${dir}/vsftpd.conf`, [
    // Debian's /etc/vsftpd.conf with uploads allowed (write_enable), as every host sets it.
    'listen=YES', 'listen_ipv6=NO', 'listen_address=127.0.0.1', `listen_port=${port}`, 'background=NO',
    'anonymous_enable=NO', 'local_enable=YES', 'write_enable=YES', 'local_umask=022',
    'pam_service_name=vsftpd', 'guest_enable=YES', 'guest_username=ftp', 'virtual_use_local_privs=YES',
    `local_root=${root}`, 'chroot_local_user=YES', `secure_chroot_dir=${dir}/empty`,
    'pasv_enable=YES',
    // Kernel features a container may refuse; off, they change nothing the deploy sees.
    'seccomp_sandbox=NO', 'isolate_network=NO',
    'xferlog_enable=YES', 'xferlog_std_format=NO', 'log_ftp_protocol=YES', 'dual_log_enable=NO', `vsftpd_log_file=${dir}/vsftpd.log`,
    ...(options.config ?? []),
    '',
  ].join('\n'));
  return start(describe('vsftpd', options.config ?? []), setup, '/usr/bin/unshare',
    ['-m', 'sh', '-c', 'mount --bind "$1" /etc/pam.d && exec /usr/sbin/vsftpd "$2"', 'sh', `${dir}/pam.d`, `${dir}/vsftpd.conf`], readLog(`${dir}/vsftpd.log`));
}

/**
 * Pure-FTPd with a virtual user in a PureDB file (pure-pw mkdb), chrooted to the served folder,
 * sessions as the system user "nobody". Its defaults otherwise, plus `options.flags`.
 * @throws Error when Pure-FTPd does not listen within 10 s
 */
export async function startPureFtpd(options: FtpServerOptions = {}): Promise<RunningFtpServer> {
  const setup = await setUp('pure-ftpd-test', options.root, 'nobody', 'nogroup');
  const { dir, root, ids, password, port } = setup;
  // pure-pw's own hash (argon2id) costs seconds of CPU per login; Pure-FTPd checks any crypt(3) hash.
  // The fields: user, hash, uid, gid, gecos, home ("/./" ends the chroot), then per-user limits left empty.
  writeFileSync(`${dir}/pureftpd.passwd`, `${USER}:${cryptHash(password)}:${ids.uid}:${ids.gid}::${root}/./::::::::::::\n`, { mode: 0o600 });
  execFileSync(`${PURE_FTPD_DIR}/usr/bin/pure-pw`, ['mkdb', `${dir}/pureftpd.pdb`, '-f', `${dir}/pureftpd.passwd`]);
  const flags = options.flags ?? [];
  return start(describe('Pure-FTPd', flags), setup, `${PURE_FTPD_DIR}/usr/sbin/pure-ftpd`,
    ['-S', `127.0.0.1,${port}`, '-l', `puredb:${dir}/pureftpd.pdb`, '-E', '-H', '-g', `${dir}/pure-ftpd.pid`, ...flags], () => '');
}

/**
 * ProFTPD with a user in an AuthUserFile of the test's own (mod_auth_file), chrooted to the
 * served folder (DefaultRoot ~), sessions as the system user "nobody". Debian's defaults otherwise
 * (AllowOverwrite on, as Debian's /etc/proftpd/proftpd.conf sets it), plus `options.config`.
 * @throws Error when ProFTPD does not listen within 10 s
 */
export async function startProftpd(options: FtpServerOptions = {}): Promise<RunningFtpServer> {
  const setup = await setUp('proftpd-test', options.root, 'nobody', 'nogroup');
  const { dir, root, ids, password, port } = setup;
  writeFileSync(`${dir}/ftpd.passwd`, `${USER}:${cryptHash(password)}:${ids.uid}:${ids.gid}::${root}:/bin/false\n`, { mode: 0o600 });
  const config = options.config ?? [];
  writeFileSync(`${dir}/proftpd.conf`, [
    'ServerName "deploy test"', 'ServerType standalone', 'DefaultServer on', 'UseIPv6 off',
    `Port ${port}`, 'DefaultAddress 127.0.0.1', 'SocketBindTight on',
    'User nobody', 'Group nogroup', 'Umask 022', 'DefaultRoot ~', 'RequireValidShell off',
    'AuthOrder mod_auth_file.c', `AuthUserFile ${dir}/ftpd.passwd`,
    `ModulePath ${PROFTPD_DIR}/usr/lib/proftpd`, `PidFile ${dir}/proftpd.pid`, `ScoreboardFile ${dir}/proftpd.scoreboard`,
    'DelayTable none', 'WtmpLog off', 'UseReverseDNS off', 'TransferLog none', `SystemLog ${dir}/proftpd.log`,
    ...(config.some((l) => /^\s*AllowOverwrite\b/.test(l)) ? [] : ['AllowOverwrite on']),
    ...config,
    '',
  ].join('\n'));
  return start(describe('ProFTPD', config), setup, `${PROFTPD_DIR}/usr/sbin/proftpd`, ['-n', '-q', '-c', `${dir}/proftpd.conf`], readLog(`${dir}/proftpd.log`));
}
