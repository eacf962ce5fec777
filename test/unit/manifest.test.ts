import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildManifest, generateManifest, shortName } from '../../lib/site-files/manifest.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';

const short = suite('shortName');
short('should keep a name of 12 characters or fewer', () => {
  assert.is(shortName('Acme Locks'), 'Acme Locks');
  assert.is(shortName('123456789012'), '123456789012');
});
short('should fall back to "Locksmith" for a longer name', () => {
  assert.is(shortName('1234567890123'), 'Locksmith');
  assert.is(shortName('Cibola Mobile Locksmith'), 'Locksmith');
});
short.run();

const manifest = suite('buildManifest');
/** The sample's base, as the checked settings give it. */
const BASE = loadContent(PROJECT_CONTENT).settings.location;
manifest('should describe the business at its base town, from the settings', () => {
  assert.is(buildManifest({ name: 'Acme Locks', location: { ...BASE, locality: 'Gallup', region: 'NM' } }).description, 'Acme Locks: mobile locksmith in Gallup, NM. Call, text or e-mail in one tap.');
});
manifest('should open the site root standalone, in the site navy', () => {
  const m = buildManifest({ name: 'Cibola Mobile Locksmith', location: BASE });
  assert.is(m.name, 'Cibola Mobile Locksmith');
  assert.is(m.short_name, 'Locksmith');
  assert.is(m.start_url, '/');
  assert.is(m.scope, '/');
  assert.is(m.display, 'standalone');
  assert.is(m.theme_color, '#0b2545');
  assert.is(m.background_color, '#f5efe6');
});
manifest('should list 192 and 512 px icons and one maskable 512 px icon', () => {
  const { icons } = buildManifest({ name: 'X', location: BASE });
  assert.equal(icons.map((i) => [i.src, i.sizes, i.type, i.purpose]), [
    ['/img/icon-192.png', '192x192', 'image/png', 'any'],
    ['/img/icon-512.png', '512x512', 'image/png', 'any'],
    ['/img/icon-maskable-512.png', '512x512', 'image/png', 'maskable'],
  ]);
});
manifest('should serialise to JSON that parses back to the same object', () => {
  const text = generateManifest({ name: 'Acme "Locks"', location: BASE });
  assert.equal(JSON.parse(text), JSON.parse(JSON.stringify(buildManifest({ name: 'Acme "Locks"', location: BASE }))));
  assert.ok(text.endsWith('}\n'));
});
manifest.run();
