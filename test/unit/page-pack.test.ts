/**
 * Pages waiting between render and finish (lib/build/page-batch.ts pack/unpack): the markup comes back
 * exactly as rendered, and the site stylesheet every page carries is not stored with it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pack, unpack } from '../../lib/build/page-batch.ts';

const test = suite('page pack');
// A stylesheet that does not compress to nothing: distinct rules, as the site's are.
const css = Array.from({ length: 400 }, (_, i) => `.rule-${i}{margin:${i}px ${(i * 7) % 13}px;color:#${(i * 2654435761 % 0xffffff).toString(16).padStart(6, '0')}}`).join('');
const page = (body: string) => `<!DOCTYPE html><html><head><title>T</title><style>${css}</style></head><body>${body}</body></html>`;

test('should give back the exact markup, stylesheet in its place', () => {
  for (const markup of [page('<p>Grants — “locked out”</p>'), page(''), `<style>${css}</style>`, `${css}${css}<p>twice</p>`]) {
    assert.is(unpack(pack(markup, css), css), markup);
  }
});

test('should give back a page without the stylesheet, and any page when the stylesheet is empty', () => {
  for (const [markup, sheet] of [['<p>no style</p>', css], [page('x'), ''], ['', css]]) {
    assert.is(unpack(pack(markup, sheet), sheet), markup);
  }
});

test('should not store the stylesheet: a page with it packs to about the size of the page without it', () => {
  const body = '<main><h1>Locksmith in Grants</h1><p>Open all night.</p></main>';
  const withSheet = pack(page(body), css).deflated.length;
  const withoutSheet = pack(page(body).replace(css, ''), css).deflated.length;
  const sheetAlone = pack(css, '').deflated.length;
  assert.ok(sheetAlone > 1000, `the sample stylesheet deflates to only ${sheetAlone} bytes`);
  assert.ok(Math.abs(withSheet - withoutSheet) < 16, `with the sheet ${withSheet} B, without ${withoutSheet} B`);
});

test.run();
