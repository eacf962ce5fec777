/**
 * `npm run setup-tests`: installs the system tools the tests need (tooling/system-tools.ts, the one
 * list) with Debian's apt-get, through sudo when not run as root. Does nothing, in well under a
 * second, when every tool is already there. Exits 1, saying what to install, on a system without
 * apt-get or when a tool is still missing after the install.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { debianPackages, isInstalled, SYSTEM_TOOLS } from '../tooling/system-tools.ts';

const started = performance.now();
const missing = SYSTEM_TOOLS.filter((t) => !isInstalled(t));
if (missing.length === 0) {
  console.log(`All ${SYSTEM_TOOLS.length} system tools the tests need are installed; nothing to do.`);
  process.exit(0);
}

const packages = debianPackages(missing);
const names = missing.map((t) => t.name).join(', ');
if (!existsSync('/usr/bin/apt-get')) {
  console.error(`Missing: ${names}. This command installs them with Debian's apt-get, which this system does not have: install the same programs your own way (Debian names them ${packages.join(' ')}).`);
  process.exit(1);
}

const asRoot = process.getuid?.() === 0;
/** Runs apt-get with `args`, as root or through sudo; exits the script when it fails. */
function aptGet(args: string[]): void {
  const [cmd, argv] = asRoot ? ['apt-get', args] : ['sudo', ['DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]];
  const r = spawnSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (r.status !== 0) {
    console.error(`\`${[cmd, ...argv].join(' ')}\` failed (exit ${r.status ?? r.signal ?? r.error?.message}); nothing else was changed. Fix what apt-get said above and run npm run setup-tests again.`);
    process.exit(1);
  }
}

console.log(`Installing ${names} for the tests: Debian packages ${packages.join(' ')}${asRoot ? '' : ' (through sudo)'}.`);
console.log('On a fresh machine this takes about 2 to 3 minutes, most of it Chromium, Java, Firefox ESR and WebKitGTK.');
aptGet(['update', '-qq']);
aptGet(['install', '-y', '-qq', '--no-install-recommends', ...packages]);

const still = SYSTEM_TOOLS.filter((t) => !isInstalled(t));
if (still.length) {
  console.error(`Still missing after the install: ${still.map((t) => `${t.name} (${t.files.join(', ')})`).join('; ')}.`);
  process.exit(1);
}
console.log(`Installed ${names} in ${((performance.now() - started) / 1000).toFixed(0)} s; every system tool the tests need is there.`);
