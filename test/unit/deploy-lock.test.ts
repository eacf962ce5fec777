/**
 * The deploy's lock on the server, against an in-memory server whose calls the test can pause:
 * two runs taking over one stale lock at once, an owner file overwritten by another run, and the
 * refresh of the owner file that never leaves the lock without one. The lock against real FTP
 * servers is test/deploy/.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LOCK_DIR, LOCK_OWNER, LOCK_REFRESH_MS, ServerLock, type LockEvent, type LockOwner } from '../../lib/deploy/deploy-lock.ts';
import { Session } from '../../lib/deploy/deploy-session.ts';
import { MemoryRemote, MemoryServer, signal } from '../helpers/memory-remote.ts';

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
  const lock = new ServerLock(new Session(remote, () => {}), run, { waitMs, staleMs: 60_000 }, (e) => events.push(e));
  return { remote, lock, events };
}

const ownerRun = (server: MemoryServer) => JSON.parse(String(server.files.get(OWNER))).run;
const settle = (p: Promise<void>) => p.then(() => 'held', (e: Error) => `refused: ${e.message}`);

test('of two runs taking over one stale lock at once, only one holds it', async () => {
  const server = staleServer();
  const a = lockOf(server, 'runAAAAA');
  const b = lockOf(server, 'runBBBBB');
  const bReadStale = signal();
  const aAtWrite = signal();
  const bTookOver = signal();
  // B reads the stale owner before A moves it aside.
  a.remote.hook = async (c) => {
    if (c.op === 'rename' && c.path === LOCK_DIR) await bReadStale.done;
    // A has created its fresh lock and not yet written its owner file: B moves the fresh lock now.
    if (c.op === 'write' && c.path === OWNER) {
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
  assert.is(ownerRun(server), 'runAAAAA');
  assert.not.ok([...server.dirs].some((d) => d.endsWith('.stale')), 'nothing is left aside');
});

test('a run whose owner file is overwritten by another run right after writing it does not hold the lock', async () => {
  const server = new MemoryServer();
  const a = lockOf(server, 'runAAAAA');
  let overwritten = false;
  a.remote.after = (c) => {
    if (c.op === 'write' && c.path === OWNER && !overwritten) {
      overwritten = true;
      const other: LockOwner = { run: 'runBBBBB', started: new Date().toISOString(), refreshed: new Date().toISOString(), machine: 'another-machine', pid: 1 };
      server.files.set(OWNER, Buffer.from(JSON.stringify(other)));
    }
  };
  const result = await settle(a.lock.take());
  assert.match(result, /locked by another deploy, run runBBBBB/);
  await a.lock.release();
  assert.is(ownerRun(server), 'runBBBBB', 'release leaves the other run\'s lock alone');
});

test.run();
