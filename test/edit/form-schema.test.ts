/**
 * The editor's forms come from the build's own zod schemas: every record kind gives a JSON schema
 * without throwing (the settings' YouTube-id transform included), each field has an owner's title
 * and keeps the schema's description, and no field is lost on the way.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formSchema, RECORD_KINDS, titleOfKey, type JsonSchema } from '../../lib/edit/form-schema.ts';
import { fieldDocs } from '../../tooling/field-docs.ts';
import { SiteSettings } from '../../lib/content/schema.ts';

const test = suite('form schema of each record kind');

/** Every property path of a JSON schema, rows of lists as "[]", e.g. "hours[].days". */
function paths(node: JsonSchema, prefix = ''): string[] {
  const out: string[] = [];
  const branches = [node, ...((node.anyOf as JsonSchema[] | undefined) ?? [])];
  for (const branch of branches) {
    for (const [key, child] of Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>)) {
      out.push(prefix + key, ...paths(child, `${prefix}${key}.`));
    }
    if (branch.items) out.push(...paths(branch.items as JsonSchema, `${prefix.replace(/\.$/, '')}[].`));
  }
  return [...new Set(out)];
}

test('should make a JSON schema of every kind without throwing', () => {
  assert.equal(RECORD_KINDS, ['settings', 'home', 'areaCopy', 'chatbot', 'community', 'service', 'core']);
  for (const kind of RECORD_KINDS) {
    const schema = formSchema(kind);
    assert.is(schema.type, 'object', kind);
    assert.ok(Object.keys(schema.properties as object).length > 1, kind);
    assert.not.ok('$schema' in schema, kind);
  }
});

test('should keep every settings field and its description', () => {
  const schema = formSchema('settings');
  const form = paths(schema);
  for (const doc of fieldDocs(SiteSettings)) assert.ok(form.includes(doc.path), doc.path);
  const phone = (schema.properties as Record<string, JsonSchema>).phone;
  assert.match(String(phone.description), /every call and text button dials it/);
});

test('should title every field and leave the slug out of collection records', () => {
  for (const kind of RECORD_KINDS) {
    const walk = (node: JsonSchema, at: string): void => {
      for (const [key, child] of Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)) {
        assert.type(child.title, 'string', `${kind} ${at}${key}`);
        walk(child, `${at}${key}.`);
        for (const branch of (child.anyOf as JsonSchema[] | undefined) ?? []) walk(branch, `${at}${key}.`);
        if (child.items) walk(child.items as JsonSchema, `${at}${key}[].`);
      }
    };
    walk(formSchema(kind), '');
  }
  assert.not.ok('slug' in (formSchema('community').properties as object));
  assert.not.ok((formSchema('service').required as string[]).includes('slug'));
  assert.is(titleOfKey('responseMinutes'), 'Response minutes');
});

test('should offer a group that may be absent as "Filled in" or "None"', () => {
  const rating = (formSchema('settings').properties as Record<string, JsonSchema>).rating;
  assert.equal((rating.anyOf as JsonSchema[]).map((b) => b.title), ['Filled in', 'None']);
});

test('should refuse a kind that does not exist, naming it', () => {
  assert.throws(() => formSchema('town' as never), /"town" is not a kind of record/);
});

test.run();
