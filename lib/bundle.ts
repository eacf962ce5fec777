/**
 * Bundles the browser code with esbuild: the shared site module (islands/site.ts, every page) and
 * one entry per island that some page used. ES modules, minified, content-hashed names under
 * /assets/, code shared between entries (Preact) split into common chunks.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Settings } from './load-content.ts';
import { toSlug } from './text.ts';

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
}

/** One output file. `path` is site-absolute, e.g. "/assets/site-AB12CD34.js". */
export interface OutputFile {
  path: string;
  contents: Uint8Array;
}

export interface Bundle {
  files: OutputFile[];
  /** The <script>/<link> tags a page needs for the given islands (plus the site module). */
  tagsFor(islands: Iterable<string>): string;
  /**
   * Bytes of JavaScript, gzipped (level 9), that a page with these islands loads, all files
   * together: the entries, the chunks they import, and the chunks they import dynamically (loaded
   * after the page, e.g. web-vitals). An upper bound: a dynamic import that never runs still counts.
   */
  gzipBytesFor(islands: Iterable<string>): number;
}

/** The config the browser code gets for these settings. */
export function clientConfig(settings: Settings): ClientConfig {
  return {
    name: settings.name,
    slug: toSlug(settings.name),
    analyticsId: settings.analyticsId,
    dev: process.env.NODE_ENV === 'development',
  };
}

/**
 * @param islands names of the islands some page used (each has islands/<Name>.tsx)
 * @param config  site facts compiled into the browser code as `__SITE__`
 * @throws Error from esbuild when browser code does not compile (names the file and line)
 */
export async function bundleIslands(islands: string[], config: ClientConfig): Promise<Bundle> {
  const entryPoints = [
    { in: path.join(ISLANDS_DIR, 'site.ts'), out: 'site' },
    ...[...islands].sort().map((name) => ({ in: `island-entry:${name}`, out: name })),
  ];
  const result = await esbuild.build({
    entryPoints,
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: !config.dev,
    sourcemap: false,
    // safari14.1, not safari14: esbuild 0.28 cannot lower destructuring for Safari 14.0 and fails the build.
    target: ['es2020', 'chrome90', 'safari14.1', 'firefox90'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: path.join(ROOT, '.bundle-out'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: {
      __SITE__: JSON.stringify(config),
      // The two switches also as constants of their own, so code behind them is dropped when off
      // (no analytics id: no gtag bootstrap and no web-vitals chunk in the bundle at all).
      '__SITE__.analyticsId': JSON.stringify(config.analyticsId),
      '__SITE__.dev': JSON.stringify(config.dev),
      'process.env.NODE_ENV': JSON.stringify(config.dev ? 'development' : 'production'),
    },
    plugins: [
      {
        name: 'island-entries',
        setup(build) {
          build.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice('island-entry:'.length), namespace: 'island-entry' }));
          build.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => ({
            resolveDir: ISLANDS_DIR,
            loader: 'ts',
            contents: `import { mount } from './runtime/mount.ts';\nimport Island from './${args.path}.tsx';\nmount(${JSON.stringify(args.path)}, Island);\n`,
          }));
        },
      },
    ],
  });

  const outRoot = path.join(ROOT, '.bundle-out');
  const toSitePath = (abs: string) => `/assets/${path.relative(outRoot, path.resolve(ROOT, abs)).split(path.sep).join('/')}`;
  const files: OutputFile[] = result.outputFiles.map((f) => ({ path: toSitePath(f.path), contents: f.contents }));
  const gzip = new Map(files.map((f) => [f.path, gzipSync(f.contents, { level: 9 }).length]));

  // Entry name -> its output and the chunks it statically imports.
  const outputs = result.metafile!.outputs;
  const entryOut = new Map<string, string>();
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint || out.endsWith('.map')) continue;
    const name = path.basename(out).replace(/-[A-Z0-9]+\.js$/, '');
    // A dynamic import's target is an entry point in the metafile too; keep only our entries.
    if (entryPoints.some((e) => e.out === name)) entryOut.set(name, out);
  }
  const codeOf = new Map(result.outputFiles.map((f) => [path.relative(ROOT, f.path).split(path.sep).join('/'), f.text]));
  // Files an output loads: with `lazy`, also what it imports dynamically (loaded later, e.g. web-vitals).
  const closure = (out: string, lazy: boolean, seen = new Set<string>()): Set<string> => {
    if (seen.has(out)) return seen;
    seen.add(out);
    for (const imp of outputs[out]?.imports ?? []) {
      // The metafile can list a dynamic import that minification then dropped as dead code
      // (web-vitals without an analytics id): follow only imports the emitted code still names.
      if (!codeOf.get(out)?.includes(path.basename(imp.path))) continue;
      if (imp.kind === 'import-statement' || (lazy && imp.kind === 'dynamic-import')) closure(imp.path, lazy, seen);
    }
    return seen;
  };
  const filesFor = (names: Iterable<string>) => {
    const entries = ['site', ...names].map((n) => {
      const out = entryOut.get(n);
      if (!out) throw new Error(`No bundle output for island "${n}".`);
      return out;
    });
    const eager = new Set<string>();
    const all = new Set<string>();
    for (const e of entries) {
      closure(e, false, eager);
      closure(e, true, all);
    }
    const entryPaths = entries.map(toSitePath);
    return {
      entries: entryPaths,
      chunks: [...eager].map(toSitePath).filter((p) => !entryPaths.includes(p)),
      loaded: [...all].map(toSitePath),
    };
  };

  // Ship only what some entry can load: a chunk whose dynamic import was dropped as dead code
  // (e.g. web-vitals when no analytics id is set) is still emitted by esbuild; leave it out.
  const reachable = new Set<string>();
  for (const out of entryOut.values()) closure(out, true, reachable);
  const reachablePaths = new Set([...reachable].map(toSitePath));

  return {
    files: files.filter((f) => reachablePaths.has(f.path)),
    tagsFor(names) {
      const { entries, chunks } = filesFor(names);
      return [
        ...chunks.sort().map((c) => `<link rel="modulepreload" href="${c}">`),
        ...entries.map((e) => `<script type="module" src="${e}"></script>`),
      ].join('');
    },
    gzipBytesFor(names) {
      return filesFor(names).loaded.reduce((sum, p) => sum + (gzip.get(p) ?? 0), 0);
    },
  };
}
