/**
 * `npm run serve` serves nothing outside the built folder and answers only its owner: hidden and
 * hosting files stay 404 however their names are %-encoded, a symbolic link inside the folder
 * that points out of it is not followed, a request with another Host (DNS rebinding) is refused,
 * and the live-reload WebSocket refuses a page of another site. The servers are real ones on
 * 127.0.0.1: the serve script in its own process, and the preview server with live reload.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import { attachLiveReload, SOCKET_PATH } from '../../lib/serve/live-reload.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { ROOT } from '../../tooling/browser.ts';
import { freePort, request } from '../../tooling/http.ts';
import { startScript, type ScriptProcess } from '../../tooling/process.ts';

const test = suite('local servers answer only their owner');
let tmp = '';
let site = '';
let serve: ScriptProcess | undefined;
let base = '';
let port = 0;
const SECRET = 'DEPLOY_PASSWORD=not-for-the-web';

test.before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'serve-owner-'));
  site = path.join(tmp, 'site');
  await mkdir(path.join(site, 'img'), { recursive: true });
  await writeFile(path.join(site, 'index.html'), '<!doctype html><title>home</title><p>home page');
  await writeFile(path.join(site, '404.html'), '<!doctype html><title>Not found</title><p>not found page');
  for (const name of ['.htaccess', '_headers', '_redirects', '.env']) await writeFile(path.join(site, name), `${name}: ${SECRET}`);
  await writeFile(path.join(tmp, 'outside.txt'), SECRET);
  await symlink(path.join(tmp, 'outside.txt'), path.join(site, 'notes.txt'));
  await symlink(tmp, path.join(site, 'img', 'up'));
  port = await freePort();
  serve = startScript(['scripts/serve.ts', '--dir', site, '--port', String(port)], ROOT);
  await serve.waitFor(/Serving .* at http:\/\/127\.0\.0\.1:\d+/);
  base = `http://127.0.0.1:${port}`;
});
test.after(async () => {
  await serve?.stop();
  await rm(tmp, { recursive: true, force: true });
});

test('should answer 404 for hidden and hosting files however the path is encoded', async () => {
  for (const p of ['/.htaccess', '/%2ehtaccess', '/%2Ehtaccess', '/_header%73', '/_redirect%73', '/%5fheaders', '/%2eenv', '/img/..%2f.htaccess', '/img/%2e%2e/%2eenv']) {
    const res = await request(base + p);
    assert.is(res.status, 404, p);
    assert.not.match(res.body.toString(), SECRET, p);
  }
  assert.is((await request(`${base}/`)).status, 200, 'the site itself is served');
});

test('should not follow a symbolic link that points out of the folder', async () => {
  for (const p of ['/notes.txt', '/img/up/outside.txt']) {
    const res = await request(base + p);
    assert.is(res.status, 404, p);
    assert.not.match(res.body.toString(), SECRET, p);
  }
});

test('should refuse a request whose Host is not its own, and answer localhost and 127.0.0.1', async () => {
  for (const host of ['rebind.example', `rebind.example:${port}`, `127.0.0.1:${port + 1}`]) {
    const res = await request(`${base}/`, { Host: host });
    assert.is(res.status, 403, host);
    assert.not.match(res.body.toString(), 'home page', host);
  }
  assert.is((await request(`${base}/`, { Host: `localhost:${port}` })).status, 200);
  assert.is((await request(`${base}/`, { Host: `LOCALHOST:${port}` })).status, 200);
});

/** Opens the live-reload WebSocket with the given headers; resolves "open" or the refusal's status. */
function connect(server: RunningServer, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${SOCKET_PATH}`, { headers });
    socket.once('open', () => { socket.close(); resolve('open'); });
    socket.once('unexpected-response', (_req, res) => { resolve(String(res.statusCode)); socket.terminate(); });
    socket.once('error', (e) => resolve(`error ${e.message}`));
  });
}

test('should refuse a live-reload WebSocket from another site or Host, and let its own pages connect', async () => {
  const server = await startServer(site);
  const live = attachLiveReload(server.server, server.hosts);
  try {
    const own = new URL(server.url);
    assert.is(await connect(server, { Origin: 'http://evil.example' }), '403');
    assert.is(await connect(server, { Origin: 'null' }), '403');
    assert.is(await connect(server, { Origin: `http://127.0.0.1:${Number(own.port) + 1}` }), '403');
    assert.is(await connect(server, { Origin: server.url, Host: 'rebind.example' }), '403');
    assert.is(await connect(server, { Origin: server.url }), 'open');
    assert.is(await connect(server, { Origin: `http://localhost:${own.port}`, Host: `localhost:${own.port}` }), 'open');
  } finally {
    live.close();
    await server.close();
  }
});

test.run();
