/**
 * The editor's own files (lib/edit/editor-assets.ts): the bundle is React's production build,
 * loads nothing from another origin (no web font, no CDN) and needs no eval (the page's policy
 * forbids it); the HTML shell carries the token escaped and a policy whose only frame source is
 * the preview.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleEditor, editorCsp, editorPage, EDITOR_SCRIPT_PATH, EDITOR_STYLE_PATH } from '../../lib/edit/editor-assets.ts';

const test = suite('the editor page and bundle');

test('should bundle the app with production React, no eval and no request to another origin', async () => {
  const { js, css } = await bundleEditor();
  assert.ok(js.length > 100_000 && js.length < 1_500_000, `${js.length} bytes`);
  assert.ok(css.includes('system-ui'), 'the system font stack');
  assert.not.match(js, /new Function\(|\beval\(/);
  assert.not.match(js, /react-dom\.development|Warning: Each child in a list/, 'React\'s development build');
  assert.not.match(js + css, /fonts\.googleapis|fonts\.gstatic|cdn\.jsdelivr|unpkg\.com|@import\s+url/i);
  assert.not.match(css, /url\(\s*["']?https?:/);
});

test('should make a page with the token escaped, its own script and styles, and the preview as its one frame', () => {
  const html = editorPage('a"b<c', 'http://127.0.0.1:40123');
  assert.match(html, /<meta name="editor-token" content="a&quot;b&lt;c">/);
  assert.match(html, new RegExp(`<script src="${EDITOR_SCRIPT_PATH}" defer></script>`));
  assert.match(html, new RegExp(`<link rel="stylesheet" href="${EDITOR_STYLE_PATH}">`));
  assert.match(html, /frame-src http:\/\/127\.0\.0\.1:40123;/);
  assert.not.match(html, /frame-ancestors/, 'ignored in a meta policy: sent as a header');
  assert.not.match(html, /https?:\/\/(?!127\.0\.0\.1)/);
  assert.match(editorCsp('http://127.0.0.1:1'), /default-src 'none'.*script-src 'self'.*frame-ancestors 'none'/);
  assert.not.match(editorCsp('http://127.0.0.1:1'), /unsafe-eval|unsafe-inline/);
});

test.run();
