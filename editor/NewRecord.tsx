/**
 * Adds a community or a service: its page address (the slug, which names its file) and its form,
 * filled in from a copy of a record of the same kind the owner picks (every field of a new town is
 * required, so starting from a neighbour's texts is quicker than from nothing), placed after the
 * last one in the lists. The server checks it as the build does and writes the file.
 */
import { useEffect, useId, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { CreateReply, RecordReply, RecordSummary } from '../lib/edit/api-types.ts';
import type { FormContext } from './form-context.ts';
import { RecordForm, SaveMessage, saveFailure, type SaveState } from './RecordForm.tsx';
import { schemaOf } from './RecordEditor.tsx';

/** Props of NewRecord. */
export interface NewRecordProps {
  kind: 'community' | 'service';
  /** The kind's records, the first one the default copy. */
  records: RecordSummary[];
  context: FormContext;
  onCreated(reply: CreateReply): void;
}

/** The "add" form. */
export function NewRecord({ kind, records, context, onCreated }: NewRecordProps) {
  const id = useId();
  const [slug, setSlug] = useState('');
  const [from, setFrom] = useState(records[0]?.file ?? '');
  const [schema, setSchema] = useState<RJSFSchema>();
  const [data, setData] = useState<unknown>();
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  useEffect(() => {
    let live = true;
    Promise.all([schemaOf(context, kind), ...records.map((r) => context.api.get<RecordReply>(`/api/record?file=${encodeURIComponent(r.file)}`))]).then(([s, ...all]) => {
      if (!live) return;
      const orders = all.map((r) => Number((r.data as { order?: unknown }).order)).filter(Number.isFinite);
      const copy = all.find((r) => r.file === from)?.data as Record<string, unknown> | undefined;
      setSchema(s as RJSFSchema);
      setData({ ...copy, order: Math.max(0, ...orders) + 10 });
    }).catch((error) => live && setSave({ state: 'failed', error: (error as Error).message }));
    return () => { live = false; };
  }, [kind, from]);
  const submit = async () => {
    setSave({ state: 'saving' });
    try {
      onCreated(await context.api.post<CreateReply>('/api/create', { kind, slug, data }));
    } catch (error) {
      setSave(saveFailure(error));
    }
  };
  const noun = kind === 'community' ? 'community' : 'service';
  return (
    <section className="record-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add a {noun}</h2>
      <div className="field">
        <label htmlFor={`${id}-slug`}>Page address: lowercase words joined by "-"</label>
        <p id={`${id}-slug-help`} className="help">The {noun}'s page will be {kind === 'community' ? '/areas/' : '/services/'}<strong>{slug || 'fence-lake'}</strong>/; the file is named after it.</p>
        <input id={`${id}-slug`} type="text" value={slug} onChange={(e) => setSlug(e.target.value)} aria-describedby={`${id}-slug-help`} placeholder="fence-lake" autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>Start from a copy of</label>
        <select id={`${id}-from`} value={from} onChange={(e) => setFrom(e.target.value)}>
          {records.map((r) => <option key={r.file} value={r.file}>{r.title}</option>)}
        </select>
      </div>
      <SaveMessage save={save} />
      {schema && data !== undefined && (
        <RecordForm schema={schema} data={data} onChange={setData} onSubmit={submit} save={save} context={context} submitLabel={`Add this ${noun}`} />
      )}
    </section>
  );
}
