/**
 * What the form needs beside the JSON schema (lib/edit/form-schema.ts): the rjsf uiSchema (which
 * widget a field gets) read off the schema itself, and the server's problems (a refused save's 422)
 * as rjsf `extraErrors`, each beside its field. rjsf uiSchema: https://rjsf-team.github.io/react-jsonschema-form/docs/api-reference/uiSchema
 */
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { SaveProblem } from '../lib/edit/api-types.ts';

/** Keys of text fields that hold a sentence or more: a text area, not a one-line box. */
const LONG_TEXTS = new Set(['answer', 'text', 'about', 'details', 'description', 'heroText', 'metaDescription', 'cardText', 'summary', 'route', 'findYou', 'callNotes', 'question']);

/**
 * A photo field (lib/content/photo-schema.ts `Photo`): a group with `src` and `alt` and nothing
 * else but `decorative`.
 */
export function isPhotoSchema(schema: RJSFSchema | undefined): boolean {
  const keys = Object.keys((schema?.properties ?? {}) as object).sort().join(',');
  return schema?.type === 'object' && (keys === 'alt,decorative,src' || keys === 'alt,src');
}

/** The uiSchema of a schema node under `key` (its property name, '' at the top). */
export function uiSchemaFor(schema: RJSFSchema, key = ''): UiSchema {
  if (isPhotoSchema(schema)) return { 'ui:field': 'photo' };
  const ui: UiSchema = {};
  if (schema.type === 'object' && schema.properties) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (typeof child === 'object') ui[name] = uiSchemaFor(child, name);
    }
  }
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    const items = schema.items as RJSFSchema;
    if (schema.uniqueItems && Array.isArray(items.enum)) {
      ui['ui:widget'] = 'checkboxes';
      ui['ui:options'] = { inline: true };
    } else {
      // Each row named by its list and its place, "Opening hours, row 2" (rjsf's own is "Opening hours-2").
      const row = uiSchemaFor(items, key);
      const list = schema.title ?? key;
      ui.items = (_item: unknown, index: number) => ({ ...row, 'ui:title': `${list}, row ${index + 1}` });
    }
    ui['ui:options'] = { ...(ui['ui:options'] as object), orderable: true };
  }
  if (schema.type === 'string' && LONG_TEXTS.has(key)) ui['ui:widget'] = 'textarea';
  // A text emptied stays "" (rjsf would drop the key): the settings' "" means "none", e.g. analyticsId.
  if (schema.type === 'string') ui['ui:emptyValue'] = '';
  const example = exampleOf(schema);
  if (example) ui['ui:help'] = example;
  return ui;
}

/** "Example: ..." from the schema's first example, unless its description already gives one ("e.g."). */
function exampleOf(schema: RJSFSchema): string | undefined {
  const [first] = (schema.examples ?? []) as unknown[];
  if (first === undefined || /\be\.g\./.test(schema.description ?? '')) return undefined;
  return `Example: ${Array.isArray(first) ? first.join(', ') : String(first)}`;
}

/** The schema of `step` under `node` (a property, a row of a list, through a "Filled in" choice), or undefined. */
function childSchema(node: RJSFSchema, step: string): RJSFSchema | undefined {
  const branches = [node, ...((node.anyOf ?? []) as RJSFSchema[])];
  for (const branch of branches) {
    const property = (branch.properties as Record<string, RJSFSchema> | undefined)?.[step];
    if (property) return property;
    if (branch.type === 'array' && /^\d+$/.test(step) && branch.items && typeof branch.items === 'object') return branch.items as RJSFSchema;
  }
  return undefined;
}

/**
 * The problems of a refused save as rjsf extraErrors. A problem with a dotted `field`
 * ("hours.1.hours") goes beside that field, or beside the nearest field the form shows on its way
 * (a day of a row of checkboxes goes beside the row's days; a field the form lacks goes on the form).
 */
export function problemsAsErrors(problems: readonly SaveProblem[], schema: RJSFSchema): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { field, message } of problems) {
    let node = root;
    let at: RJSFSchema | undefined = schema;
    for (const step of field ? field.split('.') : []) {
      at = at && childSchema(at, step);
      if (!at) break;
      node = (node[step] ??= {}) as Record<string, unknown>;
      if (at.type === 'array' && at.uniqueItems) break;
    }
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

const isNullChoice = (s: RJSFSchema | undefined): boolean => Array.isArray(s?.anyOf) && (s.anyOf as RJSFSchema[]).some((o) => o.type === 'null');

/**
 * `data` with each required field whose value may be null ("None") and is absent set to null.
 * rjsf leaves a field out when its "None" option is chosen (it draws nothing for a null option,
 * so nothing sets the value), but the schemas need it written, e.g. `rating: null` for no
 * rating. The same value when nothing is absent; the input is not changed.
 */
export function noneAsNull(schema: RJSFSchema, data: unknown): unknown {
  if (Array.isArray(data)) {
    const items = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items as RJSFSchema : undefined;
    if (!items) return data;
    const rows = data.map((row) => noneAsNull(items, row));
    return rows.every((row, i) => row === data[i]) ? data : rows;
  }
  if (data === null || typeof data !== 'object') return data;
  // A value under a "Filled in" choice: its fields are those of the group option.
  const group = (schema.anyOf as RJSFSchema[] | undefined)?.find((o) => o.type === 'object') ?? schema;
  const properties = (group.properties ?? {}) as Record<string, RJSFSchema>;
  const required = new Set((group.required ?? []) as string[]);
  const record = data as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(properties)) {
    const value = record[key] === undefined && required.has(key) && isNullChoice(child) ? null : noneAsNull(child, record[key]);
    if (value !== record[key] && !(value === undefined && !(key in record))) (out ??= { ...record })[key] = value;
  }
  return out ?? data;
}
