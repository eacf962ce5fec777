/**
 * The form of one record: loads it (with the hash of its file) and its kind's JSON schema, shows
 * the form rjsf makes of them, and saves. The server's check is the authority, so the browser does
 * not validate: a refused save (422) shows the build's own lines beside their fields and in a list
 * at the top; a file changed on disk since it was opened (409) is said plainly, with a button to
 * load the file again.
 */
import { useEffect, useRef, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import type { RecordReply, SaveReply } from '../lib/edit/api-types.ts';
import type { FormContext } from './form-context.ts';
import { RecordForm, SaveMessage, saveFailure, type SaveState } from './RecordForm.tsx';

const schemas = new Map<string, Promise<RJSFSchema>>();

/** The kind's JSON schema, fetched once per kind. */
export function schemaOf(context: FormContext, kind: string): Promise<RJSFSchema> {
  if (!schemas.has(kind)) schemas.set(kind, context.api.get<RJSFSchema>(`/api/schema?kind=${encodeURIComponent(kind)}`));
  return schemas.get(kind)!;
}

/** Props of RecordEditor. */
export interface RecordEditorProps {
  file: string;
  context: FormContext;
  /** Called after a save the server took, with the page the record makes. */
  onSaved(reply: SaveReply): void;
  /** Extra controls under the form (the delete button of a collection record). */
  children?: (record: RecordReply) => React.ReactNode;
}

/** The form of the record in `file`, with its Save button and what the last save said. */
export function RecordEditor({ file, context, onSaved, children }: RecordEditorProps) {
  const [record, setRecord] = useState<RecordReply>();
  const [schema, setSchema] = useState<RJSFSchema>();
  const [data, setData] = useState<unknown>();
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  const [loads, setLoads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    setSave({ state: 'idle' });
    context.api.get<RecordReply>(`/api/record?file=${encodeURIComponent(file)}`).then(async (r) => {
      const s = await schemaOf(context, r.kind);
      if (!live) return;
      setRecord(r);
      setSchema(s);
      setData(r.data);
    }).catch((error) => live && setSave({ state: 'failed', error: (error as Error).message }));
    return () => { live = false; };
  }, [file, loads]);
  // A record chosen from the list: its heading takes the focus, so a phone (one column, the form
  // below the list) scrolls to the form and a screen reader says which record opened.
  const opened = record?.file;
  useEffect(() => {
    if (opened && document.activeElement?.closest('nav')) heading.current?.focus();
  }, [opened]);
  if (!record || !schema) return <p role="status">{save.state === 'failed' ? `Could not open ${file}: ${save.error}` : `Opening ${file}...`}</p>;
  const submit = async () => {
    setSave({ state: 'saving' });
    try {
      const reply = await context.api.post<SaveReply>('/api/save', { file, hash: record.hash, data });
      setRecord({ ...record, hash: reply.hash, data });
      setSave({ state: 'saved', changed: reply.changed });
      onSaved(reply);
    } catch (error) {
      setSave(saveFailure(error));
    }
  };
  return (
    <section className="record-editor" aria-labelledby="record-title">
      <h2 id="record-title" ref={heading} tabIndex={-1}>{titleOf(record)}</h2>
      <p className="file">File: <code>{file}</code></p>
      <SaveMessage save={save} onReload={() => setLoads((n) => n + 1)} />
      <RecordForm schema={schema} data={data} onChange={setData} onSubmit={submit} save={save} context={context}>
        {children?.(record)}
      </RecordForm>
    </section>
  );
}

/** A record's heading: its title, or its file's name. */
function titleOf(record: RecordReply): string {
  const data = record.data as { name?: unknown; title?: unknown } | null;
  return typeof data?.name === 'string' ? data.name : typeof data?.title === 'string' ? data.title : record.file;
}
