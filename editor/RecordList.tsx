/**
 * The list of what an owner edits, by kind (settings, home page, communities, ...), each record a
 * button that opens its form; "Add a community" and "Add a service" under their lists; and the
 * recently deleted records, each with Restore.
 */
import type { RecordsReply } from '../lib/edit/api-types.ts';

/** What the main pane shows: a record's form, or the add form of a kind. */
export type Selection = { file: string } | { add: 'community' | 'service' };

/** Props of RecordList. */
export interface RecordListProps {
  records: RecordsReply;
  selected?: Selection;
  onSelect(selection: Selection): void;
  onRestore(file: string): void;
}

/** The side list. */
export function RecordList({ records, selected, onSelect, onRestore }: RecordListProps) {
  const isOpen = (file: string) => selected !== undefined && 'file' in selected && selected.file === file;
  return (
    <nav className="record-list" aria-label="What to edit">
      {records.kinds.map((group) => (
        <section key={group.kind} aria-labelledby={`kind-${group.kind}`}>
          <h2 id={`kind-${group.kind}`}>{group.label}</h2>
          <ul>
            {group.records.map((r) => (
              <li key={r.file}>
                <button type="button" aria-current={isOpen(r.file) ? 'page' : undefined} onClick={() => onSelect({ file: r.file })}>{r.title}</button>
              </li>
            ))}
          </ul>
          {(group.kind === 'community' || group.kind === 'service') && (
            <button type="button" className="add" onClick={() => onSelect({ add: group.kind as 'community' | 'service' })}>
              Add a {group.kind}
            </button>
          )}
        </section>
      ))}
      {records.deleted.length > 0 && (
        <section aria-labelledby="kind-deleted">
          <h2 id="kind-deleted">Recently deleted</h2>
          <p className="help">Kept until you next publish.</p>
          <ul>
            {records.deleted.map((d) => (
              <li key={d.file} className="deleted">
                <span>{d.title}</span>
                <button type="button" onClick={() => onRestore(d.file)} aria-label={`Restore ${d.title}`}>Restore</button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </nav>
  );
}
