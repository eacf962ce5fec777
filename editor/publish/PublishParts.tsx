/**
 * The pieces of the Publish panel (PublishPanel.tsx): the check's findings, the confirm dialog,
 * the SFTP host-key dialog, and the progress and result of a publish.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { HostKeyProbe } from '../../lib/edit/host-key.ts';
import type { CheckReport, LiveResult, PublishEvent } from '../../lib/edit/publish.ts';

/** What `npm run check` found, blocking findings first, in its own words. */
export function Findings({ report }: { report: CheckReport }) {
  if (report.error) return <div className="message problems" role="alert"><p>The check could not run:</p><pre className="lines">{report.error}</pre></div>;
  const blocking = report.findings.filter((f) => f.kind !== 'warning');
  const warnings = report.findings.filter((f) => f.kind === 'warning');
  return (
    <section aria-label="What the check found" className="findings">
      <p className={`message ${report.blocking ? 'problems' : 'ok'}`} role="status">{report.summary}</p>
      {blocking.length > 0 && <><h4>To fix before publishing ({blocking.length})</h4><ul>{blocking.map((f) => <li key={f.line} data-kind={f.kind}>{f.line}</li>)}</ul></>}
      {warnings.length > 0 && <details><summary>Warnings to look at ({warnings.length}); they do not stop a publish</summary><ul>{warnings.map((f) => <li key={f.line}>{f.line.replace(/^Warning: /, '')}</li>)}</ul></details>}
    </section>
  );
}

/** A modal dialog, open while `open`; Escape calls onCancel. */
function Dialog({ open, title, onCancel, children }: { open: boolean; title: string; onCancel: () => void; children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !ref.current?.open) ref.current?.showModal();
    if (!open && ref.current?.open) ref.current.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}

/** Asks before publishing; with sample values left, publishing them needs its own tick. */
export function ConfirmPublish(props: { open: boolean; where: string; report?: CheckReport; allowSample: boolean; setAllowSample: (v: boolean) => void; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  const samples = props.report?.findings.filter((f) => f.kind === 'sample').length ?? 0;
  const target = props.report?.findings.some((f) => f.kind === 'target');
  return (
    <Dialog open={props.open} title="Publish now?" onCancel={props.onCancel}>
      <p>The site is built from what is saved and uploaded to {props.where}; then every page is read back from the live site.</p>
      {target && <p className="message problems">The site address does not match the server (see the check): the publish will stop until that is fixed.</p>}
      {samples > 0 && (
        <label className="check" htmlFor={`${id}-sample`}>
          <input id={`${id}-sample`} type="checkbox" checked={props.allowSample} onChange={(e) => props.setAllowSample(e.target.checked)} />
          Publish the {samples} sample value(s) anyway (only on a test server)
        </label>
      )}
      <div className="form-actions">
        <button type="button" className="primary" onClick={props.onConfirm}>Publish</button>
        <button type="button" onClick={props.onCancel}>Cancel</button>
      </div>
    </Dialog>
  );
}

/** A new SFTP server's host key: its fingerprint, to compare with the one the host gives. */
export function HostKeyDialog({ probe, onTrust, onCancel }: { probe?: HostKeyProbe; onTrust: () => void; onCancel: () => void }) {
  return (
    <Dialog open={Boolean(probe)} title="Is this your server?" onCancel={onCancel}>
      <p>This is the first connection to {probe?.host}. It presents this host key ({probe?.keyType}):</p>
      <p><code className="fingerprint">{probe?.fingerprint}</code></p>
      <p>Ask your hosting company for the SFTP server's key fingerprint and publish only if it is the same. Once trusted, the key is remembered in .deploy-known-hosts and any other key is refused.</p>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onTrust}>It matches: trust it and publish</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </Dialog>
  );
}

/** A publish's state as the status route reports it. */
export interface RunState {
  events: PublishEvent[];
  done: boolean;
  ok?: boolean;
  summary?: string;
  live?: LiveResult;
}

/** The progress bar (files done of the total), the deploy's lines, then its result. */
export function Progress({ run }: { run: RunState }) {
  const id = useId();
  const last = [...run.events].reverse().find((e) => e.type === 'progress');
  const lines = run.events.flatMap((e) => (e.type === 'line' ? [e.line] : []));
  const count = last ? `${last.done} of ${last.total} files` : run.done ? 'No files sent' : 'Building and checking...';
  return (
    <section aria-label="Publishing" className="progress">
      <label htmlFor={`${id}-bar`}>{run.done ? 'Uploaded' : 'Uploading'}: <span className="count">{count}</span></label>
      <progress id={`${id}-bar`} max={last?.total || 1} value={last ? last.done : run.done ? 1 : undefined} />
      {run.done && (
        <p className={`message ${run.ok ? 'ok' : 'problems'}`} role="alert">
          {run.ok ? 'Published.' : 'The publish did not succeed: see the lines below.'} {run.summary ?? ''}
        </p>
      )}
      {run.live && <div className={`live message ${run.live.ok ? 'ok' : 'problems'}`}><h4>Live check</h4><pre className="lines">{run.live.lines.join('\n')}</pre></div>}
      <details open={run.done && !run.ok}><summary>Everything the deploy said ({lines.length} lines)</summary><pre className="lines">{lines.join('\n')}</pre></details>
    </section>
  );
}
