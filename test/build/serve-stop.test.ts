/**
 * `npm run serve` ends with the npm process that started it: a SIGTERM to npm (what a process
 * manager or an IDE's stop button sends) ends npm alone, and the node server under it used to keep
 * listening, holding the port. A real `npm run serve` over a temporary folder on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';
import { freePort } from '../../tooling/http.ts';
import { killRun, markedProcesses, RUN_MARK } from '../helpers/process-tree.ts';

const test = suite('npm run serve stops with npm');
let site = '';
const mark = randomUUID();

test.before(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'serve-stop-'));
  await writeFile(path.join(site, 'index.html'), '<!doctype html><title>home</title><p>home page');
});
test.after(async () => {
  await killRun(undefined, mark);
  await rm(site, { recursive: true, force: true });
});

/** True when something accepts connections on 127.0.0.1:port. */
const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); });
  socket.on('error', () => resolve(false));
});

test('should close the port and leave no process when npm gets SIGTERM', async () => {
  const port = await freePort();
  const npm = spawn('npm', ['run', 'serve', '--', '--port', String(port), '--dir', site], {
    cwd: ROOT, env: { ...process.env, [RUN_MARK]: mark }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise((resolve) => npm.on('exit', resolve));
  // npm gets SIGTERM the moment the address is printed, with nothing in between: a server that
  // began to watch its launcher only after printing could, when descheduled on a loaded machine,
  // find npm already gone, watch nothing and serve on (seen once in CI, with 20 s of waiting).
  await new Promise<void>((resolve, reject) => {
    npm.stdout.on('data', (d: Buffer) => {
      out += d;
      if (/Serving .* at http:\/\/127\.0\.0\.1:\d+/.test(out)) { npm.kill('SIGTERM'); resolve(); }
    });
    npm.stderr.on('data', (d: Buffer) => { out += d; });
    npm.on('exit', () => reject(new Error(`npm run serve ended before serving:\n${out}`)));
  });
  assert.ok(markedProcesses(mark).length >= 1, 'the server outlives npm for a moment (else this test proves nothing)');
  await exited;
  // The server notices within its launcher check (lib/serve/launcher-watch.ts); 20 s is only a bound for a failure.
  const deadline = Date.now() + 20_000;
  while (markedProcesses(mark).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.equal(markedProcesses(mark), [], 'no process of npm run serve is left');
  assert.not.ok(await listening(port), 'the port is closed');
});

test.run();
