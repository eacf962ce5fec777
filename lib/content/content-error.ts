/**
 * A content or settings mistake, as data. The checks throw every problem they find together in
 * one ContentError, so an owner with three mistakes sees three lines in one build.
 */

/** One mistake in one field of one record. Paths are relative to the project, with "/". */
export interface ContentProblem {
  /** The file to edit, e.g. "content/areas/*.yaml". */
  file: string;
  /** How the line names the record, e.g. 'community "acoma"', 'settings', 'community #3'; absent for a problem of the whole file. */
  record?: string;
  /** The record's slug, when it has one (finds the record's line in the file), e.g. "acoma". */
  slug?: string;
  /** Dotted path of the field in the record, e.g. "page.town.services", "hours.1.days.0"; absent for a problem of the whole record. */
  field?: string;
  /** True when the record has no such field: a misspelt or extra key. The line says "unknown field". */
  unknownField?: boolean;
  /** What is wrong, in the owner's words, starting with a verb, e.g. 'must be five digits, e.g. "87020"'. */
  expected: string;
  /** The value given in the file, where known (undefined for a missing field). */
  value?: unknown;
  /** What to do, when the check has a suggestion of its own, e.g. 'did you mean "page"?'. */
  hint?: string;
  /** Line and column where the field (or, for a missing field, its record) is written, counted from 1. */
  line?: number;
  column?: number;
  /** What names each row of a list on the way to the field, e.g. ["Marcus T."] for "reviews.1.name"; "" for none. */
  rowNames?: string[];
}

/** What one row of a list is called in a line, by the list's key; any other list's row is "<key> row". */
const ROW_WORDS: Record<string, string> = {
  reviews: 'review', faqs: 'question', hours: 'hours row', videos: 'video', redirects: 'redirect', why: 'point',
  services: 'service', social: 'profile', questions: 'question', topics: 'topic', sources: 'source',
};

/**
 * A field's dotted path in an owner's words, rows counted from 1: "reviews.1.name" is
 * `review 2 (Marcus T.): field "name"`, "hours.0.days.1" is `hours row 1: field "days" (row 2)`,
 * "page.about.0" is `field "page.about" (row 1)`.
 * @param field    the dotted path, list positions from 0
 * @param rowNames what names each row on the way (ContentProblem.rowNames)
 * @param unknown  the field is not one of the record's: "unknown field"
 */
export function fieldWords(field: string, rowNames: readonly string[] = [], unknown = false): string {
  const steps = field.split('.');
  const places: string[] = [];
  let keys: string[] = [];
  let row = 0;
  for (const [i, step] of steps.entries()) {
    if (!/^\d+$/.test(step) || i === 0) {
      keys.push(step);
      continue;
    }
    const n = Number(step) + 1;
    if (i === steps.length - 1) return `${places.map((p) => `${p}: `).join('')}${unknown ? 'unknown field' : 'field'} "${keys.join('.')}" (row ${n})`;
    const listKey = keys[keys.length - 1];
    const name = rowNames[row++];
    const before = keys.slice(0, -1).join('.');
    places.push(`${before ? `${before}: ` : ''}${ROW_WORDS[listKey] ?? `${listKey} row`} ${n}${name ? ` (${name.length > 40 ? `${name.slice(0, 37)}...` : name})` : ''}`);
    keys = [];
  }
  return `${places.map((p) => `${p}: `).join('')}${unknown ? 'unknown field' : 'field'} "${keys.join('.')}"`;
}

/**
 * The problem as the one line an owner reads, e.g.
 * `content/areas/acoma.yaml:3:1: community "acoma": unknown field "pgae"; did you mean "page"?`
 */
export function problemLine(p: ContentProblem): string {
  const file = p.line === undefined ? p.file : `${p.file}:${p.line}:${p.column ?? 1}`;
  const where = [file, p.record].filter(Boolean).join(': ');
  const subject = p.field === undefined ? '' : fieldWords(p.field, p.rowNames, p.unknownField);
  const what = p.unknownField ? subject : [subject, p.expected].filter(Boolean).join(/^[:;,]/.test(p.expected) ? '' : ' ');
  return `${where}: ${what}${p.hint ? `; ${p.hint}` : ''}`;
}

/** Content or settings mistakes (at least one); the message is one line per problem (problemLine). */
export class ContentError extends Error {
  override name = 'ContentError';
  readonly problems: ContentProblem[];

  constructor(problems: ContentProblem | readonly ContentProblem[]) {
    const list = Array.isArray(problems) ? [...problems] : [problems as ContentProblem];
    super(list.map(problemLine).join('\n'));
    this.problems = list;
  }
}
