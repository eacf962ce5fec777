/**
 * The tables of fields in docs/owner-settings.md, made from the zod schemas' descriptions through
 * zod's JSON schema output; test/unit/field-docs.test.ts holds the doc equal to them.
 */
import { z } from 'zod';

/** One row of a field table. */
export interface FieldDoc {
  /** The field's path as an owner writes it in the YAML file, rows of a list as "[]", e.g. "hours[].days". */
  path: string;
  /** What is written there, in words: "text", "a number", "true or false", "a list", "one of: a, b", "a group". */
  kind: string;
  /** False when the field may be left out. */
  required: boolean;
  /** The schema's description of the field ('' when it has none). */
  description: string;
}

/** A node of the JSON schema z.toJSONSchema() makes (https://json-schema.org/draft/2020-12/json-schema-core). */
type Json = { type?: string; anyOf?: Json[]; const?: unknown; enum?: unknown[]; items?: Json; properties?: Record<string, Json>; required?: string[]; description?: string };

/** What is written in a field of this schema, in words; a choice with null ends ", or null for none". */
function kindOf(node: Json): string {
  const { anyOf = [], items } = node;
  if (anyOf.some((o) => o.type === 'null')) return `${kindOf({ anyOf: anyOf.filter((o) => o.type !== 'null') })}, or null for none`;
  if (anyOf.length) return anyOf.map(kindOf).join(', or ');
  if (node.const !== undefined) return node.const === '' ? '"" (nothing)' : String(node.const);
  if (node.enum) return `one of: ${node.enum.join(', ')}`;
  if (node.type === 'array') return items?.type === 'object' ? 'a list of groups of fields' : `a list of ${kindOf(items ?? {}).replace(/^an? /, '')} items`;
  return { string: 'text', number: 'a number', integer: 'a number', boolean: 'true or false', object: 'a group of fields' }[node.type ?? ''] ?? String(node.type);
}

/** Every field of a JSON schema object, groups and lists first and then their own fields, depth first. */
function fieldsOf(node: Json, prefix: string): FieldDoc[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, field]) => {
    const path = `${prefix}${key}`;
    const options = field.anyOf ?? [field];
    const row = { path, kind: kindOf(field), required: node.required?.includes(key) ?? false, description: field.description ?? options.find((o) => o.description)?.description ?? '' };
    const group = options.find((o) => o.type === 'object');
    const element = options.find((o) => o.type === 'array')?.items;
    if (group) return [row, ...fieldsOf(group, `${path}.`)];
    if (element?.type === 'object') return [row, ...fieldsOf(element, `${path}[].`)];
    return [row];
  });
}

/** Every field of an object schema, depth first, as an owner writes it (before any transform). */
export function fieldDocs(schema: z.ZodType): FieldDoc[] {
  return fieldsOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json, '');
}

/** The fields as a Markdown table: field, what to write, and its description. */
export function fieldTable(docs: readonly FieldDoc[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '| field | what to write | what it is |',
    '|---|---|---|',
    ...docs.map((d) => `| \`${d.path}\` | ${cell(d.kind)}${d.required ? '' : ' (optional)'} | ${cell(d.description)} |`),
  ].join('\n');
}

/**
 * `doc` with the text between `<!-- fields:NAME -->` and `<!-- /fields:NAME -->` replaced by `table`.
 * @throws Error when the doc has no such markers
 */
export function withTable(doc: string, name: string, table: string): string {
  const open = `<!-- fields:${name} -->`;
  const close = `<!-- /fields:${name} -->`;
  const start = doc.indexOf(open);
  const end = doc.indexOf(close);
  if (start < 0 || end < start) throw new Error(`The doc has no ${open} ... ${close} markers for the ${name} table.`);
  return `${doc.slice(0, start + open.length)}\n${table}\n${doc.slice(end)}`;
}
