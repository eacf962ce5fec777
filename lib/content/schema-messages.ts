/** The words of a content error: zod's issues for one record, rewritten so an operator can act on them. */
import { closest, distance } from 'fastest-levenshtein';
import type { z } from 'zod';
import type { ContentProblem } from './content-error.ts';

/** Dotted path of a zod issue, e.g. "faqs.3.answer". */
function fieldPath(path: PropertyKey[]): string {
  return path.map(String).join('.') || '(record)';
}

/** The value at a path inside raw data, or undefined. */
function valueAt(data: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), data);
}

/** The zod types that wrap another schema (`innerType`, or `in` for a pipe). */
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'pipe'];

/** The schema under its wrappers (what a field's value is checked against). */
function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let s: any = schema;
  while (WRAPPERS.includes(s?._zod?.def?.type)) s = s._zod.def.type === 'pipe' ? s._zod.def.in : s._zod.def.innerType;
  return s;
}

/** The schema of one field of an object schema, or of the items of a list schema (undefined when unknown). */
export function inner(schema: z.ZodType | undefined, step: string | number): z.ZodType | undefined {
  let def = (schema as { _zod?: { def?: Record<string, any> } } | undefined)?._zod?.def;
  while (def && [...WRAPPERS, 'union'].includes(def.type)) {
    const next: any = def.type === 'pipe' ? def.in
      : def.type === 'union' ? (def.options as any[]).find((o) => ['object', 'array'].includes(o?._zod?.def?.type) || ['optional', 'nullable'].includes(o?._zod?.def?.type))
        : def.innerType;
    def = next?._zod?.def;
  }
  if (def?.type === 'object') return def.shape[step as string];
  if (def?.type === 'array') return def.element;
  return undefined;
}

/** The schema of the value at `path` under `schema` (its wrappers removed), or undefined where the path leaves it. */
function schemaAt(schema: z.ZodType, path: PropertyKey[]): z.ZodType | undefined {
  return unwrap(path.reduce<z.ZodType | undefined>((s, key) => inner(s, key as string | number), schema));
}

/**
 * The known key closest to a misspelt one (case ignored; Levenshtein distance, fastest-levenshtein,
 * at most `least` edits, or a third of its length).
 */
export function closestKey(key: string, known: readonly string[], least = 2): string | undefined {
  if (known.length === 0) return undefined;
  const lower = key.toLowerCase();
  const near = closest(lower, known.map((k) => k.toLowerCase()));
  return distance(lower, near) <= Math.max(least, Math.floor(key.length / 3)) ? known.find((k) => k.toLowerCase() === near) : undefined;
}

/** A value as an operator would type it in a YAML content file: Cibola, "87020", 12, true, [Monday, ...], { ... }. */
function asTyped(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    // Plain where YAML reads it back as the same text; in double quotes where it would not.
    return /^[A-Za-z(][^:#"'\n]*$/.test(shown) && !/\s$/.test(shown) && !/^(?:true|false|yes|no|null|on|off)$/i.test(shown) ? shown : JSON.stringify(shown);
  }
  if (Array.isArray(value)) return value.length ? `[${asTyped(value[0])}${value.length > 1 ? ', ...' : ''}]` : '[]';
  if (value !== null && typeof value === 'object') return '{ ... }';
  return String(value);
}

/** What a value is, in words: "the number 87020", "the text '87020'", "a list", "nothing". */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `the text ${asTyped(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value === 'number' ? 'the number' : 'the value'} ${value}`;
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'null' : 'a group of fields';
}

/** Each kind zod names, in an operator's words. */
const KINDS: Record<string, string> = {
  string: 'text', number: 'a number', boolean: 'true or false', array: 'a list (one "- " line a row, or [a, b])', object: 'a group of fields (indented "name: value" lines)',
};

/** The keys a strict object at `path` knows. */
function knownKeys(schema: z.ZodType, path: PropertyKey[]): string[] {
  return Object.keys((schemaAt(schema, path) as any)?._zod?.def?.shape ?? {});
}

/** The known key an unknown `key` at `path` was probably meant to be (a missing one first). */
function suggestionFor(schema: z.ZodType, data: unknown, path: PropertyKey[], key: string): string | undefined {
  const known = knownKeys(schema, path);
  return closestKey(key, known.filter((k) => valueAt(data, [...path, k]) === undefined)) ?? closestKey(key, known);
}

/** One mistake of a record in an operator's words: the ContentProblem without its file and record. */
type IssueWords = Pick<ContentProblem, 'field' | 'unknownField' | 'expected' | 'value' | 'hint'>;

/** One issue in an operator's words (one per key for unknown keys). */
function describeIssue(issue: z.core.$ZodIssue, schema: z.ZodType, data: unknown, example: (path: PropertyKey[]) => unknown): IssueWords[] {
  const path = issue.path;
  // A mistake of the record as a whole (not a group of fields at all) names no field.
  const field = path.length ? fieldPath(path) : undefined;
  if (issue.code === 'unrecognized_keys') {
    const prefix = path.length ? `${fieldPath(path)}.` : '';
    return issue.keys.map((key) => {
      const near = suggestionFor(schema, data, path, key);
      return {
        field: `${prefix}${key}`, unknownField: true, expected: 'is not a field of this record', value: valueAt(data, [...path, key]),
        hint: near ? `did you mean "${prefix}${near}"?` : `the fields here are ${knownKeys(schema, path).map((k) => `"${k}"`).join(', ')}`,
      };
    });
  }
  const parent = path.length ? valueAt(data, path.slice(0, -1)) : data;
  const value = valueAt(data, path);
  const sample = example(path);
  const eg = sample !== undefined ? `, e.g. ${String(path[path.length - 1] ?? '')}: ${asTyped(sample)}` : '';
  if (issue.code !== 'custom' && value === undefined && parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
    // A schema that words its own "is missing: …" (what to write, e.g. the photo's alt) keeps it.
    if (/^is missing\b/.test(issue.message)) return [{ field, expected: issue.message }];
    return [{ field, expected: `is missing${eg ? `: add it${eg}` : ''}` }];
  }
  if (issue.code === 'invalid_union') {
    const branches = issue.errors.filter((b) => b.length);
    const chosen = branches.find((b) => b.every((i) => i.code !== 'invalid_type' && i.code !== 'invalid_value')) ?? branches[0];
    if (chosen) return describeIssue({ ...chosen[0], path: [...path, ...chosen[0].path] } as z.core.$ZodIssue, schema, data, example);
  }
  if (issue.code === 'invalid_type') {
    const wanted = KINDS[issue.expected] ?? issue.expected;
    const typed = sample !== undefined ? asTyped(sample) : issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean') ? `"${value}"` : undefined;
    return [{ field, value, expected: `must be ${wanted}${typed ? `, e.g. ${typed}` : ''}, not ${describeValue(value)}` }];
  }
  if (issue.code === 'invalid_value') return [{ field, value, expected: `must be one of ${issue.values.map((v) => asTyped(v)).join(', ')}, not ${describeValue(value)}` }];
  if (issue.code === 'too_small' && issue.origin === 'array' && /^Too small/.test(issue.message)) return [{ field, value, expected: `must list at least ${issue.minimum}` }];
  return [{ field, value, expected: issue.message.replace(/^Invalid input: /, '') }];
}

/**
 * Every mistake of a record (zod's `issues` for `data`), each naming its field (or none, for a
 * record that is not a group of fields at all), what it must be and the value given.
 * @param siblings other records of the same collection, whose values serve as examples
 */
export function describeIssues(issues: z.core.$ZodIssue[], schema: z.ZodType, data: unknown, siblings: unknown[]): IssueWords[] {
  const example = (path: PropertyKey[]) => {
    const generic = path.map((k) => (typeof k === 'number' ? 0 : k));
    for (const other of siblings) {
      if (other === data) continue;
      const v = valueAt(other, path) ?? valueAt(other, generic);
      if (v !== undefined && (typeof v !== 'object' || Array.isArray(v))) return v;
    }
    // Another row of the same list in this record: the first review's name for the second's.
    const rowAt = path.findIndex((k) => typeof k === 'number');
    if (rowAt >= 0) {
      const rows = valueAt(data, path.slice(0, rowAt));
      for (const [i] of (Array.isArray(rows) ? rows : []).entries()) {
        if (i === path[rowAt]) continue;
        const v = valueAt(data, [...path.slice(0, rowAt), i, ...path.slice(rowAt + 1)]);
        if (v !== undefined && (typeof v !== 'object' || Array.isArray(v))) return v;
      }
    }
    const options = (schemaAt(schema, path) as any)?.options;
    return Array.isArray(options) && options.length ? options[0] : undefined;
  };
  // A misspelt key is one mistake: "unknown field pgae; did you mean page?" says it all, so the
  // "page is missing" it causes is not said again.
  const suggested = new Set(issues.flatMap((issue) => (issue.code === 'unrecognized_keys'
    ? issue.keys.map((key) => suggestionFor(schema, data, issue.path, key)).filter((k) => k !== undefined).map((k) => fieldPath([...issue.path, k!]))
    : [])));
  const kept = issues.filter((issue) => !(suggested.has(fieldPath(issue.path)) && valueAt(data, issue.path) === undefined));
  return kept.flatMap((issue) => describeIssue(issue, schema, data, example));
}

