/**
 * The Publish panel: the deploy settings (SettingsForm.tsx), "Check" (the findings of
 * `npm run check`), and "Publish": the check first, a confirmation, for a new SFTP server its
 * host-key fingerprint to confirm, then the deploy with a progress bar (files done of the total),
 * its lines, and the live read-back's result. Everything goes through the editor's publish
 * routes (lib/edit/publish-routes.ts); the deploy's refusals arrive in its own words.
 */
import { useRef, useState } from 'react';
import type { DeploySettings } from '../../lib/edit/deploy-settings.ts';
import type { HostKeyProbe } from '../../lib/edit/host-key.ts';
import type { CheckReport } from '../../lib/edit/publish.ts';
import type { ApiClient } from '../api.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { ConfirmPublish, Findings, HostKeyDialog, Progress, type RunState } from './PublishParts.tsx';
import './publish.css';

/** Time between two status requests while a publish runs, ms. */
const POLL_MS = 500;

/** The panel H2's app shell shows under its Publish tab. */
export default function PublishPanel({ api }: { api: ApiClient }) {
  const [settings, setSettings] = useState<DeploySettings>();
  const [report, setReport] = useState<CheckReport>();
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [allowSample, setAllowSample] = useState(false);
  const [probe, setProbe] = useState<HostKeyProbe>();
  const [run, setRun] = useState<RunState>();
  const publishing = useRef(false);
  const where = settings?.host ? `${settings.host}${settings.folder ? ` (folder ${settings.folder})` : ''}` : 'the server';

  const attempt = async (what: string, job: () => Promise<void>) => {
    setBusy(what);
    setError('');
    try {
      await job();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy('');
    }
  };
  const check = () => attempt('Checking...', async () => setReport(await api.post<CheckReport>('/api/publish/check')));
  const startPublish = () => attempt('Checking...', async () => {
    setRun(undefined);
    const found = await api.post<CheckReport>('/api/publish/check');
    setReport(found);
    if (!found.error) setConfirming(true); // a check that cannot run (a wrong setting) says why instead
  });
  const confirmed = () => attempt('Connecting...', async () => {
    setConfirming(false);
    if (settings?.protocol === 'sftp') {
      const found = await api.post<HostKeyProbe>('/api/host-key/probe');
      if (found.refused) throw new Error(found.refused);
      if (!found.known) return setProbe(found);
    }
    await deploy();
  });
  const trusted = () => attempt('Connecting...', async () => {
    const fingerprint = probe!.fingerprint;
    setProbe(undefined);
    await api.post('/api/host-key/trust', { fingerprint });
    await deploy();
  });
  const deploy = async () => {
    if (publishing.current) return;
    publishing.current = true;
    try {
      const { run: id } = await api.post<{ run: string }>('/api/publish', { allowSample });
      const state: RunState = { events: [], done: false };
      setRun({ ...state });
      while (!state.done) {
        const reply = await api.get<RunState>(`/api/publish/status?run=${encodeURIComponent(id)}&since=${state.events.length}`);
        Object.assign(state, { ...reply, events: [...state.events, ...reply.events] });
        setRun({ ...state });
        if (!state.done) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      publishing.current = false;
    }
  };

  return (
    <section aria-labelledby="publish-title" className="publish-panel">
      <h2 id="publish-title">Publish</h2>
      <SettingsForm api={api} onSettings={setSettings} />
      <h3>Check and publish</h3>
      <p className="help">Publishing builds the site from what is saved, checks it as <code>npm run check</code> does, uploads it to {where} and reads every page back from the live site.</p>
      <div className="form-actions publish-actions">
        <button type="button" onClick={check} disabled={Boolean(busy) || Boolean(run && !run.done)}>Check</button>
        <button type="button" className="primary" onClick={startPublish} disabled={Boolean(busy) || Boolean(run && !run.done)}>Publish...</button>
      </div>
      <p className="status" role="status">{busy}</p>
      {error && <p className="message problems" role="alert">{error}</p>}
      {report && !run && <Findings report={report} />}
      {run && <Progress run={run} />}
      <ConfirmPublish open={confirming} where={where} report={report} allowSample={allowSample} setAllowSample={setAllowSample} onConfirm={confirmed} onCancel={() => setConfirming(false)} />
      <HostKeyDialog probe={probe} onTrust={trusted} onCancel={() => setProbe(undefined)} />
    </section>
  );
}
