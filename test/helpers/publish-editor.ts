/**
 * The editor's publish interface (lib/edit/publish-routes.ts) on a real HTTP server on 127.0.0.1,
 * as the editor mounts it, for the publish tests: a temp project folder holding `.env`, the
 * deploy's variables all set (empty when unused, as test/helpers/deploy-scenario.ts runCli sets
 * them, so a developer's own cannot add any), and a JSON client that records every reply body.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../lib/config.ts';
import { handlePublishApi } from '../../lib/edit/publish-routes.ts';
import { stopPublishing } from '../../lib/edit/publish.ts';

/** Every variable the deploy reads, empty; the record copy in the temp folder. */
function deployVariables(dir: string): Record<string, string> {
  const names = ['PASSWORD', 'KEY', 'HOST_KEY', 'INSECURE_TLS', 'TIMEOUT_SECONDS', 'CONNECTIONS', 'SITE_URL', 'LIVE_URL', 'KNOWN_HOSTS', 'ALLOW_PLAIN_FTP', 'TLS_FINGERPRINT', 'ACCEPT_NEW_HOST_KEY', 'LOCK_WAIT_SECONDS', 'LOCK_STALE_MINUTES', 'TARGET'];
  return { ...Object.fromEntries(names.map((n) => [`DEPLOY_${n}`, ''])), DEPLOY_RECORD_COPY: path.join(dir, 'record-copy.json'), CI: '' };
}

export interface PublishEditor {
  /** The project folder whose `.env` the settings go to. */
  root: string;
  /** The build's output folder the deploy writes and uploads. */
  outDir: string;
  get(p: string): Promise<{ status: number; body: any }>;
  post(p: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** Every reply body so far, as JSON text. */
  replies(): string;
  /** Lines the editor printed for its operator. */
  said: string[];
  /** How many times afterPublish was called. */
  published(): number;
  stop(): Promise<void>;
}

/**
 * Starts the publish interface with the deploy's environment `env` (on top of every deploy
 * variable empty; PATH and HOME kept for the child processes).
 */
export async function startPublishEditor(env: Record<string, string>): Promise<PublishEditor> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'publish-editor-'));
  const outDir = path.join(root, 'dist');
  const said: string[] = [];
  let published = 0;
  const ctx = {
    root,
    config: resolveConfig({ DIST_DIR: outDir }),
    say: (line: string) => { said.push(line); },
    afterPublish: async () => { published++; },
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...deployVariables(root), ...env },
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    let text = '';
    for await (const chunk of req) text += chunk;
    const reply = await handlePublishApi({ method: req.method!, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined }, ctx)
      .catch((e: Error) => ({ status: 500, body: { error: e.message } }));
    res.writeHead(reply?.status ?? 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply?.body ?? { error: 'not a publish route' }));
  });
  // Idle connections stay open until the client closes them: with Node's 5 s keep-alive timeout, a
  // test that blocks this process longer (spawnSync of a command) lets that timer close the socket
  // its next request was just written to (ECONNRESET, "fetch failed").
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const bodies: string[] = [];
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(`${base}${p}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const raw = await r.text();
    bodies.push(raw);
    return { status: r.status, body: JSON.parse(raw) };
  };
  return {
    root,
    outDir,
    get: (p) => call('GET', p),
    post: (p, body) => call('POST', p, body ?? {}),
    replies: () => bodies.join('\n'),
    said,
    published: () => published,
    async stop() {
      await stopPublishing();
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Polls a run's status until it is done (each poll waits for the next events), gathering its events. */
export async function waitForRun(editor: PublishEditor, run: string): Promise<{ events: any[]; ok: boolean; summary?: string; live?: any }> {
  const events: any[] = [];
  for (;;) {
    const { status, body } = await editor.get(`/api/publish/status?run=${run}&since=${events.length}`);
    if (status !== 200) throw new Error(`status ${status}: ${JSON.stringify(body)}`);
    events.push(...body.events);
    if (body.done) return { events, ok: body.ok, summary: body.summary, live: body.live };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The lines of a run's events. */
export const linesOf = (events: any[]) => events.filter((e) => e.type === 'line').map((e) => e.line as string);
