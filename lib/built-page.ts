/**
 * The build's record of a written page, and the signature of a generator of extra files (sitemap,
 * corpus, service worker, ...), shared by lib/site-files/extra-files.ts and the generators it runs.
 */
import type { SiteData } from './content/load-content.ts';
import type { Route } from './route.ts';
import type { SiteFile } from './write.ts';

/** A page as finally written: its route and its minified HTML. */
export interface BuiltPage {
  route: Route;
  html: string;
  /** Its title and visible text (lib/site-files/corpus.ts extractPageText), when the build already read them. */
  text?: { title: string; text: string };
}

/** A generator of extra files. */
export type FileGenerator = (site: SiteData, routes: Route[], pages: BuiltPage[]) => SiteFile[] | Promise<SiteFile[]>;
