/**
 * Reusing finished pages (BuildCache, what `npm run dev` and the editor keep between saves) gives
 * byte-for-byte the same site as a build from scratch, and really skips the pages whose markup
 * did not change.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../lib/build/build-site.ts';
import { BuildCache } from '../../lib/build/build-cache.ts';
import type { BuildResult } from '../../lib/build/summary.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { resolveConfig } from '../../lib/config.ts';

const test = suite('finished pages reused');

/** Every page of a build: site path -> HTML. */
function pages(result: BuildResult): Map<string, string> {
  return new Map(result.files.filter((f) => f.path.endsWith('.html')).map((f) => [f.path, Buffer.from(f.contents).toString('utf8')]));
}

test('should build the same pages with and without the finished pages of the previous build', async () => {
  const config = resolveConfig();
  const cache = new BuildCache();
  try {
    cache.startBuild({ changed: [], added: true });
    await buildSite({ config, cache });
    await cache.endBuild(true);

    const edited = structuredClone(PROJECT_CONTENT) as any;
    edited.communities.find((c: any) => c.slug === 'grants').description = 'Changed for the reuse test: only pages that show this sentence change.';
    cache.startBuild({ changed: ['content/areas/grants.yaml'], added: false });
    // The finished pages the second build finds: a miss is a page given its CSS and minified again.
    let made = 0;
    let found = 0;
    const kept = cache.htmlByMarkup;
    cache.htmlByMarkup = (deps: unknown[]) => {
      const map = kept.call(cache, deps);
      const get = map.get.bind(map);
      map.get = (key: string) => { const hit = get(key); if (hit) found++; else made++; return hit; };
      return map;
    };
    const reused = pages(await buildSite({ config, content: edited, cache }));
    await cache.endBuild(true);
    const scratch = pages(await buildSite({ config, content: edited }));

    assert.equal([...reused.keys()], [...scratch.keys()]);
    for (const [file, html] of scratch) assert.is(reused.get(file), html, file);
    assert.match(scratch.get('/areas/grants/index.html')!, 'Changed for the reuse test');
    assert.is(made + found, scratch.size, 'every page was looked up');
    assert.ok(made > 0 && made < scratch.size / 2, `only the changed pages were made again (${made} of ${scratch.size})`);
  } finally {
    await cache.close();
  }
});

test.run();
