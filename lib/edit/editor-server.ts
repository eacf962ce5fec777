/**
 * The editor (`npm run edit`): two servers on 127.0.0.1, the editor's page and JSON interface on
 * the port asked for (or the next free one) and the preview (lib/edit/preview.ts) on a second free
 * port. Every request passes the guards first (lib/edit/guards.ts: own Host; a POST also needs
 * the editor's Origin and token). The routes are listed in routeApi; the shapes of their bodies
 * are lib/edit/api-types.ts. Route modules given in `handlers` (the publish routes) answer the
 * paths they own, after the guards.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { GeneratorConfig } from '../config.ts';
import { startOnFreePort } from '../serve/listen.ts';
import { ownHosts } from '../serve/own-origin.ts';
import type { ApiHandler, ApiReply, ApiRequest, CreateRequest, DeleteRequest, EditorContext, RecordKind, RestoreRequest, SaveRequest } from './api-types.ts';
import { ContentStore } from './content-store.ts';
import { watchContent } from './content-watch.ts';
import { bundleEditor, editorCsp, editorPage } from './editor-assets.ts';
import { formSchema } from './form-schema.ts';
import { newToken, refusalOf } from './guards.ts';
import { listPhotos, readBody, thumbnail, uploadPhoto } from './photo-upload.ts';
import { PreviewBuilds, startPreviewServer, type PreviewServer } from './preview.ts';
import { emptyDeleted } from './project-files.ts';
import { KINDS } from './record-kinds.ts';

/** Largest JSON body accepted, bytes: a record is a few KB; the settings with long lists stay far below. */
const MAX_JSON_BYTES = 1024 * 1024;

/** What startEditor needs. */
export interface EditorOptions {
  /** The project folder: the content folder is the config's, writes are checked against this. */
  root: string;
  config: GeneratorConfig;
  /** The editor's port asked for (the next free one is taken when it is in use); 0 for any. */
  port: number;
  say: (line: string) => void;
  /** Route modules answering paths of their own (after the guards). */
  handlers?: ApiHandler[];
}

/** A started editor. */
export interface RunningEditor {
  /** e.g. "http://127.0.0.1:8080" (no trailing slash). */
  url: string;
  previewUrl: string;
  token: string;
  /** Stops both servers and the build's esbuild contexts. */
  close(): Promise<void>;
}

/** Sends a JSON answer. */
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
}

/** The parts a request is answered with. */
interface Parts {
  options: EditorOptions;
  store: ContentStore;
  builds: PreviewBuilds;
  ctx: EditorContext;
  preview: () => PreviewServer;
  assets: () => Promise<{ js: string; css: string }>;
}

/** Reads a POST's JSON body: undefined for none, or an ApiReply 400/413 for a bad one. */
async function jsonBody(req: IncomingMessage): Promise<{ body: unknown } | ApiReply> {
  if (req.method !== 'POST') return { body: undefined };
  const bytes = await readBody(req, MAX_JSON_BYTES);
  if (!bytes) return { status: 413, body: { error: `The request is larger than ${MAX_JSON_BYTES / 1024} KB.` } };
  if (!bytes.length) return { body: undefined };
  try {
    return { body: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { status: 400, body: { error: 'The request body is not JSON.' } };
  }
}

/** True for a JSON object (a body with fields). */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Answers the editor's own API paths; undefined for a path it does not know. */
async function routeApi(req: IncomingMessage, request: ApiRequest, parts: Parts): Promise<ApiReply | undefined> {
  const { store, builds, options } = parts;
  const key = `${request.method} ${request.path}`;
  if (key === 'POST /api/photo') return uploadPhoto(options.root, req);
  if (key === 'GET /api/records') return { status: 200, body: store.records(parts.preview().url) };
  if (key === 'GET /api/record') return store.record(request.query.get('file') ?? '');
  if (key === 'GET /api/preview') return { status: 200, body: { version: builds.version, ok: builds.error === undefined, ...(builds.error ? { error: builds.error } : {}) } };
  if (key === 'GET /api/photos') return listPhotos(options.config.photosDir);
  if (key === 'GET /api/schema') {
    const kind = request.query.get('kind') as RecordKind;
    if (!KINDS.some((k) => k.kind === kind)) return { status: 404, body: { error: `No form for "${kind}".` } };
    return { status: 200, body: formSchema(kind) };
  }
  const writes: Record<string, (body: any) => Promise<ApiReply>> = {
    'POST /api/save': (b: SaveRequest) => store.save(b), 'POST /api/create': (b: CreateRequest) => store.create(b),
    'POST /api/delete': (b: DeleteRequest) => store.remove(b), 'POST /api/restore': (b: RestoreRequest) => store.restore(b),
  };
  if (writes[key]) return isObject(request.body) ? writes[key](request.body) : { status: 400, body: { error: 'The request needs a JSON object body.' } };
  for (const handler of options.handlers ?? []) {
    const answer = await handler(request, parts.ctx);
    if (answer) return answer;
  }
  return undefined;
}

/** Answers one request to the editor (after its guards). */
async function answerEditor(req: IncomingMessage, res: ServerResponse, parts: Parts, token: string): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Security-Policy', editorCsp(parts.preview().url));
  if (req.method === 'GET' && url.pathname === '/') {
    const html = editorPage(token, parts.preview().url);
    return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  }
  if (req.method === 'GET' && (url.pathname === '/editor.js' || url.pathname === '/editor.css')) {
    const { js, css } = await parts.assets();
    const js_ = url.pathname === '/editor.js';
    return void res.writeHead(200, { 'Content-Type': js_ ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8' }).end(js_ ? js : css);
  }
  if (req.method === 'GET' && url.pathname === '/api/photo-thumbnail') {
    const image = await thumbnail(parts.options.config.photosDir, url.searchParams.get('name') ?? '');
    if (!image) return sendJson(res, 404, { error: 'No such photo in content/photos/.' });
    return void res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': image.length }).end(image);
  }
  if (!url.pathname.startsWith('/api/')) return sendJson(res, 404, { error: `Nothing at ${url.pathname}.` });
  const read = url.pathname === '/api/photo' ? { body: undefined } : await jsonBody(req);
  if ('status' in read) return sendJson(res, (read as ApiReply).status, read.body);
  const answer = await routeApi(req, { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: read.body }, parts);
  if (!answer) return sendJson(res, 404, { error: `No ${req.method} ${url.pathname} in the editor's interface.` });
  sendJson(res, answer.status, answer.body);
}

/** Starts the editor's server on `port` (rejects with the listen error). */
async function listenEditor(port: number, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  return { server, port: (server.address() as { port: number }).port };
}

/**
 * Builds the site in memory and starts the editor and its preview.
 * @returns the addresses, the token and close()
 * @throws Error with one line when no port is free (lib/serve/listen.ts)
 */
export async function startEditor(options: EditorOptions): Promise<RunningEditor> {
  const token = newToken();
  const builds = new PreviewBuilds(options.config);
  const store = new ContentStore(options.root, builds);
  let preview: PreviewServer | undefined;
  let hosts: string[] = [];
  let bundle: Promise<{ js: string; css: string }> | undefined;
  const parts: Parts = {
    options, store, builds, preview: () => preview!,
    ctx: { root: options.root, config: options.config, say: options.say, afterPublish: () => emptyDeleted(options.root) },
    assets: () => (bundle ??= bundleEditor().catch((error: unknown) => { bundle = undefined; throw error; })),
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const refusal = refusalOf(req, hosts, token);
    if (refusal) return sendJson(res, 403, { error: refusal });
    answerEditor(req, res, parts, token).catch((error: unknown) => {
      options.say(`Editor: ${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { error: (error as Error).message.split('\n')[0] });
      else res.end();
    });
  };
  parts.assets().catch((error: unknown) => options.say(`The editor's page could not be bundled: ${(error as Error).message}`));
  const editor = await startOnFreePort((port) => listenEditor(port, handle), options.port, options.say);
  hosts = ownHosts('127.0.0.1', editor.port);
  preview = await startPreviewServer(builds, editor.port);
  await store.initialBuild().catch((error: unknown) => {
    builds.error = (error as Error).message.split('\n')[0];
    options.say(`The site does not build yet; fix it in the editor:\n${(error as Error).message}`);
  });
  const unwatch = await watchContent(options.root, options.config.contentDir, (files, added) => void store.diskChanged(files, added));
  return {
    url: `http://127.0.0.1:${editor.port}`, previewUrl: preview.url, token,
    close: async () => {
      await unwatch();
      editor.server.closeAllConnections();
      await new Promise<void>((resolve) => editor.server.close(() => resolve()));
      await preview!.close();
      await builds.close();
    },
  };
}
