/**
 * `npm run build` on a copy of the project with a mistake in a YAML content file: it stops with a
 * "Build stopped" line and one line per mistake, each with the file, line and column (a tab, bad
 * indentation, an unquoted ": ", an unclosed quote, each with what to do; the record and key of a
 * misspelt field; each mistake in the stated hours, rows counted from 1; every mistake of several
 * records and files in one run), exit code 1, no stack trace, dist/ as it was; an unquoted ZIP is
 * read as written. A
 * template that throws is called a bug, with its route and its stack. The real project files are
 * never edited. Builds stopped by a single mistake run the copy's build.ts in this process
 * (buildHere); the others, the several-mistakes one included, run it as a process of its own.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildInCopy, copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

const test = suite('npm run build on a content mistake');
let copy: ProjectCopy | undefined;
test.before(async () => { copy = await copyProject(); });
test.after(async () => { await copy?.remove(); });

/** Runs build.ts in the copy, a process of its own; resolves with its exit code and output lines. */
const build = () => buildInCopy(copy!);

/**
 * Runs the copy's `npm run build` (its build.ts runBuild, all that build.ts's process does) in this
 * process, with the output lines and exit code build() would give: the generator is loaded once,
 * not once a run (seconds each). For content mistakes only: a changed module of the copy is not
 * loaded again here, so a build after a code edit runs as build().
 */
async function buildHere(): Promise<{ code: number; lines: string[] }> {
  // tsx with the copy's tsconfig.json, whose JSX settings cover the copy's files (this one's do not).
  // Its API resolved by Node, which reads the package's "exports" (madge, in import-rules, cannot).
  const { tsImport } = await import(import.meta.resolve('tsx/esm/api')) as { tsImport(file: string, options: { parentURL: string; tsconfig: string }): Promise<unknown> };
  const { runBuild } = await tsImport(path.join(copy!.root, 'build.ts'), { parentURL: import.meta.url, tsconfig: path.join(copy!.root, 'tsconfig.json') }) as typeof import('../../build.ts');
  // Everything the process would print, console or not (a warning, a stray write), is captured.
  const printed: string[] = [];
  const { stdout, stderr } = process;
  const writes = [stdout.write, stderr.write] as const;
  stdout.write = stderr.write = ((chunk: string | Uint8Array) => { printed.push(String(chunk)); return true; }) as typeof stdout.write;
  const distDir = process.env.DIST_DIR;
  process.env.DIST_DIR = 'dist';
  try {
    const code = await runBuild();
    return { code, lines: printed.join('').split('\n').filter((l) => l.trim()) };
  } finally {
    [stdout.write, stderr.write] = writes;
    if (distDir === undefined) delete process.env.DIST_DIR;
    else process.env.DIST_DIR = distDir;
  }
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

/** The line (from 1) of the first line of `text` that includes `part`. */
const lineOf = (text: string, part: string) => text.split('\n').findIndex((l) => l.includes(part)) + 1;

test('should report each YAML mistake an owner makes as one line with file, line and what to do', async () => {
  const cases: [file: string, from: string | RegExp, to: string, expected: (text: string) => string][] = [
    ['content/settings.yaml', '  locality: Grants', '\tlocality: Grants', (t) => `content/settings.yaml:${lineOf(t, '\tlocality')}:1: is indented with a tab: indent with spaces only (two per level)`],
    ['content/settings.yaml', '  region: NM', '   region: NM', (t) => `content/settings.yaml:${lineOf(t, '   region')}:1: is indented more than the field above it (line ${lineOf(t, '   region') - 1}): line it up with that field`],
    ['content/areas/milan.yaml', /^description: .*$/m, 'description: Note: we come to you', (t) => `content/areas/milan.yaml:${lineOf(t, 'description: Note')}:14: has a text with ": " (a colon and a space) in it: put the whole text in quotes, e.g. description: "Note: we come to you"`],
    ['content/services/car-lockout.yaml', /^summary: /m, 'summary: "We\'ll ', (t) => `content/services/car-lockout.yaml:${lineOf(t, 'summary: "We')}:10: has a quote that is not closed: end the text with the same quote it starts with`],
  ];
  for (const [file, from, to, expected] of cases) {
    const changed = await edit(file, from, to);
    const { code, lines } = await buildHere();
    await changed.restore();
    assert.is(code, 1, to);
    assert.equal(lines, ['Build stopped, dist/ left unchanged:', expected(changed.text)]);
  }
});

test('should stop on a misspelt key, naming the line, the record and the key', async () => {
  const changed = await edit('content/areas/acoma.yaml', /^page:/m, 'pgae:');
  const { code, lines } = await buildHere();
  await changed.restore();
  assert.is(code, 1);
  assert.equal(lines, ['Build stopped, dist/ left unchanged:', `content/areas/acoma.yaml:${lineOf(changed.text, 'pgae:')}:1: community "acoma": unknown field "pgae"; did you mean "page"?`]);
});

test('should read an unquoted ZIP, time or phone as written', async () => {
  const changed = await edit('content/areas/milan.yaml', 'zipCode: "87021"', 'zipCode: 87021');
  const { code, lines } = await build();
  await changed.restore();
  assert.is(code, 0, lines.join('\n'));
  assert.match(await readFile(path.join(copy!.root, 'dist/service-areas/index.html'), 'utf8'), '87021');
});

test('should refuse "7am-7pm", "Saturdy" and "25:00" in the hours, one line each naming the file, row and field, leaving dist/ as it was', async () => {
  // The unquoted-ZIP case built dist/ already; a build runs here only when this case runs alone.
  if (!existsSync(path.join(copy!.root, 'dist/index.html'))) {
    const first = await build();
    assert.is(first.code, 0, first.lines.join('\n'));
  }
  const page = () => readFile(path.join(copy!.root, 'dist/index.html'), 'utf8');
  const before = await page();
  const cases: [string | RegExp, string, (text: string) => string][] = [
    ['hours: 06:00-23:00', 'hours: 7am-7pm', (t) => `content/settings.yaml:${lineOf(t, '7am-7pm')}:12: settings: hours row 1: field "hours" must be "closed", "all day" or an opening and closing time in 24-hour form like "06:00-23:00", not '7am-7pm'`],
    ['      - Saturday', '      - Saturdy', (t) => `content/settings.yaml:${lineOf(t, 'Saturdy')}:9: settings: hours row 2: field "days" (row 1) must be a day of the week spelt out, e.g. "Monday", not 'Saturdy'; did you mean "Saturday"?`],
    ['hours: 09:00-22:00', 'hours: 09:00-25:00', (t) => `content/settings.yaml:${lineOf(t, '09:00-25:00')}:12: settings: hours row 2: field "hours" must use times of day from 00:00 to 23:59 ("25:00" is not one; for a day open round the clock write "all day"), not '09:00-25:00'`],
  ];
  for (const [from, to, line] of cases) {
    const changed = await edit('content/settings.yaml', from, to);
    const { code, lines } = await buildHere();
    await changed.restore();
    assert.is(code, 1, to);
    assert.equal(lines, ['Build stopped, dist/ left unchanged:', line(changed.text)]);
    assert.is(await page(), before, 'dist/ untouched');
  }
});

test('should report four mistakes in three files in one build, a line each with file, line, record and field', async () => {
  const edits = [
    await edit('content/areas/acoma.yaml', /^page:/m, 'pgae:'),
    await edit('content/areas/milan.yaml', 'zipCode: "87021"', 'zipCode: "8702"'),
    await edit('content/services/car-lockout.yaml', 'banner: none', 'banner: flashing'),
    await edit('content/home.yaml', '  - name: James T.\n    location: Milan', '  - location: Milan'),
  ];
  const { code, lines } = await build();
  for (const changed of edits.reverse()) await changed.restore();
  assert.is(code, 1);
  assert.equal(lines.slice(0, 1), ['Build stopped, dist/ left unchanged:']);
  assert.is(lines.length, 5, lines.join('\n'));
  const all = lines.slice(1).join('\n');
  assert.match(all, /^content\/services\/car-lockout\.yaml:\d+:9: service "car-lockout": field "banner" must be one of none, emergency-strip, do-not-remove, not the text flashing$/m, all);
  assert.match(all, /^content\/home\.yaml:\d+:5: home: review 2: field "name" is missing: add it, e\.g\. name: Maria G\.$/m);
  assert.match(all, /^content\/areas\/acoma\.yaml:\d+:1: community "acoma": unknown field "pgae"; did you mean "page"\?$/m);
  assert.match(all, /^content\/areas\/milan\.yaml:\d+:10: community "milan": field "zipCode" must be five digits, e\.g\. "87020"$/m);
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
