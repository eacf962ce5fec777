/**
 * Serves dist/ on localhost the way the hosts do (`npm start` builds first, then runs this), with
 * the preview server (lib/serve/preview-server.ts), after finishing what an interrupted build left
 * (lib/output-folder.ts restoreOutput). A taken port is said in one line and the next free one
 * used. Stops on Ctrl+C, SIGTERM or the end of the npm process that started it (lib/serve/launcher-watch.ts).
 * Usage: tsx scripts/serve.ts [--port 8080] [--dir dist]   (defaults: $PORT, else 8080; $DIST_DIR, else dist)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startOnFreePort, wantedPort } from '../lib/serve/listen.ts';
import { stopWhenAsked } from '../lib/serve/launcher-watch.ts';
import { restoreOutput } from '../lib/output-folder.ts';
import { startServer, type RunningServer } from '../lib/serve/preview-server.ts';
import { configForCommand } from '../lib/config.ts';

const config = configForCommand('Server');
let server: RunningServer | undefined;
// Before the address is printed: a launcher that ends right after has to be found while it still runs.
stopWhenAsked('the server', () => server?.close());
try {
  const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
  const dir = values.dir === undefined ? config.outDir : path.resolve(config.root, values.dir);
  const shown = path.relative(process.cwd(), dir) || '.';
  for (const line of await restoreOutput(dir)) console.log(line);
  if (!existsSync(dir)) throw new Error(`${shown} does not exist yet: run "npm run build" first (or "npm start", which builds and serves).`);
  server = await startOnFreePort((port) => startServer(dir, port, '127.0.0.1'), wantedPort(values.port, config.port), (line) => console.log(line));
  console.log(`Serving ${shown} at ${server.url}  (Ctrl+C to stop)`);
} catch (error) {
  console.error(`Server not started: ${(error as Error).message}`);
  process.exitCode = 1;
}
