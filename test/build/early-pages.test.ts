/**
 * The pages open in the browser (BuildOptions.early, `npm run dev`) are finished before the other
 * pages are rendered, for the islands the previous build placed: when that guess turns out wrong
 * in a way that changes an open page's script tags, the page is finished and handed over again,
 * and the last page handed over is the build's own. Builds in this process, writing nothing.
 */
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BuildReuse } from '../../lib/build/build-reuse.ts';
import { buildSite } from '../../lib/build/build-site.ts';
import type { SiteFile } from '../../lib/write.ts';

const test = suite('early pages');
const GRANTS = '/areas/grants/index.html';
const text = (f: SiteFile) => (typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8'));

test('should hand an open page over again, with the build\'s own script tags, after a wrong guess of the islands', async () => {
  const reuse = new BuildReuse();
  const write = async () => undefined;
  try {
    await buildSite({ reuse, write });
    const placed = reuse.placedIslands ?? [];
    assert.ok(placed.length > 2, `the first build records the islands placed (${placed.join(', ')})`);
    // A guess holding only the open page's own islands: the bundle then splits differently.
    const own = ['TextLocation@interaction', 'ChatbotSidebar@interaction'];
    assert.ok(own.every((key) => placed.includes(key)), `/areas/grants/ places ${own.join(', ')}`);
    reuse.placedIslands = own;
    reuse.startBuild({ changed: [], added: false });
    const handed: string[] = [];
    const result = await buildSite({
      reuse,
      write,
      early: { files: [GRANTS], async write(files) { handed.push(text(files.find((f) => f.path === GRANTS)!)); } },
    });
    await reuse.endBuild(true);
    const built = text(result.files.find((f) => f.path === GRANTS)!);
    assert.is(handed.length, 2, 'handed over for the guess, then again for the islands really placed');
    assert.is.not(handed[0], built, 'the guess gave other script tags (else this test proves nothing)');
    assert.is(handed[1], built, 'the last page handed over is the build\'s own');
    assert.equal(reuse.placedIslands?.slice().sort(), placed.slice().sort(), 'the next guess is what this build placed');
  } finally {
    await reuse.close();
  }
});

test.run();
