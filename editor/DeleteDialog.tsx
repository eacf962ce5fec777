/**
 * Deleting a community or a service: asks where its old address should go (a page of the site,
 * by default the list page its card was on) and sends the delete with that redirect, which the
 * server adds to the settings' redirects in the same request. The record is kept in
 * content/.deleted/ until the next publish and can be restored from the list of recently deleted.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { DeleteReply, RecordReply } from '../lib/edit/api-types.ts';
import type { ApiClient } from './api.ts';

/** Props of DeleteDialog. */
export interface DeleteDialogProps {
  record: RecordReply;
  /** The site's pages, e.g. ["/", "/service-areas/", "/areas/grants/"]. */
  pages: string[];
  api: ApiClient;
  onDeleted(reply: DeleteReply): void;
}

/** The list page a record's card is on: where its old address goes by default. */
function parentPage(kind: string): string {
  return kind === 'community' ? '/service-areas/' : kind === 'service' ? '/services/' : '/';
}

/** The Delete button and its dialog. */
export function DeleteDialog({ record, pages, api, onDeleted }: DeleteDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [to, setTo] = useState(record.page ? parentPage(record.kind) : '');
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => { if (open) dialog.current?.showModal(); else dialog.current?.close(); }, [open]);
  const choices = [...new Set([parentPage(record.kind), ...pages])].filter((p) => p !== record.page);
  const remove = async () => {
    try {
      const reply = await api.post<DeleteReply>('/api/delete', { file: record.file, hash: record.hash, ...(to ? { redirectTo: to } : {}) });
      setOpen(false);
      onDeleted(reply);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <button type="button" className="danger" onClick={() => setOpen(true)}>Delete this page...</button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
        <h2 id={`${id}-title`}>Delete {record.page ?? record.file}?</h2>
        <p>The record goes to the recently deleted list, where you can restore it until you next publish.</p>
        {record.page ? <>
          <label htmlFor={`${id}-to`}>Where should its old address go?</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
            {choices.map((p) => <option key={p} value={p}>{p}</option>)}
            <option value="">Nowhere: visitors get "page not found"</option>
          </select>
        </> : <p>It has no page of its own: only its card goes.</p>}
        {error && <p role="alert" className="message problems">Not deleted: {error}</p>}
        <div className="form-actions">
          <button type="button" className="danger" onClick={remove}>Delete</button>
          <button type="button" onClick={() => setOpen(false)}>Keep it</button>
        </div>
      </dialog>
    </>
  );
}
