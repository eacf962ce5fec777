/**
 * `npm run edit` leaves nothing running: a real `npm run edit` on a copy of the project, with a
 * save under way, is stopped by Ctrl+C (SIGINT to its whole process group, as a terminal sends
 * it), by a SIGTERM to the npm process alone (a process manager, an IDE's stop button), and by a
 * SIGKILL of the npm process; each time every process listed in its tree before the signal
 * (npm, its shell, the editor, esbuild) is gone after it and both ports are closed.
 */
import net from 'node:net';
import pidtree from 'pidtree';
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../../tooling/http.ts';
import { startProcess } from '../../tooling/process.ts';
import { copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

const test = suite('npm run edit stops');
let copy: ProjectCopy;

test.before(async () => {
  copy = await copyProject();
});
test.after(async () => {
  await copy?.remove();
});

/** True when something accepts connections on 127.0.0.1:port. */
const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
  socket.on('error', () => resolve(false));
});

/** True while `pid` runs (a zombie, ended but not yet reaped, runs nothing). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** The processes of `tree` still running 20 s on, or [] as soon as none is. */
async function stillRunningAfter(tree: number[]): Promise<number[]> {
  const end = Date.now() + 20_000;
  while (tree.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return tree.filter(alive);
}

/**
 * Starts `npm run edit`, starts a save, sends `signal` to npm (`toGroup`: to its whole group)
 * and checks that every process and both ports are gone.
 */
async function assertNoneLeftAfter(signal: NodeJS.Signals, toGroup: boolean): Promise<void> {
  const port = await freePort();
  const run = startProcess('npm', ['run', 'edit', '--', '--port', String(port), '--no-open'], copy.root);
  try {
    const out = await run.waitFor(/Preview at http:\/\/127\.0\.0\.1:\d+/, 180_000);
    const previewPort = Number(/Preview at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
    const url = `http://127.0.0.1:${port}`;
    const token = /<meta name="editor-token" content="([0-9a-f]+)"/.exec(await (await fetch(`${url}/`)).text())![1];
    const record = await (await fetch(`${url}/api/record?file=content/areas/grants.yaml`)).json() as { hash: string; data: Record<string, unknown> };
    const pid = run.child.pid!;
    const tree: number[] = await pidtree(pid, { root: true });
    assert.ok(tree.length >= 3, `npm, the editor and esbuild run (${tree.length} processes)`);
    // A save that builds: the signal comes while it is under way (or just after it).
    const saving = fetch(`${url}/api/save`, {
      method: 'POST', headers: { Origin: url, 'X-Editor-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file: 'content/areas/grants.yaml', hash: record.hash, data: { ...record.data, description: `Saved before ${signal}.` } }),
    }).catch(() => undefined);
    process.kill(toGroup ? -pid : pid, signal);
    await saving;
    assert.equal(await stillRunningAfter(tree), [], `${signal}: processes left running`);
    assert.not.ok(await listening(port), 'the editor\'s port is closed');
    assert.not.ok(await listening(previewPort), 'the preview\'s port is closed');
  } finally {
    await run.stop();
  }
}

test('should leave nothing running after Ctrl+C', async () => {
  await assertNoneLeftAfter('SIGINT', true);
});

test('should leave nothing running after SIGTERM to the npm process alone', async () => {
  await assertNoneLeftAfter('SIGTERM', false);
});

test('should leave nothing running after SIGKILL of the npm process', async () => {
  await assertNoneLeftAfter('SIGKILL', false);
});

test.run();
