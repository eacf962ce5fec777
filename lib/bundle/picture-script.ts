/**
 * The browser script of pages that show a photo (islands/site/picture-fallback.ts): bundled with
 * the same esbuild options as the rest of the page code (lib/bundle/esbuild-options.ts), content-hashed
 * under /assets/, and only when some page places a photo, so a site without photos is built
 * exactly as before.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ClientConfig } from './client-config.ts';
import { buildOnce, commonOptions, toSitePath, type EsbuildRun, type OutputFile } from './esbuild-options.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../islands/site/picture-fallback.ts');

/** The bundled script: its file, the tag a page adds before </head>, and its gzipped size (level 9). */
export interface PictureScript {
  file: OutputFile;
  tag: string;
  gzipBytes: number;
}

/**
 * @param config the same site facts as the page code (lib/bundle/client-config.ts clientConfig)
 * @param run    runs esbuild (default: one esbuild.build(); `npm run dev` keeps a context)
 * @throws Error from esbuild when the module does not compile
 */
export async function bundlePictureScript(config: ClientConfig, run: EsbuildRun = buildOnce): Promise<PictureScript> {
  const result = await run('picture script', { ...commonOptions(config), entryPoints: [{ in: ENTRY, out: 'picture-fallback' }], format: 'esm' });
  const out = result.outputFiles[0];
  const file = { path: toSitePath(out.path), contents: out.contents };
  return { file, tag: `<script type="module" src="${file.path}"></script>`, gzipBytes: gzipSync(out.contents, { level: 9 }).length };
}
