/**
 * inlineRootProperties (lib/build/styles.ts): the stylesheet's design tokens written in place of
 * their var(), the :root rule dropped, and a clear error where a literal would change the styles.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inlineRootProperties, minifyStylesheet, readStylesheetSource } from '../../lib/build/styles.ts';

test('should write each token in place of its var() and drop the :root rule', () => {
  const css = ':root{--navy: #0b2545;--shadow: 0 1px 2px rgba(0, 0, 0, .1), 0 4px 8px red}a{color:var(--navy);box-shadow:var( --shadow )}';
  assert.is(inlineRootProperties(css), 'a{color:#0b2545;box-shadow:0 1px 2px rgba(0, 0, 0, .1), 0 4px 8px red}');
});
test('should leave a stylesheet without :root as it is', () => {
  assert.is(inlineRootProperties('a{color:red}'), 'a{color:red}');
});
test('should refuse a fallback, an unknown token and a token set outside :root', () => {
  assert.throws(() => inlineRootProperties(':root{--a: red}a{color:var(--a, blue)}'), /var\(--a, blue\) has a fallback/);
  assert.throws(() => inlineRootProperties(':root{--a: red}a{color:var(--b)}'), /var\(--b\) names no token/);
  assert.throws(() => inlineRootProperties(':root{--a: red}.dark{--a: blue}a{color:var(--a)}'), /--a is set outside :root/);
});
test('should leave no var() and no :root in the site stylesheet', async () => {
  const css = await minifyStylesheet(await readStylesheetSource());
  assert.not.ok(css.includes('var('), 'a var() is left');
  assert.not.ok(css.includes(':root'), ':root is left');
  assert.ok(css.includes('#0b2545'), 'the navy token is written in');
});
test.run();
