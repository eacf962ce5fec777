import path from 'node:path';
import { clientConfig } from '../bundle/client-config.ts';
import { bundleSiteScripts } from '../bundle/bundle.ts';
import type { OutputFile } from '../bundle/esbuild-options.ts';
import type { GeneratorConfig } from '../config.ts';
import type { SiteData } from '../content/load-content.ts';
import { photoUses, processPhotos, type PhotoBuild } from '../photos/photos.ts';
import { drawnShareFile } from '../photos/share-image.ts';
import type { SiteFile } from '../write.ts';
import type { BuildCache } from './build-cache.ts';
import type { PageInputs } from './make-page.ts';
import { minifyStylesheet, readStylesheetSource } from './styles.ts';

/** The prepared inputs, and the files they bring into the site. */
export interface PreparedInputs {
  inputs: PageInputs;
  /** Every photo file. */
  photos: PhotoBuild;
  /** The drawn share image; none when the settings name a photo for it. */
  shareImage?: SiteFile;
  /** Every file of the browser bundle; the site holds those some page loads. */
  scriptFiles: OutputFile[];
}

/**
 * Prepares the inputs every page is made from, once before the first page, none depending on any
 * page: the photos, the drawn share image, the minified stylesheet, the browser bundle.
 * @param config   the photo folders, the static folder (whose img/ holds the share image's art) and
 *   whether this is a production build (the browser logger then drops debug and info lines)
 * @param progress told of long work as it starts (encoding a photo for the first time)
 * @param cache    what a long-lived process (`npm run dev`, the editor) kept from earlier builds: the
 *   stylesheet while its source is the same, the esbuild contexts of the browser code
 * @throws ContentError for a photo field naming a missing or unusable file; Error from esbuild
 *   when the stylesheet or browser code does not compile, or when the share image's art cannot be read
 */
export async function prepareInputs(site: SiteData, config: GeneratorConfig, progress?: (line: string) => void, cache?: BuildCache): Promise<PreparedInputs> {
  const photosDone = processPhotos(photoUses(site), {
    photosDir: config.photosDir,
    cacheDir: config.photoCacheDir,
    onEncode: (src, i, n) => progress?.(`Encoding photo ${i + 1} of ${n}, ${src} (once: later builds take it from the cache)...`),
  });
  const cssDone = readStylesheetSource().then((source) => (cache ? cache.keep('stylesheet', [source], () => minifyStylesheet(source)) : minifyStylesheet(source)));
  const scriptsDone = bundleSiteScripts(clientConfig(site, !config.production), cache?.esbuild);
  const shareDone = drawnShareFile(site.settings, path.join(config.staticDir, 'img'), config.photoCacheDir);
  const [photos, css, scripts, share] = await Promise.all([photosDone, cssDone, scriptsDone, shareDone]);
  return { inputs: { site, css, scripts: scripts.index, photos: photos.library }, photos, shareImage: share?.file, scriptFiles: scripts.files };
}
