/**
 * `npm run figures -- [COMMIT ...]`: the size figures of the project at one or more commits
 * (default HEAD), one column each, read from `git archive` of each commit into a temporary folder
 * (no checkout, the working tree untouched; the folder is removed at the end). Definitions, also in
 * docs/benchmarks.md#size-npm-run-figures:
 *
 * - Source lines: every line (blank and comment lines included) of every file tracked at the commit
 *   whose name ends in one of SOURCE_EXTENSIONS, outside `test/`. Whole-repository totals, so
 *   moving code between folders changes nothing; the `content/` share (schemas and content written
 *   as code, at older commits) is shown on its own line, and "outside test/ and content/" is the
 *   total less it. "Code lines" are the same files without blank and comment-only lines (comments
 *   as TypeScript's scanner reads them; `#` lines in Python).
 * - Browser editor: the same counts for `lib/edit/` and `editor/` (0 where absent).
 * - Walk files: the source files a reader opens following a path, from the import graph of the
 *   command's entry file (the `.ts` file of its npm script) as madge reads it (static and dynamic
 *   `import`, type-only imports left out, project files only). The walk is every module that lies
 *   on an import chain from the entry to a target, plus every module a target imports
 *   (transitively), plus the record file when it is not a module. Targets: for the page
 *   /areas/grants/ (`npm run build`), the record's file (or the modules importing the `yaml`
 *   parser, when the record is a YAML file), the module of the area page component, and the
 *   modules importing `react-dom/server` (page to HTML) or `html-minifier-terser` (the final
 *   bytes), and the module the entry hands the files to (`lib/write.ts`). A second figure counts
 *   the import chains only: the same walk without the modules the targets import (the path from
 *   the command to the bytes, not everything called on it). For `npm run deploy` to
 *   its first upload: every module its entry imports (transitively) that `npm run build`'s entry
 *   does not, the entry included: the deploy's own modules (imports do not tell which of them run
 *   before the first upload, so all count); the build it runs first is the page walk's. Worker
 *   files started with `new Worker(url)` are not followed.
 * - Tests: `test(` registrations counted in the source, not run: calls, in files under `test/`,
 *   of a name bound to uvu's `suite(...)` or uvu's `test` (also `.only`/`.skip`) with a function as
 *   last argument. A call inside a loop counts once.
 *
 * Usage: npm run figures -- 11b1209 HEAD [--files]   (--files: list each walk's files)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import madge from 'madge';
import ts from 'typescript';

/** File name endings counted as source. */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.py'];
const EDITOR_FOLDERS = ['lib/edit/', 'editor/'];

interface LineCount {
  lines: number;
  code: number;
}

interface Figures {
  commit: string;
  all: LineCount;
  content: LineCount;
  editor: Record<string, LineCount>;
  pageWalk: string[];
  pageChains: string[];
  deployWalk: string[];
  tests: number;
  testFiles: number;
}

const git = (args: string[]): string => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });

/** Lines of one file: all of them, and those holding code (not blank, not only a comment). */
function countLines(file: string, text: string): LineCount {
  const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (file.endsWith('.py')) {
    return { lines, code: text.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length };
  }
  const codeLines = new Set<number>();
  const variant = file.endsWith('x') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) continue;
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    const first = source.getLineAndCharacterOfPosition(scanner.getTokenPos()).line;
    const last = source.getLineAndCharacterOfPosition(scanner.getTextPos()).line;
    for (let l = first; l <= last; l++) codeLines.add(l);
  }
  return { lines, code: codeLines.size };
}

function sum(counts: LineCount[]): LineCount {
  return counts.reduce((a, b) => ({ lines: a.lines + b.lines, code: a.code + b.code }), { lines: 0, code: 0 });
}

/** The entry file of an npm script ("tsx scripts/deploy.ts" -> "scripts/deploy.ts"). */
function scriptEntry(dir: string, script: string): string {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const entry = pkg.scripts[script]?.split(/\s+/).filter((word) => /\.[cm]?tsx?$/.test(word)).at(-1);
  if (!entry) throw new Error(`package.json: the script "${script}" runs no .ts file`);
  return entry;
}

/** The project's import graph from one entry: module -> the project modules it imports. */
async function importGraph(dir: string, entry: string): Promise<Record<string, string[]>> {
  const detective = { skipTypeImports: true, skipAsyncImports: false };
  // detectiveOptions is read by madge 8 but missing from its type declarations.
  const config = {
    baseDir: dir,
    fileExtensions: ['ts', 'tsx', 'mts', 'mjs', 'js'],
    tsConfig: path.join(dir, 'tsconfig.json'),
    detectiveOptions: { ts: detective, tsx: detective, es6: detective },
  };
  const result = await madge(path.join(dir, entry), config);
  return result.obj();
}

/**
 * Modules on an import chain from `entry` to a target (the targets included), plus, with
 * `targetImports`, every module a target imports.
 */
function walk(graph: Record<string, string[]>, entry: string, targets: Set<string>, targetImports: boolean): Set<string> {
  const importers: Record<string, string[]> = {};
  for (const [m, deps] of Object.entries(graph)) for (const d of deps) (importers[d] ??= []).push(m);
  const reachable = closure(graph, [entry]);
  const reached = [...targets].filter((t) => reachable.has(t));
  const leadToTarget = closure(importers, reached);
  return new Set([...[...reachable].filter((m) => leadToTarget.has(m)), ...(targetImports ? closure(graph, reached) : [])]);
}

function closure(graph: Record<string, string[]>, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    stack.push(...(graph[m] ?? []));
  }
  return seen;
}

const importsPackage = (dir: string, file: string, pkgs: string[]): boolean => {
  const text = readFileSync(path.join(dir, file), 'utf8');
  return pkgs.some((p) => new RegExp(`(from|import\\()\\s*['"]${p}['"]`).test(text));
};

/** The file holding the record of the area "grants" at this commit. */
function recordFile(dir: string, files: string[]): string {
  const own = files.find((f) => /^content\/areas\/grants\.[a-z]+$/.test(f));
  if (own) return own;
  const holder = files.find((f) => f.startsWith('content/') && /(slug|id):\s*['"]grants['"]/.test(readFileSync(path.join(dir, f), 'utf8')));
  if (!holder) throw new Error('no record of the area "grants" found under content/');
  return holder;
}

/** The page walk: with the targets' own imports (`full`), and the import chains alone (`chains`). */
async function pageWalk(dir: string, files: string[]): Promise<{ full: string[]; chains: string[] }> {
  const entry = scriptEntry(dir, 'build');
  const graph = await importGraph(dir, entry);
  const record = recordFile(dir, files);
  const modules = Object.keys(graph);
  const targets = new Set(modules.filter((m) =>
    m === record || /(^|\/)AreaPage\.tsx$/.test(m) || m === 'lib/write.ts' ||
    importsPackage(dir, m, ['react-dom/server', 'html-minifier-terser', ...(record.endsWith('.yaml') ? ['yaml'] : [])])));
  const walked = (targetImports: boolean) => {
    const found = walk(graph, entry, targets, targetImports);
    if (!(record in graph)) found.add(record);
    return [...found].sort();
  };
  return { full: walked(true), chains: walked(false) };
}

async function deployWalk(dir: string): Promise<string[]> {
  const build = new Set(Object.keys(await importGraph(dir, scriptEntry(dir, 'build'))));
  return Object.keys(await importGraph(dir, scriptEntry(dir, 'deploy'))).filter((m) => !build.has(m)).sort();
}

/** `test(` registrations in one test source file (see the header). */
function countTests(file: string, text: string): number {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isCallExpression(node.initializer)
      && ts.isIdentifier(node.initializer.expression) && node.initializer.expression.text === 'suite') names.add(node.name.text);
    if (ts.isImportDeclaration(node) && (node.moduleSpecifier as ts.StringLiteral).text === 'uvu') {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const b of bindings.elements) if ((b.propertyName ?? b.name).text === 'test') names.add(b.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const callee = (e: ts.Expression): string | undefined =>
    ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) && ['only', 'skip'].includes(e.name.text) && ts.isIdentifier(e.expression) ? e.expression.text : undefined;
  const countCalls = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = callee(node.expression);
      const last = node.arguments.at(-1);
      if (name && names.has(name) && node.arguments.length >= 2 && last && (ts.isArrowFunction(last) || ts.isFunctionExpression(last) || ts.isIdentifier(last))) count++;
    }
    ts.forEachChild(node, countCalls);
  };
  countCalls(source);
  return count;
}

async function measure(commit: string): Promise<Figures> {
  const sha = git(['rev-parse', '--short', `${commit}^{commit}`]).trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'figures-'));
  try {
    const tar = path.join(dir, '.archive.tar');
    git(['archive', '--format=tar', '-o', tar, sha]);
    execFileSync('tar', ['-xf', tar, '-C', dir]);
    const files = git(['ls-tree', '-r', '--name-only', sha]).split('\n').filter(Boolean);
    const source = files.filter((f) => SOURCE_EXTENSIONS.some((e) => f.endsWith(e)) && !f.startsWith('test/'));
    const counted = new Map(source.map((f) => [f, countLines(f, readFileSync(path.join(dir, f), 'utf8'))]));
    const under = (folder: string): LineCount => sum([...counted].filter(([f]) => f.startsWith(folder)).map(([, c]) => c));
    const testFiles = files.filter((f) => f.startsWith('test/') && /\.[cm]?tsx?$/.test(f));
    return {
      commit: sha,
      all: sum([...counted.values()]),
      content: under('content/'),
      editor: Object.fromEntries(EDITOR_FOLDERS.map((f) => [f, under(f)])),
      ...await pageWalk(dir, files).then((w) => ({ pageWalk: w.full, pageChains: w.chains })),
      deployWalk: await deployWalk(dir),
      tests: testFiles.reduce((n, f) => n + countTests(f, readFileSync(path.join(dir, f), 'utf8')), 0),
      testFiles: testFiles.filter((f) => f.endsWith('.test.ts')).length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function table(all: Figures[]): string {
  const editor = (f: Figures): LineCount => sum(Object.values(f.editor));
  const rows: [string, (f: Figures) => number][] = [
    ['source lines outside test/', (f) => f.all.lines],
    ['  of which under content/', (f) => f.content.lines],
    ['  outside test/ and content/', (f) => f.all.lines - f.content.lines],
    ...EDITOR_FOLDERS.map((d): [string, (f: Figures) => number] => [`  of which ${d} (browser editor)`, (f) => f.editor[d].lines]),
    ['  outside test/, without the editor', (f) => f.all.lines - editor(f).lines],
    ['code lines outside test/ (no blank, no comment)', (f) => f.all.code],
    ['  outside test/ and content/', (f) => f.all.code - f.content.code],
    ['  outside test/, without the editor', (f) => f.all.code - editor(f).code],
    ['files: /areas/grants/ record to HTML file', (f) => f.pageWalk.length],
    ['  import chains to the targets only', (f) => f.pageChains.length],
    ['files: npm run deploy to its first upload', (f) => f.deployWalk.length],
    ['test registrations (counted, not run)', (f) => f.tests],
    ['test files', (f) => f.testFiles],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const head = `${''.padEnd(width)}  ${all.map((f) => f.commit.padStart(9)).join('  ')}`;
  return [head, ...rows.map(([label, get]) => `${label.padEnd(width)}  ${all.map((f) => String(get(f)).padStart(9)).join('  ')}`)].join('\n');
}

const listFiles = process.argv.includes('--files');
const commits = process.argv.slice(2).filter((a) => a !== '--files');
const figures: Figures[] = [];
for (const commit of commits.length ? commits : ['HEAD']) figures.push(await measure(commit));
console.log(table(figures));
if (listFiles) {
  for (const f of figures) {
    const chains = new Set(f.pageChains);
    const pageFiles = f.pageWalk.map((m) => (chains.has(m) ? m : `${m}  (a target's import)`)).join('\n  ');
    console.log(`\n${f.commit} page walk:\n  ${pageFiles}\n${f.commit} deploy walk:\n  ${f.deployWalk.join('\n  ')}`);
  }
}
