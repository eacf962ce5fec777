/**
 * A content or settings mistake, as data: which file, which record, which field, what it must be,
 * the value given and what to do. The checks (content/schema.ts, lib/content/load-content.ts,
 * lib/photos/photos.ts, lib/content/redirects.ts) collect every problem they find and throw them
 * together in one ContentError, so an owner with three mistakes sees three lines in one build.
 *
 * It imports nothing, so lib/build/build-error.ts (which the dev server loads before the content)
 * can use `problemLine` even while a content file does not compile.
 */

/** One mistake in one field of one record. Paths are relative to the project, with "/". */
export interface ContentProblem {
  /** The file to edit, e.g. "content/communities.ts". */
  file: string;
  /** How the line names the record, e.g. 'community "acoma"', 'settings', 'community #3'; absent for a problem of the whole file. */
  record?: string;
  /** The record's slug, when it has one (finds the record's line in the file), e.g. "acoma". */
  slug?: string;
  /** Dotted path of the field in the record, e.g. "page.town.services", "hours.1.days.0"; absent for a problem of the whole record. */
  field?: string;
  /** True when the record has no such field: a misspelt or extra key. The line says "unknown field". */
  unknownField?: boolean;
  /**
   * What is wrong, in the owner's words, starting with a verb: what the field must be, e.g.
   * 'must be five digits, e.g. "87020"', 'is missing: add it, e.g. county: \'Cibola\''. For an
   * unknown field, "is not a field of this record" (the line's "unknown field" says it).
   */
  expected: string;
  /** The value given in the file, where known (undefined for a missing field). */
  value?: unknown;
  /** What to do, when the check has a suggestion of its own, e.g. 'did you mean "page"?'. */
  hint?: string;
}

/**
 * The problem as the one line an owner reads, e.g.
 * `content/communities.ts: community "acoma": unknown field "pgae"; did you mean "page"?` or
 * `content/site.ts: settings: field "phone" is not a valid US phone number, e.g. "(505) 555-0123"`:
 * the file, the record, the field, what it must be, and the hint after "; ".
 */
export function problemLine(p: ContentProblem): string {
  const where = [p.file, p.record].filter(Boolean).join(': ');
  const subject = p.field === undefined ? '' : `${p.unknownField ? 'unknown field' : 'field'} "${p.field}"`;
  const what = p.unknownField ? subject : [subject, p.expected].filter(Boolean).join(/^[:;,]/.test(p.expected) ? '' : ' ');
  return `${where}: ${what}${p.hint ? `; ${p.hint}` : ''}`;
}

/**
 * Content or settings mistakes, each in `problems` with its fields; the message is one line per
 * problem (problemLine). Printed without a stack (lib/build/build-error.ts).
 */
export class ContentError extends Error {
  override name = 'ContentError';
  /** Every mistake found, in the order of the files and their records (at least one). */
  readonly problems: ContentProblem[];

  /** @param problems one problem or several (at least one) */
  constructor(problems: ContentProblem | readonly ContentProblem[]) {
    const list = Array.isArray(problems) ? [...problems] : [problems as ContentProblem];
    super(list.map(problemLine).join('\n'));
    this.problems = list;
  }
}
