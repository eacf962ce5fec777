/**
 * The synthetic Hugo site of the scale benchmark (tooling/hugo-site.ts), read from the files it
 * writes (Hugo itself is not run here: the benchmark runs it): as many pages as asked, each a
 * Markdown file with its own title, prose and links (JSON front matter), one layout, a configuration with only page outputs,
 * and each page's expected HTML at or just above the size asked: the size of the page an
 * independent rendering of its layout, front matter and Markdown gives.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CSS_SHARE, PROSE_SHARE, writeHugoSite } from '../../tooling/hugo-site.ts';

const test = suite('Hugo site for the benchmark');
let tmp = '';
test.before.each(async () => { tmp = await mkdtemp(path.join(os.tmpdir(), 'hugo-site-')); });
test.after.each(async () => { await rm(tmp, { recursive: true, force: true }); });

/** A section of links is at most this many bytes of HTML (a heading and six links, each with a sentence of at most 16 words). */
const SECTION_MAX = 1000;

test('should write the number of pages asked, each a Markdown file of its own, and one layout', async () => {
  const site = await writeHugoSite(tmp, 37, 20_000);
  const files = (await fg('**/*', { cwd: tmp })).sort();
  const pages = Array.from({ length: 37 }, (_, i) => `content/areas/area-${i + 1}.md`).sort();
  assert.equal(files, ['hugo.toml', 'layouts/_default/single.html', ...pages].sort());
  assert.is(site.contentFiles.length, 37);
  assert.is(site.expectedBytes.size, 37);
  assert.ok(site.expectedBytes.has('areas/area-37/index.html'));
  const pageParts = await Promise.all(site.contentFiles.map(async (f) => parts(await readFile(f, 'utf8'))));
  assert.is(new Set(pageParts.map((p) => p.front.title)).size, 37, 'a title a page');
  assert.is(new Set(pageParts.map((p) => p.markdown)).size, 37, 'prose of its own on every page');
  assert.ok(pageParts.every((p) => /^## Topic 1\n/m.test(p.markdown) && p.front.sections[0].links.every((l) => /^\/areas\/area-\d+\/$/.test(l.href))), 'headings, and sections of links');
});

test('should configure page outputs only, so Hugo writes exactly those pages', async () => {
  await writeHugoSite(tmp, 3, 20_000);
  const config = await readFile(path.join(tmp, 'hugo.toml'), 'utf8');
  assert.match(config, /^disableKinds = \["home", "section", "taxonomy", "term", "RSS", "404"\]$/m);
});

test('should aim every page at the size asked: at or above it, by at most one section', async () => {
  for (const target of [8_000, 60_350]) {
    const site = await writeHugoSite(path.join(tmp, String(target)), 25, target);
    for (const [page, bytes] of site.expectedBytes) {
      assert.ok(bytes >= target && bytes <= target + SECTION_MAX, `${page}: ${bytes} bytes for ${target}`);
    }
  }
});

/** A page file's JSON front matter and Markdown. */
function parts(file: string): { front: { title: string; description: string; sections: { title: string; links: { href: string; label: string; text: string }[] }[] }; markdown: string } {
  const end = file.indexOf('\n}\n') + 2;
  return { front: JSON.parse(file.slice(0, end)), markdown: file.slice(end) };
}

/**
 * The page Hugo writes for a page file through `layout`, rendered here independently for the few
 * constructs the site uses, as `hugo --minify` writes them (checked against Hugo 0.111 by hand):
 * "## Topic K" gives <h2 id=topic-k>, any other block of Markdown a <p>; the layout's range over
 * the front matter's sections a <section> each.
 */
function renderAsHugo(layout: string, file: string, page: number): string {
  const { front, markdown } = parts(file);
  const url = `https://example.org/areas/area-${page}/`;
  const prose = markdown.trim().split('\n\n').map((block) => {
    const heading = /^## (Topic (\d+))$/.exec(block);
    return heading ? `<h2 id=topic-${heading[2]}>${heading[1]}</h2>` : `<p>${block}</p>`;
  }).join('');
  // The layout's two nested ranges, each of its body's fields filled in from the front matter.
  const [range, head, link, tail] = /\{\{ range \.Params\.sections \}\}(.*?)\{\{ range \.links \}\}(.*?)\{\{ end \}\}(.*?)\{\{ end \}\}/.exec(layout)!;
  const fill = (text: string, values: object) => text.replace(/\{\{ \.(\w+) \}\}/g, (_, key: string) => (values as Record<string, string>)[key]);
  const sections = front.sections.map((s) => fill(head, s) + s.links.map((l) => fill(link, l)).join('') + fill(tail, s)).join('');
  const jsonLd = JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage', description: front.description, name: front.title, url });
  return layout.replaceAll('{{ .Title }}', front.title).replaceAll('{{ .Description }}', front.description).replaceAll('{{ .Permalink }}', url)
    .replace(/\{\{ dict .*? \| safeJS \}\}/, jsonLd).replace('{{ .Content }}', prose)
    .replace(range, sections);
}

test('should expect of each page the size of the HTML its layout and Markdown make', async () => {
  const target = 30_000;
  const site = await writeHugoSite(tmp, 4, target);
  const layout = await readFile(site.layoutFile, 'utf8');
  const css = /<style>(.*)<\/style>/.exec(layout)![1];
  assert.ok(Math.abs(css.length - target * CSS_SHARE) < 100, `inline CSS ${css.length} bytes, a third of the page`);
  assert.is((layout.match(/\{\{ \.Content \}\}/g) ?? []).length, 1, 'one place for the prose');
  for (const [i, file] of site.contentFiles.entries()) {
    const page = renderAsHugo(layout, await readFile(file, 'utf8'), i + 1);
    assert.not.match(page, /\{\{/, 'every action rendered');
    const prose = /<\/h1>(.*?)<section>/.exec(page)![1];
    assert.ok(Math.abs(prose.length - target * PROSE_SHARE) < 700, `prose ${prose.length} bytes, an eighth of the page`);
    assert.is(site.expectedBytes.get(`areas/area-${i + 1}/index.html`), Buffer.byteLength(page), file);
  }
});

test('should refuse a page count or page size it cannot make', async () => {
  const message = (p: Promise<unknown>) => p.then(() => 'no error', (e: Error) => e.message);
  assert.is(await message(writeHugoSite(tmp, 0, 20_000)), 'pages must be a whole number, at least 1 (got 0).');
  assert.is(await message(writeHugoSite(tmp, 10, 1000)), 'pageBytes must be a whole number of bytes, at least 4000 (got 1000).');
});

test.run();
