/**
 * The YAML content reader (lib/content/yaml-file.ts, lib/content/read-content.ts): a plain value
 * is read as the schema wants it at its place, so a ZIP, a time or a phone stays as written and a
 * number or a yes/no is a number or a yes/no; the text of a value as written is kept (the
 * coordinates' decimals); the content folder is data only, one file a record, its name the slug
 * and its `order` the place in the lists; each mistake of the folder names its file and line.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Community, ContentError, SiteSettings } from '../../lib/content/schema.ts';
import { loadProjectContent } from '../../lib/content/load-content.ts';
import { readContent } from '../../lib/content/read-content.ts';
import { readYaml } from '../../lib/content/yaml-file.ts';
import { ROOT } from '../../tooling/browser.ts';

const read = suite('readYaml');
read('should read a ZIP, a time and a phone as written, and numbers and yes/no where the schema wants them', () => {
  const yaml = readYaml('content/settings.yaml', 'location:\n  postalCode: 07001\n  latitude: 35.14720\nhours:\n  - days: [no]\n    hours: 18:00-19:00\nphone: 505 555 0123\nrating: ~\nanalyticsId:\n', SiteSettings);
  assert.equal(yaml.problems, []);
  assert.equal(yaml.data, {
    location: { postalCode: '07001', latitude: 35.1472 }, hours: [{ days: ['no'], hours: '18:00-19:00' }], phone: '505 555 0123', rating: null, analyticsId: '',
  });
  assert.is(yaml.sourceOf(['location', 'latitude']), '35.14720', 'the text as written, its last zero kept');
  assert.equal(yaml.positionOf(['hours', 0, 'hours']), { line: 6, column: 12 });
  const typed = readYaml('content/areas/x.yaml', 'onHome: true\norder: 30\nzipCode: "87020"\nname: 12\n', Community);
  assert.equal(typed.data, { onHome: true, order: 30, zipCode: '87020', name: '12' });
});
read('should give one line for a YAML mistake, where it is and what to do', () => {
  const cases: [string, RegExp][] = [
    ['name: a\n\tphone: b\n', /^2:1 is indented with a tab/],
    ['location:\n  locality: Grants\n   region: NM\n', /^3:1 is indented more than the field above it \(line 2\)/],
    ['description: Note: we come\n', /^1:14 has a text with ": " .* put the whole text in quotes/],
    ['name: "Acme\nphone: x\n', /^1:7 has a quote that is not closed/],
    ['name: a\nname: b\n', /^2:1 writes the same field twice/],
  ];
  for (const [text, expected] of cases) {
    const { problems } = readYaml('f.yaml', text, undefined);
    assert.is(problems.length, 1, text);
    assert.match(`${problems[0].line}:${problems[0].column} ${problems[0].expected}`, expected, text);
  }
});
read.run();

const folder = suite('the content folder');
let dir = '';
folder.before.each(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
  cpSync(path.join(ROOT, 'content'), dir, { recursive: true });
});
folder.after.each(() => rmSync(dir, { recursive: true, force: true }));
/** The lines of the ContentError that reading the folder throws. */
const linesOf = (): string[] => {
  try {
    loadProjectContent(dir);
  } catch (e) {
    if (e instanceof ContentError) return e.message.split('\n');
    throw e;
  }
  throw new Error('expected a ContentError');
};

folder('should hold data only: YAML files and photos, no code', () => {
  assert.equal(fg.sync('**/*.{ts,tsx,js,mjs,cjs,jsx}', { cwd: path.join(ROOT, 'content') }), []);
});
folder('should take each record\'s slug from its file name and its place from its order', () => {
  const { raw } = readContent(dir);
  const first = (raw.communities as { slug: string; order: number }[]).slice(0, 2);
  assert.equal(first.map((c) => c.slug), ['grants', 'milan']);
  const milan = path.join(dir, 'areas/milan.yaml');
  writeFileSync(milan, readFileSync(milan, 'utf8').replace(/^order: \d+$/m, 'order: 5'));
  renameSync(milan, path.join(dir, 'areas/milan-village.yaml'));
  const site = loadProjectContent(dir);
  assert.equal(site.communities.slice(0, 2).map((c) => c.slug), ['milan-village', 'grants'], 'renamed and moved first by its order');
});
folder('should refuse a file name that is no slug, a slug field, a missing or shared order, each with its file and line', () => {
  writeFileSync(path.join(dir, 'areas/Old Town.yaml'), readFileSync(path.join(dir, 'areas/milan.yaml'), 'utf8'));
  const ramah = path.join(dir, 'areas/ramah.yaml');
  writeFileSync(ramah, `slug: ramah\n${readFileSync(ramah, 'utf8').replace(/^order: \d+\n/m, '')}`);
  const bluewater = path.join(dir, 'areas/bluewater.yaml');
  const milanOrder = /^order: (\d+)$/m.exec(readFileSync(path.join(dir, 'areas/milan.yaml'), 'utf8'))![1];
  writeFileSync(bluewater, readFileSync(bluewater, 'utf8').replace(/^order: \d+$/m, `order: ${milanOrder}`));
  const lines = linesOf();
  assert.ok(lines.includes('content/areas/Old Town.yaml: is not a good page address: name the file in lowercase words joined by "-", e.g. content/areas/fence-lake.yaml'), lines.join('\n'));
  assert.ok(lines.some((l) => /^content\/areas\/ramah\.yaml:\d+:1: community "ramah": unknown field "slug"; the file's name is the slug \(ramah\)/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /^content\/areas\/ramah\.yaml(:\d+:\d+)?: community "ramah": field "order" is missing: add it, e\.g\. order: 30/.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => new RegExp(`^content/areas/(milan|bluewater)\\.yaml:\\d+:8: community "(milan|bluewater)": field "order" is also the order of content/areas/(milan|bluewater)\\.yaml`).test(l)), lines.join('\n'));
});
folder.run();
