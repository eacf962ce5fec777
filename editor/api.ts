/**
 * The browser app's client of the editor's HTTP interface (lib/edit/api-types.ts): JSON in and
 * out, every write a POST carrying the page's CSRF token (`<meta name="editor-token">`) in
 * `X-Editor-Token`; the browser adds the same-origin `Origin` header itself.
 */

/** A reply that was not 2xx: its status and its JSON body (`{ error }` or `{ problems }`). */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error : `the editor answered ${status}`);
  }
}

/** Talks to the editor server of the page it was loaded from. */
export class ApiClient {
  /** @param token the editor's CSRF token, from the HTML shell */
  constructor(readonly token: string) {}

  /**
   * GET a JSON path, e.g. "/api/records".
   * @throws ApiError on a reply that is not 2xx
   */
  get<T>(path: string): Promise<T> {
    return this.send<T>(path, { method: 'GET' });
  }

  /**
   * POST a JSON body to a path, e.g. "/api/save".
   * @throws ApiError on a reply that is not 2xx (409 conflict, 422 problems, 403 refusal, ...)
   */
  post<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  }

  /**
   * POST raw bytes (a photo) with their file name in `X-File-Name`.
   * @throws ApiError on a reply that is not 2xx
   */
  upload<T>(path: string, file: Blob, name: string): Promise<T> {
    return this.send<T>(path, { method: 'POST', headers: { 'X-File-Name': name, 'Content-Type': 'application/octet-stream' }, body: file });
  }

  private async send<T>(path: string, init: RequestInit): Promise<T> {
    const headers = { ...(init.headers as Record<string, string> | undefined), 'X-Editor-Token': this.token };
    const reply = await fetch(path, { ...init, headers, credentials: 'same-origin' });
    const text = await reply.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = { error: text };
    }
    if (!reply.ok) throw new ApiError(reply.status, body);
    return body as T;
  }
}
