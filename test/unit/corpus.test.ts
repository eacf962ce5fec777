import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIST } from '../../tooling/browser.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CORPUS_PATH, extractPageText } from '../../lib/site-files/corpus.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { isIndexable } from '../../lib/route.ts';
import { buildRoutes } from '../../pages/routes.ts';
import { parseCorpus, type KeywordCorpus } from '../../islands/common/keywords.ts';


const PAGE = `<!doctype html><html lang="en-US"><head><title>Car Lockout &amp; Keys | Mesa Lock</title>
<style>.hero{color:red}</style>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Locksmith","name":"LDJSON NAME"}</script>
</head><body><header><nav><a href="/">HEADER MENU</a></nav></header>
<main id="main"><h1>Car&nbsp;Lockout in <em>Grants</em></h1><p>We open cars<span class="visually-hidden"> (opens in a new tab)</span>.</p>
<div><a class="btn" href="tel:+15055550123">Call</a><a class="btn" href="mailto:a@example.com">Get Quote</a></div>
<script type="module">window.INLINE_SCRIPT = 1</script><noscript>NOSCRIPT NOTE</noscript>
<svg aria-hidden="true"><title>SVG TITLE</title></svg><img src="/x.svg" alt="IMAGE ALT"><p hidden>HIDDEN TEXT</p>
<ul><li>Key programming</li><li>Rekeying</li></ul><template><p>TEMPLATE TEXT</p></template></main>
<footer>FOOTER TEXT</footer></body></html>`;

const extract = suite('extractPageText');
extract('should return the title and the visible text of <main>, one block per line', () => {
  assert.equal(extractPageText(PAGE), {
    title: 'Car Lockout & Keys | Mesa Lock',
    text: 'Car Lockout in Grants\nWe open cars.\nCall Get Quote\nKey programming\nRekeying',
  });
});
extract('should leave out markup, scripts, JSON-LD, styles, hidden text, header and footer', () => {
  const { text } = extractPageText(PAGE);
  for (const gone of ['<', 'LDJSON', 'schema.org', 'INLINE_SCRIPT', 'color:red', 'NOSCRIPT', 'SVG TITLE', 'IMAGE ALT', 'HIDDEN', 'TEMPLATE', 'opens in a new tab', 'HEADER MENU', 'FOOTER']) {
    assert.not.ok(text.includes(gone), gone);
  }
});
extract('should fall back to <body> when a page has no <main>', () => {
  assert.equal(extractPageText('<html><head><title>T</title></head><body><p>Only body</p></body></html>'), { title: 'T', text: 'Only body' });
});
extract.run();

const built = suite('the built corpus');
const corpus: KeywordCorpus = parseCorpus(JSON.parse(readFileSync(path.join(DIST, CORPUS_PATH), 'utf8')));
const site = loadContent(PROJECT_CONTENT);
const paths = corpus.pages.map((p) => p.path);

built('should hold exactly the indexable routes, in route order', () => {
  assert.equal(paths, buildRoutes(site).filter(isIndexable).map((r) => r.path));
});
built('should include every area page and leave out internal, alias and error pages', () => {
  const areaPaths = paths.filter((p) => p.startsWith('/areas/'));
  assert.equal(areaPaths.sort(), site.areas.map((a) => `/areas/${a.slug}/`).sort());
  assert.ok(paths.includes('/areas/grants/'));
  for (const p of ['/keyword-analysis/', '/404.html', '/areas/acoma-pueblo/']) assert.not.ok(paths.includes(p), p);
});
built('should carry visible text only: no markup, no JSON-LD, no script', () => {
  for (const page of corpus.pages) {
    assert.ok(page.text.length > 200, `${page.path} has text`);
    assert.not.ok(/[<>]/.test(page.text), `${page.path} has markup`);
    for (const gone of ['@context', 'schema.org', '"@type"', 'import(', 'function(']) assert.not.ok(page.text.includes(gone), `${page.path}: ${gone}`);
  }
  const grants = corpus.pages.find((p) => p.path === '/areas/grants/')!;
  assert.ok(grants.title.startsWith('Locksmith in Grants'), grants.title);
  assert.ok(grants.text.split('\n').includes('Locksmith in Grants, NM'), 'the H1 is a line of its own');
});
built('should carry the vocabularies from the content', () => {
  assert.is(corpus.businessName, site.settings.name);
  assert.equal(corpus.counties, ['Cibola', 'McKinley', 'Catron']);
  for (const c of site.communities) assert.ok(corpus.places.includes(c.name), c.name);
  assert.ok(corpus.places.includes('acoma'), 'slug "acoma" read as a place name');
  for (const s of [...site.services.map((x) => x.name), ...site.core.flatMap((x) => [x.name, ...x.subServices])]) assert.ok(corpus.services.includes(s), s);
});
built.run();
