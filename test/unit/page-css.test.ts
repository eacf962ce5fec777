/**
 * Per-page CSS (lib/build/page-css.ts) on small documents: a page keeps the rules its names select and
 * the rules of what its islands add at run time, loses the rest, gets its CSP hash swapped to its
 * own CSS, and pages that differ only in names the stylesheet never mentions share one PurgeCSS run.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCsp, checkPageCsp, hashSource, inlineStyles } from '../../lib/csp.ts';
import { createPageCss, htmlNames } from '../../lib/build/page-css.ts';

const CSS = '.card{color:red}.unused{color:blue}.chatbot-overlay{position:fixed}img[hidden]{display:none}ul[role=list]{margin:0}.kw-tab{color:navy}@keyframes spin{to{transform:rotate(1turn)}}.spinner{animation:spin 1s}';

/** A page as templates/Head.tsx writes it in a build: an empty stylesheet inline and its hash in the CSP. */
const page = (body: string) => `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="${buildCsp({ styleHashes: [hashSource('')], analytics: false }).replace(/'/g, '&#x27;')}"><style></style></head><body>${body}</body></html>`;

const css = suite('per-page CSS');

css('should keep the rules the page\'s names select and drop the others, unused keyframes included', async () => {
  const own = await createPageCss(CSS).forPage(page('<div class="card">x</div><ul role="list"><li>a</li></ul><img src="/a.svg" alt="">'), []);
  assert.match(own, /\.card\{color:red\}/);
  assert.match(own, /ul\[role=list\]/);
  assert.not.match(own, /unused|chatbot|kw-tab|spin/);
  assert.match(own, /img\[hidden\]/, 'the site module hides failed images at run time');
});

css('should keep what an island adds at run time only on pages that place it', async () => {
  const pc = createPageCss(CSS);
  const html = page('<div class="card" data-island="ChatbotSidebar"></div>');
  assert.match(await pc.forPage(html, ['ChatbotSidebar@interaction']), /\.chatbot-overlay/);
  assert.not.match(await pc.forPage(html, ['ChatbotSidebar@interaction']), /kw-tab/);
  assert.match(await pc.forPage(html, ['KeywordAnalysis']), /\.kw-tab/);
  assert.not.match(await pc.forPage(html, []), /chatbot-overlay/);
});

css('should fill the empty <style> and its CSP hash, so the policy allows exactly the page\'s CSS', async () => {
  const out = await createPageCss(CSS).fill(page('<p class="card">x</p>'), []);
  const [style] = inlineStyles(out);
  assert.match(style, /\.card\{color:red\}/);
  assert.ok(style.length < CSS.length);
  assert.ok(out.includes(hashSource(style).slice(1, -1)));
  assert.not.ok(out.includes(hashSource('').slice(1, -1)));
  checkPageCsp(out.replace(/&#x27;/g, "'"), '/test/');
  const error = await createPageCss(CSS).fill('<html><style>.x{}</style></html>', []).then(() => null, (e: Error) => e);
  assert.match(String(error?.message), /one empty <style>/);
});

css('should read names as PurgeCSS\'s HTML extractor does, <template> content included', () => {
  const names = htmlNames('<div class="a  b" id="x" data-k="v w"><template><p class="in-template"></p></template></div>');
  assert.equal(names.classes.sort(), ['a', 'b', 'in-template']);
  assert.equal(names.ids, ['x']);
  assert.ok(names.attributes.names.includes('data-k') && names.attributes.values.includes('w'));
  assert.ok(names.tags.includes('template') && names.tags.includes('p'));
});

css.run();
