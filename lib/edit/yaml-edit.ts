/**
 * New text for a YAML content file from the data an owner saved, made by editing the parsed
 * document (the `yaml` package's Document: setIn/deleteIn, https://eemeli.org/yaml/#documents)
 * only where a value changed. What this keeps of a hand-edited file: every comment, blank line,
 * key order, quoting style and the exact text of every value left untouched (e.g. "35.14720"
 * stays written so), as long as the package writes the unedited document back as it was (true of
 * every file of the sample content; a file with a text folded over several lines by hand, or
 * unusual spacing inside [ ] lists, has those re-written in the package's layout on its first save). A changed value is written the way the `yaml` package writes it (a text that
 * would read as another type is quoted); a list whose length changes has its rows compared by
 * position, so a row removed in the middle rewrites the rows after it (their comments kept where
 * the row stays).
 */
import { Document, isMap, isSeq, parseDocument } from 'yaml';

/** True when two plain JSON-like values are equal. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameData(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const other = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === other.length && keys.every((k) => sameData(a[k], b[k]));
  }
  return false;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Applies the differences between `before` and `after` at `at` to the document. */
function edit(doc: Document, at: (string | number)[], before: unknown, after: unknown): void {
  if (sameData(before, after)) return;
  const node = at.length ? doc.getIn(at, true) : doc.contents;
  if (isPlainObject(before) && isPlainObject(after) && isMap(node)) {
    for (const key of Object.keys(before)) if (after[key] === undefined && before[key] !== undefined) doc.deleteIn([...at, key]);
    for (const [key, value] of Object.entries(after)) {
      if (value === undefined) continue;
      if (before[key] === undefined) doc.setIn([...at, key], doc.createNode(value));
      else edit(doc, [...at, key], before[key], value);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && isSeq(node)) {
    for (let i = before.length - 1; i >= after.length; i--) doc.deleteIn([...at, i]);
    for (const [i, value] of after.entries()) {
      if (i < before.length) edit(doc, [...at, i], before[i], value);
      else doc.setIn([...at, i], doc.createNode(value));
    }
    return;
  }
  if (at.length) doc.setIn(at, doc.createNode(after));
  else doc.contents = doc.createNode(after) as Document['contents'];
}

/**
 * The file's new text.
 * @param text   the file's text now
 * @param before the data read from it (lib/content/yaml-file.ts readYaml: values as the schema reads them)
 * @param after  the data saved
 * @returns `text` itself when the data did not change
 */
export function editedYaml(text: string, before: unknown, after: unknown): string {
  if (sameData(before, after)) return text;
  const doc = parseDocument(text);
  const options = WRITE_OPTIONS.find((o) => doc.toString(o) === text) ?? WRITE_OPTIONS[0];
  edit(doc, [], before, after);
  return doc.toString(options);
}

/**
 * The ways of writing a document tried, first the one that keeps long lines whole: the options
 * that give the file's own text back unchanged are used for the edited text (a file whose long
 * texts the owner folded by hand over several lines is written with the package's own folding).
 */
const WRITE_OPTIONS = [{ lineWidth: 0 }, {}] as const;

/** The text of a new file holding `data`. */
export function newYaml(data: unknown): string {
  return new Document(data).toString(WRITE_OPTIONS[0]);
}
