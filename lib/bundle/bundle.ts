import { existsSync } from 'node:fs';
import path from 'node:path';
import { ISLAND_NAMES } from '../../islands/registry.ts';
import { WORKERS, type ClientConfig, type WorkerName } from './client-config.ts';
import { buildOnce, commonOptions, ROOT, toSitePath, type EsbuildRun, type OutputFile } from './esbuild-options.ts';
import { indexPageScripts, type BundledWorkers, type ScriptIndex } from './page-scripts.ts';

const ISLANDS_DIR = path.join(ROOT, 'islands');
const PICTURE_ENTRY = path.join(ISLANDS_DIR, 'site', 'picture-fallback.ts');

/**
 * True for a plain island: `islands/<Name>.ts` (no .tsx) exporting `mount(name)`, which enhances
 * its server HTML in place without Preact (e.g. islands/TextLocation.ts). Its code is that module
 * alone, so it costs no Preact even when loaded on interaction.
 */
function isPlainIsland(name: string): boolean {
  return !existsSync(path.join(ISLANDS_DIR, `${name}.tsx`)) && existsSync(path.join(ISLANDS_DIR, `${name}.ts`));
}

/**
 * Bundles every Web Worker of WORKERS: one classic script each, minified, content-hashed, with
 * the same `__SITE__` constants as the page code.
 * @returns the files, and the site path of each worker
 * @throws Error from esbuild when a worker does not compile
 */
async function bundleWorkers(config: ClientConfig, run: EsbuildRun): Promise<BundledWorkers> {
  const wanted = Object.entries(WORKERS);
  const result = await run('workers', {
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
 * The source of an island's browser entry. Each island has two:
 * - "<Name>": imports the component (or a plain island's module) and hydrates every element of
 *   the island as it runs. A page that places the island only with load="load"
 *   (islands/runtime/load.ts) loads it;
 * - "<Name>@interaction": the small loader of islands/runtime/interaction.ts, which reads each
 *   placement's `data-load` in the browser and imports "<Name>" when the visitor acts, or at once
 *   where a placement has none. A page that places the island with load="interaction" loads it.
 */
function entrySource(entry: string): string {
  const [name, load] = entry.split('@');
  if (load === 'interaction') return `import { mountWhenUsed } from './runtime/interaction.ts';\nmountWhenUsed(${JSON.stringify(name)}, () => import('island-entry:${name}'));\n`;
  if (isPlainIsland(name)) return `import { mount } from './${name}.ts';\nmount(${JSON.stringify(name)});\n`;
  return `import { mount } from './runtime/mount.ts';\nimport Island from './${name}.tsx';\nmount(${JSON.stringify(name)}, Island);\n`;
}

/** The picture script (islands/site/picture-fallback.ts), bundled alone with the same options as the page code. */
async function bundlePictureScript(config: ClientConfig, run: EsbuildRun): Promise<OutputFile> {
  const result = await run('picture script', { ...commonOptions(config), entryPoints: [{ in: PICTURE_ENTRY, out: 'picture-fallback' }], format: 'esm' });
  const out = result.outputFiles[0];
  return { path: toSitePath(out.path), contents: out.contents };
}

/**
 * The file name (before its hash) of an entry: an island's loader, named on most pages' script
 * tags, is "<Name>"; its own entry, named mostly inside the loader's dynamic import, is short
 * ("i" and the island's place in ISLAND_NAMES), so a page's tags and code cost no byte more than
 * one entry per island did.
 */
function outName(entry: string): string {
  const [name, load] = entry.split('@');
  return load === 'interaction' ? name : `i${ISLAND_NAMES.indexOf(name)}`;
}

/**
 * Bundles all the browser code of the site with esbuild, before any page: the site module
 * (islands/site.ts), two entries per island of islands/registry.ts, the Web Workers and the picture
 * script; ES modules, minified, content-hashed under /assets/, shared code in common chunks. It
 * depends on no page: each page picks its entries (lib/bundle/page-scripts.ts).
 * @param config site facts compiled into the browser code as `__SITE__` (lib/bundle/client-config.ts)
 * @param run    runs esbuild (default: one esbuild.build() a bundle; `npm run dev` keeps contexts)
 * @returns every file it made, and the index of what each page loads (plain data)
 * @throws Error from esbuild when browser code does not compile (names the file and line)
 */
export async function bundleSiteScripts(config: ClientConfig, run: EsbuildRun = buildOnce): Promise<{ files: OutputFile[]; index: ScriptIndex }> {
  const [workers, picture] = await Promise.all([bundleWorkers(config, run), bundlePictureScript(config, run)]);
  const entries = ISLAND_NAMES.flatMap((name) => [name, `${name}@interaction`]);
  const common = commonOptions(config);
  const result = await run('page code', {
    ...common,
    entryPoints: [
      { in: path.join(ISLANDS_DIR, 'site.ts'), out: 'site' },
      ...entries.map((entry) => ({ in: `island-entry:${entry}`, out: outName(entry) })),
    ],
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
        // islands/runtime/markup.ts holds only an enum, whose values esbuild inlines where they are
        // read; marked free of side effects, the emptied module is dropped instead of becoming an
        // empty shared chunk that every page imports (https://esbuild.github.io/plugins/#on-resolve-results).
        name: 'markup-inlined',
        setup(build) {
          build.onResolve({ filter: /\/markup\.ts$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), sideEffects: false }));
        },
      },
      {
        name: 'island-entries',
        setup(build) {
          build.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice('island-entry:'.length), namespace: 'island-entry' }));
          build.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => ({ resolveDir: ISLANDS_DIR, loader: 'ts', contents: entrySource(args.path) }));
        },
      },
    ],
  });
  const { shipped, index } = indexPageScripts(result, workers, picture);
  return { files: [...shipped, ...workers.files, picture], index };
}
