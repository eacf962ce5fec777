/**
 * `npm run docs:fields`: writes the table of every settings field into docs/owner-settings.md,
 * between its `<!-- fields:settings -->` markers, from the schema's descriptions
 * (lib/content/schema.ts): the one source of what each field means. Run it after changing a
 * field or its description; test/unit/field-docs.test.ts fails until the doc matches.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SiteSettings } from '../lib/content/schema.ts';
import { ROOT } from '../tooling/browser.ts';
import { fieldDocs, fieldTable, withTable } from '../tooling/field-docs.ts';

const doc = path.join(ROOT, 'docs/owner-settings.md');
writeFileSync(doc, withTable(readFileSync(doc, 'utf8'), 'settings', fieldTable(fieldDocs(SiteSettings))));
console.log(`Wrote the settings table of ${path.relative(ROOT, doc)} (${fieldDocs(SiteSettings).length} fields).`);
