/** The port a local server listens on: the one asked for, or the next free one, said in one line. */
/** How many ports after the wanted one are tried before giving up. */
const PORT_TRIES = 20;

/**
 * Calls `start(port)` with `wanted`, then wanted+1, … while the port is taken.
 * @param start  starts the server on a port; rejects with the listen error
 * @param wanted TCP port asked for (e.g. $PORT or 8080); 0 lets the OS pick one
 * @param say    prints one line, e.g. "Port 8080 is in use; using 8081 instead."
 * @returns what `start` resolved with
 * @throws Error with a one-line message when PORT_TRIES ports in a row are taken, or the listen
 *   error (e.g. EACCES) for any other failure
 */
export async function startOnFreePort<T>(start: (port: number) => Promise<T>, wanted: number, say: (line: string) => void): Promise<T> {
  for (let port = wanted; port < wanted + PORT_TRIES || wanted === 0; port++) {
    try {
      const started = await start(port);
      if (port !== wanted) say(`Port ${wanted} is in use; using ${port} instead.`);
      return started;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || wanted === 0) throw error;
    }
  }
  throw new Error(`Ports ${wanted} to ${wanted + PORT_TRIES - 1} are all in use; set PORT to a free port, e.g. PORT=3000.`);
}

/**
 * The port asked for with --port, else `fallback` (the configuration's, from PORT: lib/config.ts).
 * @throws Error with a one-line message when `raw` is not a whole number from 0 to 65535
 */
export function wantedPort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, e.g. --port 3000 (got "${raw}").`);
  return port;
}
