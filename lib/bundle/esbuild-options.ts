import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ClientConfig } from './client-config.ts';

/** The project folder, which esbuild resolves the browser code from. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** One output file. `path` is site-absolute, e.g. "/assets/site-AB12CD34.js". */
export interface OutputFile {
  path: string;
  contents: Uint8Array;
}

/** Where esbuild places outputs (in memory: write is false); site paths are made relative to it. */
const OUT_DIR = path.join(ROOT, '.bundle-out');

/**
 * The browsers the code is compiled for (the service worker's too). safari14.1: esbuild 0.28
 * cannot lower destructuring for 14.0; chrome91: below it esbuild rewrites every `a?.b`; no
 * "es20xx" entry, which would lower class fields to helper calls.
 */
export const BROWSER_TARGETS = ['chrome91', 'safari14.1', 'firefox90'];

/**
 * esbuild options shared by the page code and the workers: bundled, minified unless dev, content-hashed
 * names, and the `__SITE__` constants.
 */
export function commonOptions(config: ClientConfig) {
  return {
    absWorkingDir: ROOT,
    bundle: true,
    minify: !config.dev,
    target: BROWSER_TARGETS,
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

/** An esbuild build with its output in memory and its metafile. */
export type InMemoryBuild = esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };

/**
 * Runs one esbuild build of browser code. `key` names which of a build's bundles it is ("page
 * code", "workers", "picture script"), for a runner that keeps something per bundle between
 * builds (lib/build/build-cache.ts); the options always hold `write: false` and `metafile: true`.
 * @throws Error from esbuild when the code does not compile (names the file and line)
 */
export type EsbuildRun = (key: string, options: esbuild.BuildOptions & { write: false; metafile: true }) => Promise<InMemoryBuild>;

/** The plain runner: one esbuild.build() a call (`npm run build`). */
export const buildOnce: EsbuildRun = (_key, options) => esbuild.build(options);
