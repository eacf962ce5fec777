/**
 * Page script accounting: from esbuild's metafile, which files each page loads, for the
 * JavaScript budget (at most 15 KB gzipped of JavaScript a page loads, all files together) and for
 * the page's <script>/<link> tags. With the page: its entries, their chunks, and the dynamic
 * imports that run by themselves (web-vitals; the code of an island placed with load="load"); apart,
 * on interaction: the code of islands placed with load="interaction" (islands/runtime/load.ts).
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as esbuild from 'esbuild';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { WORKERS, type WorkerName } from './client-config.ts';
import { toSitePath, type OutputFile } from './esbuild-options.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The JavaScript of one page: site paths of the files, and their gzipped sizes (level 9) summed. */
export interface PageScripts {
  /**
   * Files the page loads without the visitor doing anything: the entries, the chunks they import,
   * and the chunks they import dynamically by themselves (web-vitals, 1 s after load; the code of
   * an island placed with load="load").
   */
  load: string[];
  loadGzipBytes: number;
  /**
   * Further files loaded only when the visitor acts on an island placed with load="interaction"
   * (islands/runtime/load.ts), e.g. the video player's code when play is pressed.
   */
  interaction: string[];
  interactionGzipBytes: number;
}

/** Facts about a page that change what it loads. */
export interface PageScriptOptions {
  /**
   * False when the page sends no analytics (route flag `analytics: false`, `<body
   * data-analytics="off">`): islands/site/analytics.ts then never imports the web-vitals chunk.
   * Default true.
   */
  analytics?: boolean;
}

/** Module whose dynamic import islands/site/analytics.ts makes (not on a page without analytics). */
const VITALS_MODULE = 'islands/site/vitals.ts';

/** The Web Workers bundled: their files, and the site path of each worker built. */
export interface BundledWorkers {
  files: OutputFile[];
  paths: Partial<Record<WorkerName, string>>;
}

/** What the pages of a bundle load. */
export interface PageScriptIndex {
  /** The outputs some entry can load (a chunk only a dropped dynamic import named is left out). */
  shipped: OutputFile[];
  /**
   * The <script>/<link> tags a page needs for the given island keys (plus the site module):
   * modulepreload links for the chunks loaded at once, one module script per entry. Chunks
   * loaded on interaction get no tag.
   * @param islands the page's island keys (islands/runtime/load.ts `islandKey`)
   */
  tagsFor(islands: Iterable<string>): string;
  /**
   * The JavaScript a page with these island keys loads, all files together, at load and on
   * interaction. An upper bound: a dynamic import that may not run (web-vitals when the browser
   * lacks an API) still counts.
   * @throws Error for an island with no bundle output (a bug: it was not passed to bundleIslands)
   */
  scriptsFor(islands: Iterable<string>, options?: PageScriptOptions): PageScripts;
}

/** How a page reaches an output through a dynamic import: with the page, on interaction, or never. */
type Reach = 'load' | 'interaction' | 'never';

/** A build of the page code with its metafile. */
type PageBuild = esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };

/** The build's outputs as the accounting reads them; output paths are relative to the project root, as in the metafile. */
interface OutputGraph {
  outputs: esbuild.Metafile['outputs'];
  /** The emitted code of each output. */
  code: Map<string, string>;
  /** Entry name ("site" or an island name) -> its output. */
  entryOut: Map<string, string>;
  /** Output -> the entry point (module) it was made for. */
  entryOf: Map<string, string>;
}

function outputGraph(result: PageBuild): OutputGraph {
  const outputs = result.metafile.outputs;
  const entryOut = new Map<string, string>();
  const entryOf = new Map<string, string>();
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint) continue;
    entryOf.set(out, meta.entryPoint);
    if (meta.entryPoint === 'islands/site.ts') entryOut.set('site', out);
    else if (meta.entryPoint.startsWith('island-entry:')) entryOut.set(meta.entryPoint.slice('island-entry:'.length), out);
  }
  const code = new Map(result.outputFiles.map((f) => [path.relative(ROOT, f.path).split(path.sep).join('/'), f.text]));
  return { outputs, code, entryOut, entryOf };
}

/**
 * Files an output loads, following static imports and the dynamic imports `reach` allows.
 * The metafile can list a dynamic import that minification then dropped as dead code
 * (web-vitals without an analytics id): only imports the emitted code still names are followed.
 */
function closure(g: OutputGraph, out: string, reach: (target: string) => Reach, allowed: Reach[], seen = new Set<string>()): Set<string> {
  if (seen.has(out)) return seen;
  seen.add(out);
  for (const imp of g.outputs[out]?.imports ?? []) {
    if (!g.code.get(out)?.includes(path.basename(imp.path))) continue;
    if (imp.kind === 'import-statement' || (imp.kind === 'dynamic-import' && allowed.includes(reach(imp.path)))) closure(g, imp.path, reach, allowed, seen);
  }
  return seen;
}

/**
 * The outputs a page with these island keys loads: its entries, their static imports, everything
 * loaded with the page, and what only an interaction loads; plus the page's island names, and
 * those it places with load="load".
 * @throws Error for an island with no bundle output
 */
function pageFiles(g: OutputGraph, keys: Iterable<string>, options: PageScriptOptions = {}) {
  const pageUses = [...keys].map(parseIslandKey);
  const eager = new Set(pageUses.filter((u) => u.load === 'load').map((u) => u.name));
  const names = new Set(pageUses.map((u) => u.name));
  const entries = ['site', ...names].map((n) => {
    const out = g.entryOut.get(n);
    if (!out) throw new Error(`No bundle output for island "${n}".`);
    return out;
  });
  const reach = (target: string): Reach => {
    const entry = g.entryOf.get(target) ?? '';
    if (entry === VITALS_MODULE) return options.analytics === false ? 'never' : 'load';
    if (entry.startsWith('island-lazy:')) return eager.has(entry.slice('island-lazy:island-'.length)) ? 'load' : 'interaction';
    return 'load';
  };
  const statics = new Set<string>();
  const load = new Set<string>();
  const all = new Set<string>();
  for (const e of entries) {
    closure(g, e, reach, [], statics);
    closure(g, e, reach, ['load'], load);
    closure(g, e, reach, ['load', 'interaction'], all);
  }
  return { entries, statics, load, interaction: [...all].filter((o) => !load.has(o)), names, eager };
}

/**
 * Indexes an esbuild build of the page code (entries "site" and one per island, made by
 * lib/bundle/bundle.ts bundleIslands) by what each page loads.
 * @param result  the build's result, with its output files and metafile
 * @param workers the Web Workers bundled for the same islands
 */
export function indexPageScripts(result: PageBuild, workers: BundledWorkers): PageScriptIndex {
  const g = outputGraph(result);
  const files: OutputFile[] = result.outputFiles.map((f) => ({ path: toSitePath(f.path), contents: f.contents }));
  const gzip = new Map([...files, ...workers.files].map((f) => [f.path, gzipSync(f.contents, { level: 9 }).length]));
  const sum = (paths: string[]) => paths.reduce((n, p) => n + (gzip.get(p) ?? 0), 0);

  // Ship only what some entry can load: a chunk whose dynamic import was dropped as dead code
  // (e.g. web-vitals when no analytics id is set) is still emitted by esbuild; leave it out.
  const reachable = new Set<string>();
  for (const out of g.entryOut.values()) closure(g, out, () => 'load', ['load'], reachable);
  const reachablePaths = new Set([...reachable].map(toSitePath));

  return {
    shipped: files.filter((f) => reachablePaths.has(f.path)),
    tagsFor(keys) {
      const { entries, statics } = pageFiles(g, keys);
      const entryPaths = entries.map(toSitePath);
      const chunks = [...statics].map(toSitePath).filter((p) => !entryPaths.includes(p));
      return [
        ...chunks.sort().map((c) => `<link rel="modulepreload" href="${c}">`),
        ...entryPaths.map((e) => `<script type="module" src="${e}"></script>`),
      ].join('');
    },
    scriptsFor(keys, options) {
      const f = pageFiles(g, keys, options);
      const load = [...f.load].map(toSitePath);
      const interaction = f.interaction.map(toSitePath);
      // A page's workers load with the island that starts them: at load if any placement loads it.
      for (const [name, w] of Object.entries(WORKERS)) {
        const file = workers.paths[name as WorkerName];
        if (file && f.names.has(w.island)) (f.eager.has(w.island) ? load : interaction).push(file);
      }
      return { load, loadGzipBytes: sum(load), interaction, interactionGzipBytes: sum(interaction) };
    },
  };
}
