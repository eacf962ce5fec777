/**
 * The JSON schema of each kind of record the browser editor shows as a form, made from the zod
 * schemas the build checks with (lib/content/read-content.ts SINGLE_FILES and COLLECTIONS), so the
 * form has no second field definition. zod 4's `z.toJSONSchema()` gives the input shape
 * (`io: 'input'`: the YouTube-id transform would throw otherwise) and leaves out what JSON schema
 * cannot say (the phone and hours rules, the cross-record checks): the server's check, the build
 * itself, stays the authority, and the form only lays the fields out.
 *
 * On top of zod's output, for a form an owner reads: every field without a `title` gets one made
 * from its key ("responseMinutes" -> "Response minutes"); a choice between "" and a text is one
 * text field; a group that may be null is offered as "Filled in" or "None"; the `slug` of a
 * collection record is left out (the file's name is the slug); zod's "any safe integer" bounds are
 * dropped; the days of a row of hours are a choice of the seven weekdays. JSON schema: https://json-schema.org/draft/2020-12/json-schema-core
 */
import { z } from 'zod';
import { COLLECTIONS, SINGLE_FILES } from '../content/read-content.ts';
import { WEEKDAYS } from '../content/hours-rules.ts';
import type { RecordKind } from './api-types.ts';

/** A JSON schema object, as z.toJSONSchema() returns it. */
export type JsonSchema = Record<string, unknown>;

/** The zod schema of each record kind. */
const SCHEMAS: Record<RecordKind, z.ZodType> = {
  settings: SINGLE_FILES.settings.schema,
  home: SINGLE_FILES.home.schema,
  areaCopy: SINGLE_FILES.areaCopy.schema,
  chatbot: SINGLE_FILES.chatbot.schema,
  community: COLLECTIONS.communities.schema,
  service: COLLECTIONS.services.schema,
  core: COLLECTIONS.core.schema,
};

/** Every record kind, in the order the editor lists them. */
export const RECORD_KINDS = Object.keys(SCHEMAS) as RecordKind[];

/**
 * The form's JSON schema of one record kind.
 * @throws Error when `kind` is not a record kind (the message names it)
 */
export function formSchema(kind: RecordKind): JsonSchema {
  const schema = SCHEMAS[kind];
  if (!schema) throw new Error(`"${String(kind)}" is not a kind of record: one of ${RECORD_KINDS.join(', ')}`);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  if (kind === 'community' || kind === 'service' || kind === 'core') withoutSlug(json);
  if (kind === 'settings') daysAsChoices(json);
  return forOwner(json);
}

/** The days of each row of the settings' hours as a choice of the seven weekdays (checkboxes). */
function daysAsChoices(json: JsonSchema): void {
  const hours = (json.properties as Record<string, JsonSchema>).hours;
  const row = hours.items as JsonSchema;
  const days = (row.properties as Record<string, JsonSchema>).days;
  days.items = { ...(days.items as JsonSchema), enum: [...WEEKDAYS] };
  days.uniqueItems = true;
}

/** Leaves the `slug` property out of a collection record (its file's name is the slug). */
function withoutSlug(json: JsonSchema): void {
  const properties = json.properties as Record<string, JsonSchema>;
  delete properties.slug;
  json.required = (json.required as string[]).filter((key) => key !== 'slug');
}

/** "responseMinutes" -> "Response minutes", "youtubeId" -> "Youtube id". */
export function titleOfKey(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isEmptyText = (s: JsonSchema): boolean => s.const === '' || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === '');

/** One schema node made readable for a form, its children too (a new object; the input is not changed). */
function forOwner(node: JsonSchema): JsonSchema {
  let out: JsonSchema = { ...node };
  for (const bound of ['maximum', 'minimum'] as const) {
    if (typeof out[bound] === 'number' && Math.abs(out[bound] as number) >= Number.MAX_SAFE_INTEGER) delete out[bound];
  }
  if (Array.isArray(out.anyOf)) out = simplerChoice(out);
  if (out.properties) {
    out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, JsonSchema>).map(([key, child]) => {
      const readable = forOwner(child);
      return [key, { title: titleOfKey(key), ...readable }];
    }));
  }
  if (out.items && typeof out.items === 'object') out.items = forOwner(out.items as JsonSchema);
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as JsonSchema[]).map(forOwner);
  return out;
}

/**
 * A choice (anyOf) as a form shows it best: "" or a text becomes the text field; a number or a
 * text becomes the text field; a group or null gets the option titles "Filled in" and "None".
 */
function simplerChoice(node: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = node as JsonSchema & { anyOf: JsonSchema[] };
  const texts = anyOf.filter((s) => s.type === 'string' && !isEmptyText(s));
  if (anyOf.length === 2 && texts.length === 1 && (anyOf.some(isEmptyText) || anyOf.some((s) => s.type === 'integer' || s.type === 'number'))) {
    return { ...texts[0], ...rest };
  }
  if (anyOf.length === 2 && anyOf.some((s) => s.type === 'null')) {
    return { ...rest, anyOf: anyOf.map((s) => (s.type === 'null' ? { type: 'null', title: 'None' } : { ...s, title: 'Filled in' })) };
  }
  return node;
}
