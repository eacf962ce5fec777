/**
 * `npm run serve` left running across a rebuild serves the rebuilt site: every page whole with its
 * new length and ETag (an old ETag gets 200, not 304), and files the rebuild added answer 200.
 * The server is the real script in its own process; the rebuilds write into a temporary folder.
 * A taken port is said in one line, and the next free port is used.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildToFolder } from '../../build.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { ROOT } from '../../tooling/browser.ts';
import { freePort, request } from '../../tooling/http.ts';
import { startScript, type ScriptProcess } from '../../tooling/process.ts';
import { resolveConfig } from '../../lib/config.ts';

const test = suite('preview server across a rebuild');
let tmp = '';
let serve: ScriptProcess | undefined;
test.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'serve-fresh-')); });
test.after(async () => {
  await serve?.stop();
  await rm(tmp, { recursive: true, force: true });
});

/** Site path of the shared site module in a built page, e.g. "/assets/site-AB12CD34.js". */
const siteScriptOf = (html: string) => /\/assets\/site-[A-Z0-9]{8}\.js/.exec(html)?.[0];

test('should answer the rebuilt page whole, with a new ETag, and new files with 200', async () => {
  const out = path.join(tmp, 'dist');
  await buildToFolder({ config: { ...resolveConfig(), outDir: out } });
  const port = await freePort();
  serve = startScript(['scripts/serve.ts', '--dir', out, '--port', String(port)], ROOT);
  await serve.waitFor(/Serving .* at http:\/\/127\.0\.0\.1:\d+/);
  const base = `http://127.0.0.1:${port}`;

  const before = await request(`${base}/`);
  assert.is(before.status, 200);
  const oldEtag = String(before.headers.etag);
  const oldScript = siteScriptOf(before.body.toString())!;
  assert.ok(oldScript, 'the home page loads the site module');

  // A longer page, a new business name (so a new content-hashed site module) and a new area page.
  const changed = structuredClone(PROJECT_CONTENT) as any;
  changed.settings.name = 'Mesa Top Lock and Key Rebuilt';
  changed.communities[0].description += ' Rebuilt while the server kept running, so this sentence makes the page longer.';
  const extra = structuredClone(changed.communities.find((c: any) => c.slug === 'milan'));
  Object.assign(extra, { slug: 'new-town-after-start', name: 'Newtown', onHome: false, inPlacesList: false });
  changed.communities.push(extra);
  await buildToFolder({ config: { ...resolveConfig(), outDir: out }, content: changed });

  const onDisk = await readFile(path.join(out, 'index.html'));
  const after = await request(`${base}/`, { 'If-None-Match': oldEtag });
  assert.is(after.status, 200, 'the old ETag no longer matches');
  assert.is.not(String(after.headers.etag), oldEtag);
  assert.is(Number(after.headers['content-length']), onDisk.length);
  assert.ok(after.body.equals(onDisk), 'the page is the rebuilt file, byte for byte');
  assert.match(after.body.toString(), 'Rebuilt while the server kept running');
  assert.match(after.body.toString(), /<\/html>\s*$/);

  const gz = await request(`${base}/`, { 'Accept-Encoding': 'gzip' });
  assert.ok(gunzipSync(gz.body).equals(onDisk), 'the gzipped page is the rebuilt file too');

  const newScript = siteScriptOf(after.body.toString())!;
  assert.is.not(newScript, oldScript, 'the rebuild made a new site module');
  assert.is((await request(base + newScript)).status, 200);
  assert.is((await request(base + oldScript)).status, 404);
  const area = await request(`${base}/areas/new-town-after-start/`);
  assert.is(area.status, 200);
  assert.match(area.body.toString(), 'Newtown');
});

test('should say a taken port in one line and serve on the next free one', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as net.AddressInfo).port;
  const other = startScript(['scripts/serve.ts', '--dir', path.join(tmp, 'dist')], ROOT, { PORT: String(port) });
  try {
    const out = await other.waitFor(/Serving .* at http:\/\/127\.0\.0\.1:(\d+)/);
    const served = Number(/Serving .* at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
    assert.ok(served > port && served < port + 20, `served on ${served}`);
    assert.match(out, `Port ${port} is in use; using ${served} instead.`);
    assert.not.match(out, /EADDRINUSE|\n\s+at /);
    assert.is((await request(`http://127.0.0.1:${served}/`)).status, 200);
  } finally {
    await other.stop();
    taken.close();
  }
});

test.run();
