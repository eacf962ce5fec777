/** describeBuildError: what stopped a build, as a file, a line and a plain hint (lib/build/build-error.ts). */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentError } from '../../content/schema.ts';
import { describeBuildError } from '../../lib/build/build-error.ts';
import { ROOT } from '../../tooling/browser.ts';

const test = suite('describeBuildError');
let dir = '';
test.before(async () => { dir = await mkdtemp(path.join(ROOT, 'test/.tmp-build-error-')); });
test.after(async () => { await rm(dir, { recursive: true, force: true }); });

test('should point a content mistake at the line of the record\'s field', () => {
  const problem = describeBuildError(new ContentError('content/communities.ts: community "acoma": field "county" must be one of \'Cibola\''), ROOT);
  assert.is(problem.file, 'content/communities.ts');
  const lines = readFileSync(path.join(ROOT, 'content/communities.ts'), 'utf8').split('\n');
  assert.match(problem.code!, /^\s*county:/);
  assert.is(lines[problem.line! - 1].trimEnd(), problem.code);
  assert.ok(lines.slice(0, problem.line).some((l) => l.includes("slug: 'acoma'")), 'the line is inside the acoma record');
  assert.match(problem.hint, 'content/communities.ts');
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

test('should point a render error at the template line of its cause', async () => {
  const file = path.join(dir, 'template.ts');
  await writeFile(file, 'export function Card(props: any): string {\n  return props.area.name;\n}\n');
  const { Card } = await import(file);
  const error = (() => { try { Card({}); } catch (cause) { return new Error('Could not render /areas/grants/ with <AreaPage>.', { cause }); } })();
  const problem = describeBuildError(error, ROOT);
  assert.match(problem.lines[0], new RegExp(`^${path.relative(ROOT, file).replace(/[.]/g, '\\.')}:2:\\d+: Could not render /areas/grants/ with <AreaPage>\\. Cannot read properties of undefined`));
});

test.run();
