/**
 * Reads one YAML content file into plain data, the way an owner means it, and says where each
 * value was written. YAML has traps for data typed by hand (an unquoted `07001` loses its zero),
 * so the file is parsed with YAML's failsafe schema and each plain value is then read as the zod
 * schema wants it at that place: a ZIP, a time or a phone is always the text the owner wrote.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, Scalar, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import type { ContentProblem } from './content-error.ts';
import { inner } from './schema-messages.ts';

interface Position { line: number; column: number }

/** One YAML file, parsed: its data and where each value is written. */
export interface YamlFile {
  /** Path relative to the project, with "/", e.g. "content/areas/gallup.yaml". */
  file: string;
  /** The data (undefined when the file could not be parsed). */
  data: unknown;
  /** Mistakes of the YAML itself, each with its line. */
  problems: ContentProblem[];
  /**
   * Where the value at `path` is written (for a key the record does not know, where the key is);
   * the nearest enclosing value's place when the path leads nowhere (a missing field: its record).
   */
  positionOf(path: readonly PropertyKey[], key?: boolean): Position | undefined;
  /** The text of the plain value at `path` exactly as written, e.g. "35.14720", or undefined. */
  sourceOf(path: readonly PropertyKey[]): string | undefined;
}

/**
 * Parses YAML text and reads it against the zod schema of the whole file's data (undefined: read
 * plain values as YAML 1.2's core schema does). Never throws for bad YAML.
 * @param file the file's path relative to the project, for the problems' lines
 */
export function readYaml(file: string, text: string, schema: z.ZodType | undefined): YamlFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => { const p = lineCounter.linePos(offset); return { line: p.line, column: p.col }; };
  // One mistake of the YAML itself usually makes the parser stumble on the lines after it too:
  // the first is the one to fix, so it is the only one said.
  const problems = doc.errors.slice(0, 1).map((error): ContentProblem => {
    const { line, column } = at(error.pos[0]);
    const mistake = yamlMistake(error.code, text.split('\n'), line);
    return { file, line: mistake.line ?? line, column: mistake.column ?? (mistake.line && mistake.line !== line ? 1 : column), expected: mistake.words };
  });
  return {
    file,
    data: problems.length ? undefined : toData(doc.contents, schema, doc),
    problems,
    positionOf: (path, key = false) => {
      const node = nodeAt(doc, path, key);
      return node?.range ? at(node.range[0]) : undefined;
    },
    sourceOf: (path) => {
      const node = nodeAt(doc, path, false);
      return isScalar(node) && node.type === Scalar.PLAIN ? String(node.source ?? node.value) : undefined;
    },
  };
}

/**
 * A YAML parse error (https://eemeli.org/yaml/#errors) in an owner's words, and the line (and
 * column) to fix when it is not `line`, where the parser noticed it.
 */
function yamlMistake(code: string, lines: readonly string[], line: number): { words: string; line?: number; column?: number } {
  switch (code) {
    case 'TAB_AS_INDENT':
      return { words: 'is indented with a tab: indent with spaces only (two per level)' };
    case 'BAD_INDENT':
      return { words: 'is not lined up with the lines above it: items of one list, or fields of one group, must start in the same column' };
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      if (/:\s.*:(\s|$)/.test(lines[line - 1] ?? '')) {
        return { words: 'has a text with ": " (a colon and a space) in it: put the whole text in quotes, e.g. description: "Note: we come to you"' };
      }
      // A "name: value" line indented under a field that already has its value.
      let next = line;
      while (next < lines.length && !lines[next].trim()) next++;
      return next < lines.length
        ? { words: `is indented more than the field above it (line ${line}): line it up with that field`, line: next + 1 }
        : { words: 'has a field indented under a text: line it up with the field above, or put the text in quotes' };
    }
    case 'DUPLICATE_KEY':
      return { words: 'writes the same field twice in one group: keep one' };
    case 'MISSING_CHAR': {
      // The parser notices at the end of the file or the next field; the quote opens on the last
      // line above that starts a value with one.
      let open = Math.min(line, lines.length) - 1;
      while (open > 0 && !/(?:^|:|-)\s*["']/.test(lines[open] ?? '')) open--;
      const quote = /(?:^|:|-)\s*(["'])/.exec(lines[open] ?? '');
      const column = quote ? quote.index + quote[0].length : undefined;
      return { words: 'has a quote that is not closed: end the text with the same quote it starts with', line: open + 1, column };
    }
    case 'BAD_SCALAR_START':
      return { words: 'has a text starting with a character YAML reserves (@, `, %, |, > or a quote): put the whole text in quotes' };
    default:
      return { words: 'is not valid YAML here: check the indentation, and put texts with ": ", " #", quotes or a leading "-" in quotes' };
  }
}

/** The node at `path` (the key node instead when `key` is set), or the deepest node on the way. */
function nodeAt(doc: Document, path: readonly PropertyKey[], key: boolean): Node | undefined {
  let node: unknown = doc.contents;
  for (const [i, step] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
      if (!pair) return node;
      if (key && i === path.length - 1) return pair.key as Node;
      node = pair.value ?? pair.key;
    } else if (isSeq(node) && typeof step === 'number' || isSeq(node) && /^\d+$/.test(String(step))) {
      const item = (node as { items: unknown[] }).items[Number(step)];
      if (item === undefined) return node as Node;
      node = item;
    } else {
      return node as Node;
    }
  }
  return node as Node;
}

/** The kinds of value a schema accepts at one place: "string", "number", "boolean", "null", "object", "array", or "any". */
function kindsOf(schema: z.ZodType | undefined): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, any> } } | undefined)?._zod?.def;
  if (!def) return new Set(['any']);
  switch (def.type) {
    case 'string': case 'enum': case 'template_literal': return new Set(['string']);
    case 'number': case 'int': case 'bigint': return new Set(['number']);
    case 'boolean': return new Set(['boolean']);
    case 'null': return new Set(['null']);
    case 'object': return new Set(['object']);
    case 'array': return new Set(['array']);
    case 'literal': return new Set((def.values as unknown[]).map((v) => (v === null ? 'null' : typeof v)));
    case 'union': return new Set((def.options as z.ZodType[]).flatMap((o) => [...kindsOf(o)]));
    case 'nullable': return new Set([...kindsOf(def.innerType), 'null']);
    case 'optional': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return kindsOf(def.innerType);
    case 'pipe': return kindsOf(def.in);
    default: return new Set(['any']);
  }
}

/** YAML 1.2 core schema's plain values (https://yaml.org/spec/1.2.2/#1032-tag-resolution). */
const CORE = {
  null: /^(?:~|null|Null|NULL|)$/,
  true: /^(?:true|True|TRUE)$/,
  false: /^(?:false|False|FALSE)$/,
  number: /^(?:[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+)$/,
};

/**
 * A plain value as the schema wants it: where it takes text, the text as written (or nothing, for
 * `~`, `null` or an empty value where it also allows nothing); elsewhere nothing, true/false or a
 * number as YAML 1.2's core schema reads them; an empty value where none of those fits is missing.
 */
function plainValue(source: string, kinds: Set<string>): unknown {
  const any = kinds.has('any');
  const wants = (kind: string) => any || kinds.has(kind);
  if (kinds.has('string') && !any) return kinds.has('null') && CORE.null.test(source) ? null : source;
  if (wants('null') && CORE.null.test(source)) return null;
  if (wants('boolean') && CORE.true.test(source)) return true;
  if (wants('boolean') && CORE.false.test(source)) return false;
  if (wants('number') && CORE.number.test(source)) return Number(source);
  return source === '' ? undefined : source;
}

/** A YAML node as plain data, each plain value read as the schema wants it at that place. */
function toData(node: unknown, schema: z.ZodType | undefined, doc: Document): unknown {
  if (node === null || node === undefined) return plainValue('', kindsOf(schema));
  if (isAlias(node)) return toData(node.resolve(doc), schema, doc);
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      out[key] = toData(pair.value, inner(schema, key), doc);
    }
    return out;
  }
  if (isSeq(node)) return node.items.map((item) => toData(item, inner(schema, 0), doc));
  if (isScalar(node)) {
    if (node.type !== Scalar.PLAIN) return String(node.value);
    return plainValue(String(node.source ?? node.value), kindsOf(schema));
  }
  return undefined;
}
