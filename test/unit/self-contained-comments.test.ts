/**
 * Every comment and document in the repository is readable without anything outside it: no file
 * points at an issue number, a section of a specification the repository does not hold, or the
 * design documents kept beside the project. A comment states the rule itself, or links a public
 * source (schema.org, web.dev, an RFC, a library's issue page: a URL, which these patterns do not
 * match). A canary proves each pattern finds what it is meant to find.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../tooling/browser.ts';

/**
 * References a reader of the repository cannot follow. The patterns and the canary's samples are
 * written in pieces joined at run time, so this file passes its own scan.
 */
const OUTSIDE_REFERENCES: { name: string; pattern: RegExp }[] = [
  { name: 'an issue number', pattern: new RegExp(['\\bissues?', '\\s+#?\\d+'].join(''), 'i') },
  { name: 'a section of a specification', pattern: new RegExp(['\\bspec(?:ification)?', "(?:'s)?\\s+(?:section|§)"].join(''), 'i') },
  { name: 'a design document beside the project', pattern: new RegExp(['\\b(?:DESIGN|TESTING|DEVELOPERS|SPEC|STYLE)', '\\.md\\b'].join(''), 'i') },
  { name: 'a path outside the repository', pattern: new RegExp(['\\.\\.', '/shared/'].join('')) },
];

/** Each line of `text` that holds an outside reference, as "file:line: what (the line)". */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { name, pattern } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${name} (${line.trim().slice(0, 100)})`);
    }
  });
  return found;
}

/** This file's path from the project root (it is scanned like every other file). */
const THIS_FILE = path.relative(ROOT, new URL(import.meta.url).pathname);

const test = suite('self-contained comments');

test('no source, test, style sheet or document points outside the repository', async () => {
  const files = await fg(['**/*.{ts,tsx,js,mjs,css,md,py,sh,json,html,txt}', '.ci/*', '.env.example', '.gitignore'], {
    cwd: ROOT,
    dot: true,
    ignore: ['node_modules/**', 'dist/**', '.git/**', 'package-lock.json', '**/.cache/**'],
  });
  assert.ok(files.length > 200, `found the project's files (${files.length})`);
  assert.ok(files.includes(THIS_FILE), 'the scan sees the test folder');
  const found = files.flatMap((f) => outsideReferences(f, readFileSync(path.join(ROOT, f), 'utf8')));
  assert.equal(found, [], 'state the rule itself, or link a public source');
});

test('canary: each pattern finds its kind of reference, and a public link passes', () => {
  const samples = [
    ['// see issue', ' 13 for the budgets'],
    ['/* the spec', ' section 4.2 lists the routes */'],
    [' * as DESIGN', '.md "Visual direction" says'],
    ["import x from '..", "/shared/spec/routes.ts';"],
  ].map((pieces) => pieces.join(''));
  samples.forEach((line, i) => {
    assert.equal(outsideReferences('sample.ts', line).length, 1, `found: ${line}`);
    assert.ok(outsideReferences('sample.ts', line)[0].includes(OUTSIDE_REFERENCES[i].name), `named: ${line}`);
  });
  // The design documents beside the project, however a line spells their names.
  assert.equal(outsideReferences('sample.md', ['see the notes in testing', '.md'].join('')).length, 1);
  // A public issue page and an RFC are sources anyone can open.
  assert.equal(outsideReferences('sample.ts', '// https://github.com/GoogleChrome/web-vitals/issues/180'), []);
  assert.equal(outsideReferences('sample.ts', '// an extension dialled as RFC 3966 writes it: tel:+15055550123;ext=5'), []);
});

test.run();
