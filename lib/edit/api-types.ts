/**
 * The editor's HTTP interface as plain types: the JSON bodies the editor server (lib/edit/) sends
 * and reads, shared by the browser app (editor/) and the route modules. Types only, no code, so
 * the browser bundle may import it.
 *
 * Every write is a POST with `Origin: http://127.0.0.1:PORT` and `X-Editor-Token: <token>` (the
 * token sits in the page's `<meta name="editor-token">`). Refusals are 403 `{ error: "one line" }`
 * (foreign Host, foreign or missing Origin, bad token, a path outside the write allow-list); a bad
 * body is 400 with the same shape.
 */
import type { GeneratorConfig } from '../config.ts';

/** The kinds of record an owner edits: one file each for the first four, a folder of files for the rest. */
export type RecordKind = 'settings' | 'home' | 'areaCopy' | 'chatbot' | 'community' | 'service' | 'core';

/** One record in the list: `file` relative to the project, e.g. "content/areas/grants.yaml". */
export interface RecordSummary {
  file: string;
  /** The record's slug, for the records of a folder (communities, services, core services). */
  slug?: string;
  title: string;
  /** The site path the record makes, e.g. "/areas/grants/" (settings -> "/"). */
  page?: string;
}

/** A record moved to content/.deleted/, restorable until the next successful publish. */
export interface DeletedRecord {
  /** Where it lived and goes back to, e.g. "content/areas/grants.yaml". */
  file: string;
  title: string;
  /** ISO 8601 time it was deleted. */
  deletedAt: string;
}

/** `GET /api/records`. */
export interface RecordsReply {
  kinds: { kind: RecordKind; label: string; single: boolean; records: RecordSummary[] }[];
  deleted: DeletedRecord[];
  /** e.g. "http://127.0.0.1:8081" (no trailing slash). */
  previewOrigin: string;
}

/** `GET /api/record?file=...`. */
export interface RecordReply {
  file: string;
  kind: RecordKind;
  /** sha256 hex of the file's bytes, sent back with a save. */
  hash: string;
  /** The record as the reader gives it (plain values read as the schema wants them). */
  data: unknown;
  page?: string;
}

/** `POST /api/save`. */
export interface SaveRequest {
  file: string;
  hash: string;
  data: unknown;
}

/** 200 reply of `POST /api/save`, sent once the preview shows the save. */
export interface SaveReply {
  file: string;
  hash: string;
  page?: string;
  /** False when the data equalled the file's: nothing was written. */
  changed: boolean;
}

/** One mistake of a refused save, next to its field. */
export interface SaveProblem {
  /** Dotted path of the field in the record, as ContentProblem.field, e.g. "hours.1.days.0". */
  field?: string;
  /** The build's own line (problemLine), e.g. 'content/settings.yaml:4:8: settings: field "phone" ...'. */
  message: string;
}

/** 422 reply of save and create: the file on disk is untouched. */
export interface ProblemsReply {
  problems: SaveProblem[];
}

/** `POST /api/create`. */
export interface CreateRequest {
  kind: 'community' | 'service' | 'core';
  slug: string;
  data: unknown;
}

/** 201 reply of `POST /api/create`. */
export interface CreateReply {
  file: string;
  hash: string;
  page?: string;
}

/** `POST /api/delete`. */
export interface DeleteRequest {
  file: string;
  hash: string;
  /** Site path the record's page now redirects to, e.g. "/areas/". */
  redirectTo?: string;
}

/** Reply of `POST /api/delete`. */
export interface DeleteReply {
  deleted: string;
  redirect?: { from: string; to: string };
}

/** `POST /api/restore`. */
export interface RestoreRequest {
  file: string;
}

/** Reply of `POST /api/restore`. */
export interface RestoreReply {
  file: string;
  hash: string;
}

/** Reply of `POST /api/photo` (raw body, header `X-File-Name`): the name written in content/photos/. */
export interface PhotoReply {
  name: string;
}

/** `GET /api/photos`: `thumbnail` is the URL of `GET /api/photo-thumbnail?name=...`. */
export interface PhotosReply {
  photos: { name: string; thumbnail: string }[];
}

/** `GET /api/preview`: the preview's build; `ok` false with the build's error when the last build failed. */
export interface PreviewReply {
  version: number;
  ok: boolean;
  error?: string;
}

/** What a route module gets besides the request. */
export interface EditorContext {
  /** The project folder (absolute). */
  root: string;
  config: GeneratorConfig;
  /** Prints one line for the operator. */
  say: (line: string) => void;
  /** Called after a successful publish: empties content/.deleted. */
  afterPublish: () => Promise<void>;
}

/** A request as a route module sees it, after the guards passed. */
export interface ApiRequest {
  method: string;
  /** e.g. "/api/publish/status" (no query). */
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body (undefined for GET or an empty body). */
  body: unknown;
}

/** A route module's answer, sent as JSON. */
export interface ApiReply {
  status: number;
  body: unknown;
}

/** A route module: undefined when the path is not the module's. */
export type ApiHandler = (request: ApiRequest, ctx: EditorContext) => Promise<ApiReply | undefined>;
