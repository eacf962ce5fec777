/**
 * `npm run dev`: build, serve at http://127.0.0.1:$PORT (default 8080, or the next free port),
 * rebuild on every save and reload the open tabs (lib/serve/dev-server.ts). Ctrl+C stops the
 * server, the watcher and the build process; so does the end of the npm process that started it,
 * even by SIGKILL (lib/serve/launcher-watch.ts).
 */
import { startDevServer, type DevServer } from '../lib/serve/dev-server.ts';
import { stopWhenAsked } from '../lib/serve/launcher-watch.ts';
import { configForCommand } from '../lib/config.ts';

const config = configForCommand('Dev server');
let dev: DevServer | undefined;
stopWhenAsked('the dev server', () => dev?.close());
try {
  dev = await startDevServer({ config });
} catch (error) {
  console.error(`Dev server not started: ${(error as Error).message}`);
  process.exit(1);
}
