/**
 * The deploy's lock refreshed on real FTP servers (tooling/ftp-servers.ts, on 127.0.0.1): vsftpd,
 * which renames over a file, and ProFTPD with `AllowOverwrite off`, which refuses to. After every
 * FTP call of the refresh, the lock folder on the server's disk holds an owner file naming the run
 * (LOCK_OWNER, or its temporary or moved-aside name): no other deploy may take the lock over while its holder works.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LOCK_DIR, LOCK_OWNER, ServerLock } from '../../lib/deploy/deploy-lock.ts';
import { openRemote, type Remote } from '../../lib/deploy/deploy-remote.ts';
import { Session } from '../../lib/deploy/deploy-session.ts';
import { readTarget } from '../../lib/deploy/deploy-target.ts';
import { ftpProtocol } from '../helpers/deploy-hosts.ts';
import { hostRules, isOwnerFile, refreshLater } from '../helpers/memory-remote.ts';
import { startProftpd, startVsftpd } from '../../tooling/ftp-servers.ts';

const servers = [await startVsftpd(), await startProftpd({ config: ['AllowOverwrite off'] })];

/** The owner files in `lockDir` on disk: name -> the run it names. */
function onDisk(lockDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(lockDir).filter(isOwnerFile)) {
    try {
      out[name] = JSON.parse(readFileSync(path.join(lockDir, name), 'utf8')).run;
    } catch {
      out[name] = '(unreadable)';
    }
  }
  return out;
}

/** `remote` with `after` called after each of its calls that changes the server. */
function watched(remote: Remote, after: (call: string) => void): Remote {
  return new Proxy(remote, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || !['write', 'rename', 'remove'].includes(String(key))) return value;
      return async (...args: unknown[]) => {
        const out = await value.apply(target, args);
        after(`${String(key)} ${args.filter((a) => typeof a === 'string').join(' -> ')}`);
        return out;
      };
    },
  });
}

const test = suite('lock refresh on FTP servers');
test.after(async () => {
  for (const server of servers) await server.stop();
});

for (const [i, server] of servers.entries()) {
  test(`${server.name}: refresh() never leaves the lock folder without an owner file`, async () => {
    const folder = `lock-${i}`;
    const protocol = ftpProtocol(server);
    const root = protocol.disk(folder);
    server.own(root);
    const lockDir = path.join(root, LOCK_DIR);
    const calls: string[] = [];
    const unowned: string[] = [];
    const remote = watched(openRemote(readTarget(protocol.env(folder), process.cwd())!), (call) => {
      const owners = onDisk(lockDir);
      calls.push(`${call}: ${JSON.stringify(owners)}`);
      if (!Object.values(owners).includes('lockrun1')) unowned.push(call);
    });
    const session = new Session(remote, () => {});
    const lock = new ServerLock(session, hostRules('lockrun1'), { waitMs: 0, staleMs: 600_000 }, () => {});
    try {
      await lock.take();
      const before = JSON.parse(readFileSync(path.join(lockDir, LOCK_OWNER), 'utf8')).refreshed;
      calls.length = 0;
      await refreshLater(lock);
      assert.ok(calls.some((c) => c.startsWith('write')), calls.join('\n'));
      if (server.name.includes('AllowOverwrite off')) assert.ok(calls.some((c) => c.startsWith(`rename ${LOCK_DIR}/${LOCK_OWNER} -> `)), `the old owner file was moved aside:\n${calls.join('\n')}`);
      assert.equal(unowned, [], `the lock named no owner after these calls:\n${calls.join('\n')}`);
      assert.equal(onDisk(lockDir), { [LOCK_OWNER]: 'lockrun1' }, 'one owner file is left, under its usual name');
      assert.ok(JSON.parse(readFileSync(path.join(lockDir, LOCK_OWNER), 'utf8')).refreshed > before, 'it says when the run was last active');
      await lock.release();
      assert.not.ok(readdirSync(root).includes(LOCK_DIR.slice(1)), 'release removes the lock');
    } finally {
      await session.close();
    }
  });
}

test.run();
