/**
 * Serves dist/ on localhost the way the hosts do (`npm start` builds first, then runs this):
 * directory index files, /404.html with status 404 for unknown paths. Prints the address. An
 * output folder left incomplete by an interrupted build is restored first (lib/output-folder.ts).
 * Usage: tsx scripts/serve.ts [--port 8080] [--dir dist]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreOutput } from '../lib/output-folder.ts';
import { startServer } from '../lib/preview-server.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.PORT ?? '8080' }, dir: { type: 'string', default: 'dist' } } });
const dir = path.resolve(import.meta.dirname, '..', values.dir!);
for (const line of await restoreOutput(dir)) console.log(line);
const server = await startServer(dir, Number(values.port), '127.0.0.1');
console.log(`Serving ${path.relative(process.cwd(), dir) || '.'} at ${server.url}  (Ctrl+C to stop)`);
