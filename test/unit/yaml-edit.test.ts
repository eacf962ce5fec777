/**
 * The editor's YAML edits (lib/edit/yaml-edit.ts) and the content reader's overlay
 * (lib/content/read-content.ts): a save keeps the comments, key order, quoting and the written
 * text of every value it does not change, and a check of a save reads the new text in place of
 * the file without touching the disk.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readContent } from '../../lib/content/read-content.ts';
import { readYaml } from '../../lib/content/yaml-file.ts';
import { editedYaml, newYaml, sameData } from '../../lib/edit/yaml-edit.ts';
import { ROOT } from '../../tooling/browser.ts';

const test = suite('editor YAML edits');

const TEXT = `# A hand-written file.
order: 10 # first
lat: 35.14720
zip: "87020"
name: 'Grants'
features:
  - Route 66   # the road
  - Mount Taylor
page:
  about: A long text that goes on and on past eighty characters, which the package would fold if it were asked to.
`;

test('should give the same text back when nothing changed', () => {
  const data = readYaml('x.yaml', TEXT, undefined).data;
  assert.is(editedYaml(TEXT, data, structuredClone(data)), TEXT);
});

test('should change only the changed values where they are written, every other byte kept', () => {
  const before = readYaml('x.yaml', TEXT, undefined).data as Record<string, unknown>;
  const features = ['Route 66 and I-40', 'Mount Taylor'];
  const after = editedYaml(TEXT, before, { ...before, name: 'Milan', order: 20, features, zip: '87021' });
  assert.is(after, TEXT.replace("name: 'Grants'", "name: 'Milan'").replace('order: 10', 'order: 20').replace('- Route 66 ', '- Route 66 and I-40 ').replace('"87020"', '"87021"'));
  const quoted = editedYaml(TEXT, before, { ...before, lat: 35.2, name: 'yes' });
  assert.ok(quoted.includes("name: 'yes'\n") && quoted.includes('lat: 35.2\n'));
  const plain = editedYaml(TEXT, before, { ...before, page: { about: '12345' } });
  assert.ok(plain.includes('  about: "12345"\n'), 'a plain text that would read as a number is quoted');
});

test('should add, remove and change rows and keys', () => {
  const before = readYaml('x.yaml', TEXT, undefined).data as Record<string, unknown>;
  const { zip: _zip, ...rest } = before;
  const after = editedYaml(TEXT, before, { ...rest, features: ['Route 66', 'Mount Taylor', 'El Malpais'], county: '07001' });
  const lines = after.split('\n');
  assert.ok(lines.includes('  - El Malpais'));
  assert.ok(lines.includes('county: "07001"'), 'a text that reads as a number is quoted');
  assert.not.ok(after.includes('zip:'));
  assert.ok(after.startsWith('# A hand-written file.\norder: 10 # first\nlat: 35.14720\n'));
  assert.match(after, /  - Route 66 +# the road\n/, 'a comment is kept');
  assert.equal(readYaml('x.yaml', after, undefined).data, { ...rest, features: ['Route 66', 'Mount Taylor', 'El Malpais'], county: '07001' });
});

test('should write the first rows of a list written empty one a line, as by hand', () => {
  const text = 'order: 1\nredirects: []\n';
  const before = readYaml('x.yaml', text, undefined).data as Record<string, unknown>;
  const after = editedYaml(text, before, { ...before, redirects: [{ from: '/areas/milan/', to: '/areas/' }] });
  assert.is(after, 'order: 1\nredirects:\n  - from: /areas/milan/\n    to: /areas/\n');
});

test('should write a new record that reads back as its data', () => {
  const data = { order: 30, name: 'Zuni', zipCode: '87327', features: ['Pueblo'] };
  assert.equal(readYaml('x.yaml', newYaml(data), undefined).data, data);
  assert.ok(sameData({ a: 1, b: undefined }, { a: 1 }));
  assert.not.ok(sameData([1, 2], [2, 1]));
});

test('should read an overlay in place of the disk, adding and removing files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'overlay-'));
  try {
    cpSync(path.join(ROOT, 'content'), dir, { recursive: true });
    const grants = readFileSync(path.join(dir, 'areas/grants.yaml'), 'utf8');
    const overlay = new Map<string, string | null>([
      ['content/areas/grants.yaml', grants.replace(/^name: Grants$/m, 'name: Grants Town')],
      ['content/areas/zuni.yaml', grants.replace(/^order: 10$/m, 'order: 999')],
      ['content/areas/milan.yaml', null],
    ]);
    const { raw } = readContent(dir, overlay);
    const slugs = (raw.communities as { slug: string; name: string }[]).map((c) => c.slug);
    assert.ok(slugs.includes('zuni'));
    assert.not.ok(slugs.includes('milan'));
    assert.is((raw.communities as { slug: string; name: string }[]).find((c) => c.slug === 'grants')!.name, 'Grants Town');
    assert.is(readFileSync(path.join(dir, 'areas/grants.yaml'), 'utf8'), grants, 'the disk is not touched');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
