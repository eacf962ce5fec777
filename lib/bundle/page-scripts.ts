/**
 * Which files each page loads, from esbuild's metafile: for its <script>/<link> tags and the
 * JavaScript budget (15 KB gzipped a page). With the page: its entries, their chunks and the
 * dynamic imports that run by themselves; on interaction: islands placed with load="interaction".
 * The index is plain data, so it crosses to worker threads.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as esbuild from 'esbuild';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { WORKERS, type WorkerName } from './client-config.ts';
import { ROOT, toSitePath, type InMemoryBuild, type OutputFile } from './esbuild-options.ts';

/**
 * The JavaScript of one page: its tags before </head> (chunk modulepreloads, entry scripts, the
 * picture script), the site paths it loads by itself and only on interaction, their gzip-9 sizes.
 */
export interface PageScripts {
  tags: string;
  load: string[];
  loadGzipBytes: number;
  interaction: string[];
  interactionGzipBytes: number;
}

/** Module whose dynamic import islands/site/analytics.ts makes (not on a page without analytics). */
const VITALS_MODULE = 'islands/site/vitals.ts';

/** The Web Workers bundled: their files, and the site path of each worker built. */
export interface BundledWorkers {
  files: OutputFile[];
  paths: Partial<Record<WorkerName, string>>;
}

/**
 * The bundle's outputs as the accounting reads them, as plain data. Output paths are relative to
 * the project root, as in the metafile. `imports`: the imports an output's code still makes (the
 * metafile can list one minification dropped); `entryOut`: entry name ("site", "VideoPlayer",
 * "VideoPlayer@interaction") -> its output; `entryOf`: output -> its entry point; `gzipBytes`: site
 * path -> gzipped size (level 9); the site paths of the Web Workers and of the picture script.
 */
export interface ScriptIndex {
  imports: Record<string, { path: string; kind: esbuild.ImportKind }[]>;
  entryOut: Record<string, string>;
  entryOf: Record<string, string>;
  gzipBytes: Record<string, number>;
  workers: Partial<Record<WorkerName, string>>;
  picture: string;
}

/** How a page reaches an output through a dynamic import: with the page, on interaction, or never. */
type Reach = 'load' | 'interaction' | 'never';

/** A build of the page code with its metafile. */

/** Files an output loads, following static imports and the dynamic imports `reach` allows. */
function closure(index: ScriptIndex, out: string, reach: (target: string) => Reach, allowed: Reach[], seen = new Set<string>()): Set<string> {
  if (seen.has(out)) return seen;
  seen.add(out);
  for (const imp of index.imports[out] ?? []) {
    if (imp.kind === 'import-statement' || (imp.kind === 'dynamic-import' && allowed.includes(reach(imp.path)))) closure(index, imp.path, reach, allowed, seen);
  }
  return seen;
}

/**
 * The entries of a page with these island keys: the site module, and per island the loader entry
 * ("<Name>@interaction") when any placement waits for an interaction, else the eager one.
 * @throws Error for an island with no bundle output (not in islands/registry.ts ISLAND_NAMES)
 */
function pageEntries(index: ScriptIndex, keys: Iterable<string>) {
  const uses = [...keys].map(parseIslandKey);
  const names = new Set(uses.map((u) => u.name));
  const eager = new Set(uses.filter((u) => u.load === 'load').map((u) => u.name));
  const waits = new Set(uses.filter((u) => u.load === 'interaction').map((u) => u.name));
  const entries = ['site', ...[...names].map((n) => (waits.has(n) ? `${n}@interaction` : n))].map((entry) => {
    const out = index.entryOut[entry];
    if (!out) throw new Error(`No bundle output for island "${entry}": is it listed in islands/registry.ts?`);
    return out;
  });
  return { entries, names, eager };
}

/**
 * Everything a page with these island keys loads: its tags, and its files at load and on
 * interaction with their gzipped sizes. An upper bound: a dynamic import that may not run
 * (web-vitals when the browser lacks an API) still counts.
 * @param index the bundle's index (lib/bundle/bundle.ts bundleSiteScripts)
 * @param keys  the page's island keys (islands/runtime/load.ts `islandKey`)
 * @param options `analytics` false for a page that sends none (no web-vitals chunk; default true),
 *   `photos` true for a page that places a photo (it loads the picture script)
 * @throws Error for an island with no bundle output
 */
export function pageScripts(index: ScriptIndex, keys: Iterable<string>, options: { analytics?: boolean; photos?: boolean } = {}): PageScripts {
  const { entries, names, eager } = pageEntries(index, keys);
  const reach = (target: string): Reach => {
    const entry = index.entryOf[target] ?? '';
    if (entry === VITALS_MODULE) return options.analytics === false ? 'never' : 'load';
    // An island's own entry, imported by its loader entry ("<Name>@interaction").
    if (entry.startsWith('island-entry:')) return eager.has(entry.slice('island-entry:'.length)) ? 'load' : 'interaction';
    return 'load';
  };
  const statics = new Set<string>();
  const loaded = new Set<string>();
  const all = new Set<string>();
  for (const e of entries) {
    closure(index, e, reach, [], statics);
    closure(index, e, reach, ['load'], loaded);
    closure(index, e, reach, ['load', 'interaction'], all);
  }
  const entryPaths = entries.map(toSitePath);
  const chunks = [...statics].map(toSitePath).filter((p) => !entryPaths.includes(p));
  const load = [...loaded].map(toSitePath);
  const interaction = [...all].filter((o) => !loaded.has(o)).map(toSitePath);
  // A page's workers load with the island that starts them: at load if any placement loads it.
  for (const [name, w] of Object.entries(WORKERS)) {
    const file = index.workers[name as WorkerName];
    if (file && names.has(w.island)) (eager.has(w.island) ? load : interaction).push(file);
  }
  const tags = [
    ...chunks.sort().map((c) => `<link rel="modulepreload" href="${c}">`),
    ...entryPaths.map((e) => `<script type="module" src="${e}"></script>`),
  ];
  if (options.photos) {
    tags.push(`<script type="module" src="${index.picture}"></script>`);
    load.push(index.picture);
  }
  const sum = (paths: string[]) => paths.reduce((n, p) => n + (index.gzipBytes[p] ?? 0), 0);
  return { tags: tags.join(''), load, loadGzipBytes: sum(load), interaction, interactionGzipBytes: sum(interaction) };
}

/**
 * Indexes an esbuild build of the page code (entries "site" and two per island, made by
 * lib/bundle/bundle.ts bundleSiteScripts).
 * @param result  the build's result, with its output files and metafile
 * @param workers the Web Workers bundled with it
 * @param picture the picture script
 * @returns the outputs some entry can load (`shipped`: a chunk only a dropped dynamic import
 *   named, e.g. web-vitals when no analytics id is set, is still emitted by esbuild and left out), and the index
 */
export function indexPageScripts(result: InMemoryBuild, workers: BundledWorkers, picture: OutputFile): { shipped: OutputFile[]; index: ScriptIndex } {
  const code = new Map(result.outputFiles.map((f) => [path.relative(ROOT, f.path).split(path.sep).join('/'), f.text]));
  const index: ScriptIndex = { imports: {}, entryOut: {}, entryOf: {}, gzipBytes: {}, workers: workers.paths, picture: picture.path };
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    // Only imports the emitted code still names are followed.
    index.imports[out] = meta.imports.filter((imp) => code.get(out)?.includes(path.basename(imp.path))).map((imp) => ({ path: imp.path, kind: imp.kind as esbuild.ImportKind }));
    if (!meta.entryPoint) continue;
    index.entryOf[out] = meta.entryPoint;
    if (meta.entryPoint === 'islands/site.ts') index.entryOut.site = out;
    else if (meta.entryPoint.startsWith('island-entry:')) index.entryOut[meta.entryPoint.slice('island-entry:'.length)] = out;
  }
  const files: OutputFile[] = result.outputFiles.map((f) => ({ path: toSitePath(f.path), contents: f.contents }));
  for (const f of [...files, ...workers.files, picture]) index.gzipBytes[f.path] = gzipSync(f.contents, { level: 9 }).length;
  const reachable = new Set<string>();
  for (const out of Object.values(index.entryOut)) closure(index, out, () => 'load', ['load'], reachable);
  const reachablePaths = new Set([...reachable].map(toSitePath));
  return { shipped: files.filter((f) => reachablePaths.has(f.path)), index };
}
