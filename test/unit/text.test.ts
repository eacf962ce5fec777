import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeRegExp, quoteMailto, slugToTitle, toSlug } from '../../lib/text.ts';
import { robotsContent } from '../../lib/site-files/robots-meta.ts';

const title = suite('slugToTitle');
title('should replace hyphens with spaces and capitalise each word', () => {
  assert.is(slugToTitle('fence-lake'), 'Fence Lake');
  assert.is(slugToTitle('grants'), 'Grants');
  assert.is(slugToTitle('acoma-pueblo'), 'Acoma Pueblo');
});
title('should ignore doubled or trailing hyphens', () => {
  assert.is(slugToTitle('san--fidel-'), 'San Fidel');
});
title.run();

const slug = suite('toSlug');
slug('should turn a business name into a lowercase slug', () => {
  assert.is(toSlug('Cibola Mobile Locksmith'), 'cibola-mobile-locksmith');
  assert.is(toSlug('  A&B Locks, LLC  '), 'a-b-locks-llc');
  assert.is(toSlug('San José'), 'san-jose');
});
slug.run();

const escape = suite('escapeRegExp');
escape('should make every special character match itself and nothing else', () => {
  const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o';
  assert.ok(new RegExp(`^${escapeRegExp(text)}$`).test(text));
  assert.not.ok(new RegExp(`^${escapeRegExp('a.b')}$`).test('axb'), '"." is not any character');
  assert.not.ok(new RegExp(escapeRegExp('(x|y)')).test('y'), 'a group and an alternative are text');
});
escape.run();

const robots = suite('robotsContent');
robots('should be "index, follow" by default', () => {
  assert.is(robotsContent(), 'index, follow');
  assert.is(robotsContent({}), 'index, follow');
});
robots('should give the matching pair when noIndex or noFollow is set', () => {
  assert.is(robotsContent({ noIndex: true }), 'noindex, follow');
  assert.is(robotsContent({ noFollow: true }), 'index, nofollow');
  assert.is(robotsContent({ noIndex: true, noFollow: true }), 'noindex, nofollow');
});
robots.run();

const mailto = suite('quoteMailto');
mailto('should address the business with an encoded "Quote request - {name}" subject', () => {
  assert.is(quoteMailto('service@example.com', 'A&B Locks'), 'mailto:service@example.com?subject=Quote%20request%20-%20A%26B%20Locks');
});
mailto.run();
