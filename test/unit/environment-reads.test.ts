/**
 * Where the environment is read, from the source itself (TypeScript's parser, so a string or a
 * comment that mentions process.env does not count): no module of lib/ reads process.env except the
 * generator's configuration (lib/config.ts; the deploy's target, lib/deploy/deploy-target.ts, reads
 * the variables its command passes), plus the dev build process, which sets the process's mode for React before loading it; and
 * every variable the commands and lib/ read is in the operator's list of them
 * (docs/owner-settings.md, "Environment variables"). Canaries prove both checks can fail.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';

/** The modules of lib/ that resolve settings from the environment. */
const RESOLVERS = ['lib/config.ts'];

/**
 * Entry modules of a process that set NODE_ENV ("production" unless set) before React is first
 * loaded, as build.ts does: React reads it itself when it loads. They read no setting from it.
 */
const NOT_YET_MOVED = ['lib/serve/dev-rebuilder.ts'];

/** Variables a command still reads but that are on their way out, so not documented. */
const BEING_REMOVED: string[] = [];

const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS);

/** Calls `visit` on every node of `source`. */
function walk(source: ts.SourceFile, visit: (node: ts.Node) => void): void {
  const go = (node: ts.Node) => { visit(node); ts.forEachChild(node, go); };
  go(source);
}

/** `process.env` or `process['env']`. */
const isProcessEnv = (node: ts.Node) =>
  (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && node.name.text === 'env')
  || (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && ts.isStringLiteral(node.argumentExpression) && node.argumentExpression.text === 'env');

/** The 1-based lines of `text` where code reaches process.env. */
function processEnvLines(file: string, text: string): number[] {
  const source = parse(file, text);
  const lines: number[] = [];
  walk(source, (node) => { if (isProcessEnv(node)) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1); });
  return lines;
}

/** An environment, as code names it: process.env, or a variable or parameter called `env`. */
const isEnv = (node: ts.Node) => isProcessEnv(node) || (ts.isIdentifier(node) && node.text === 'env');
const NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The variables `text` reads by name: `env.NAME`, `env['NAME']` (env being process.env or a
 * variable `env`), and calls given an environment and a variable's name (`given(env, 'PORT')`).
 */
function variablesRead(file: string, text: string): string[] {
  const names = new Set<string>();
  walk(parse(file, text), (node) => {
    if (ts.isPropertyAccessExpression(node) && isEnv(node.expression) && NAME.test(node.name.text)) names.add(node.name.text);
    if (ts.isElementAccessExpression(node) && isEnv(node.expression) && ts.isStringLiteral(node.argumentExpression) && NAME.test(node.argumentExpression.text)) names.add(node.argumentExpression.text);
    if (ts.isCallExpression(node) && node.arguments.some(isEnv)) {
      for (const a of node.arguments) if (ts.isStringLiteral(a) && NAME.test(a.text)) names.add(a.text);
    }
  });
  return [...names].sort();
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const libFiles = () => fg.sync('lib/**/*.{ts,tsx,mjs}', { cwd: ROOT }).sort();

const reads = suite('process.env in lib/');

reads('should be read only by the configuration (and the dev modules listed)', () => {
  const found = libFiles().filter((f) => processEnvLines(f, read(f)).length).map((f) => `${f}:${processEnvLines(f, read(f)).join(',')}`);
  const outside = found.filter((f) => ![...RESOLVERS, ...NOT_YET_MOVED].includes(f.split(':')[0]));
  assert.equal(outside, [], 'take the setting from lib/config.ts resolveConfig (as a parameter), not from process.env');
  for (const f of RESOLVERS) assert.ok(found.some((x) => x.startsWith(`${f}:`)), `${f} reads the environment (the walk finds reads)`);
  for (const f of NOT_YET_MOVED) assert.ok(found.some((x) => x.startsWith(`${f}:`)), `${f} no longer reads process.env: take it off NOT_YET_MOVED`);
});

reads('should find a read in code, not in a string or a comment (canary)', () => {
  const text = "// process.env.X in a comment\nconst s = 'process.env.NODE_ENV';\nconst a = process.env.PORT;\nconst b = process['env'];\nconst { HOME } = process.env;\n";
  assert.equal(processEnvLines('x.ts', text), [3, 4, 5]);
});
reads.run();

const documented = suite('the list of environment variables');

/** The names in docs/owner-settings.md's "Environment variables" section, written as `NAME`. */
function documentedNames(): Set<string> {
  const doc = read('docs/owner-settings.md');
  const start = doc.indexOf('\n## Environment variables');
  assert.ok(start >= 0, 'docs/owner-settings.md has an "Environment variables" section');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  return new Set([...section.matchAll(/`([A-Z][A-Z0-9_]*)(?:=[^`]*)?`/g)].map((m) => m[1]));
}

documented('should name every variable the commands and lib/ read', () => {
  const files = ['build.ts', ...fg.sync('scripts/*.ts', { cwd: ROOT }), ...libFiles()];
  const all = new Set(files.flatMap((f) => variablesRead(f, read(f))));
  for (const name of ['DIST_DIR', 'BUILD_THREADS', 'PORT', 'DEPLOY_TARGET', 'DEPLOY_LIVE_URL', 'HOME']) assert.ok(all.has(name), `the walk finds ${name}`);
  const names = documentedNames();
  assert.equal([...all].filter((n) => !names.has(n) && !BEING_REMOVED.includes(n)).sort(), [], 'add them to "Environment variables" in docs/owner-settings.md');
});

documented('should find the names read in every form (canary)', () => {
  const text = "const a = process.env.ALPHA;\nfunction f(env) { return env.BETA ?? env['GAMMA'] ?? given(env, 'DELTA', 'not a NAME'); }\nconst c = config.EPSILON; const d = 'ZETA';\n";
  assert.equal(variablesRead('x.ts', text), ['ALPHA', 'BETA', 'DELTA', 'GAMMA']);
});
documented.run();
