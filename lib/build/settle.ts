/**
 * The inputs every page is made from, settled once before the first page is rendered: the photos
 * (encoded, or taken from the on-disk cache), the drawn share image (lib/photos/share-image.ts),
 * the minified site stylesheet, and the browser code bundled for every island
 * (lib/bundle/bundle.ts), none of which depends on any page.
 */
import { clientConfig } from '../bundle/client-config.ts';
import { bundleSiteScripts } from '../bundle/bundle.ts';
import type { OutputFile } from '../bundle/esbuild-options.ts';
import type { SiteData } from '../content/load-content.ts';
import { photoUses, processPhotos, type PhotoBuild } from '../photos/photos.ts';
import { drawnShareFile } from '../photos/share-image.ts';
import type { SiteFile } from '../write.ts';
import type { BuildReuse } from './build-reuse.ts';
import type { PageInputs } from './make-page.ts';
import { minifyStylesheet, readStylesheetSource } from './styles.ts';

/** Where the photos are read and cached (lib/photos/photos.ts). */
export interface PhotoFolders {
  /** Folder photo fields name files in. */
  photosDir: string;
  /** On-disk cache of encoded photos (and of the drawn share image). */
  cacheDir: string;
  /** Folder of the art the share image is drawn with (hero.svg, logo.svg): the site's static/img/. */
  artDir: string;
}

/** The settled inputs, and the files they bring that the build writes. */
export interface Settled {
  inputs: PageInputs;
  /** Every photo file (written before the pages). */
  photos: PhotoBuild;
  /** The drawn share image (written before the pages); none when the settings name a photo for it. */
  shareImage?: SiteFile;
  /** Every file of the browser bundle; the build writes those some page loads. */
  scriptFiles: OutputFile[];
}

/**
 * Settles the inputs of a build.
 * @param production a production build (GeneratorConfig.production): the browser logger drops
 *   debug and info lines
 * @param progress told of long work as it starts (encoding a photo for the first time)
 * @param reuse    what a long-lived process (`npm run dev`) kept from earlier builds: the
 *   stylesheet while its source is the same, the esbuild contexts of the browser code
 * @throws ContentError for a photo field naming a missing or unusable file; Error from esbuild
 *   when the stylesheet or browser code does not compile, or when the share image's art cannot be read
 */
export async function settleInputs(site: SiteData, folders: PhotoFolders, production: boolean, progress?: (line: string) => void, reuse?: BuildReuse): Promise<Settled> {
  const photosDone = processPhotos(photoUses(site), {
    photosDir: folders.photosDir,
    cacheDir: folders.cacheDir,
    onEncode: (src, i, n) => progress?.(`Encoding photo ${i + 1} of ${n}, ${src} (once: later builds take it from the cache)...`),
  });
  const cssDone = readStylesheetSource().then((source) => (reuse ? reuse.keep('stylesheet', [source], () => minifyStylesheet(source)) : minifyStylesheet(source)));
  const scriptsDone = bundleSiteScripts(clientConfig(site, !production), reuse?.esbuild);
  const shareDone = drawnShareFile(site.settings, folders.artDir, folders.cacheDir);
  // All four are awaited together, so the first failure is thrown and none goes unhandled.
  const [photos, css, scripts, share] = await Promise.all([photosDone, cssDone, scriptsDone, shareDone]);
  return { inputs: { site, css, scripts: scripts.index, photos: photos.library }, photos, shareImage: share?.file, scriptFiles: scripts.files };
}
