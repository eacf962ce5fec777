/**
 * The editor's rjsf validator: no validation of what the owner types (the editor server checks a
 * save with the build's own schemas and cross-record checks, the one authority), only the shape
 * test rjsf needs to tell which option of a choice a value is (a group or "None", ...).
 *
 * Why not @rjsf/validator-ajv8: Ajv compiles each schema into a function with `new Function`,
 * which the editor page's Content-Security-Policy (no 'unsafe-eval') refuses, and it would be a
 * second validator whose words differ from the build's.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

/** The JSON type of a value: "null", "array", "object", "integer", "number", "string", "boolean". */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether `value` has the shape of `schema`: its type, its const or enum, its required keys, and
 * (recursively) the shape of the properties and rows it has. Length, pattern and range rules are
 * not checked. `$ref` is not followed (the editor's schemas have none).
 */
export function hasShape(schema: RJSFSchema | boolean | undefined, value: unknown): boolean {
  if (schema === undefined || typeof schema === 'boolean') return schema !== false;
  if (schema.anyOf) return (schema.anyOf as RJSFSchema[]).some((s) => hasShape(s, value));
  if (schema.oneOf) return (schema.oneOf as RJSFSchema[]).some((s) => hasShape(s, value));
  if ('const' in schema && value !== schema.const) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) return false;
  const type = typeOf(value);
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length && !(types as string[]).includes(type) && !(type === 'integer' && types.includes('number'))) return false;
  if (type === 'object') {
    const record = value as Record<string, unknown>;
    if ((schema.required ?? []).some((key) => !(key in record))) return false;
    const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
    return Object.entries(record).every(([key, v]) => !(key in properties) || hasShape(properties[key], v));
  }
  if (type === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    return (value as unknown[]).every((v) => hasShape(schema.items as RJSFSchema, v));
  }
  return true;
}

/** The validator passed to rjsf's Form. */
export const shapeValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => hasShape(schema, formData),
  rawValidation: () => ({}),
};
