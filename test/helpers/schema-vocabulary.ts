/**
 * The schema.org vocabulary as schema-dts declares it (node_modules/schema-dts/dist/schema.d.ts,
 * generated from schema.org's own definitions): for each type, the properties it and its parent
 * types allow. Lets a test check the JSON-LD the build actually wrote, not only its TypeScript.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../tooling/browser.ts';

interface Decl { parents: string[]; props: string[] }

function readDeclarations(): { decls: Map<string, Decl>; leafOf: Map<string, string> } {
  const text = readFileSync(path.join(ROOT, 'node_modules/schema-dts/dist/schema.d.ts'), 'utf8');
  const decls = new Map<string, Decl>();
  const leafOf = new Map<string, string>();
  const re = /^(?:export )?interface (\w+)(?: extends ([^{]+))? \{\n([\s\S]*?)^\}/gm;
  for (const m of text.matchAll(re)) {
    const [, name, ext = '', body] = m;
    const parents = ext.split(',').map((p) => p.trim()).filter((p) => /^\w+$/.test(p));
    const props = [...body.matchAll(/^ {4}"([^"]+)"\??:/gm)].map((p) => p[1]);
    decls.set(name, { parents, props });
    const type = /^ {4}"@type": "(\w+)";/m.exec(body)?.[1];
    if (type && name.endsWith('Leaf')) leafOf.set(type, name);
  }
  return { decls, leafOf };
}

const { decls, leafOf } = readDeclarations();
const cache = new Map<string, Set<string>>();

/**
 * The properties a schema.org type allows, inherited ones included; undefined for an unknown type.
 * @param type e.g. "Locksmith"
 */
function propertiesOf(type: string): Set<string> | undefined {
  if (cache.has(type)) return cache.get(type);
  const leaf = leafOf.get(type);
  if (!leaf) return undefined;
  const props = new Set<string>(['@context', '@type', '@id']);
  const visit = (name: string) => {
    const d = decls.get(name);
    if (!d) return;
    d.props.forEach((p) => props.add(p));
    d.parents.forEach(visit);
  };
  visit(leaf);
  cache.set(type, props);
  return props;
}

/**
 * Checks a JSON-LD value against the vocabulary: every @type is a schema.org type and every
 * property is one that type allows, recursively.
 * @returns one line per problem, e.g. "$.address: PostalAddress has no property \"zip\""
 */
export function vocabularyProblems(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => vocabularyProblems(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const obj = value as Record<string, unknown>;
  const problems: string[] = [];
  const type = obj['@type'];
  if (typeof type === 'string') {
    const allowed = propertiesOf(type);
    if (!allowed) problems.push(`${at}: "${type}" is not a schema.org type`);
    else for (const key of Object.keys(obj)) if (!allowed.has(key)) problems.push(`${at}: ${type} has no property "${key}"`);
  } else {
    problems.push(`${at}: object without "@type"`);
  }
  for (const [key, v] of Object.entries(obj)) if (v && typeof v === 'object') problems.push(...vocabularyProblems(v, `${at}.${key}`));
  return problems;
}
