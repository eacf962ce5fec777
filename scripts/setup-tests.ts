/**
 * `npm run setup-tests`: installs the system tools the tests need (tooling/system-tools.ts) with
 * Debian's apt-get, through sudo when not root. Exits 1, saying what to install, without apt-get
 * or when a tool is still missing after the install.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { aptGetWaiting, isInstalled, lockWaitNotice, SYSTEM_TOOLS } from '../tooling/system-tools.ts';

const started = performance.now();
const missing = SYSTEM_TOOLS.filter((t) => !isInstalled(t));
if (missing.length === 0) {
  console.log(`All ${SYSTEM_TOOLS.length} system tools the tests need are installed; nothing to do.`);
  process.exit(0);
}

const packages = [...new Set(missing.flatMap((t) => t.debian))];
const unpacked = missing.flatMap((t) => (t.unpack ? [t.unpack] : []));
const names = missing.map((t) => t.name).join(', ');
if (!existsSync('/usr/bin/apt-get')) {
  console.error(`Missing: ${names}. This command installs them with Debian's apt-get, which this system does not have: install the same programs your own way (Debian names them ${[...packages, ...unpacked.flatMap((u) => u.packages)].join(' ')}).`);
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
/** Runs `cmd` with `args` in `cwd`; exits the script, naming the command, when it fails. */
function run(cmd: string, args: string[], cwd = process.cwd()): void {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status !== 0) {
    console.error(`\`${[cmd, ...args].join(' ')}\` failed (exit ${r.status ?? r.signal ?? r.error?.message}); nothing else was changed. Fix what it said above and run npm run setup-tests again.`);
    process.exit(1);
  }
}

/** Runs apt-get with `args`, as root or through sudo. */
function aptGet(args: string[]): void {
  if (asRoot) run('apt-get', aptGetWaiting(args));
  else run('sudo', ['DEBIAN_FRONTEND=noninteractive', 'apt-get', ...aptGetWaiting(args)]);
}

const unpacks = unpacked.map((u) => `${u.packages.join(' ')} into ${path.relative(process.cwd(), u.dir)}`).join('; ');
console.log(`Installing ${names} for the tests: Debian packages ${packages.join(' ')}${asRoot ? '' : ' (through sudo)'}${unpacks ? `; unpacking ${unpacks}` : ''}.`);
console.log('On a fresh machine this takes about 2 to 3 minutes, most of it Chromium, Java, Firefox ESR and WebKitGTK.');
console.log(lockWaitNotice());
aptGet(['update', '-qq']);
if (packages.length) aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
for (const u of unpacked) {
  // apt-get download needs no root: it writes the .deb files into the current folder.
  const downloads = mkdtempSync(path.join(os.tmpdir(), 'setup-tests-'));
  try {
    // As root, apt-get would try to hand the download to its _apt user, who cannot write here.
    run('apt-get', ['download', '-qq', ...(asRoot ? ['-o', 'APT::Sandbox::User=root'] : []), ...u.packages], downloads);
    rmSync(u.dir, { recursive: true, force: true });
    mkdirSync(u.dir, { recursive: true });
    for (const deb of readdirSync(downloads).filter((f) => f.endsWith('.deb'))) run('dpkg', ['-x', path.join(downloads, deb), u.dir]);
  } finally {
    rmSync(downloads, { recursive: true, force: true });
  }
}

const still = SYSTEM_TOOLS.filter((t) => !isInstalled(t));
if (still.length) {
  console.error(`Still missing after the install: ${still.map((t) => `${t.name} (${t.files.join(', ')})`).join('; ')}.`);
  process.exit(1);
}
console.log(`Installed ${names} in ${((performance.now() - started) / 1000).toFixed(0)} s; every system tool the tests need is there.`);
