/**
 * describeBuildError and formatProblem: what stopped a build, as a file, a line and a plain hint,
 * every content mistake a line read from its fields, a bug with its stack (lib/build/build-error.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../lib/content/schema.ts';
import { BUG_NOTICE, describeBuildError, formatForTerminal, formatProblem } from '../../lib/build/build-error.ts';
import { ROOT } from '../../tooling/browser.ts';

const test = suite('describeBuildError');
let dir = '';
test.before(async () => { dir = await mkdtemp(path.join(ROOT, 'test/.tmp-build-error-')); });
test.after(async () => { await rm(dir, { recursive: true, force: true }); });

test('should point a content mistake at the line the content reader found for its field', () => {
  const problem = describeBuildError(new ContentError({ file: 'content/areas/acoma.yaml', line: 6, column: 9, record: 'community "acoma"', slug: 'acoma', field: 'county', expected: 'must be one of Cibola' }), ROOT);
  assert.is(problem.file, 'content/areas/acoma.yaml');
  const lines = readFileSync(path.join(ROOT, 'content/areas/acoma.yaml'), 'utf8').split('\n');
  assert.is(problem.line, 6);
  assert.is(lines[5].trimEnd(), problem.code);
  assert.equal(problem.lines, ['content/areas/acoma.yaml:6:9: community "acoma": field "county" must be one of Cibola']);
  assert.match(problem.hint, 'content/areas/acoma.yaml');
});

test('should print every content mistake as its line, read from its fields, with no stack', () => {
  const error = new ContentError([
    { file: 'content/areas/acoma.yaml', line: 5, column: 10, record: 'community "acoma"', slug: 'acoma', field: 'zipCode', value: 87034, expected: 'must be text, e.g. "87020", not the number 87034' },
    { file: 'content/areas/acoma.yaml', line: 21, column: 1, record: 'community "acoma"', slug: 'acoma', field: 'pgae', unknownField: true, expected: 'is not a field of this record', hint: 'did you mean "page"?' },
    { file: 'content/services/car-lockout.yaml', record: 'service "car-lockout"', slug: 'car-lockout', field: 'heroTitle', expected: 'is missing' },
    { file: 'content/home.yaml', line: 23, column: 5, record: 'home', field: 'reviews.1.name', rowNames: [''], expected: 'is missing: add it, e.g. name: Maria G.' },
  ]);
  const problem = describeBuildError(error, ROOT);
  assert.equal(problem.content, error.problems);
  assert.is(problem.bug, undefined);
  assert.equal(formatForTerminal(problem, 'dist/').split('\n'), [
    'Build stopped, dist/ left unchanged:',
    'content/areas/acoma.yaml:5:10: community "acoma": field "zipCode" must be text, e.g. "87020", not the number 87034',
    'content/areas/acoma.yaml:21:1: community "acoma": unknown field "pgae"; did you mean "page"?',
    'content/services/car-lockout.yaml: service "car-lockout": field "heroTitle" is missing',
    'content/home.yaml:23:5: home: review 2: field "name" is missing: add it, e.g. name: Maria G.',
  ]);
  assert.match(problem.hint, 'content/areas/acoma.yaml and content/services/car-lockout.yaml and content/home.yaml');
  assert.is(problem.line, 5, 'the first mistake\'s line');
});

test('should turn a syntax error into one line with file, line, column and hint', async () => {
  const file = path.join(dir, 'broken.ts');
  await writeFile(file, "export const A = [\n  { text: 'we'll come' },\n];\n");
  const error = await import(file).then(() => undefined, (e) => e);
  const problem = describeBuildError(error, ROOT);
  const rel = path.relative(ROOT, file);
  assert.equal(problem.lines, [`${rel}:2:15: this file is not valid TypeScript (Expected "}" but found "ll"); look for a missing comma between two fields, or an apostrophe inside '…' that ends the text early (write such text in "double quotes").`]);
  assert.is(problem.code, "  { text: 'we'll come' },");
});

test('should name the project file and line of a code error', async () => {
  const file = path.join(dir, 'throws.ts');
  await writeFile(file, 'export function render(): string {\n  const x: any = undefined;\n  return x.name;\n}\n');
  const { render } = await import(file);
  const error = (() => { try { render(); } catch (e) { return e; } })();
  const problem = describeBuildError(error, ROOT);
  assert.is(problem.lines.length, 1);
  assert.match(problem.lines[0], new RegExp(`^${path.relative(ROOT, file).replace(/[.]/g, '\\.')}:3:\\d+: Cannot read properties of undefined`));
  assert.match(problem.hint, /not in your content/);
});

/**
 * A render error as the build makes it: a component `name` in a module `fileName` of the test
 * folder reads a field of undefined on its line 2, and the build wraps what it throws.
 */
async function renderError(fileName: string, name: string): Promise<{ file: string; error: Error }> {
  const file = path.join(dir, fileName);
  await writeFile(file, `export function ${name}(props: any): string {\n  return props.area.name;\n}\n`);
  const component = (await import(file))[name] as (props: object) => string;
  try {
    component({});
  } catch (cause) {
    return { file, error: new Error('Could not render /areas/grants/ with <AreaPage>.', { cause }) };
  }
  throw new Error(`${name} did not throw`);
}

test('should point a render error at the template line of its cause', async () => {
  const { file, error } = await renderError('template.ts', 'Card');
  const problem = describeBuildError(error, ROOT);
  assert.match(problem.lines[0], new RegExp(`^${path.relative(ROOT, file).replace(/[.]/g, '\\.')}:2:\\d+: Could not render /areas/grants/ with <AreaPage>\\. Cannot read properties of undefined`));
});

test('should say a bug is a bug, and keep its stack and its cause\'s', async () => {
  const { file, error } = await renderError('bug.ts', 'AreaCard');
  const problem = describeBuildError(error, ROOT);
  assert.ok(problem.bug, 'marked as a bug');
  assert.is(problem.content, undefined);
  const printed = formatProblem(problem);
  assert.is(printed[0], BUG_NOTICE);
  assert.match(printed[1], 'Could not render /areas/grants/ with <AreaPage>. Cannot read properties of undefined', 'the route stays named');
  const stack = printed.slice(2).join('\n');
  assert.match(stack, `Error: Could not render /areas/grants/ with <AreaPage>.\n    at `, 'the error\'s own stack');
  assert.match(stack, /Caused by: TypeError: Cannot read properties of undefined \(reading 'name'\)\n\s+at AreaCard \(/, 'the cause\'s stack, with the template\'s frame');
  assert.match(stack, `${path.basename(file)}:2:`);
  assert.match(printed.at(-1)!, /not in your content/);
});

test('should not call a content mistake or a broken output folder a bug', () => {
  const content = describeBuildError(new ContentError({ file: 'content/settings.yaml', record: 'settings', field: 'phone', expected: 'is not a valid US phone number' }), ROOT);
  const folder = describeBuildError(Object.assign(new Error('dist is a file'), { name: 'OutputFolderError' }), ROOT);
  for (const problem of [content, folder]) {
    assert.is(problem.bug, undefined);
    assert.not.ok(formatProblem(problem).includes(BUG_NOTICE));
    assert.not.match(formatProblem(problem).join('\n'), /\n\s+at /);
  }
});

test.run();
