/**
 * Reusing finished pages (BuildReuse, what `npm run dev` keeps between saves) gives byte-for-byte
 * the same site as a build from scratch, and really skips the pages whose markup did not change.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../lib/build/build-site.ts';
import { BuildReuse } from '../../lib/build/build-reuse.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { resolveConfig } from '../../lib/config.ts';

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
  const reuse = new BuildReuse();
  try {
    reuse.startBuild({ changed: [], added: true });
    await buildSite({ config: resolveConfig(), outDir: path.join(tmp, 'first'), reuse });
    await reuse.endBuild(true);

    const edited = structuredClone(PROJECT_CONTENT) as any;
    edited.communities.find((c: any) => c.slug === 'grants').description = 'Changed for the reuse test: only pages that show this sentence change.';
    reuse.startBuild({ changed: ['content/areas/grants.yaml'], added: false });
    // The finished pages the second build finds: a miss is a page given its CSS and minified again.
    let made = 0;
    let found = 0;
    const kept = reuse.finished;
    reuse.finished = (deps) => {
      const map = kept.call(reuse, deps);
      const get = map.get.bind(map);
      map.get = (key: string) => { const hit = get(key); if (hit) found++; else made++; return hit; };
      return map;
    };
    await buildSite({ config: resolveConfig(), content: edited, outDir: path.join(tmp, 'reused'), reuse });
    await reuse.endBuild(true);
    await buildSite({ config: resolveConfig(), content: edited, outDir: path.join(tmp, 'scratch') });

    const [reused, scratch] = await Promise.all([pages(path.join(tmp, 'reused')), pages(path.join(tmp, 'scratch'))]);
    assert.equal([...reused.keys()], [...scratch.keys()]);
    for (const [file, html] of scratch) assert.is(reused.get(file), html, file);
    assert.match(scratch.get('areas/grants/index.html')!, 'Changed for the reuse test');
    assert.is(made + found, scratch.size, 'every page was looked up');
    assert.ok(made > 0 && made < scratch.size / 2, `only the changed pages were made again (${made} of ${scratch.size})`);
  } finally {
    await reuse.close();
  }
});

test.run();
