/**
 * `npm run build` on a copy of the project with a mistake in a content file: it stops with a
 * "Build stopped" line and one line per mistake (file, line and column of a syntax error with a
 * plain hint; record and key of a misspelt field), exit code 1, no stack trace. The real content
 * files are never edited.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startScript } from '../../tooling/process.ts';
import { copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

const test = suite('npm run build on a content mistake');
let copy: ProjectCopy | undefined;
test.before(async () => { copy = await copyProject(); });
test.after(async () => { await copy?.remove(); });

/** Runs build.ts in the copy; resolves with its exit code and output. */
async function build(): Promise<{ code: number | null; lines: string[] }> {
  const run = startScript(['build.ts'], copy!.root, { DIST_DIR: 'dist' });
  const code = await new Promise<number | null>((resolve) => run.child.once('exit', (c) => resolve(c)));
  await run.stop();
  return { code, lines: run.output().split('\n').filter((l) => l.trim() && !/^npm warn/.test(l)) };
}

/** Replaces `from` with `to` in a file of the copy; returns the old text. */
async function edit(file: string, from: string | RegExp, to: string): Promise<{ text: string; restore(): Promise<void> }> {
  const abs = path.join(copy!.root, file);
  const before = await readFile(abs, 'utf8');
  const text = before.replace(from, to);
  assert.is.not(text, before, `${file} holds ${from}`);
  await writeFile(abs, text);
  return { text, restore: () => writeFile(abs, before) };
}

test('should report a syntax error as one line with file, line, column and a hint', async () => {
  const changed = await edit('content/services.ts', /summary: '/, "summary: 'We'll ");
  const line = changed.text.split('\n').findIndex((l) => l.includes("'We'll ")) + 1;
  const column = changed.text.split('\n')[line - 1].indexOf("ll ") + 1;
  const { code, lines } = await build();
  await changed.restore();
  assert.is(code, 1);
  assert.equal(lines[0], 'Build stopped, dist/ left unchanged:');
  assert.is(lines.length, 2, lines.join('\n'));
  assert.match(lines[1], `content/services.ts:${line}:${column}: this file is not valid TypeScript`);
  assert.match(lines[1], /apostrophe inside '…' that ends the text early/);
});

test('should stop on a misspelt key, naming the record and the key', async () => {
  const changed = await edit('content/communities.ts', /(slug: 'acoma',[\s\S]*?\n\s+)page:/, '$1pgae:');
  const { code, lines } = await build();
  await changed.restore();
  assert.is(code, 1);
  assert.equal(lines, ['Build stopped, dist/ left unchanged:', 'content/communities.ts: community "acoma": unknown field "pgae"; did you mean "page"?']);
});

test('should build again once the mistakes are fixed', async () => {
  const { code, lines } = await build();
  assert.is(code, 0, lines.join('\n'));
  assert.match(lines.at(-1)!, /^\d+ pages, \d+ files generated in \d+ ms$/);
});

test.run();
