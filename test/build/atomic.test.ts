/** A build that fails on bad content leaves the previous output folder intact (issue 2). */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../content/schema.ts';
import { buildSite } from '../../lib/build-site.ts';
import { PROJECT_CONTENT } from '../../lib/load-content.ts';

const atomic = suite('buildSite atomicity');
let tmp = '';
atomic.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'atomic-')); });
atomic.after(async () => { await rm(tmp, { recursive: true, force: true }); });

atomic('should leave the previous output untouched when content is bad', async () => {
  const out = path.join(tmp, 'dist');
  await buildSite({ outDir: out });
  const before = await readFile(path.join(out, 'index.html'), 'utf8');
  const bad = structuredClone(PROJECT_CONTENT) as any;
  bad.settings.phone = 'not a phone';
  bad.settings.name = 'Changed Name That Must Not Appear';
  try {
    await buildSite({ content: bad, outDir: out });
    assert.unreachable('the bad build should throw');
  } catch (e) {
    assert.instance(e, ContentError);
  }
  assert.is(await readFile(path.join(out, 'index.html'), 'utf8'), before);
  const leftovers = (await readdir(tmp)).filter((f) => f !== 'dist');
  assert.equal(leftovers, [], 'no temporary folders are left behind');
});

atomic('should replace the output when the build succeeds', async () => {
  const out = path.join(tmp, 'dist');
  const renamed = structuredClone(PROJECT_CONTENT) as any;
  renamed.settings.name = 'Mesa Key Test Co';
  await buildSite({ content: renamed, outDir: out });
  assert.match(await readFile(path.join(out, 'index.html'), 'utf8'), 'Mesa Key Test Co');
});
atomic.run();
