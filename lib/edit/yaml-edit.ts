/**
 * New text for a YAML content file from the data an owner saved, made from the parsed document
 * (the `yaml` package's Document, https://eemeli.org/yaml/#documents), changed only where a value
 * changed. What a save keeps of a hand-edited file:
 * - when only values of existing fields or rows changed (the usual save), each changed value's
 *   text is replaced in place, in its own quoting style ('single', "double" or plain; a text that
 *   would read as a number or yes/no is quoted), and every other byte of the file stays: comments,
 *   blank lines, key order, spacing, the written text of every other value ("35.14720");
 * - when fields or rows are added or removed, the document is edited (setIn/deleteIn) and written
 *   back whole: comments, key order, quoting and the written text of untouched values stay, and the
 *   layout is the package's own where the file's differed (spacing before a "# comment", a text
 *   folded over several lines by hand). Every file of the sample content is written back byte for
 *   byte. Rows of a list are compared by position: removing a row rewrites the rows after it.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar } from 'yaml';

/** True when two plain JSON-like values are equal (an undefined field counts as absent). */
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

/** One changed value of an existing scalar. */
interface ValueEdit {
  node: Scalar;
  value: string | number | boolean | null;
}

/** What an edit found: the scalar values to change, and whether fields or rows were added or removed. */
interface Changes {
  values: ValueEdit[];
  structural: boolean;
}

const isPlainValue = (v: unknown): v is ValueEdit['value'] => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Collects (and, for additions and removals, applies) the differences between `before` and `after` at `at`. */
function edit(doc: Document, at: (string | number)[], before: unknown, after: unknown, changes: Changes): void {
  if (sameData(before, after)) return;
  const node = at.length ? doc.getIn(at, true) : doc.contents;
  if (isPlainObject(before) && isPlainObject(after) && isMap(node)) {
    for (const key of Object.keys(before)) {
      if (after[key] === undefined && before[key] !== undefined) {
        doc.deleteIn([...at, key]);
        changes.structural = true;
      }
    }
    for (const [key, value] of Object.entries(after)) {
      if (value === undefined) continue;
      if (before[key] !== undefined) edit(doc, [...at, key], before[key], value, changes);
      else {
        doc.setIn([...at, key], doc.createNode(value));
        changes.structural = true;
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && isSeq(node)) {
    // A list written empty, "redirects: []", gets its first rows one a line, as lists are written by hand.
    if (before.length === 0 && after.length > 0) node.flow = false;
    for (let i = before.length - 1; i >= after.length; i--) doc.deleteIn([...at, i]);
    for (const [i, value] of after.entries()) {
      if (i < before.length) edit(doc, [...at, i], before[i], value, changes);
      else doc.setIn([...at, i], doc.createNode(value));
    }
    if (before.length !== after.length) changes.structural = true;
    return;
  }
  if (isScalar(node) && isPlainValue(after) && !node.anchor && !node.tag) {
    changes.values.push({ node, value: after });
    return;
  }
  changes.structural = true;
  if (at.length) doc.setIn(at, doc.createNode(after));
  else doc.contents = doc.createNode(after) as Document['contents'];
}

/**
 * The ways of writing a whole document tried, first the one that keeps long lines whole: the
 * first that gives the file's own text back is used for the edited text.
 */
const WRITE_OPTIONS = [{ lineWidth: 0 }, {}] as const;

/** A scalar's new text in its old style, on one line; undefined when it needs several lines. */
function scalarText(node: Scalar, value: ValueEdit['value']): string | undefined {
  const copy = new Scalar(value);
  if (node.type === Scalar.PLAIN || node.type === Scalar.QUOTE_SINGLE || node.type === Scalar.QUOTE_DOUBLE) copy.type = node.type;
  else return undefined;
  const text = new Document(copy).toString(WRITE_OPTIONS[0]).replace(/\n$/, '');
  return text.includes('\n') ? undefined : text;
}

/** `text` with each changed value replaced where it is written, or undefined when one cannot be. */
function spliced(text: string, values: readonly ValueEdit[]): string | undefined {
  let out = text;
  for (const { node, value } of [...values].sort((a, b) => b.node.range![0] - a.node.range![0])) {
    const [start, end] = node.range!;
    const replacement = scalarText(node, value);
    if (replacement === undefined || text.slice(start, end).includes('\n')) return undefined;
    out = out.slice(0, start) + replacement + out.slice(end);
  }
  return out;
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
  const changes: Changes = { values: [], structural: false };
  edit(doc, [], before, after, changes);
  const inPlace = changes.structural ? undefined : spliced(text, changes.values);
  for (const { node, value } of changes.values) {
    node.value = value;
    delete node.source;
  }
  const whole = doc.toString(options);
  // The text changed in place must read as the whole document does; else the whole is written.
  return inPlace !== undefined && sameData(parseDocument(inPlace).toJS(), parseDocument(whole).toJS()) ? inPlace : whole;
}

/** The text of a new file holding `data`. */
export function newYaml(data: unknown): string {
  return new Document(data).toString(WRITE_OPTIONS[0]);
}
