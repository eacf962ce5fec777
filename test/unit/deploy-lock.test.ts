/**
 * The deploy's lock on the server, against an in-memory server whose calls the test can pause:
 * two runs taking over one stale lock at once, an owner file overwritten by another run, and the
 * refresh of the owner file that never leaves the lock without one. The lock against real FTP
 * servers is test/deploy/.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LOCK_DIR, LOCK_OWNER, ServerLock, type LockEvent, type LockOwner } from '../../lib/deploy/deploy-lock.ts';
import { temporaryName } from '../../lib/deploy/deploy-plan.ts';
import { Session } from '../../lib/deploy/deploy-session.ts';
import { ServerRefusal } from '../../lib/deploy/deploy-remote.ts';
import { hostRules, isOwnerFile, MemoryRemote, MemoryServer, refreshLater, signal, type Call } from '../helpers/memory-remote.ts';

const test = suite('deploy lock');
const OWNER = `${LOCK_DIR}/${LOCK_OWNER}`;
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

/** A server whose lock was left an hour ago by a run of another machine. */
function staleServer(): MemoryServer {
  const server = new MemoryServer();
  server.dirs.add(LOCK_DIR);
  const stale: LockOwner = { run: 'oldrun01', started: hourAgo(), refreshed: hourAgo(), machine: 'another-machine', pid: 1 };
  server.files.set(OWNER, Buffer.from(JSON.stringify(stale)));
  return server;
}

/** A lock of run `run` over its own client of `server`; waits at most `waitMs` for a held lock. */
function lockOf(server: MemoryServer, run: string, waitMs = 0) {
  const remote = new MemoryRemote(server);
  const events: LockEvent[] = [];
  const lock = new ServerLock(new Session(remote, () => {}), hostRules(run), { waitMs, staleMs: 60_000 }, (e) => events.push(e));
  return { remote, lock, events };
}

const ownerRun = (server: MemoryServer) => JSON.parse(String(server.files.get(OWNER))).run;
const settle = (p: Promise<void>) => p.then(() => 'held', (e: Error) => `refused: ${e.message}`);

test('of two runs taking over one stale lock at once, only one holds it', async () => {
  const server = staleServer();
  const a = lockOf(server, 'runaaaaa');
  const b = lockOf(server, 'runbbbbb');
  const bReadStale = signal();
  const aAtWrite = signal();
  const bTookOver = signal();
  // B reads the stale owner before A moves it aside.
  a.remote.hook = async (c) => {
    if (c.op === 'rename' && c.path === LOCK_DIR) await bReadStale.done;
    // A has created its fresh lock and not yet written its owner file: B moves the fresh lock now.
    if (c.op === 'write' && c.path.startsWith(`${LOCK_DIR}/`)) {
      aAtWrite.fire();
      await bTookOver.done;
    }
  };
  b.remote.after = (c) => {
    if (c.op === 'read' && c.path === OWNER) bReadStale.fire();
  };
  b.remote.hook = async (c) => {
    if (c.op === 'rename' && c.path === LOCK_DIR) await aAtWrite.done;
    // B puts the moved lock back: A goes on.
    if (c.op === 'rename' && c.to === LOCK_DIR) bTookOver.fire();
  };
  // Or B is done (it took the lock, or gave up): A goes on.
  const bDone = settle(b.lock.take()).finally(bTookOver.fire);
  const aDone = settle(a.lock.take());
  const [ra, rb] = await Promise.all([aDone, bDone]);
  const holders = [ra, rb].filter((r) => r === 'held');
  assert.is(holders.length, 1, `A: ${ra}; B: ${rb}`);
  assert.is(ra, 'held', `A took the stale lock first and must hold it; B: ${rb}`);
  assert.match(rb, /locked by another deploy/);
  assert.not.match(rb, /oldrun01/, 'the message names the run holding the lock now, not the stale one');
  assert.is(ownerRun(server), 'runaaaaa');
  assert.not.ok([...server.dirs].some((d) => d.endsWith('.stale')), 'nothing is left aside');
});

test('a run whose owner file is overwritten by another run right after writing it does not hold the lock', async () => {
  const server = new MemoryServer();
  const a = lockOf(server, 'runaaaaa');
  let overwritten = false;
  a.remote.after = (c) => {
    if (c.op === 'rename' && c.to === OWNER && !overwritten) {
      overwritten = true;
      const other: LockOwner = { run: 'runbbbbb', started: new Date().toISOString(), refreshed: new Date().toISOString(), machine: 'another-machine', pid: 1 };
      server.files.set(OWNER, Buffer.from(JSON.stringify(other)));
    }
  };
  const result = await settle(a.lock.take());
  assert.match(result, /locked by another deploy, run runbbbbb/);
  await a.lock.release();
  assert.is(ownerRun(server), 'runbbbbb', 'release leaves the other run\'s lock alone');
});

/** The runs named by the owner files of the lock folder, by name. */
function owners(server: MemoryServer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, body] of server.files) {
    const name = file.slice(LOCK_DIR.length + 1);
    if (file.startsWith(`${LOCK_DIR}/`) && isOwnerFile(name)) out[name] = JSON.parse(String(body)).run;
  }
  return out;
}

for (const noOverwrite of [false, true]) {
  test(`refresh() never leaves the lock without its owner file${noOverwrite ? ' (server refuses to rename over a file)' : ''}`, async () => {
    const server = new MemoryServer();
    server.noOverwrite = noOverwrite;
    const a = lockOf(server, 'runaaaaa');
    await a.lock.take();
    const before = JSON.parse(String(server.files.get(OWNER))).refreshed;
    const seen: string[] = [];
    const unowned: string[] = [];
    a.remote.after = (c: Call) => {
      const named = Object.values(owners(server));
      seen.push(`${c.op} ${c.path}: ${named.join(',') || 'no owner'}`);
      if (!named.includes('runaaaaa')) unowned.push(`${c.op} ${c.path}`);
    };
    await refreshLater(a.lock);
    a.remote.after = () => {};
    assert.equal(unowned, [], 'after these calls the lock folder named no owner: another run could take it over');
    assert.ok(seen.some((x) => x.startsWith('write')), `refresh wrote the owner file: ${seen.join('; ')}`);
    if (noOverwrite) assert.ok(seen.some((x) => x.startsWith(`rename ${OWNER}`)), `the old owner file was moved aside: ${seen.join('; ')}`);
    assert.equal(owners(server), { [LOCK_OWNER]: 'runaaaaa' }, 'one owner file is left, under its usual name');
    assert.ok(JSON.parse(String(server.files.get(OWNER))).refreshed > before, 'it says when the run was last active');
    await a.lock.release();
    assert.not.ok(server.dirs.has(LOCK_DIR), 'release removes the lock');
  });
}

test('refresh() refused by the server keeps the owner file it had', async () => {
  const server = new MemoryServer();
  const a = lockOf(server, 'runaaaaa');
  await a.lock.take();
  a.remote.hook = (c: Call) => {
    if (c.op === 'write' || c.op === 'rename') throw new ServerRefusal('refused', 'STOR', c.path, 550, 'Permission denied');
  };
  await refreshLater(a.lock);
  assert.equal(owners(server), { [LOCK_OWNER]: 'runaaaaa' });
});

test('an owner file under any of its names keeps the lock from being taken over', async () => {
  for (const name of [LOCK_OWNER, ...(['deploy-tmp', 'deploy-old'] as const).map((kind) => temporaryName(LOCK_OWNER, true, kind, 'runaaaaa'))]) {
    const server = new MemoryServer();
    server.dirs.add(LOCK_DIR);
    const owner: LockOwner = { run: 'runaaaaa', started: new Date().toISOString(), refreshed: new Date().toISOString(), machine: 'another-machine', pid: 1 };
    server.files.set(`${LOCK_DIR}/${name}`, Buffer.from(JSON.stringify(owner)));
    const b = lockOf(server, 'runbbbbb');
    assert.match(await settle(b.lock.take()), /locked by another deploy, run runaaaaa/, name);
  }
});

test.run();
