/**
 * The deploy settings form of the Publish panel: where the site is uploaded (protocol, server,
 * port, folder, user name, password, site address, the plain-FTP opt-in), saved into the
 * DEPLOY_* lines of `.env` by `POST /api/deploy-settings`. The password is write-only: the page
 * is only told whether one is saved, and an empty password field keeps it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { DeploySettings } from '../../lib/edit/deploy-settings.ts';
import type { ApiClient } from '../api.ts';

/** Props of SettingsForm. */
export interface SettingsFormProps {
  api: ApiClient;
  /** Called with the settings as saved (and once loaded). */
  onSettings(settings: DeploySettings): void;
}

const PROTOCOLS = [
  { value: 'ftps', label: 'FTPS (FTP with encryption): most hosts' },
  { value: 'sftp', label: 'SFTP (over SSH)' },
  { value: 'ftp', label: 'FTP without encryption (only if your host offers nothing else)' },
] as const;

type Fields = Omit<DeploySettings, 'passwordSet' | 'problem' | 'port'> & { port: string; password: string };

/** The form; loads the saved settings first. */
export function SettingsForm({ api, onSettings }: SettingsFormProps) {
  const id = useId();
  const [saved, setSaved] = useState<DeploySettings>();
  const [fields, setFields] = useState<Fields>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const fill = (s: DeploySettings) => {
    setSaved(s);
    setFields({ protocol: s.protocol, host: s.host, port: s.port ? String(s.port) : '', folder: s.folder, user: s.user, password: '', siteUrl: s.siteUrl ?? '', allowPlainFtp: s.allowPlainFtp });
    onSettings(s);
  };
  useEffect(() => {
    api.get<DeploySettings>('/api/deploy-settings').then(fill, (e: Error) => setMessage({ ok: false, text: e.message }));
  }, [api]);
  if (!fields || !saved) return <p className="status" role="status">{message?.text ?? 'Loading the deploy settings...'}</p>;
  const set = (name: keyof Fields) => (e: { target: HTMLInputElement | HTMLSelectElement }) =>
    setFields({ ...fields, [name]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const reply = await api.post<DeploySettings>('/api/deploy-settings', { ...fields, port: fields.port ? Number(fields.port) : undefined });
      fill(reply);
      setMessage({ ok: true, text: 'Saved in .env.' });
    } catch (e) {
      setMessage({ ok: false, text: `Not saved: ${(e as Error).message}` });
    }
  };
  const field = (name: 'host' | 'port' | 'folder' | 'user' | 'siteUrl', label: string, help: string, type = 'text') => (
    <div className="form-group">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} type={type} value={fields[name]} onChange={set(name)} aria-describedby={`${id}-${name}-help`} autoComplete="off" inputMode={name === 'port' ? 'numeric' : undefined} />
      <p className="help" id={`${id}-${name}-help`}>{help}</p>
    </div>
  );
  return (
    <form onSubmit={save} aria-labelledby={`${id}-title`} className="deploy-settings">
      <h3 id={`${id}-title`}>Where to publish</h3>
      {saved.problem && <p className="message problems" role="alert">{saved.problem}</p>}
      <div className="form-group">
        <label htmlFor={`${id}-protocol`}>How to connect</label>
        <select id={`${id}-protocol`} value={fields.protocol} onChange={set('protocol')}>
          {PROTOCOLS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
      </div>
      {field('host', 'Server', 'The FTP or SFTP server your hosting company gave you, e.g. ftp.yourdomain.com.')}
      {field('port', 'Port (optional)', 'Leave empty for the usual one (21 for FTP and FTPS, 22 for SFTP).', 'number')}
      {field('folder', 'Folder', 'The folder your host serves the site from, e.g. public_html; empty for the folder you land in.')}
      {field('user', 'User name', 'The FTP or SFTP user name.')}
      <PasswordField id={`${id}-password`} value={fields.password} isSet={saved.passwordSet} onChange={set('password')} />
      {field('siteUrl', 'Site address (only when the server name is not your domain)', 'e.g. https://www.yourdomain.com: the address the server above publishes.', 'url')}
      {fields.protocol === 'ftp' && <PlainFtpOptIn id={`${id}-plain`} checked={fields.allowPlainFtp} onChange={set('allowPlainFtp')} />}
      {message && <p className={`message ${message.ok ? 'ok' : 'problems'}`} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      <button type="submit" className="primary">Save the deploy settings</button>
    </form>
  );
}

/** The write-only password: says whether one is saved, never shows it. */
function PasswordField({ id, value, isSet, onChange }: { id: string; value: string; isSet: boolean; onChange: (e: { target: HTMLInputElement }) => void }) {
  return (
    <div className="form-group">
      <label htmlFor={id}>Password</label>
      <input id={id} type="password" className="password" value={value} onChange={onChange} autoComplete="new-password" aria-describedby={`${id}-state`} />
      <p className="help" id={`${id}-state`}>{isSet ? 'A password is saved (set). Leave this empty to keep it; type a new one to replace it.' : 'No password saved yet.'}</p>
    </div>
  );
}

/** The plain-FTP opt-in and its warning. */
function PlainFtpOptIn({ id, checked, onChange }: { id: string; checked: boolean; onChange: (e: { target: HTMLInputElement }) => void }) {
  return (
    <div className="form-group">
      <p className="message problems" id={`${id}-warning`}>Plain FTP sends your password and every file unencrypted: anyone on the way can read them. Use FTPS or SFTP if your host offers either (most do; ask them).</p>
      <label className="check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={onChange} aria-describedby={`${id}-warning`} />
        My host offers nothing else: publish over plain FTP anyway
      </label>
    </div>
  );
}
