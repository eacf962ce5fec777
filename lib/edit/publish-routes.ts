/**
 * The Publish panel's HTTP interface, mounted by the editor server after its guards (Host,
 * Origin, token) passed:
 *   GET  /api/deploy-settings          -> DeploySettings (never the password: `passwordSet` only)
 *   POST /api/deploy-settings {...DeploySettingsInput} -> DeploySettings | 400 { error }
 *   POST /api/publish/check            -> CheckReport (findings of `npm run check`)
 *   POST /api/publish { allowSample? } -> 202 { run } | 409 { error } (one already runs)
 *   GET  /api/publish/status?run=&since=N -> { events (from the N-th), done, ok?, summary?, live? }
 *   POST /api/host-key/probe           -> HostKeyProbe | 400 { error }
 *   POST /api/host-key/trust { fingerprint } -> { trusted: true } | 400 { error }
 */
import type { ApiReply, ApiRequest, EditorContext } from './api-types.ts';
import { DeployError, DEFAULT_TIMEOUT_S } from '../deploy/deploy-target.ts';
import { readDeploySettings, SettingsError, writeDeploySettings, type DeploySettingsInput } from './deploy-settings.ts';
import { RefusedPath } from './project-files.ts';
import { probeHostKey, trustHostKey, type ProbeTarget } from './host-key.ts';
import { childEnv, publishRun, PublishBusyError, runCheck, startPublish, type PublishContext } from './publish.ts';

const PREFIXES = ['/api/deploy-settings', '/api/publish', '/api/host-key'];
const ROUTES = ['/api/deploy-settings', '/api/publish/check', '/api/publish', '/api/publish/status', '/api/host-key/probe', '/api/host-key/trust'];
const error = (status: number, message: string): ApiReply => ({ status, body: { error: message } });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Answers the publish routes; undefined for any other path.
 * @param ctx the editor's context; `env` (optional) is the environment the deploy is run with
 */
export async function handlePublishApi(request: ApiRequest, ctx: EditorContext & { env?: NodeJS.ProcessEnv }): Promise<ApiReply | undefined> {
  if (!PREFIXES.some((p) => request.path === p || request.path.startsWith(`${p}/`))) return undefined;
  const route = `${request.method} ${request.path}`;
  try {
    switch (route) {
      case 'GET /api/deploy-settings':
        return { status: 200, body: readDeploySettings(ctx.root) };
      case 'POST /api/deploy-settings':
        return await saveSettings(request.body, ctx);
      case 'POST /api/publish/check':
        return { status: 200, body: await runCheck(ctx) };
      case 'POST /api/publish':
        return publish(request.body, ctx);
      case 'GET /api/publish/status':
        return status(request.query);
      case 'POST /api/host-key/probe':
        return { status: 200, body: await probeHostKey(probeTarget(ctx), childEnv(ctx), ctx.root) };
      case 'POST /api/host-key/trust': {
        const fingerprint = isObject(request.body) ? request.body.fingerprint : undefined;
        if (typeof fingerprint !== 'string' || !fingerprint.startsWith('SHA256:')) return error(400, 'Send { fingerprint: "SHA256:…" }, the fingerprint the probe showed.');
        trustHostKey(probeTarget(ctx), fingerprint, childEnv(ctx), ctx.root);
        return { status: 200, body: { trusted: true } };
      }
      default:
        return error(ROUTES.includes(request.path) ? 405 : 404, `No ${route} in the publish interface.`);
    }
  } catch (e) {
    if (e instanceof SettingsError || e instanceof DeployError) return error(400, e.message);
    if (e instanceof RefusedPath) return error(403, e.message);
    throw e;
  }
}

/** POST /api/deploy-settings: checks the body's shape, then writes the DEPLOY_* lines. */
async function saveSettings(body: unknown, ctx: PublishContext): Promise<ApiReply> {
  if (!isObject(body)) return error(400, 'Send the deploy settings as a JSON object.');
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const port = body.port === undefined || body.port === null || body.port === '' ? undefined : Number(body.port);
  const input: DeploySettingsInput = {
    protocol: text('protocol') as DeploySettingsInput['protocol'],
    host: text('host'),
    port,
    folder: text('folder'),
    user: text('user'),
    password: text('password') || undefined,
    siteUrl: text('siteUrl') || undefined,
    allowPlainFtp: body.allowPlainFtp === true,
  };
  const saved = await writeDeploySettings(ctx.root, input);
  ctx.say('Deploy settings saved in .env.');
  return { status: 200, body: saved };
}

/** POST /api/publish: starts the deploy. */
function publish(body: unknown, ctx: PublishContext): ApiReply {
  const allowSample = isObject(body) && body.allowSample === true;
  try {
    return { status: 202, body: { run: startPublish(ctx, { allowSample }).id } };
  } catch (e) {
    if (e instanceof PublishBusyError) return error(409, e.message);
    throw e;
  }
}

/** GET /api/publish/status: a run's events from `since` on. */
function status(query: URLSearchParams): ApiReply {
  const run = publishRun(query.get('run') ?? '');
  if (!run) return error(404, 'No such publish run (the editor was restarted?): press Publish again.');
  const since = Math.max(0, Number(query.get('since')) || 0);
  const { events, done, ok, summary, live } = run;
  return { status: 200, body: { events: events.slice(since), done, ok, summary, live } };
}

/** The SFTP server of the saved settings, as the deploy would connect to it. */
function probeTarget(ctx: PublishContext): ProbeTarget {
  const s = readDeploySettings(ctx.root);
  if (s.problem) throw new DeployError(s.problem);
  if (s.protocol !== 'sftp' || !s.host) throw new DeployError('The host key is for SFTP: choose SFTP and save the server first.');
  const env = childEnv(ctx);
  const seconds = Number(env.DEPLOY_TIMEOUT_SECONDS) || DEFAULT_TIMEOUT_S;
  return { host: s.host, port: s.port ?? 22, hostKey: env.DEPLOY_HOST_KEY?.trim() || undefined, timeoutMs: seconds * 1000 };
}
