/**
 * The editor's page: two tabs, Edit and Publish. Edit shows the list of records, the form of the
 * chosen one (or the form that adds a community or a service) and, beside it, the real page the
 * record makes, loaded again after each save.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CreateReply, DeleteReply, PhotosReply, PreviewReply, RecordsReply, RestoreReply, SaveReply } from '../lib/edit/api-types.ts';
import type { ApiClient } from './api.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import type { FormContext } from './form-context.ts';
import { NewRecord } from './NewRecord.tsx';
import { Preview } from './Preview.tsx';
import PublishPanel from './publish/PublishPanel.tsx';
import { RecordEditor } from './RecordEditor.tsx';
import { RecordList, type Selection } from './RecordList.tsx';

type Tab = 'edit' | 'publish';

/** The site's pages the records make, and the list pages, for the redirect choice. */
function pagesOf(records: RecordsReply): string[] {
  const pages = records.kinds.flatMap((k) => k.records.map((r) => r.page)).filter((p): p is string => !!p);
  return [...new Set(['/', '/service-areas/', '/services/', ...pages])];
}

/** The page a selection shows in the preview. */
function pageOf(records: RecordsReply | undefined, selection: Selection | undefined): string {
  if (!records || !selection || !('file' in selection)) return '/';
  return records.kinds.flatMap((k) => k.records).find((r) => r.file === selection.file)?.page ?? '/';
}

/** The editor app. */
export function App({ api }: { api: ApiClient }) {
  const [tab, setTab] = useState<Tab>('edit');
  const [records, setRecords] = useState<RecordsReply>();
  const [selection, setSelection] = useState<Selection>();
  const [version, setVersion] = useState(0);
  const [photos, setPhotos] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const reload = useCallback(async () => {
    try {
      const [reply, build] = await Promise.all([api.get<RecordsReply>('/api/records'), api.get<PreviewReply>('/api/preview')]);
      setRecords(reply);
      setFailure(build.ok ? '' : `The site does not build yet, so the preview shows the last good build: ${build.error ?? ''}`);
      setSelection((s) => s ?? { file: reply.kinds[0]?.records[0]?.file });
    } catch (error) {
      setFailure(`The editor server did not answer: ${(error as Error).message}`);
    }
  }, [api]);
  const refreshPhotos = useCallback(async () => setPhotos((await api.get<PhotosReply>('/api/photos')).photos.map((p) => p.name)), [api]);
  useEffect(() => { void reload(); void refreshPhotos().catch(() => undefined); }, [reload, refreshPhotos]);
  const context = useMemo<FormContext>(() => ({ api, photos, refreshPhotos, thumbnail: (n) => `/api/photo-thumbnail?name=${encodeURIComponent(n)}` }), [api, photos, refreshPhotos]);
  const saved = (_reply: SaveReply) => { setVersion((v) => v + 1); void reload(); };
  const created = (reply: CreateReply) => { setNotice(`Added ${reply.page ?? reply.file}.`); setSelection({ file: reply.file }); setVersion((v) => v + 1); void reload(); };
  const deleted = (reply: DeleteReply) => {
    setNotice(`Deleted ${reply.deleted}${reply.redirect ? `; ${reply.redirect.from} now goes to ${reply.redirect.to}` : ''}. It is under "Recently deleted" until you next publish.`);
    setSelection(undefined);
    setVersion((v) => v + 1);
    void reload();
  };
  const restore = async (file: string) => {
    try {
      const reply = await api.post<RestoreReply>('/api/restore', { file });
      setNotice(`Restored ${reply.file}.`);
      setSelection({ file: reply.file });
      setVersion((v) => v + 1);
      await reload();
    } catch (error) {
      const problems = (error as { body?: { problems?: { message: string }[] } }).body?.problems;
      setNotice(`Not restored: ${problems?.map((p) => p.message).join(' ') ?? (error as Error).message}`);
    }
  };
  return (
    <>
      <header className="top">
        <h1>Edit your site</h1>
        <div role="tablist" aria-label="Editor">
          {(['edit', 'publish'] as Tab[]).map((t) => (
            <button key={t} role="tab" id={`tab-${t}`} aria-selected={tab === t} aria-controls={`panel-${t}`} onClick={() => setTab(t)}>{t === 'edit' ? 'Edit' : 'Publish'}</button>
          ))}
        </div>
      </header>
      <p role="status" className="notice">{failure || notice}</p>
      <main id="panel-edit" role="tabpanel" aria-labelledby="tab-edit" hidden={tab !== 'edit'} className="edit-view">
        {records && <RecordList records={records} selected={selection} onSelect={(s) => { setNotice(''); setSelection(s); }} onRestore={restore} />}
        <div className="form-pane">
          {selection && 'file' in selection && selection.file && (
            <RecordEditor key={selection.file} file={selection.file} context={context} onSaved={saved}>
              {(record) => (record.kind === 'community' || record.kind === 'service') && records
                ? <DeleteDialog record={record} pages={pagesOf(records)} api={api} onDeleted={deleted} /> : null}
            </RecordEditor>
          )}
          {selection && 'add' in selection && records && (
            <NewRecord key={selection.add} kind={selection.add} context={context} onCreated={created}
              records={records.kinds.find((k) => k.kind === selection.add)?.records ?? []} />
          )}
        </div>
        {records && <Preview origin={records.previewOrigin} page={pageOf(records, selection)} version={version} />}
      </main>
      <div id="panel-publish" role="tabpanel" aria-labelledby="tab-publish" hidden={tab !== 'publish'} className="publish-view">
        {tab === 'publish' && <PublishPanel api={api} />}
      </div>
    </>
  );
}
