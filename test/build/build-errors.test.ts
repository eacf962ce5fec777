/**
 * `npm run build` on a copy of the project with a mistake in a content file: it stops with a
 * "Build stopped" line and one line per mistake (file, line and column of a syntax error with a
 * plain hint; record and key of a misspelt field; each mistake in the stated hours; every mistake
 * of several records and files in one run), exit code 1, no stack trace, dist/ as it was. A
 * template that throws is called a bug, with its route and its stack. The real project files are
 * never edited.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildInCopy, copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

const test = suite('npm run build on a content mistake');
let copy: ProjectCopy | undefined;
test.before(async () => { copy = await copyProject(); });
test.after(async () => { await copy?.remove(); });

/** Runs build.ts in the copy; resolves with its exit code and output lines. */
const build = () => buildInCopy(copy!);

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

test('should refuse "7 AM", "Saturdy" and "25:00" in the hours, one line each naming the file and field, leaving dist/ as it was', async () => {
  const first = await build();
  assert.is(first.code, 0, first.lines.join('\n'));
  const page = () => readFile(path.join(copy!.root, 'dist/index.html'), 'utf8');
  const before = await page();
  const cases: [string | RegExp, string, string][] = [
    ["hours: '06:00-23:00'", "hours: '7 AM-9 PM'", `content/site.ts: settings: field "hours.0.hours" must be "closed", "all day" or an opening and closing time in 24-hour form like "06:00-23:00", not '7 AM-9 PM'`],
    ["days: ['Saturday', 'Sunday']", "days: ['Saturdy', 'Sunday']", `content/site.ts: settings: field "hours.1.days.0" must be a day of the week spelt out, e.g. "Monday", not 'Saturdy'; did you mean "Saturday"?`],
    ["hours: '09:00-22:00'", "hours: '09:00-25:00'", `content/site.ts: settings: field "hours.1.hours" must use times of day from 00:00 to 23:59 ("25:00" is not one; for a day open round the clock write "all day"), not '09:00-25:00'`],
  ];
  for (const [from, to, line] of cases) {
    const changed = await edit('content/site.ts', from, to);
    const { code, lines } = await build();
    await changed.restore();
    assert.is(code, 1, to);
    assert.equal(lines, ['Build stopped, dist/ left unchanged:', line]);
    assert.is(await page(), before, 'dist/ untouched');
  }
});

test('should report three mistakes in two files in one build, a line each with file, record and field', async () => {
  const edits = [
    await edit('content/communities.ts', /(slug: 'acoma',[\s\S]*?\n\s+)page:/, '$1pgae:'),
    await edit('content/communities.ts', "zipCode: '87021',", 'zipCode: 87021,'),
    await edit('content/services.ts', "banner: 'none',", "banner: 'flashing',"),
  ];
  const { code, lines } = await build();
  for (const changed of edits.reverse()) await changed.restore();
  assert.is(code, 1);
  assert.equal(lines.slice(0, 1), ['Build stopped, dist/ left unchanged:']);
  assert.is(lines.length, 4, lines.join('\n'));
  assert.match(lines[1], /^content\/communities\.ts: community "milan": field "zipCode" must be text in quotes, e\.g\. '\d{5}', not the number 87021$/);
  assert.is(lines[2], 'content/communities.ts: community "acoma": unknown field "pgae"; did you mean "page"?');
  assert.match(lines[3], /^content\/services\.ts: service "[a-z-]+": field "banner" must be one of 'none', 'emergency-strip', 'do-not-remove', not the text 'flashing'$/);
});

test('should call a template that throws a bug, naming the route, with its stack, leaving dist/ as it was', async () => {
  const before = await readFile(path.join(copy!.root, 'dist/index.html'), 'utf8');
  const changed = await edit('pages/AreaPage.tsx', "const note = coverageNote(area, settings);", "const note = coverageNote(area, settings);\n  if (area.slug === 'milan') throw new TypeError('a template fault');");
  const { code, lines } = await build();
  await changed.restore();
  assert.is(code, 1);
  assert.equal(lines.slice(0, 2), ['Build stopped, dist/ left unchanged:', 'This is a bug in the site generator (its code or a template), not in your content:'], lines.join('\n'));
  assert.match(lines[2], /^pages\/AreaPage\.tsx:\d+:\d+: Could not render \/areas\/milan\/ with <AreaPage>\. a template fault$/);
  const stack = lines.slice(3).join('\n');
  assert.match(stack, /Caused by: TypeError: a template fault\n\s+at AreaPage \(.*pages\/AreaPage\.tsx:\d+:\d+\)/, 'the stack of the cause, from the template');
  assert.match(lines.at(-1)!, /not in your content: undo the last change to pages\/AreaPage\.tsx/);
  assert.is(await readFile(path.join(copy!.root, 'dist/index.html'), 'utf8'), before, 'dist/ untouched');
});

test('should build again once the mistakes are fixed', async () => {
  const { code, lines } = await build();
  assert.is(code, 0, lines.join('\n'));
  assert.match(lines.at(-1)!, /^\d+ pages, \d+ files generated in \d+ ms$/);
});

test.run();
