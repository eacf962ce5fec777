/**
 * Turns whatever stopped a build into words an operator can act on: what went wrong, in which
 * file and on which line, and what to do; a bug in the site's code is marked as one, with its
 * stack. It imports only lib/content/content-error.ts (the error classes are known by name), so
 * the dev server's build process can load it before the project's modules and still describe a
 * module that fails to load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContentProblem, problemLine } from '../content/content-error.ts';

/** The line that tells an owner a failure is the code's fault, printed before its stack. */
export const BUG_NOTICE = 'This is a bug in the site generator (its code or a template), not in your content:';

/** One build failure, described for an operator. Paths are relative to the project, with "/". */
export interface BuildProblem {
  /** What went wrong: one line per mistake, each naming the file (and record and field, for content). */
  lines: string[];
  /** The file to fix, e.g. "content/services/*.yaml", when known. */
  file?: string;
  /** 1-based line and column in that file, when known. */
  line?: number;
  column?: number;
  /** The text of that line of the file, when known (shown on the error page). */
  code?: string;
  /** What to do about it, in plain words. */
  hint: string;
  /** The content mistakes, each with its file, record, field, what it must be and the value given. */
  content?: ContentProblem[];
  /** Set for a bug in the site's code: its stack, then each cause's ("Caused by: ..."). */
  bug?: { stack: string };
}

/** Plain hints for esbuild's most common syntax errors in data files, by a pattern of its message; else SYNTAX_HINT. */
const SYNTAX_HINTS: [RegExp, string][] = [
  [/Unterminated string/i, 'a text is missing its closing quote: end it with the same quote it starts with'],
  [/Unexpected end of file/i, 'a bracket { [ ( opened earlier is never closed'],
  [/Expected "[}\],)]" but found/i, 'look for a missing comma between two fields, or an apostrophe inside \'…\' that ends the text early (write such text in "double quotes")'],
];
const SYNTAX_HINT = 'look for a missing comma, quote or bracket just before this point';

/** Project-relative path with forward slashes ("content/settings.yaml"), or the path as given when outside. */
function relative(root: string, file: string): string {
  const rel = path.relative(root, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** Line `n` (1-based) of a file, trimmed of its end; undefined when unreadable. */
function lineOf(root: string, file: string, n: number): string | undefined {
  try {
    return readFileSync(path.resolve(root, file), 'utf8').split(/\r?\n/)[n - 1]?.trimEnd();
  } catch {
    return undefined;
  }
}

/**
 * Describes a build failure: a ContentError (one line per problem), an OutputFolderError or
 * StaticFolderError (their lines), an esbuild syntax error in a file the build loads
 * ("<file>:<line>:<column>: ERROR: <text>"), a content file that throws as it loads, or else a bug.
 * @param error what the build threw (or what importing the project's modules threw)
 * @param root  the project folder, for relative paths and reading the failing line
 */
export function describeBuildError(error: unknown, root: string): BuildProblem {
  if ((error as Error)?.name === 'OutputFolderError') {
    return { lines: [String((error as Error).message)], hint: 'The content is fine: do what the line above says about the output folder, then build again.' };
  }
  if ((error as Error)?.name === 'StaticFolderError') {
    return { lines: String((error as Error).message).split('\n'), hint: 'Only the site is published: do what each line above says about the file in static/, then build again.' };
  }
  if ((error as Error)?.name === 'ContentError') return describeContentError(error as Error & { problems?: ContentProblem[] }, root);
  const message = String((error as Error)?.message ?? error);
  const syntax = /(?:^|\n)(.+?):(\d+):(\d+): ERROR: (.+)/.exec(message);
  if (syntax && ((error as Error)?.name === 'TransformError' || /Transform failed/.test(message))) {
    const file = relative(root, syntax[1]);
    // esbuild's columns count from 0 (its Location.column); editors count from 1.
    const [line, column] = [Number(syntax[2]), Number(syntax[3]) + 1];
    const hint = SYNTAX_HINTS.find(([re]) => re.test(syntax[4]))?.[1] ?? SYNTAX_HINT;
    return {
      lines: [`${file}:${line}:${column}: this file is not valid TypeScript (${syntax[4]}); ${hint}.`],
      file, line, column, code: lineOf(root, file, line),
      hint: `Open ${file} at line ${line}, column ${column}: ${hint}.`,
    };
  }
  // A render error wraps the template's own error as its cause ("Could not render /x/ with <Page>."):
  // the cause's stack points at the template line.
  const cause = (error as Error)?.cause as Error | undefined;
  const frame = [cause?.stack, (error as Error)?.stack].map((stack) => String(stack ?? '')).join('\n')
    .split('\n')
    .map((l) => /\(?(file:\/\/[^()\s]+?|\/[^()\s]+?|[A-Za-z]:\\[^()\s]+?):(\d+):(\d+)\)?$/.exec(l.trim()))
    .map((f) => (f && f[1].startsWith('file:') ? Object.assign([...f], { 1: fileURLToPath(f[1]) }) : f))
    .find((f) => f && !f[1].includes('node_modules') && path.resolve(f[1]).startsWith(root));
  const file = frame ? relative(root, frame[1]) : undefined;
  const line = frame ? Number(frame[2]) : undefined;
  const where = file ? `${file}:${line}:${frame![3]}: ` : '';
  const what = cause?.message ? `${message.split('\n')[0]} ${cause.message.split('\n')[0]}` : message.split('\n')[0];
  const located = { lines: [`${where}${what}`], file, line, column: frame ? Number(frame[3]) : undefined, code: file && line ? lineOf(root, file, line) : undefined };
  if (file?.startsWith('content/')) {
    // A content file that throws as it loads (e.g. a name written without quotes) is the owner's to fix.
    return { ...located, hint: `Line ${line} of ${file} uses something that does not exist or has the wrong shape: compare it with a record that works, or undo your last change there.` };
  }
  return {
    ...located,
    hint: file
      ? `This is an error in the site's code, not in your content: undo the last change to ${file}, or ask a developer.`
      : 'This is an error in the site\'s code, not in your content: undo the last change, or ask a developer.',
    bug: { stack: stackWithCauses(error) },
  };
}

/** A ContentError: a line per problem, and the file and line of the first problem's record. */
function describeContentError(error: Error & { problems?: ContentProblem[] }, root: string): BuildProblem {
  // An error that crossed a thread or process boundary may have lost its problems: its message
  // holds the same lines.
  const problems = Array.isArray(error.problems) ? error.problems : [];
  const lines = problems.length ? problems.map(problemLine) : String(error.message).split('\n');
  const first = problems[0];
  const file = first?.file;
  // The content reader puts the line where the field (or its record) is written into each problem.
  const line = first?.line;
  const files = [...new Set(problems.map((p) => p.file))];
  return {
    lines, file, line, code: file && line ? lineOf(root, file, line) : undefined,
    hint: `Fix ${lines.length > 1 ? 'each field' : 'the field'} named above in ${files.join(' and ') || 'the content file'} and save; the previous site is kept until the build succeeds.`,
    content: problems,
  };
}

/** An error's stack, then each of its causes' (at most five deep), for a developer. */
function stackWithCauses(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const text = typeof e === 'object' && 'stack' in e && (e as Error).stack ? String((e as Error).stack) : String((e as Error)?.message ?? e);
    parts.push(depth === 0 ? text : `Caused by: ${text}`);
    if (typeof e !== 'object') break;
  }
  return parts.join('\n');
}

/**
 * The one terminal form of a failure, as lines: one per content mistake (file, record, field, what
 * it must be), or for a bug in the site's code, BUG_NOTICE, where it happened, the stack with its
 * causes, and what to do. `npm run build`, `npm run check`, `npm run deploy` and the dev server's
 * terminal print these lines.
 */
export function formatProblem(problem: BuildProblem): string[] {
  if (!problem.bug) return problem.lines;
  return [BUG_NOTICE, ...problem.lines, ...problem.bug.stack.split('\n'), problem.hint];
}

/** The build's terminal form: "Build stopped, <folder> left unchanged:", then formatProblem's lines. */
export function formatForTerminal(problem: BuildProblem, outName: string): string {
  return [`Build stopped, ${outName} left unchanged:`, ...formatProblem(problem)].join('\n');
}
