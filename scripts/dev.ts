/**
 * `npm run dev`: build, serve at http://127.0.0.1:$PORT (default 8080, or the next free port),
 * rebuild on every save under content/ pages/ templates/ islands/ static/ lib/, and reload every
 * open tab. A build error shows in the browser as a page saying what, where and what to do, and
 * here as one line per mistake. Ctrl+C stops the server, the watcher and the build process; so
 * does the end of the npm process that started it, even by SIGKILL, on Linux and macOS
 * (lib/serve/launcher-watch.ts).
 * The pipeline itself is lib/serve/dev-server.ts.
 */
import { startDevServer, type DevServer } from '../lib/serve/dev-server.ts';
import { watchLauncher } from '../lib/serve/launcher-watch.ts';
import { configForCommand } from '../lib/config.ts';

/** Longest wait, ms, for the server, watcher and build process to close before the process exits anyway. */
const CLOSE_MS = 5_000;

const config = configForCommand('Dev server');
let dev: DevServer | undefined;
let stopping = false;
/**
 * Closes the server, the watcher and the build process (at most CLOSE_MS), then exits; before the
 * server has started, just exits: the build process ends when its link to this process drops.
 */
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (!dev) process.exit(0);
  setTimeout(() => process.exit(0), CLOSE_MS).unref();
  void dev.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// From the start: npm may be killed during the first build.
watchLauncher((pid) => {
  console.log(`The command that started the dev server has ended (process ${pid}): stopping.`);
  stop();
});
try {
  dev = await startDevServer({ config });
} catch (error) {
  console.error(`Dev server not started: ${(error as Error).message}`);
  process.exit(1);
}
