/**
 * Bundles the browser code with esbuild: the shared site module (islands/site.ts, every page) and
 * one entry per island that some page used, plus the Web Workers of those islands. ES modules,
 * minified, content-hashed names under /assets/, code shared between entries (Preact) split into
 * common chunks. What each page then loads is lib/bundle/page-scripts.ts's job; what the browser code is
 * told about the site, lib/bundle/client-config.ts's.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseIslandKey } from '../../islands/runtime/load.ts';
import { WORKERS, type ClientConfig, type WorkerName } from './client-config.ts';
import { buildOnce, commonOptions, toSitePath, type EsbuildRun, type OutputFile } from './esbuild-options.ts';
import { indexPageScripts, type BundledWorkers, type PageScriptIndex } from './page-scripts.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ISLANDS_DIR = path.join(ROOT, 'islands');

/** The bundled browser code: every file to write, and what each page loads. */
export interface Bundle extends Pick<PageScriptIndex, 'tagsFor' | 'scriptsFor'> {
  files: OutputFile[];
}

/**
 * True for a plain island: `islands/<Name>.ts` (no .tsx) exporting `mount(name)`, which enhances
 * its server HTML in place without Preact (e.g. islands/TextLocation.ts). Its code is that module
 * alone, so it costs no Preact even when loaded on interaction.
 */
function isPlainIsland(name: string): boolean {
  return !existsSync(path.join(ISLANDS_DIR, `${name}.tsx`)) && existsSync(path.join(ISLANDS_DIR, `${name}.ts`));
}

/**
 * Bundles the Web Workers of the islands in use (WORKERS): one classic script each, minified,
 * content-hashed, with the same `__SITE__` constants as the page code.
 * @param islandNames names of the islands some page uses
 * @returns the files, and the site path of each worker built
 * @throws Error from esbuild when a worker does not compile
 */
async function bundleWorkers(islandNames: string[], config: ClientConfig, run: EsbuildRun): Promise<BundledWorkers> {
  const wanted = Object.entries(WORKERS).filter(([, w]) => islandNames.includes(w.island));
  if (wanted.length === 0) return { files: [], paths: {} };
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
 * @param islands island keys some page used (islands/runtime/load.ts: "Name" or
 *   "Name@interaction"; each name has islands/<Name>.tsx)
 * @param config  site facts compiled into the browser code as `__SITE__`
 * @param run     runs esbuild (default: one esbuild.build() a bundle; `npm run dev` keeps contexts)
 * @throws Error from esbuild when browser code does not compile (names the file and line)
 *
 * Each island gets one entry. An island placed with load="load" everywhere: the entry imports the
 * component and hydrates at once. An island placed with load="interaction" anywhere: the entry
 * holds only the listeners (islands/runtime/interaction.ts) and imports the component, with
 * Preact and the mount runtime, dynamically (the virtual module "island-lazy:<Name>", emitted as
 * a chunk) when the visitor acts, or at once where the page also places it with load="load".
 */
export async function bundleIslands(islands: string[], config: ClientConfig, run: EsbuildRun = buildOnce): Promise<Bundle> {
  const uses = [...new Set(islands)].map(parseIslandKey);
  const names = [...new Set(uses.map((u) => u.name))].sort();
  const onInteraction = new Set(uses.filter((u) => u.load === 'interaction').map((u) => u.name));
  const workers = await bundleWorkers(names, config, run);
  const entryPoints = [
    { in: path.join(ISLANDS_DIR, 'site.ts'), out: 'site' },
    ...names.map((name) => ({ in: `island-entry:${name}`, out: name })),
  ];
  const common = commonOptions(config);
  // The key names what the options cannot show: which islands wait for an interaction, and
  // which are plain (lib/build/build-reuse.ts keeps one esbuild context per key and options).
  const variant = names.map((n) => `${n}:${onInteraction.has(n) ? 'interaction' : 'load'}:${isPlainIsland(n) ? 'plain' : 'preact'}`).join(',');
  const result = await run(`page code ${variant}`, {
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
  const index = indexPageScripts(result, workers);
  return { files: [...index.shipped, ...workers.files], tagsFor: index.tagsFor, scriptsFor: index.scriptsFor };
}
