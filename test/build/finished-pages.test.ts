/**
 * Reusing finished pages (BuildOptions.finished, what `npm run dev` does after a content-only
 * save) gives byte-for-byte the same site as a build from scratch, and really skips the pages
 * whose markup did not change.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../lib/build/build-site.ts';
import { PROJECT_CONTENT } from '../../lib/content/load-content.ts';

const test = suite('finished pages reused');
let tmp = '';
test.before(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'finished-')); });
test.after(async () => { await rm(tmp, { recursive: true, force: true }); });

/** Every HTML file of a folder: path -> contents. */
async function pages(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*.html', { cwd: dir })).sort();
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as [string, string])));
}

test('should build the same pages with and without the finished pages of the previous build', async () => {
  const finished = new Map<string, string>();
  await buildSite({ outDir: path.join(tmp, 'first'), finished });
  const firstKeys = new Set(finished.keys());
  assert.ok(firstKeys.size > 10, 'the first build fills the map');

  const edited = structuredClone(PROJECT_CONTENT) as any;
  edited.communities.find((c: any) => c.slug === 'grants').description = 'Changed for the reuse test: only pages that show this sentence change.';
  let minified = 0;
  const counting = new Map(finished);
  const get = counting.get.bind(counting);
  counting.get = (key: string) => { const hit = get(key); if (!hit) minified++; return hit; };
  await buildSite({ content: edited, outDir: path.join(tmp, 'reused'), finished: counting });
  await buildSite({ content: edited, outDir: path.join(tmp, 'scratch') });

  const [reused, scratch] = await Promise.all([pages(path.join(tmp, 'reused')), pages(path.join(tmp, 'scratch'))]);
  assert.equal([...reused.keys()], [...scratch.keys()]);
  for (const [file, html] of scratch) assert.is(reused.get(file), html, file);
  assert.match(scratch.get('areas/grants/index.html')!, 'Changed for the reuse test');
  assert.ok(minified > 0 && minified < scratch.size / 2, `only the changed pages were minified again (${minified} of ${scratch.size})`);
});

test.run();
