/**
 * Scale benchmark against Hugo (not a test): `npm run bench:hugo -- [--areas 3961] [--rounds 3]
 * [--page-bytes N]`. On a temporary folder on tmpfs when there is one, it builds the real site
 * once to read the size of /areas/grants/index.html (or takes --page-bytes), then alternates,
 * --rounds times, `scripts/bench.ts --areas N` and `hugo --minify` on a synthetic Hugo site
 * (tooling/hugo-site.ts) of as many pages of about that size, and prints each run, the medians
 * and the targets (at most 3x Hugo's wall time and Hugo's peak memory), never failing on them.
 * Each run is measured by GNU time (/usr/bin/time: wall %e, CPU %U + %S, peak resident set %M of
 * one process, worker threads included). The folder is removed on exit, also on a signal.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statfsSync, statSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeHugoSite } from '../tooling/hugo-site.ts';
import { killGroup, startProcess, type ScriptProcess } from '../tooling/process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const GNU_TIME = '/usr/bin/time';
/** The file-system type number of tmpfs (statfs(2), TMPFS_MAGIC in linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** Targets: our generator's wall time at most 3 times Hugo's, its peak memory at most Hugo's. */
const TIME_TARGET = 3;
const MEMORY_TARGET = 1;

/** One measured run of a program. */
interface Run { wallS: number; cpuS: number; peakMb: number }

const { values } = parseArgs({ options: {
  areas: { type: 'string', default: '3961' }, rounds: { type: 'string', default: '3' }, 'page-bytes': { type: 'string' },
} });
const areas = wholeNumber('--areas', values.areas, 0, 'synthetic areas (e.g. --areas 200)');
const rounds = wholeNumber('--rounds', values.rounds, 1, 'rounds (e.g. --rounds 3)');
const pageBytesArg = values['page-bytes'] === undefined ? undefined : wholeNumber('--page-bytes', values['page-bytes'], 4000, 'bytes (e.g. --page-bytes 60000)');

/** Parses a whole-number option, or exits with one line saying what it takes. */
function wholeNumber(name: string, text: string, min: number, what: string): number {
  const n = Number(text);
  if (Number.isInteger(n) && n >= min) return n;
  console.error(`${name} must be a whole number of ${what}, at least ${min}; got "${text}".`);
  process.exit(1);
}

/** Exits with one line naming the Debian package when a program this benchmark runs is missing. */
function requireTools(): void {
  if (!existsSync(GNU_TIME)) fail(`${GNU_TIME} (GNU time) is missing: install it with apt-get install -y time`);
  if (spawnSync('hugo', ['version'], { stdio: 'ignore' }).error) fail('hugo is not installed: install it with apt-get install -y hugo');
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/** A new temporary folder on tmpfs when there is one, and where it is. */
function temporaryFolder(): { dir: string; where: string } {
  const isTmpfs = (dir: string) => { try { return statfsSync(dir).type === TMPFS_MAGIC; } catch { return false; } };
  const parent = ['/dev/shm', os.tmpdir()].find(isTmpfs);
  const dir = mkdtempSync(path.join(parent ?? os.tmpdir(), 'bench-hugo-'));
  return { dir, where: parent ? `${parent} (tmpfs)` : `${os.tmpdir()} (NOT tmpfs: outputs are on disk, times are not comparable with tmpfs figures)` };
}

requireTools();
const tmp = temporaryFolder();
let current: ScriptProcess | undefined;
// Ends the run under way and removes the folder on every exit; a signal exits through it.
process.on('exit', () => {
  if (current?.child.pid) killGroup(current.child.pid);
  // Synchronously (the only way on exit), retried: a file still being written when this process
  // was stopped can appear after the folder was listed (ENOTEMPTY).
  rmSync(tmp.dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
});
for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) process.on(signal, () => process.exit(status));

/**
 * Runs `command` under GNU time in its own process group, waits for it and returns its output and
 * figures.
 * @throws Error with the output when it exits with a status other than 0
 */
async function measured(command: string, args: string[], env: Record<string, string>): Promise<{ out: string; run: Run }> {
  const timeFile = path.join(tmp.dir, 'time.txt');
  current = startProcess(GNU_TIME, ['-f', '%e %U %S %M', '-o', timeFile, command, ...args], ROOT, env);
  const status = await new Promise<number | null>((resolve) => current!.child.once('exit', (code) => resolve(code)));
  const out = current.output();
  await current.stop();
  current = undefined;
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited with status ${status}:\n${out}`);
  const [wall, user, system, maxKb] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1)!.split(' ').map(Number);
  return { out, run: { wallS: wall, cpuS: user + system, peakMb: maxKb / 1024 } };
}

/** The size in bytes of /areas/grants/index.html as the real site builds now (built into the temporary folder). */
async function grantsPageBytes(): Promise<number> {
  const dist = path.join(tmp.dir, 'real-dist');
  const { out } = await measured(process.execPath, ['--import', 'tsx', 'build.ts'], { DIST_DIR: dist });
  const file = path.join(dist, 'areas/grants/index.html');
  if (!existsSync(file)) throw new Error(`The real build made no areas/grants/index.html; pass --page-bytes N.\n${out}`);
  const bytes = statSync(file).size;
  await rm(dist, { recursive: true, force: true });
  return bytes;
}

/** One run of our generator with `areas` synthetic areas, output in the temporary folder; its page count and own figures. */
async function generatorRun(): Promise<{ pages: number; line: string; run: Run }> {
  const { out, run } = await measured(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--areas', String(areas)], { TMPDIR: tmp.dir });
  const line = out.trim().split('\n').at(-1)!;
  const pages = Number(/^(\d+) pages in /.exec(line)?.[1]);
  if (!pages) throw new Error(`scripts/bench.ts did not end with "N pages in T ms":\n${out}`);
  return { pages, line, run };
}

/** One `hugo --minify` build of the site in `site` into an emptied site/public. */
async function hugoRun(site: string): Promise<Run> {
  await rm(path.join(site, 'public'), { recursive: true, force: true });
  const { run } = await measured('hugo', ['--minify', '--quiet', '--source', site, '--destination', path.join(site, 'public')], { HUGO_CACHEDIR: path.join(tmp.dir, 'hugo-cache') });
  return run;
}

/** Hugo's output pages: how many, and their median size in bytes. */
async function hugoPages(site: string): Promise<{ count: number; medianBytes: number }> {
  const dir = path.join(site, 'public/areas');
  const sizes = (await readdir(dir)).map((name) => statSync(path.join(dir, name, 'index.html')).size);
  return { count: sizes.length, medianBytes: median(sizes) };
}

function median(list: number[]): number {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const row = (name: string, r: Run) => `${name.padEnd(16)}${r.wallS.toFixed(2).padStart(9)}${r.cpuS.toFixed(2).padStart(9)}${Math.round(r.peakMb).toString().padStart(9)}`;
const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)}x (target at most ${target}x: ${ratio <= target ? 'met' : 'not met'})`;

/** Runs the rounds, A B A B ..., printing each run; returns every run of both. */
async function alternate(pageBytes: number): Promise<{ ours: Run[]; hugo: Run[] }> {
  const site = path.join(tmp.dir, 'hugo-site');
  const ours: Run[] = [];
  const hugo: Run[] = [];
  let pages = 0;
  console.log(`${''.padEnd(16)}${'wall s'.padStart(9)}${'CPU s'.padStart(9)}${'peak MB'.padStart(9)}`);
  for (let round = 1; round <= rounds; round++) {
    const a = await generatorRun();
    ours.push(a.run);
    console.log(`${row(`generator ${round}`, a.run)}   (${a.line})`);
    if (round === 1) {
      pages = a.pages;
      await writeHugoSite(site, pages, pageBytes);
    } else if (a.pages !== pages) throw new Error(`The generator built ${a.pages} pages in round ${round}, ${pages} in round 1.`);
    hugo.push(await hugoRun(site));
    console.log(row(`hugo ${round}`, hugo.at(-1)!));
    if (round === 1) {
      const out = await hugoPages(site);
      console.log(`${''.padEnd(16)}(${out.count} Hugo pages of median ${out.medianBytes} bytes, aimed at ${pageBytes}; load average ${load()})`);
      if (out.count !== pages) throw new Error(`Hugo wrote ${out.count} pages, not ${pages}.`);
    }
  }
  return { ours, hugo };
}

async function main(): Promise<void> {
  const hugoVersion = spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`Temporary folder: ${tmp.dir} on ${tmp.where}`);
  console.log(`${hugoVersion}; node ${process.version}; ${os.cpus().length} cores; load average ${load()}`);
  const pageBytes = pageBytesArg ?? await grantsPageBytes();
  console.log(`Page size to aim at: ${pageBytes} bytes (${pageBytesArg === undefined ? '/areas/grants/index.html as built now' : '--page-bytes'}); ${areas} synthetic areas, ${rounds} round${rounds === 1 ? '' : 's'}`);
  const { ours, hugo } = await alternate(pageBytes);
  const med = (runs: Run[], key: keyof Run) => median(runs.map((r) => r[key]));
  const medians = (runs: Run[]): Run => ({ wallS: med(runs, 'wallS'), cpuS: med(runs, 'cpuS'), peakMb: med(runs, 'peakMb') });
  console.log(row('median generator', medians(ours)));
  console.log(row('median hugo', medians(hugo)));
  console.log(`generator / hugo: wall time ${verdict(med(ours, 'wallS') / med(hugo, 'wallS'), TIME_TARGET)}, CPU time ${(med(ours, 'cpuS') / med(hugo, 'cpuS')).toFixed(2)}x, peak memory ${verdict(med(ours, 'peakMb') / med(hugo, 'peakMb'), MEMORY_TARGET)}`);
  console.log(`load average at the end: ${load()}`);
}

try {
  await main();
} catch (error) {
  // A failed build or Hugo run: its command and output, then the folder is removed on exit.
  console.error(`Benchmark stopped: ${(error as Error).message}`);
  process.exitCode = 1;
}
