/**
 * `npm run edit`: builds the site in memory, starts the editor at http://127.0.0.1:$PORT (default
 * 8080, or the next free port) and its preview on a second free port, and opens the editor in the
 * default browser (not with --no-open, under CI, or on Linux without a display). Serves until
 * Ctrl+C, SIGTERM, or the end of the npm process that started it (lib/serve/launcher-watch.ts).
 * The editor never writes dist/.
 * Usage: tsx scripts/edit.ts [--port 8080] [--no-open]
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { configForCommand } from '../lib/config.ts';
import type { RunningEditor } from '../lib/edit/editor-server.ts';
import { stopWhenAsked } from '../lib/serve/launcher-watch.ts';
import { wantedPort } from '../lib/serve/listen.ts';

/** Opens `url` in the default browser, detached; every failure (no opener, no browser) is ignored. */
function openBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch { /* no opener: the address is printed */ }
}

const config = configForCommand('Editor');
// React's production renderer, as `npm run build` uses, so the preview's pages are the pages that
// get published. React reads it when first loaded, hence the late import.
process.env.NODE_ENV ||= 'production';
const { startEditor } = await import('../lib/edit/editor-server.ts');
const { handlePublishApi } = await import('../lib/edit/publish-routes.ts');
const { stopPublishing } = await import('../lib/edit/publish.ts');
const { values } = parseArgs({ options: { port: { type: 'string' }, 'no-open': { type: 'boolean' } } });
let editor: RunningEditor | undefined;
// Closes the servers and ends a publish under way.
stopWhenAsked('the editor', () => editor && Promise.all([editor.close(), stopPublishing()]));
try {
  console.log('Building the site in memory...');
  editor = await startEditor({
    root: config.root, config, port: wantedPort(values.port, config.port), say: (line) => console.log(line),
    handlers: [(request, ctx) => handlePublishApi(request, { ...ctx, env: process.env })],
  });
  console.log(`Editor at ${editor.url}/  (Ctrl+C to stop)`);
  console.log(`Preview at ${editor.previewUrl}/`);
  const headless = process.env.CI || (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);
  if (!values['no-open'] && !headless) openBrowser(`${editor.url}/`);
} catch (error) {
  console.error(`Editor not started: ${(error as Error).message}`);
  process.exit(1);
}
