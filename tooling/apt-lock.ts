/**
 * Waiting for Debian's package manager when another program holds it: an `apt-get` started while
 * unattended-upgrades or another install runs stops at once with "Could not get lock
 * /var/lib/dpkg/lock-frontend" unless told to wait. Used by scripts/setup-tests.ts.
 */

/** How long `npm run setup-tests` waits for another program's hold on the package manager, in seconds. */
export const APT_LOCK_WAIT_S = 300;

/**
 * `args` for apt-get with its own wait for the package manager's lock: the option
 * DPkg::Lock::Timeout (apt 1.9.11 and later; apt.conf(5)), under which apt-get prints
 * "Waiting for cache lock: Could not get lock … It is held by process N (name)" while it waits
 * and gives up after `waitS` seconds with its usual error.
 * @param args apt-get's arguments, e.g. ["install", "-y", "vsftpd"]
 * @param waitS seconds to wait at most, a whole number >= 0
 * @returns the arguments with the option in front, e.g. ["-o", "DPkg::Lock::Timeout=300", "install", …]
 */
export function aptGetWaiting(args: readonly string[], waitS = APT_LOCK_WAIT_S): string[] {
  return ['-o', `DPkg::Lock::Timeout=${Math.max(0, Math.round(waitS))}`, ...args];
}

/** The line said before the first apt-get, so that a wait for the lock is no surprise. */
export function lockWaitNotice(waitS = APT_LOCK_WAIT_S): string {
  return `If another program is installing packages now (it holds /var/lib/dpkg/lock-frontend), apt-get waits up to ${Math.round(waitS / 60)} min for it, saying "Waiting for cache lock", then goes on.`;
}
