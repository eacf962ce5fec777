/** `npm run docs:fields`: writes the settings fields' table of docs/owner-settings.md from the schema's descriptions. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SiteSettings } from '../lib/content/schema.ts';
import { ROOT } from '../tooling/browser.ts';
import { fieldDocs, fieldTable, withTable } from '../tooling/field-docs.ts';

const doc = path.join(ROOT, 'docs/owner-settings.md');
writeFileSync(doc, withTable(readFileSync(doc, 'utf8'), 'settings', fieldTable(fieldDocs(SiteSettings))));
console.log(`Wrote the settings table of ${path.relative(ROOT, doc)} (${fieldDocs(SiteSettings).length} fields).`);
