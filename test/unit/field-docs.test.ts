/**
 * docs/owner-settings.md documents every settings field, and only those, in the schema's own words:
 * its table equals the one made from lib/content/schema.ts (`npm run docs:fields` writes it), and
 * every field has a description. A canary: a field added to the schema is missing from the doc.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteSettings } from '../../lib/content/schema.ts';
import { ROOT } from '../../tooling/browser.ts';
import { fieldDocs, fieldTable, withTable } from '../../tooling/field-docs.ts';

const test = suite('the settings fields in docs/owner-settings.md');
const doc = readFileSync(path.join(ROOT, 'docs/owner-settings.md'), 'utf8');

test('should list every field of the settings schema with its description, and no other', () => {
  assert.is(doc, withTable(doc, 'settings', fieldTable(fieldDocs(SiteSettings))), 'run npm run docs:fields');
});

test('should give every field a description an owner can read', () => {
  const docs = fieldDocs(SiteSettings);
  assert.ok(docs.length > 50, `${docs.length} fields`);
  assert.equal(docs.filter((d) => d.description.length < 10).map((d) => d.path), []);
  for (const path of ['name', 'location.streetAddress', 'hours[].days', 'credentials.insurance.kind', 'redirects[].from', 'profiles.social', 'arrivalEstimate.roadFactor']) {
    assert.ok(docs.some((d) => d.path === path), path);
  }
});

test('should notice a field the doc does not have (canary)', () => {
  const wider = SiteSettings.extend({ newField: z.string().describe('A field added to the schema.') });
  assert.is.not(doc, withTable(doc, 'settings', fieldTable(fieldDocs(wider))));
});

test.run();
