/**
 * The tables of fields in docs/owner-settings.md, made from the zod schemas' descriptions: the one
 * source of what each field means. `npm run docs:fields` writes them between their markers
 * (`<!-- fields:NAME -->` ... `<!-- /fields:NAME -->`), and test/unit/field-docs.test.ts holds the
 * doc equal to them, so no field is undocumented and none is documented that does not exist.
 */
import type { z } from 'zod';

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

type Def = Record<string, any>;
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'pipe'];

/** The schema under its wrappers, with the outermost description found on the way and whether a layer made it optional. */
function peel(schema: z.ZodType): { inner: z.ZodType; description: string; optional: boolean; nullable: boolean } {
  let s: any = schema;
  let description = '';
  let optional = false;
  let nullable = false;
  while (s) {
    description ||= s.description ?? '';
    const def = defOf(s);
    if (!def || !WRAPPERS.includes(def.type)) break;
    if (def.type === 'optional' || def.type === 'default') optional = true;
    if (def.type === 'nullable') nullable = true;
    s = def.type === 'pipe' ? def.in : def.innerType;
  }
  return { inner: s, description, optional, nullable };
}

/** The object or list schema inside a union (e.g. a group or nothing), else undefined. */
function structured(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  if (def?.type !== 'union') return undefined;
  return (def.options as z.ZodType[]).map((o) => peel(o).inner).find((o) => ['object', 'array'].includes(defOf(o)?.type));
}

/** What is written in a field of this schema, in words. */
function kindOf(schema: z.ZodType): string {
  const def = defOf(schema)!;
  switch (def.type) {
    case 'string': return 'text';
    case 'number': return 'a number';
    case 'boolean': return 'true or false';
    case 'enum': return `one of: ${Object.values(def.entries as Record<string, string>).join(', ')}`;
    case 'literal': return `${(def.values as unknown[]).map((v) => (v === '' ? '"" (nothing)' : String(v))).join(' or ')}`;
    case 'object': return 'a group of fields';
    case 'array': return defOf(peel(def.element).inner)?.type === 'object' ? 'a list of groups of fields' : `a list of ${kindOf(peel(def.element).inner).replace(/^an? /, '')} items`;
    case 'union': return (def.options as z.ZodType[]).map((o) => kindOf(peel(o).inner)).join(', or ');
    default: return def.type;
  }
}

/**
 * Every field of a schema, groups and lists first and then their own fields, depth first.
 * @param schema an object schema (e.g. the settings' SiteSettings)
 * @param prefix the path of the group it is inside ('' at the top)
 */
export function fieldDocs(schema: z.ZodType, prefix = ''): FieldDoc[] {
  const shape = defOf(peel(schema).inner)?.shape as Record<string, z.ZodType> | undefined;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const { inner, description, optional, nullable } = peel(field);
    const path = `${prefix}${key}`;
    const row: FieldDoc = { path, kind: `${kindOf(inner)}${nullable ? ', or null for none' : ''}`, required: !optional, description };
    const group = defOf(inner)?.type === 'object' ? inner : structured(inner);
    if (group && defOf(group)?.type === 'object') return [row, ...fieldDocs(group, `${path}.`)];
    const list = defOf(inner)?.type === 'array' ? inner : group;
    const element = list ? peel(defOf(list)!.element).inner : undefined;
    if (element && defOf(element)?.type === 'object') return [row, ...fieldDocs(element, `${path}[].`)];
    return [row];
  });
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
