/**
 * The deploy's record on the server (DEPLOY_MANIFEST) is never served: the generated .htaccess on
 * a real Apache and the preview server answer 404 for it (test/quality/nginx.test.ts checks nginx).
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEPLOY_MANIFEST } from '../../lib/site-files/hosting.ts';
import { startServer } from '../../lib/serve/preview-server.ts';
import { startApache } from '../helpers/apache.ts';
import { request } from '../../tooling/http.ts';
import { DIST } from '../helpers/site.ts';

/** A folder with the built hosting files and pages plus a manifest, as after a deploy. */
function deployedFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'manifest-hidden-'));
  for (const f of ['.htaccess', 'index.html', '404.html']) copyFileSync(path.join(DIST, f), path.join(dir, f));
  writeFileSync(path.join(dir, DEPLOY_MANIFEST), '{"files":{},"pending":[]}\n');
  return dir;
}

test('Apache with the generated .htaccess answers 404 for the deploy manifest', async () => {
  const dir = deployedFolder();
  const apache = await startApache(dir);
  try {
    assert.is((await request(`${apache.url}/`)).status, 200);
    assert.is((await request(apache.url + DEPLOY_MANIFEST)).status, 404, apache.errorLog());
  } finally {
    await apache.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the preview server answers 404 for the deploy manifest', async () => {
  const dir = deployedFolder();
  const server = await startServer(dir);
  try {
    assert.is((await request(`${server.url}/`)).status, 200);
    assert.is((await request(server.url + DEPLOY_MANIFEST)).status, 404);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
