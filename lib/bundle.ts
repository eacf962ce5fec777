/**
 * Bundles the browser code with esbuild: the shared site module (islands/site.ts, every page) and
 * one entry per island that some page used. ES modules, minified, content-hashed names under
 * /assets/, code shared between entries (Preact) split into common chunks.
 *
 * It also knows what each page loads, for the JavaScript budget (at most 15 KB gzipped of
 * JavaScript a page loads, all files together): with the page (entries, their chunks, dynamic
 * imports that run by themselves such as web-vitals) and, apart, on interaction (the code of
 * islands placed with load="interaction", islands/runtime/load.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Settings } from './load-content.ts';
import { toSlug } from './text.ts';
import { parseIslandKey } from '../islands/runtime/load.ts';
import { zoneTable, type ZoneTable } from '../islands/shared/hours.ts';
import { TIME_ZONE } from '../content/business.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ISLANDS_DIR = path.join(ROOT, 'islands');

/** What the browser code is told about the site at build time (replaces the `__SITE__` identifier). */
export interface ClientConfig {
  /** Business name. */
  name: string;
  /** Business name as a slug, e.g. "cibola-mobile-locksmith" (analytics labels, report file names). */
  slug: string;
  /** GA4 measurement id, or "" for no analytics. */
  analyticsId: string;
  /** True when built with NODE_ENV=development (logger keeps debug and info). */
  dev: boolean;
  /**
   * UTC offsets of the business's time zone (content/business.ts TIME_ZONE) from the start of the
   * build's year for ZONE_TABLE_YEARS years, so the open-now notice needs no Intl zone data in the
   * browser (islands/shared/hours.ts).
   */
  zoneTable: ZoneTable;
}

/**
 * Years of time-zone offsets compiled into the page code; after them the page asks Intl. Three:
 * a site is rebuilt far more often than that, and the baked-in table wins over a browser's newer
 * zone data within its years, so a change of US daylight-saving law reaches visitors with the next
 * build (or, for an unrebuilt site, at most three years late).
 */
export const ZONE_TABLE_YEARS = 3;

/** One output file. `path` is site-absolute, e.g. "/assets/site-AB12CD34.js". */
export interface OutputFile {
  path: string;
  contents: Uint8Array;
}

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

export interface Bundle {
  files: OutputFile[];
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

/**
 * The config the browser code gets for these settings.
 * @param now the build's time: the zone table starts on 1 January of its year (UTC)
 * @throws RangeError when content/business.ts TIME_ZONE is not a zone Node's Intl knows
 */
export function clientConfig(settings: Settings, now: Date = new Date()): ClientConfig {
  const year = now.getUTCFullYear();
  return {
    name: settings.name,
    slug: toSlug(settings.name),
    analyticsId: settings.analyticsId,
    dev: process.env.NODE_ENV === 'development',
    zoneTable: zoneTable(TIME_ZONE, Date.UTC(year, 0, 1), Date.UTC(year + ZONE_TABLE_YEARS, 0, 1)),
  };
}

/**
 * True for a plain island: `islands/<Name>.ts` (no .tsx) exporting `mount(name)`, which enhances
 * its server HTML in place without Preact (e.g. islands/TextLocation.ts). Its code is that module
 * alone, so it costs no Preact even when loaded on interaction.
 */
function isPlainIsland(name: string): boolean {
  return !existsSync(path.join(ISLANDS_DIR, `${name}.tsx`)) && existsSync(path.join(ISLANDS_DIR, `${name}.ts`));
}

/** Module whose dynamic import islands/site/analytics.ts makes (not on a page without analytics). */
const VITALS_MODULE = 'islands/site/vitals.ts';

/**
 * Web Workers the build bundles, each for the island that starts it. A worker is a classic script
 * (IIFE, content-hashed under /assets/) built only when some page uses its island; the browser
 * code reads its site path from `__WORKERS__.<name>` (islands/globals.d.ts), "" when not built.
 */
const WORKERS = {
  keywordAnalysis: { entry: 'islands/workers/keyword-analysis.ts', island: 'KeywordAnalysis' },
} as const;

/** Name of a bundled Web Worker, e.g. "keywordAnalysis". */
export type WorkerName = keyof typeof WORKERS;

/** Where esbuild places outputs (in memory: write is false); site paths are made relative to it. */
const OUT_DIR = path.join(ROOT, '.bundle-out');

/**
 * esbuild options shared by the page code and the workers: bundled, minified unless dev, content-hashed
 * names, and the `__SITE__` constants.
 */
export function commonOptions(config: ClientConfig) {
  return {
    absWorkingDir: ROOT,
    bundle: true,
    minify: !config.dev,
    // safari14.1, not safari14: esbuild 0.28 cannot lower destructuring for Safari 14.0 and fails the build.
    // chrome91, not chrome90: esbuild's compatibility table rewrites every `a?.b` below Chrome 91.
    // No "es20xx" entry: es2020 lowers class fields to helper calls. About 0.5 KB gzipped a page
    // between them (budget); the browsers listed run optional chains and class fields.
    target: ['chrome91', 'safari14.1', 'firefox90'],
    outdir: OUT_DIR,
    entryNames: '[name]-[hash]',
    write: false as const,
    metafile: true as const,
    legalComments: 'none' as const,
    logLevel: 'silent' as const,
    define: {
      // Every field as a constant of its own, so code behind a switch that is off is dropped (no
      // analytics id: no gtag bootstrap and no web-vitals chunk in the bundle at all).
      ...Object.fromEntries(Object.entries(config).map(([key, value]) => [`__SITE__.${key}`, JSON.stringify(value)])),
      // The bare name appears only in `typeof __SITE__ !== 'undefined'` guards (modules that tests
      // import under Node). As null, the guard folds to true (typeof null is "object") and no
      // config object is emitted: as an object literal, esbuild would put it in a chunk of its own
      // that every page loads. A field not in ClientConfig then throws instead of reading undefined.
      __SITE__: 'null',
      'process.env.NODE_ENV': JSON.stringify(config.dev ? 'development' : 'production'),
    },
  };
}

/** Site path of an esbuild output path (absolute, or relative to ROOT as in the metafile). */
export const toSitePath = (file: string) => `/assets/${path.relative(OUT_DIR, path.resolve(ROOT, file)).split(path.sep).join('/')}`;

/**
 * Bundles the Web Workers of the islands in use (WORKERS): one classic script each, minified,
 * content-hashed, with the same `__SITE__` constants as the page code.
 * @param islandNames names of the islands some page uses
 * @returns the files, and the site path of each worker built
 * @throws Error from esbuild when a worker does not compile
 */
async function bundleWorkers(islandNames: string[], config: ClientConfig): Promise<{ files: OutputFile[]; paths: Partial<Record<WorkerName, string>> }> {
  const wanted = Object.entries(WORKERS).filter(([, w]) => islandNames.includes(w.island));
  if (wanted.length === 0) return { files: [], paths: {} };
  const result = await esbuild.build({
    ...commonOptions(config),
    entryPoints: wanted.map(([name, w]) => ({ in: path.join(ROOT, w.entry), out: `worker-${name}` })),
    format: 'iife',
  });
  const files = result.outputFiles.map((f) => ({ path: toSitePath(f.path), contents: f.contents }));
  const paths: Partial<Record<WorkerName, string>> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const hit = wanted.find(([, w]) => meta.entryPoint === w.entry);
    if (hit) paths[hit[0] as WorkerName] = toSitePath(out);
  }
  return { files, paths };
}

/**
 * @param islands island keys some page used (islands/runtime/load.ts: "Name" or
 *   "Name@interaction"; each name has islands/<Name>.tsx)
 * @param config  site facts compiled into the browser code as `__SITE__`
 * @throws Error from esbuild when browser code does not compile (names the file and line)
 *
 * Each island gets one entry. An island placed with load="load" everywhere: the entry imports the
 * component and hydrates at once. An island placed with load="interaction" anywhere: the entry
 * holds only the listeners (islands/runtime/interaction.ts) and imports the component, with
 * Preact and the mount runtime, dynamically (the virtual module "island-lazy:<Name>", emitted as
 * a chunk) when the visitor acts, or at once where the page also places it with load="load".
 */
export async function bundleIslands(islands: string[], config: ClientConfig): Promise<Bundle> {
  const uses = [...new Set(islands)].map(parseIslandKey);
  const names = [...new Set(uses.map((u) => u.name))].sort();
  const onInteraction = new Set(uses.filter((u) => u.load === 'interaction').map((u) => u.name));
  const workers = await bundleWorkers(names, config);
  const entryPoints = [
    { in: path.join(ISLANDS_DIR, 'site.ts'), out: 'site' },
    ...names.map((name) => ({ in: `island-entry:${name}`, out: name })),
  ];
  const common = commonOptions(config);
  const result = await esbuild.build({
    ...common,
    entryPoints,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    chunkNames: 'chunk-[hash]',
    define: {
      ...common.define,
      ...Object.fromEntries(Object.keys(WORKERS).map((name) => [`__WORKERS__.${name}`, JSON.stringify(workers.paths[name as WorkerName] ?? '')])),
      __WORKERS__: 'null', // as __SITE__
    },
    plugins: [
      {
        name: 'island-entries',
        setup(build) {
          build.onResolve({ filter: /^island-(entry|lazy):/ }, (args) => {
            const [namespace, name] = args.path.split(':');
            return { path: namespace === 'island-lazy' ? `island-${name}` : name, namespace };
          });
          build.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => ({
            resolveDir: ISLANDS_DIR,
            loader: 'ts',
            contents: onInteraction.has(args.path)
              ? `import { mountWhenUsed } from './runtime/interaction.ts';\nmountWhenUsed(${JSON.stringify(args.path)}, () => import('island-lazy:${args.path}'));\n`
              : isPlainIsland(args.path)
                ? `import { mount } from './${args.path}.ts';\nmount(${JSON.stringify(args.path)});\n`
                : `import { mount } from './runtime/mount.ts';\nimport Island from './${args.path}.tsx';\nmount(${JSON.stringify(args.path)}, Island);\n`,
          }));
          // The part of an interaction-loaded island that waits for the visitor: runtime and
          // component, or a plain island's own module.
          build.onLoad({ filter: /.*/, namespace: 'island-lazy' }, (args) => {
            const name = args.path.slice('island-'.length);
            return {
              resolveDir: ISLANDS_DIR,
              loader: 'ts',
              contents: isPlainIsland(name)
                ? `export { mount } from './${name}.ts';\n`
                : `export { mount } from './runtime/mount.ts';\nexport { default } from './${name}.tsx';\n`,
            };
          });
        },
      },
    ],
  });

  const files: OutputFile[] = result.outputFiles.map((f) => ({ path: toSitePath(f.path), contents: f.contents }));
  const gzip = new Map(files.map((f) => [f.path, gzipSync(f.contents, { level: 9 }).length]));

  // Entry name -> its output; the entry point (module) each output was made for.
  const outputs = result.metafile!.outputs;
  const entryOut = new Map<string, string>();
  const entryOf = new Map<string, string>();
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint) continue;
    entryOf.set(out, meta.entryPoint);
    if (meta.entryPoint === 'islands/site.ts') entryOut.set('site', out);
    else if (meta.entryPoint.startsWith('island-entry:')) entryOut.set(meta.entryPoint.slice('island-entry:'.length), out);
  }
  const codeOf = new Map(result.outputFiles.map((f) => [path.relative(ROOT, f.path).split(path.sep).join('/'), f.text]));

  /** How a page reaches an output through a dynamic import: with the page, on interaction, or never. */
  type Reach = 'load' | 'interaction' | 'never';
  /**
   * Files an output loads, following static imports and the dynamic imports `reach` allows.
   * The metafile can list a dynamic import that minification then dropped as dead code
   * (web-vitals without an analytics id): only imports the emitted code still names are followed.
   */
  const closure = (out: string, reach: (target: string) => Reach, allowed: Reach[], seen = new Set<string>()): Set<string> => {
    if (seen.has(out)) return seen;
    seen.add(out);
    for (const imp of outputs[out]?.imports ?? []) {
      if (!codeOf.get(out)?.includes(path.basename(imp.path))) continue;
      if (imp.kind === 'import-statement' || (imp.kind === 'dynamic-import' && allowed.includes(reach(imp.path)))) closure(imp.path, reach, allowed, seen);
    }
    return seen;
  };

  const pageFiles = (keys: Iterable<string>, options: PageScriptOptions = {}) => {
    const pageUses = [...keys].map(parseIslandKey);
    const eager = new Set(pageUses.filter((u) => u.load === 'load').map((u) => u.name));
    const names = new Set(pageUses.map((u) => u.name));
    const entries = ['site', ...names].map((n) => {
      const out = entryOut.get(n);
      if (!out) throw new Error(`No bundle output for island "${n}".`);
      return out;
    });
    const reach = (target: string): Reach => {
      const entry = entryOf.get(target) ?? '';
      if (entry === VITALS_MODULE) return options.analytics === false ? 'never' : 'load';
      if (entry.startsWith('island-lazy:')) return eager.has(entry.slice('island-lazy:island-'.length)) ? 'load' : 'interaction';
      return 'load';
    };
    const statics = new Set<string>();
    const load = new Set<string>();
    const all = new Set<string>();
    for (const e of entries) {
      closure(e, reach, [], statics);
      closure(e, reach, ['load'], load);
      closure(e, reach, ['load', 'interaction'], all);
    }
    return { entries, statics, load, interaction: [...all].filter((o) => !load.has(o)), names, eager };
  };
  for (const f of workers.files) gzip.set(f.path, gzipSync(f.contents, { level: 9 }).length);
  const sum = (paths: string[]) => paths.reduce((n, p) => n + (gzip.get(p) ?? 0), 0);

  // Ship only what some entry can load: a chunk whose dynamic import was dropped as dead code
  // (e.g. web-vitals when no analytics id is set) is still emitted by esbuild; leave it out.
  const reachable = new Set<string>();
  for (const out of entryOut.values()) closure(out, () => 'load', ['load'], reachable);
  const reachablePaths = new Set([...reachable].map(toSitePath));

  const scriptsFor = (keys: Iterable<string>, options?: PageScriptOptions): PageScripts => {
    const f = pageFiles(keys, options);
    const load = [...f.load].map(toSitePath);
    const interaction = f.interaction.map(toSitePath);
    // A page's workers load with the island that starts them: at load if any placement loads it.
    for (const [name, w] of Object.entries(WORKERS)) {
      const file = workers.paths[name as WorkerName];
      if (file && f.names.has(w.island)) (f.eager.has(w.island) ? load : interaction).push(file);
    }
    return { load, loadGzipBytes: sum(load), interaction, interactionGzipBytes: sum(interaction) };
  };

  return {
    files: [...files.filter((f) => reachablePaths.has(f.path)), ...workers.files],
    tagsFor(keys) {
      const { entries, statics } = pageFiles(keys);
      const entryPaths = entries.map(toSitePath);
      const chunks = [...statics].map(toSitePath).filter((p) => !entryPaths.includes(p));
      return [
        ...chunks.sort().map((c) => `<link rel="modulepreload" href="${c}">`),
        ...entryPaths.map((e) => `<script type="module" src="${e}"></script>`),
      ].join('');
    },
    scriptsFor,
  };
}
