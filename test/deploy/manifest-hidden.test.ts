/**
 * The deploy's record on the server is never served, under either of its names (DEPLOY_MANIFEST,
 * and DEPLOY_MANIFEST_PLAIN where the server refuses dot-names): the generated .htaccess on a real
 * Apache and the preview server answer 404 for it (test/quality/nginx.test.ts checks nginx).
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEPLOY_RECORDS } from '../../lib/deploy/deploy-plan.ts';
import { startServer } from '../../lib/serve/preview-server.ts';
import { startApache } from '../helpers/apache.ts';
import { request } from '../../tooling/http.ts';
import { DIST } from '../helpers/site.ts';

/** A folder with the built hosting files and pages plus the record under both names, as after deploys. */
function deployedFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'record-hidden-'));
  for (const f of ['.htaccess', 'index.html', '404.html']) copyFileSync(path.join(DIST, f), path.join(dir, f));
  for (const record of DEPLOY_RECORDS) writeFileSync(path.join(dir, record), '{"files":{},"pending":[]}\n');
  return dir;
}

test('Apache with the generated .htaccess answers 404 for the deploy record under both names', async () => {
  const dir = deployedFolder();
  const apache = await startApache(dir);
  try {
    assert.is((await request(`${apache.url}/`)).status, 200);
    for (const record of DEPLOY_RECORDS) assert.is((await request(apache.url + record)).status, 404, `${record}: ${apache.errorLog()}`);
  } finally {
    await apache.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the preview server answers 404 for the deploy record under both names', async () => {
  const dir = deployedFolder();
  const server = await startServer(dir);
  try {
    assert.is((await request(`${server.url}/`)).status, 200);
    for (const record of DEPLOY_RECORDS) assert.is((await request(server.url + record)).status, 404, record);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
