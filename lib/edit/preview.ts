/**
 * The editor's preview: the site built in memory (buildSite, the function of `npm run build`, whose
 * files are kept in a Map with the static folder's, and a BuildCache so that a save rebuilds only
 * what its change touches) and a server that answers with the exact bytes of the latest good
 * build. Nothing is written to disk: dist/ and the hosting files stay as they are.
 *
 * The server routes as lib/serve/preview-server.ts does (route(), the build's own _redirects), with
 * the site's security headers except its framing refusal: its own Content-Security-Policy
 * (startPreviewServer) lets only the editor frame the pages, beside the page's own <meta> policy (both
 * apply: https://www.w3.org/TR/CSP3/#multiple-policies). Every answer is `Cache-Control: no-store`,
 * so a reload after a save never shows older bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildCache } from '../build/build-cache.ts';
import { buildSite } from '../build/build-site.ts';
import type { BuildResult } from '../build/summary.ts';
import type { GeneratorConfig } from '../config.ts';
import { ContentError } from '../content/content-error.ts';
import { locate, readContent } from '../content/read-content.ts';
import { startLocalServer, type RunningServer } from '../serve/own-origin.ts';
import { route } from '../serve/preview-server.ts';
import { MIME_TYPES, redirectsOfFile, REDIRECTS, SECURITY_HEADERS } from '../site-files/hosting.ts';
import { listStaticFiles } from '../static-folder.ts';

/** The files of one build by site path ("/areas/grants/index.html"), static files included. */
export type SiteBytes = Map<string, Buffer>;

/** Types of the files a build makes that MIME_TYPES leaves to the hosts. */
const COMMON_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.woff2': 'font/woff2', '.pdf': 'application/pdf',
};

/** The Content-Type of a site path. */
function typeOf(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return MIME_TYPES[ext] ?? COMMON_TYPES[ext] ?? 'application/octet-stream';
}

/** The files of a build with the static folder's, as writing the site puts them (the build's win a clash). */
async function siteBytes(staticDir: string, result: BuildResult): Promise<SiteBytes> {
  const files: SiteBytes = new Map();
  for (const file of await listStaticFiles(staticDir)) files.set(file, await readFile(path.join(staticDir, file.slice(1))));
  for (const f of result.files) files.set(f.path, Buffer.from(f.contents));
  return files;
}

/** A build that passed, not yet shown: show() makes it the preview's. */
export interface GoodBuild {
  files: SiteBytes;
  show(): void;
}

/** The builds of the preview. One build at a time (the caller queues them). */
export class PreviewBuilds {
  private readonly cache = new BuildCache();
  private first = true;
  /** The files the preview serves. */
  files: SiteBytes = new Map();
  /** Counts the builds shown, from 1. */
  version = 0;
  /** The site paths of the pages of the build shown. */
  pages = new Set<string>();
  /** One line when the last build attempted failed for another reason than a content mistake. */
  error: string | undefined;

  constructor(private readonly config: GeneratorConfig) {}

  /**
   * Builds the site from the content folder with `overlay` read in place of the disk
   * (readContent's overlay).
   * @param changed project-relative paths changed since the last build shown (for BuildCache)
   * @param added   true when a content file is added or removed
   * @throws ContentError with each problem located at its file's line; any other build error as it is
   */
  async build(overlay: ReadonlyMap<string, string | null>, changed: readonly string[], added: boolean): Promise<GoodBuild> {
    const { raw, files: yamlFiles } = readContent(this.config.contentDir, overlay);
    this.cache.startBuild({ changed, added: added || this.first });
    try {
      const result = await buildSite({ config: this.config, content: raw, cache: this.cache });
      const files = await siteBytes(this.config.staticDir, result);
      await this.cache.endBuild(true);
      this.first = false;
      this.error = undefined;
      return {
        files,
        show: () => {
          this.files = files;
          this.pages = new Set(result.routes.map((r) => r.path));
          this.version++;
        },
      };
    } catch (error) {
      await this.cache.endBuild(false);
      if (error instanceof ContentError) throw new ContentError(locate(error.problems, yamlFiles));
      this.error = (error as Error).message.split('\n')[0];
      throw error;
    }
  }

  /** Ends the esbuild contexts kept between builds. */
  close(): Promise<void> {
    return this.cache.close();
  }
}

/** Answers one request to the preview from the files of the build shown. */
function answerPreview(req: IncomingMessage, res: ServerResponse, files: SiteBytes, policy: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (name !== 'X-Frame-Options') res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('Cache-Control', 'no-store');
  const redirectsFile = files.get('/_redirects');
  const { location, file } = route(req.url ?? '/', redirectsFile ? redirectsOfFile(redirectsFile.toString('utf8')) : REDIRECTS, (f) => files.has(f));
  if (location) return void res.writeHead(301, { Location: location }).end();
  const body = file === undefined ? files.get('/404.html') : files.get(file);
  res.writeHead(file === undefined ? 404 : 200, { 'Content-Type': file === undefined ? 'text/html; charset=utf-8' : typeOf(file), 'Content-Length': body?.length ?? 9 });
  res.end(req.method === 'HEAD' ? undefined : body ?? 'Not found');
}

/** A started preview server. */
export type PreviewServer = RunningServer;

/**
 * Starts the preview server on 127.0.0.1 and a free port.
 * @param builds     whose files it serves (read per request, so a new build shows at once)
 * @param editorPort the editor's port, the one origin allowed to frame the pages
 * @throws the listen error
 */
export function startPreviewServer(builds: PreviewBuilds, editorPort: number): Promise<PreviewServer> {
  // Only the editor (both its names) may frame the pages; nothing but the preview's own origin (and
  // inline code, data: and blob: URLs) may load, so analytics and video thumbnails make no request.
  const policy = `frame-ancestors http://127.0.0.1:${editorPort} http://localhost:${editorPort}; default-src 'self' 'unsafe-inline' data: blob:`;
  return startLocalServer((req, res) => answerPreview(req, res, builds.files, policy), 0, '127.0.0.1');
}
