/**
 * Serves dist/ on localhost the way the hosts do (`npm start` builds first, then runs this):
 * directory index files, /404.html with status 404 for unknown paths. Prints the address. Files
 * are looked up per request, so a rebuild while it runs is served at once, whole. An output
 * folder left incomplete by an interrupted build is restored first (lib/output-folder.ts).
 * A taken port is said in one line and the next free port is used. The server stops when the
 * command that started it ends, however it ended (a SIGTERM to the npm process of `npm run serve`
 * or `npm start` ends npm alone; the shell and this process would serve on): it watches its
 * launcher as `npm run dev` does (lib/serve/launcher-watch.ts).
 * Usage: tsx scripts/serve.ts [--port 8080] [--dir dist]   (defaults: $PORT, else 8080; $DIST_DIR, else dist)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startOnFreePort, wantedPort } from '../lib/serve/listen.ts';
import { watchLauncher } from '../lib/serve/launcher-watch.ts';
import { restoreOutput } from '../lib/output-folder.ts';
import { startServer } from '../lib/serve/preview-server.ts';
import { configForCommand } from '../lib/config.ts';

const config = configForCommand('Server');
let server: Awaited<ReturnType<typeof startServer>> | undefined;
// From the start, before the address is printed: a launcher that ends right after (a test, an
// IDE's stop button) has to be found while it still runs, or this server is orphaned unwatched.
watchLauncher((pid) => {
  console.log(`The command that started the server has ended (process ${pid}): stopping.`);
  if (!server) process.exit(0);
  void server.close().then(() => process.exit(0));
});
try {
  const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
  const dir = values.dir === undefined ? config.outDir : path.resolve(config.root, values.dir);
  const shown = path.relative(process.cwd(), dir) || '.';
  for (const line of await restoreOutput(dir)) console.log(line);
  if (!existsSync(dir)) throw new Error(`${shown} does not exist yet: run "npm run build" first (or "npm start", which builds and serves).`);
  server = await startOnFreePort((port) => startServer(dir, port, '127.0.0.1'), values.port === undefined ? config.port : wantedPort(values.port), (line) => console.log(line));
  console.log(`Serving ${shown} at ${server.url}  (Ctrl+C to stop)`);
} catch (error) {
  console.error(`Server not started: ${(error as Error).message}`);
  process.exitCode = 1;
}
