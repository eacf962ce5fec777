/**
 * `npm run check` warns about thin area pages (tooling/thin-pages.ts): none for the shipped
 * content; a town added with the text of another town, only its name changed, is named with how
 * similar it is and what to write.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Community } from '../../lib/content/schema.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { thinAreaWarnings } from '../../tooling/thin-pages.ts';

const test = suite('thin area pages in npm run check');
test('should warn about no page of the shipped content', () => {
  assert.equal(thinAreaWarnings(loadContent(PROJECT_CONTENT)), []);
});
test('should name a new town whose page copies another, how similar, and what to write', () => {
  const communities = PROJECT_CONTENT.communities as Community[];
  const milan = structuredClone(communities.find((c) => c.slug === 'milan')!);
  const swap = (text: string) => text.replaceAll('Milan', 'Anyville');
  const copy = JSON.parse(swap(JSON.stringify({ ...milan, slug: 'anyville' })));
  copy.page.town.coordinates = { latitude: 35.2, longitude: -107.9 };
  const warnings = thinAreaWarnings(loadContent({ ...PROJECT_CONTENT, communities: [...communities, copy] }));
  const mine = warnings.find((w) => w.startsWith('/areas/anyville/'));
  assert.ok(mine, warnings.join('\n'));
  assert.match(mine!, /^\/areas\/anyville\/ is mostly text the other town pages share: its text is 0\.\d\d similar to \/areas\/milan\//);
  assert.match(mine!, /In its file under content\/areas\/, write what is true of this town/);
});
test.run();
