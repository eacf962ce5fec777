/** Drives a real `npm run edit` in a project copy, calling its JSON interface as the editor's page does. */
import { startScript, type ScriptProcess } from './process.ts';

/** One answer of the editor's interface. */
interface EditorAnswer {
  status: number;
  body: any;
}

export interface EditorRun {
  process: ScriptProcess;
  /** e.g. "http://127.0.0.1:40123" (no trailing slash). */
  url: string;
  previewUrl: string;
  token: string;
  /** GET `path` (with its query) of the editor. */
  get(path: string): Promise<EditorAnswer>;
  /** POST a JSON body to `path` with the editor's Origin and token (`headers` added or replacing them). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<EditorAnswer>;
  stop(): Promise<void>;
}

/** Reads an answer's JSON body (undefined when it is not JSON). */
async function answer(res: Response): Promise<EditorAnswer> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** Starts the editor in `root` on a free port, without opening a browser. @throws Error with its output when it does not start in 3 min */
export async function startEditorIn(root: string): Promise<EditorRun> {
  const run = startScript(['scripts/edit.ts', '--port', '0', '--no-open'], root);
  const out = await run.waitFor(/Preview at http:\/\/127\.0\.0\.1:\d+/, 180_000).catch(async (error: unknown) => {
    await run.stop();
    throw error;
  });
  const url = /Editor at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
  const previewUrl = /Preview at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
  const page = await (await fetch(`${url}/`)).text();
  const token = /<meta name="editor-token" content="([0-9a-f]+)"/.exec(page)?.[1] ?? '';
  return {
    process: run, url, previewUrl, token,
    get: async (path) => answer(await fetch(`${url}${path}`)),
    post: async (path, body, headers = {}) => answer(await fetch(`${url}${path}`, {
      method: 'POST', body: typeof body === 'string' ? body : body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]) : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Origin: url, 'X-Editor-Token': token, ...headers },
    })),
    stop: () => run.stop(),
  };
}
