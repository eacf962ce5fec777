/**
 * `npm run setup-tests` waits for another program's hold on Debian's package manager
 * (tooling/system-tools.ts): the arguments it gives apt-get, and, as root on a machine with apt-get, a
 * real apt-get that finds /var/lib/dpkg/lock-frontend held (by a Python process taking the same
 * fcntl lock dpkg takes): without the option it stops at once, with it it says it waits and goes
 * on once the lock is let go. The command run is `apt-get check`, which takes the lock and changes
 * nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { APT_LOCK_WAIT_S, aptGetWaiting, lockWaitNotice } from '../../tooling/system-tools.ts';

const LOCK = '/var/lib/dpkg/lock-frontend';
const s = suite('setup-tests: waiting for the package manager\'s lock');

s('apt-get is given DPkg::Lock::Timeout in front of its own arguments; the notice names the wait', () => {
  assert.equal(aptGetWaiting(['install', '-y', 'vsftpd']), ['-o', `DPkg::Lock::Timeout=${APT_LOCK_WAIT_S}`, 'install', '-y', 'vsftpd']);
  assert.equal(aptGetWaiting(['update'], 12.4), ['-o', 'DPkg::Lock::Timeout=12', 'update']);
  assert.ok(APT_LOCK_WAIT_S >= 120 && APT_LOCK_WAIT_S <= 600, 'a few minutes');
  assert.match(lockWaitNotice(), /waits up to 5 min for it, saying "Waiting for cache lock"/);
});

const canRun = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && existsSync(LOCK);
s(`a real apt-get waits for a held lock and goes on once it is let go${canRun ? '' : ' (skipped: needs root and apt-get)'}`, async () => {
  if (!canRun) return;
  const holder = spawn('/usr/bin/python3', ['-c', `import fcntl, sys\nf = open('${LOCK}', 'w')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('held', flush=True)\nsys.stdin.read()`], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (d) => { if (String(d).includes('held')) resolve(); });
      holder.on('exit', () => reject(new Error('the lock holder ended before taking the lock')));
    });
    const atOnce = spawnSync('apt-get', ['check'], { encoding: 'utf8' });
    assert.is(atOnce.status, 100, 'without the option apt-get stops at once (canary)');
    assert.match(atOnce.stderr, `Could not get lock ${LOCK}`);
    const waiting = spawn('apt-get', aptGetWaiting(['check'], 120), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const exit = new Promise<number | null>((resolve) => waiting.on('close', resolve));
    await new Promise<void>((resolve) => {
      const seen = (d: Buffer) => {
        out += d;
        if (out.includes('Waiting for cache lock')) resolve();
      };
      waiting.stdout.on('data', seen);
      waiting.stderr.on('data', seen);
      void exit.then(() => resolve());
    });
    assert.match(out, `Waiting for cache lock: Could not get lock ${LOCK}. It is held by process ${holder.pid} (python3)`);
    holder.stdin.end();
    assert.is(await exit, 0, out);
  } finally {
    holder.kill();
  }
});

s.run();
