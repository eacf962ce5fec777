/**
 * The one list of system tools the tests need (tooling/system-tools.ts): which test files need
 * which tool, how presence is judged, the message `npm test` stops with when one is missing (shown
 * for real by hiding Chromium behind a bind mount of /dev/null, as root), and that `.ci/run` runs
 * exactly the README's test line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';
import { isInstalled, missingToolsMessage, SETUP_COMMAND, SYSTEM_TOOLS, toolsFor, type SystemTool } from '../../tooling/system-tools.ts';

const tool = (name: string): SystemTool => SYSTEM_TOOLS.find((t) => t.name.startsWith(name))!;

const list = suite('system tools: the list');
list('should ask only the runner\'s own tool for a unit test, and Chromium for a browser test', () => {
  assert.equal(toolsFor(['test/unit/text.test.ts']).map((t) => t.name), ['ps (procps)']);
  assert.ok(toolsFor(['test/browser/menus.test.ts']).includes(tool('Chromium')));
  assert.ok(!toolsFor(['test/browser/menus.test.ts']).includes(tool('Apache')));
});
list('should cover every test file that starts a tool in its own source', async () => {
  // What a test file's own source shows it starts, and the tool that must then cover that file.
  const STARTS: [RegExp, string][] = [
    [/\b(launchBrowser|startHarness)\(|lighthouse-audit\.ts/, 'Chromium'],
    [/\bstartApache\(/, 'Apache'],
    [/helpers\/nginx\.ts/, 'nginx'],
    [/spawnSync\('java'/, 'Java'],
    [/tooling\/sshd\.ts/, 'OpenSSH'],
    [/tooling\/ftp-server\.ts/, 'pyftpdlib'],
    [/\blaunchFirefox\(/, 'Firefox ESR'],
    [/\blaunchWebKit\(/, 'WebKitGTK'],
    [/\blaunchWebKit\(/, 'Xvfb'],
    [/\bstartVsftpd\b/, 'vsftpd'],
    [/\bstartPureFtpd\b/, 'Pure-FTPd'],
    [/\bstartProftpd\b/, 'ProFTPD'],
  ];
  const files = await fg('test/**/*.test.ts', { cwd: ROOT });
  const uncovered: string[] = [];
  let matched = 0;
  for (const file of files) {
    const src = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [pattern, name] of STARTS) {
      if (!pattern.test(src) || file === 'test/unit/system-tools.test.ts') continue;
      matched++;
      if (!toolsFor([file]).includes(tool(name))) uncovered.push(`${file} starts ${name} but is not in its tests`);
    }
  }
  assert.ok(matched > 20, 'the patterns find the files that start tools');
  assert.equal(uncovered, []);
});
list('should name the unpacked FTP servers\' packages beside the libraries they need, and find their programs where setup-tests unpacks them', () => {
  const pure = tool('Pure-FTPd');
  const pro = tool('ProFTPD');
  assert.equal(pure.unpack?.packages, ['pure-ftpd']);
  assert.equal(pro.unpack?.packages, ['proftpd-core']);
  assert.ok(pure.files.every((f) => f.startsWith(`${pure.unpack!.dir}/`)) && pro.files.every((f) => f.startsWith(`${pro.unpack!.dir}/`)));
  const msg = missingToolsMessage([pro], ['test/deploy/proftpd.test.ts']);
  assert.match(msg, 'ProFTPD (FTP server, unpacked) (');
  assert.match(msg, /libhiredis0\.14 .*libpcre2-posix3 .*proftpd-core\)$/);
  assert.not.ok(toolsFor(['test/deploy/proftpd.test.ts']).includes(tool('vsftpd')), 'a ProFTPD test does not need vsftpd');
});
list('should list each Debian package once and name the setup command', () => {
  const msg = missingToolsMessage([tool('Chromium'), tool('pyftpdlib')], ['test/browser/menus.test.ts', 'test/deploy/ftp.test.ts']);
  assert.equal(msg.split('\n'), [
    'The tests need 2 system tools that are not installed:',
    '  Chromium (/usr/bin/chromium): needed by test/browser/',
    '  pyftpdlib (FTP and FTPS server) (/usr/bin/python3, `-c import pyftpdlib, OpenSSL`): needed by test/deploy/ftp.test.ts',
    `Install them all with: ${SETUP_COMMAND}   (Debian or Ubuntu; elsewhere install the same programs: chromium python3-pyftpdlib python3-openssl)`,
  ]);
  assert.is(missingToolsMessage([], ['test/browser/menus.test.ts']), '');
});

const presence = suite('system tools: presence');
presence('should count an executable file as installed, and not a device, a missing file or a failing check', () => {
  const t = (files: string[], check?: string[]): SystemTool => ({ name: 'x', files, check, debian: [], tests: [] });
  assert.ok(isInstalled(t([process.execPath])));
  assert.not.ok(isInstalled(t(['/dev/null'])), 'a bind mount of /dev/null hides a program as a character device');
  assert.not.ok(isInstalled(t(['/nonexistent/program'])));
  assert.not.ok(isInstalled(t([process.execPath], [process.execPath, '-e', 'process.exit(3)'])));
  assert.ok(isInstalled(t([process.execPath], [process.execPath, '-e', 'process.exit(0)'])));
});

const runner = suite('system tools: npm test with a tool missing');
runner('should stop before building, naming the tool, its tests and the setup command', () => {
  if (process.getuid?.() !== 0) {
    console.log('  (skipped: hiding a program with a bind mount needs root)');
    return;
  }
  const r = spawnSync('unshare', ['-m', 'sh', '-c', `mount --bind /dev/null /usr/bin/chromium && exec "${process.execPath}" --import tsx test/run.ts test/browser/menus`], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  const out = `${r.stdout}${r.stderr}`;
  assert.is(r.status, 1, out);
  assert.match(out, 'Chromium (/usr/bin/chromium): needed by test/browser/');
  assert.match(out, `Install them all with: ${SETUP_COMMAND}`);
  assert.match(r.stdout, /^0 passed, 1 failed$/m);
  assert.not.match(out, 'Building dist/', 'it stops before the build');
  assert.not.match(out, /\n\s+at /, 'no stack trace');
});
runner('should run .ci/run\'s test line exactly as the README\'s Quick start gives it', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('### Edit and see it at once'));
  const testLine = /^(npm ci && [^#\n]*npm test)\s*#/m.exec(quickStart)?.[1];
  assert.ok(testLine, 'the Quick start has a test line');
  assert.match(testLine!, SETUP_COMMAND);
  const ci = readFileSync(path.join(ROOT, '.ci/run'), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  assert.is(ci.at(-1), testLine);
});

list.run();
presence.run();
runner.run();
