/** The browser editor on a throw-away project copy, and Chromium with every request recorded. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { resolveConfig } from '../lib/config.ts';
import { startEditor, type RunningEditor } from '../lib/edit/editor-server.ts';
import { handlePublishApi } from '../lib/edit/publish-routes.ts';
import { launchBrowser } from './browser.ts';
import { copyProject, type ProjectCopy } from './project-copy.ts';

/** A started editor on a project copy, and a browser. */
export interface EditorHarness {
  copy: ProjectCopy;
  editor: RunningEditor;
  browser: Browser;
  /** Lines the editor printed. */
  said: string[];
  /** A file of the copy, as text, e.g. "content/settings.yaml". */
  read(file: string): Promise<string>;
  /**
   * A new page at the editor's address, viewport `width` x 900: `requests` every URL asked for,
   * `blocked` those off 127.0.0.1 a Content-Security-Policy stopped, `offsite` the others off it.
   * Nothing is intercepted: an interception would see a request before the page's policy stops it.
   */
  open(width?: number): Promise<{ page: Page; context: BrowserContext; requests: string[]; blocked: string[]; offsite: string[]; errors: string[] }>;
  close(): Promise<void>;
}

/** Starts the editor on a fresh project copy, and Chromium. */
export async function startEditorHarness(): Promise<EditorHarness> {
  const copy = await copyProject();
  const said: string[] = [];
  const config = resolveConfig({ DIST_DIR: 'dist' }, copy.root);
  const [editor, browser] = await Promise.all([
    startEditor({ root: copy.root, config, port: 0, say: (line) => said.push(line), handlers: [(request, ctx) => handlePublishApi(request, { ...ctx, env: process.env })] }),
    launchBrowser(),
  ]);
  return {
    copy, editor, browser, said,
    read: (file) => readFile(path.join(copy.root, file), 'utf8'),
    async open(width = 1366) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const requests: string[] = [];
      const blocked: string[] = [];
      const offsite: string[] = [];
      const isOff = (url: string) => !url.startsWith('data:') && new URL(url).hostname !== '127.0.0.1';
      context.on('request', (r) => { requests.push(r.url()); });
      context.on('requestfinished', (r) => { if (isOff(r.url())) offsite.push(r.url()); });
      context.on('requestfailed', (r) => {
        if (!isOff(r.url())) return;
        if (r.failure()?.errorText === 'csp') blocked.push(r.url());
        else offsite.push(`${r.url()} (${r.failure()?.errorText})`);
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${editor.url}/`);
      await page.getByRole('heading', { name: 'Edit your site' }).waitFor();
      return { page, context, requests, blocked, offsite, errors };
    },
    async close() {
      await browser.close();
      await editor.close();
      await copy.remove();
    },
  };
}
