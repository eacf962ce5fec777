/**
 * The editor's records: reading one with its hash, and saving, creating, deleting and restoring,
 * each checked by building the site in memory with the new text in place of the file (the same
 * schemas and cross-record checks as `npm run build`) before anything is written. One operation
 * at a time (a queue), so a hash check, its build and its write are never interleaved with
 * another's.
 *
 * - save: 409 when the file's bytes are no longer those loaded (sha256), nothing written; no
 *   write at all when the data is unchanged; 422 with each problem's field and the build's own
 *   line when the build refuses it, file untouched; else the new text (lib/edit/yaml-edit.ts) is
 *   written atomically and the preview shows the new build before the answer.
 * - delete: the record's file moves to content/.deleted/<same path under content/>, kept until
 *   the next successful publish; with `redirectTo`, a redirect from its page is added to the
 *   settings' `redirects` in the same request (checked by the same build).
 * - restore: moves it back, when the build accepts it.
 * Every path goes through the write allow-list (lib/edit/project-files.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { ContentError, problemLine } from '../content/content-error.ts';
import { SETTINGS_FILE } from '../content/content-paths.ts';
import { pathsMatched } from '../content/redirects.ts';
import { Slug } from '../content/schema.ts';
import type { ApiReply, CreateRequest, DeletedRecord, DeleteRequest, RecordReply, RestoreRequest, SaveRequest } from './api-types.ts';
import type { PreviewBuilds } from './preview.ts';
import { DELETED_FOLDER, isDataFile, moveProjectFile, RefusedPath, sha256, writableFile, writeProjectFile } from './project-files.ts';
import { fileOfRecord, kindOfFile, KINDS, listRecords, pageOf, pagePath, readRecord, titleOf } from './record-kinds.ts';
import { editedYaml, newYaml, sameData } from './yaml-edit.ts';

const reply = (status: number, body: unknown): ApiReply => ({ status, body });
const refused = (error: unknown): ApiReply => {
  if (error instanceof RefusedPath) return reply(403, { error: error.message });
  throw error;
};

/** The 422 answer of a build that refused the content, or undefined for another error (rethrown). */
function problemsReply(error: unknown): ApiReply {
  if (error instanceof ContentError) return reply(422, { problems: error.problems.map((p) => ({ ...(p.field ? { field: p.field } : {}), message: problemLine(p) })) });
  return reply(422, { problems: [{ message: `The site could not be built: ${(error as Error).message.split('\n')[0]}` }] });
}

/** The records and their operations, over the project at `root`. */
export class ContentStore {
  private queue: Promise<unknown> = Promise.resolve();
  /** What the editor itself last wrote to each file: sha256 of its bytes, or null when it removed it. */
  private readonly own = new Map<string, string | null>();

  constructor(private readonly root: string, private readonly builds: PreviewBuilds) {}

  /** Runs `job` after every operation queued before it. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Builds the content as it is on disk and shows it (at start-up). @throws as PreviewBuilds.build */
  initialBuild(): Promise<void> {
    return this.serial(async () => (await this.builds.build(new Map(), [], true)).show());
  }

  /**
   * Files changed on disk (a hand edit, or the editor's own write seen by the watcher): when one
   * holds other bytes than the editor wrote, the preview is built again from the disk. A build that
   * fails leaves the preview as it was, with the build's first line in `GET /api/preview`.
   */
  diskChanged(files: readonly string[], added: boolean): Promise<void> {
    return this.serial(async () => {
      const foreign = files.filter((file) => {
        const bytes = existsSync(path.join(this.root, file)) ? readFileSync(path.join(this.root, file)) : undefined;
        return !this.own.has(file) || this.own.get(file) !== (bytes ? sha256(bytes) : null);
      });
      if (!foreign.length) return;
      try {
        (await this.builds.build(new Map(), foreign, added)).show();
      } catch (error) {
        this.builds.error = error instanceof ContentError ? problemLine(error.problems[0]) : (error as Error).message.split('\n')[0];
      }
    });
  }

  /** Notes what the editor wrote (a hash) or removed (null), so the watcher does not build it again. */
  private wrote(file: string, contents: string | Buffer | null): void {
    this.own.set(file, contents === null ? null : sha256(contents));
  }

  /** The body of `GET /api/records`. */
  records(previewOrigin: string): unknown {
    const kinds = KINDS.map((info) => ({ kind: info.kind, label: info.label, single: info.file !== undefined, records: listRecords(this.root, info, this.builds.pages) }));
    return { kinds, deleted: this.deleted(), previewOrigin };
  }

  /** The records waiting in content/.deleted/, by the file they came from. */
  private deleted(): DeletedRecord[] {
    const folder = path.join(this.root, DELETED_FOLDER);
    if (!existsSync(folder)) return [];
    const found = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    return found.flatMap((e) => {
      const file = `content/${path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/')}`;
      const kind = kindOfFile(file);
      if (!kind || !isDataFile(file)) return [];
      const where = path.join(folder, file.slice('content/'.length));
      const { data } = readRecord(this.root, `${DELETED_FOLDER}/${file.slice('content/'.length)}`, kind.info);
      return [{ file, title: titleOf(data, kind.slug ?? kind.info.label), deletedAt: statSync(where).mtime.toISOString() }];
    });
  }

  /** `GET /api/record?file=`: 404 for a file that is no record, 403 for one off the allow-list. */
  record(file: string): ApiReply {
    const kind = kindOfFile(file);
    try {
      writableFile(this.root, file);
    } catch (error) {
      return refused(error);
    }
    if (!kind || !existsSync(path.join(this.root, file))) return reply(404, { error: `${file} is not a record of the content folder.` });
    const { bytes, data } = readRecord(this.root, file, kind.info);
    const body: RecordReply = { file, kind: kind.info.kind, hash: sha256(bytes), data, page: pageOf(kind.info.kind, kind.slug, this.builds.pages) };
    return reply(200, body);
  }

  /** `POST /api/save`. */
  save(request: SaveRequest): Promise<ApiReply> {
    if (typeof request.hash !== 'string' || !isRecordData(request.data)) return Promise.resolve(reply(400, { error: 'A save needs { file, hash, data } with data a group of fields.' }));
    return this.serial(async () => {
      try {
        writableFile(this.root, request.file);
      } catch (error) {
        return refused(error);
      }
      const kind = kindOfFile(request.file);
      if (!kind || !existsSync(path.join(this.root, request.file))) return reply(404, { error: `${request.file} is not a record of the content folder.` });
      const { text, bytes, data } = readRecord(this.root, request.file, kind.info);
      if (sha256(bytes) !== request.hash) return reply(409, { error: `${request.file} was changed on disk since it was opened: nothing was saved. Open it again to see the changes, then make yours.` });
      const page = pageOf(kind.info.kind, kind.slug, this.builds.pages);
      if (data !== undefined && sameData(data, request.data)) return reply(200, { file: request.file, hash: request.hash, page, changed: false });
      const next = data === undefined ? newYaml(request.data) : editedYaml(text, data, request.data);
      const built = await this.builds.build(new Map([[request.file, next]]), [request.file], false).catch((e: unknown) => e);
      if (!isGood(built)) return problemsReply(built);
      await writeProjectFile(this.root, request.file, next);
      this.wrote(request.file, next);
      built.show();
      return reply(200, { file: request.file, hash: sha256(next), page: pageOf(kind.info.kind, kind.slug, this.builds.pages), changed: true });
    });
  }

  /** `POST /api/create`: a new record of a folder's kind, its file named by its slug. */
  create(request: CreateRequest): Promise<ApiReply> {
    if (!isRecordData(request.data)) return Promise.resolve(reply(400, { error: 'A new record needs { kind, slug, data } with data a group of fields.' }));
    return this.serial(async () => {
      if (typeof request.slug !== 'string' || !Slug.safeParse(request.slug).success) {
        return reply(422, { problems: [{ field: 'slug', message: `"${String(request.slug)}" is not a good page address: lowercase words joined by "-", e.g. fence-lake` }] });
      }
      const file = fileOfRecord(request.kind, request.slug);
      if (!file) return reply(400, { error: `"${String(request.kind)}" is not a kind of record that can be added (community, service or core).` });
      try {
        writableFile(this.root, file);
      } catch (error) {
        return refused(error);
      }
      if (existsSync(path.join(this.root, file))) return reply(409, { error: `${file} already exists: choose another address, or edit that record.` });
      const text = newYaml(request.data);
      const built = await this.builds.build(new Map([[file, text]]), [file], true).catch((e: unknown) => e);
      if (!isGood(built)) return problemsReply(built);
      await writeProjectFile(this.root, file, text);
      this.wrote(file, text);
      built.show();
      return reply(201, { file, hash: sha256(text), page: pageOf(request.kind, request.slug, this.builds.pages) });
    });
  }

  /** `POST /api/delete`. */
  remove(request: DeleteRequest): Promise<ApiReply> {
    return this.serial(async () => {
      let parked: string;
      try {
        writableFile(this.root, request.file);
        parked = `${DELETED_FOLDER}/${String(request.file).slice('content/'.length)}`;
        writableFile(this.root, parked);
        if (request.redirectTo !== undefined) writableFile(this.root, SETTINGS_FILE);
      } catch (error) {
        return refused(error);
      }
      const kind = kindOfFile(request.file);
      if (!kind?.slug || !existsSync(path.join(this.root, request.file))) return reply(404, { error: `${request.file} is not a record that can be deleted (a community, service or core service).` });
      const { bytes } = readRecord(this.root, request.file, kind.info);
      if (sha256(bytes) !== request.hash) return reply(409, { error: `${request.file} was changed on disk since it was opened: nothing was deleted. Open it again first.` });
      const overlay = new Map<string, string | null>([[request.file, null]]);
      const from = pageOf(kind.info.kind, kind.slug, this.builds.pages);
      let redirect: { from: string; to: string } | undefined;
      if (request.redirectTo !== undefined) {
        if (typeof request.redirectTo !== 'string' || !from) return reply(400, { error: `${request.file} has no page to redirect, or redirectTo is not a site path such as "/areas/".` });
        redirect = { from, to: request.redirectTo };
        overlay.set(SETTINGS_FILE, this.withRedirect(redirect));
      }
      const built = await this.builds.build(overlay, [...overlay.keys()], true).catch((e: unknown) => e);
      if (!isGood(built)) return problemsReply(built);
      if (redirect) {
        await writeProjectFile(this.root, SETTINGS_FILE, overlay.get(SETTINGS_FILE)!);
        this.wrote(SETTINGS_FILE, overlay.get(SETTINGS_FILE)!);
      }
      await moveProjectFile(this.root, request.file, parked);
      this.wrote(request.file, null);
      const now = new Date();
      await utimes(path.join(this.root, parked), now, now);
      built.show();
      return reply(200, { deleted: request.file, ...(redirect ? { redirect } : {}) });
    });
  }

  /** The settings file's text with one more redirect at the end of `redirects`. */
  private withRedirect(redirect: { from: string; to: string }): string {
    const info = kindOfFile(SETTINGS_FILE)!.info;
    const { text, data } = readRecord(this.root, SETTINGS_FILE, info);
    const settings = (data ?? {}) as { redirects?: unknown[] };
    return editedYaml(text, settings, { ...settings, redirects: [...(settings.redirects ?? []), redirect] });
  }

  /**
   * The settings file's text without the redirects from `page` (a restored record's page is a
   * page again, which a redirect would hide), or undefined when it has none.
   */
  private withoutRedirectFrom(page: string): string | undefined {
    const info = kindOfFile(SETTINGS_FILE)!.info;
    const { text, data } = readRecord(this.root, SETTINGS_FILE, info);
    const settings = (data ?? {}) as { redirects?: { from?: unknown }[] };
    const matched = pathsMatched(page);
    const kept = (settings.redirects ?? []).filter((r) => !matched.includes(String(r?.from)));
    return kept.length === (settings.redirects ?? []).length ? undefined : editedYaml(text, settings, { ...settings, redirects: kept });
  }

  /**
   * `POST /api/restore`: `file` is where the record lived, e.g. "content/areas/zuni.yaml"; a
   * redirect from its page (the one its deletion added) is removed in the same request.
   */
  restore(request: RestoreRequest): Promise<ApiReply> {
    return this.serial(async () => {
      const parked = `${DELETED_FOLDER}/${String(request.file).slice('content/'.length)}`;
      try {
        writableFile(this.root, request.file);
        writableFile(this.root, parked);
      } catch (error) {
        return refused(error);
      }
      if (!existsSync(path.join(this.root, parked))) return reply(404, { error: `${request.file} is not among the deleted records.` });
      if (existsSync(path.join(this.root, request.file))) return reply(409, { error: `${request.file} exists again: rename or delete it before restoring the deleted one.` });
      const text = readFileSync(path.join(this.root, parked), 'utf8');
      const kind = kindOfFile(request.file)!;
      const page = pagePath(kind.info.kind, kind.slug);
      const settings = page === undefined ? undefined : this.withoutRedirectFrom(page);
      const overlay = new Map<string, string | null>([[request.file, text], ...(settings ? [[SETTINGS_FILE, settings] as const] : [])]);
      const built = await this.builds.build(overlay, [...overlay.keys()], true).catch((e: unknown) => e);
      if (!isGood(built)) return problemsReply(built);
      if (settings) {
        await writeProjectFile(this.root, SETTINGS_FILE, settings);
        this.wrote(SETTINGS_FILE, settings);
      }
      await moveProjectFile(this.root, parked, request.file);
      this.wrote(request.file, text);
      built.show();
      return reply(200, { file: request.file, hash: sha256(text) });
    });
  }
}

/** True for a record's data: a JSON object (a group of fields). */
function isRecordData(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** True for a build that passed (PreviewBuilds.build resolved), false for its error. */
function isGood(built: unknown): built is { show(): void } {
  return typeof built === 'object' && built !== null && 'show' in built && 'files' in built;
}
