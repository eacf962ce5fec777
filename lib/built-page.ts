import type { SiteData } from './content/load-content.ts';
import type { Route } from './route.ts';
import type { SiteFile } from './write.ts';

/** A finished page as the site-wide files read it. */
export interface BuiltPage {
  route: Route;
  /** SHA-256 of its final HTML, base64. */
  digest: string;
  /** Its title and visible text (lib/html.ts extractPageText); set for every indexable page. */
  text?: { title: string; text: string };
  /** Its final HTML: given only for the offline page, whose images the service worker precaches (lib/bundle/service-worker.ts). */
  html?: string;
}

/** A generator of extra files (sitemap, corpus, service worker, ...: lib/site-files/extra-files.ts). */
export type FileGenerator = (site: SiteData, routes: Route[], pages: BuiltPage[], production: boolean) => SiteFile[] | Promise<SiteFile[]>;
