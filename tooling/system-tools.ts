/**
 * The one list of system tools (programs outside npm) that the tests drive, and where each comes
 * from on Debian: `npm run setup-tests` installs what is missing, `npm test` checks them first.
 * Debian's vsftpd, Pure-FTPd and ProFTPD packages conflict (each provides `ftp-server`), so only
 * vsftpd is installed; the other two are unpacked into a folder of their own under UNPACKED_DIR.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const UNPACKED_DIR = path.resolve(import.meta.dirname, '../node_modules/.cache/system-tools');
/** The folder Pure-FTPd is unpacked into (its programs under usr/sbin, usr/bin). */
export const PURE_FTPD_DIR = path.join(UNPACKED_DIR, 'pure-ftpd');
/** The folder ProFTPD is unpacked into (usr/sbin/proftpd, its modules under usr/lib/proftpd). */
export const PROFTPD_DIR = path.join(UNPACKED_DIR, 'proftpd');

const MULTIARCH = ({ x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' } as Record<string, string>)[process.arch] ?? `${process.arch}-linux-gnu`;
/** Debian's Firefox ESR (package firefox-esr). */
export const FIREFOX_ESR = '/usr/bin/firefox-esr';
/** WebKitGTK's WebDriver server (package webkit2gtk-driver). */
export const WEBKIT_WEBDRIVER = '/usr/bin/WebKitWebDriver';
/** The browser WebKitWebDriver drives (package libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver). */
export const MINIBROWSER = `/usr/lib/${MULTIARCH}/webkit2gtk-4.1/MiniBrowser`;
/** Runs a command on a virtual X display (package xvfb). */
export const XVFB_RUN = '/usr/bin/xvfb-run';

/** One system tool the tests need. */
export interface SystemTool {
  /** What the messages call it, e.g. "Chromium". */
  name: string;
  /** Executable files that must all exist, e.g. ['/usr/bin/chromium']. */
  files: string[];
  /** A command (program and arguments) that must exit 0, for what a file cannot show (a Python module). */
  check?: string[];
  /** The Debian packages that install it (or, with `unpack`, the libraries it needs), given to `apt-get install`. */
  debian: string[];
  /** Debian packages unpacked with `apt-get download` and `dpkg -x` into `dir` instead of installed. */
  unpack?: { packages: string[]; dir: string };
  /** Test paths (prefixes relative to the project root) that need it; 'test/' is every test file. */
  tests: string[];
}

/** Every system tool the tests need. */
export const SYSTEM_TOOLS: SystemTool[] = [
  // The test runner lists the processes each test file leaves behind (test/helpers/process-tree.ts).
  { name: 'ps (procps)', files: ['/usr/bin/ps'], debian: ['procps'], tests: ['test/'] },
  {
    name: 'Chromium', files: ['/usr/bin/chromium'], debian: ['chromium'],
    tests: [
      'test/browser/', 'test/edit/', 'test/build/mobile-apps.test.ts', 'test/build/services.test.ts', 'test/build/sitemap-page.test.ts',
      'test/quality/chromium-sweep.test.ts', 'test/quality/lighthouse.test.ts', 'test/quality/structured-data.test.ts', 'test/quality/test-runner.test.ts',
    ],
  },
  { name: 'Firefox ESR', files: [FIREFOX_ESR], debian: ['firefox-esr'], tests: ['test/browser/cross-engine-firefox.test.ts'] },
  {
    name: 'WebKitGTK (WebKitWebDriver and MiniBrowser)', files: [WEBKIT_WEBDRIVER, MINIBROWSER], debian: ['webkit2gtk-driver'],
    tests: ['test/browser/cross-engine-webkit.test.ts'],
  },
  { name: 'Xvfb (virtual display for WebKitGTK)', files: [XVFB_RUN, '/usr/bin/Xvfb'], debian: ['xvfb'], tests: ['test/browser/cross-engine-webkit.test.ts'] },
  { name: 'Java (for the W3C HTML checker)', files: ['/usr/bin/java'], debian: ['default-jre-headless'], tests: ['test/quality/html-valid.test.ts'] },
  {
    name: 'Apache 2.4', files: ['/usr/sbin/apache2'], debian: ['apache2'],
    tests: ['test/quality/apache.test.ts', 'test/edit/', 'test/browser/svg-policy.test.ts', 'test/deploy/manifest-hidden.test.ts', 'test/deploy/live-check.test.ts', 'test/deploy/deploy-safety.test.ts'],
  },
  { name: 'nginx', files: ['/usr/sbin/nginx'], debian: ['nginx'], tests: ['test/quality/nginx.test.ts'] },
  { name: 'OpenSSL (test certificates)', files: ['/usr/bin/openssl'], debian: ['openssl'], tests: ['test/quality/apache.test.ts', 'test/quality/nginx.test.ts', 'test/deploy/'] },
  {
    name: 'OpenSSH server (SFTP)', files: ['/usr/sbin/sshd', '/usr/bin/ssh-keygen', '/usr/bin/ssh-keyscan'], debian: ['openssh-server'],
    tests: ['test/deploy/sftp.test.ts', 'test/deploy/host-key.test.ts', 'test/unit/known-hosts.test.ts', 'test/edit/'],
  },
  { name: 'script (a pseudo-terminal for a command)', files: ['/usr/bin/script'], debian: ['bsdutils'], tests: ['test/deploy/host-key.test.ts'] },
  {
    name: 'pyftpdlib (FTP and FTPS server)', files: ['/usr/bin/python3'], check: ['/usr/bin/python3', '-c', 'import pyftpdlib, OpenSSL'],
    debian: ['python3-pyftpdlib', 'python3-openssl'],
    tests: ['test/deploy/ftp.test.ts', 'test/deploy/live-check.test.ts', 'test/deploy/deploy-safety.test.ts', 'test/build/check-command.test.ts', 'test/edit/'],
  },
  {
    // Its test users live in a Berkeley DB file for pam_userdb, written with Perl's DB_File.
    name: 'vsftpd (FTP server)', files: ['/usr/sbin/vsftpd', '/usr/bin/perl', '/usr/bin/unshare'], check: ['/usr/bin/perl', '-MDB_File', '-e', '1'],
    debian: ['vsftpd', 'perl', 'libpam-modules', 'util-linux'], tests: ['test/deploy/vsftpd', 'test/deploy/lock-refresh.test.ts'],
  },
  {
    name: 'Pure-FTPd (FTP server, unpacked)', files: [`${PURE_FTPD_DIR}/usr/sbin/pure-ftpd`, `${PURE_FTPD_DIR}/usr/bin/pure-pw`],
    debian: ['libc6', 'libcap2', 'libcrypt1', 'libpam0g', 'libsodium23', 'libssl3'], unpack: { packages: ['pure-ftpd'], dir: PURE_FTPD_DIR },
    tests: ['test/deploy/pure-ftpd'],
  },
  {
    name: 'ProFTPD (FTP server, unpacked)', files: [`${PROFTPD_DIR}/usr/sbin/proftpd`],
    debian: [
      'libacl1', 'libc6', 'libcap2', 'libcrypt1', 'libhiredis0.14', 'libidn2-0', 'libmemcached11', 'libmemcachedutil2',
      'libncursesw6', 'libpam0g', 'libpcre2-8-0', 'libpcre2-posix3', 'libssl3', 'libtinfo6', 'zlib1g',
    ],
    unpack: { packages: ['proftpd-core'], dir: PROFTPD_DIR }, tests: ['test/deploy/proftpd', 'test/deploy/lock-refresh.test.ts'],
  },
];

/**
 * True when every file of `tool` is an executable regular file (a file hidden by a bind mount of
 * /dev/null is a character device) and its check command, if any, exits 0.
 */
export function isInstalled(tool: SystemTool): boolean {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  return tool.files.every(executable) && (!tool.check || spawnSync(tool.check[0], tool.check.slice(1), { stdio: 'ignore', timeout: 10_000 }).status === 0);
}

/** The test prefixes of `tool` that cover at least one of `testFiles` (paths relative to the root). */
function prefixesUsed(tool: SystemTool, testFiles: string[]): string[] {
  return tool.tests.filter((prefix) => testFiles.some((f) => f.startsWith(prefix)));
}

/** The tools that at least one of `testFiles` needs. */
export function toolsFor(testFiles: string[]): SystemTool[] {
  return SYSTEM_TOOLS.filter((t) => prefixesUsed(t, testFiles).length > 0);
}

/** The command that installs every tool the tests need (README and messages say this one). */
export const SETUP_COMMAND = 'npm run setup-tests';

/** The message `npm test` prints when tools are missing: a line per tool, then SETUP_COMMAND; "" for none. */
export function missingToolsMessage(missing: SystemTool[], testFiles: string[]): string {
  if (missing.length === 0) return '';
  const lines = missing.map((t) => `  ${t.name} (${t.files.join(', ')}${t.check ? `, \`${t.check.slice(1).join(' ')}\`` : ''}): needed by ${prefixesUsed(t, testFiles).join(', ')}`);
  return [
    `The tests need ${missing.length === 1 ? 'a system tool' : `${missing.length} system tools`} that ${missing.length === 1 ? 'is' : 'are'} not installed:`,
    ...lines,
    `Install them all with: ${SETUP_COMMAND}   (Debian or Ubuntu; elsewhere install the same programs: ${[...new Set(missing.flatMap((t) => [...t.debian, ...(t.unpack?.packages ?? [])]))].join(' ')})`,
  ].join('\n');
}

/** How long `npm run setup-tests` waits for another program's hold on the package manager, in seconds. */
export const APT_LOCK_WAIT_S = 300;

/**
 * `args` for apt-get with its own wait for the package manager's lock, held by another program:
 * the option DPkg::Lock::Timeout (apt 1.9.11 and later; apt.conf(5)), in whole seconds.
 * @param args apt-get's arguments, e.g. ["install", "-y", "vsftpd"]
 */
export function aptGetWaiting(args: readonly string[], waitS = APT_LOCK_WAIT_S): string[] {
  return ['-o', `DPkg::Lock::Timeout=${Math.max(0, Math.round(waitS))}`, ...args];
}

/** The line said before the first apt-get, so that a wait for the lock is no surprise. */
export function lockWaitNotice(waitS = APT_LOCK_WAIT_S): string {
  return `If another program is installing packages now (it holds /var/lib/dpkg/lock-frontend), apt-get waits up to ${Math.round(waitS / 60)} min for it, saying "Waiting for cache lock", then goes on.`;
}
