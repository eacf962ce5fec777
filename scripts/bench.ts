/**
 * Build benchmark: `npm run bench -- --areas N [--threads N]` builds the real site plus N synthetic
 * area records (tooling/synthetic-areas.ts) into a temporary folder, removes it, and prints as its
 * last line "P pages in T ms (t ms a page; ...), peak RSS M MB": T from content to files on disk,
 * peak RSS of the process, worker threads included. Not a test: timings swing with the load.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_CONTENT } from '../tooling/project-content.ts';
import type { Community } from '../lib/content/schema.ts';
import { MAX_THREADS, WORKER_MIN_PAGES } from '../lib/build/worker-pool.ts';
import { syntheticAreas } from '../tooling/synthetic-areas.ts';
import { configForCommand } from '../lib/config.ts';

const config = configForCommand('Benchmark');
// React's production renderer, as build.ts sets it; React reads it when first loaded.
process.env.NODE_ENV ||= 'production';
const { buildToFolder } = await import('../build.ts');

const { values } = parseArgs({ options: { areas: { type: 'string', default: '0' }, threads: { type: 'string' } } });
const areas = Number(values.areas);
if (!Number.isInteger(areas) || areas < 0) {
  console.error(`--areas must be a whole number of synthetic areas, e.g. --areas 400 (got "${values.areas}").`);
  process.exit(1);
}

const threads = values.threads === undefined ? config.threads : Number(values.threads);
if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) {
  console.error(`--threads must be a whole number of threads, at least 1, e.g. --threads 2 (got "${values.threads}").`);
  process.exit(1);
}

const template = (PROJECT_CONTENT.communities as Community[]).find((c) => c.slug === 'grants')!;
const content = { ...PROJECT_CONTENT, communities: [...PROJECT_CONTENT.communities, ...syntheticAreas(template, areas)] };
const outDir = await mkdtemp(path.join(os.tmpdir(), 'bench-site-'));
try {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await buildToFolder({ config: { ...config, outDir: path.join(outDir, 'dist'), threads }, content });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pages = result.pages.length;
  const gz = result.pages.map((p) => p.gzipBytes).sort((a, b) => a - b);
  console.log(`page gzipped: median ${(gz[gz.length >> 1] / 1024).toFixed(1)} KB, largest ${(gz[gz.length - 1] / 1024).toFixed(1)} KB (${result.pages.find((p) => p.gzipBytes === gz[gz.length - 1])!.path})`);
  console.log(`${result.threads} thread${result.threads === 1 ? '' : 's'} (--threads N to choose; default: one below ${WORKER_MIN_PAGES} pages, else the available cores, at most ${MAX_THREADS})`);
  console.log(`CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms (${((cpu.user + cpu.system) / 1000 / pages).toFixed(1)} ms a page, all threads)`);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`${pages} pages in ${Math.round(ms)} ms (${(ms / pages).toFixed(1)} ms a page; building ${Math.round(result.ms)} ms, writing ${Math.round(ms - result.ms)} ms), peak RSS ${Math.round(peakMb)} MB`);
} finally {
  await rm(outDir, { recursive: true, force: true });
}
