/**
 * What browser code adds to a page at run time that the stylesheet selects on: class names and
 * attributes absent from the server HTML. Each island declares its own next to its code (the
 * `RUNTIME_STYLES` export of islands/<Name>.tsx, listed in islands/registry.ts), and the shared
 * site module declares its own below, so lib/build/page-css.ts keeps those rules in the inline CSS of
 * every page that loads the code, although the page's HTML does not use them yet.
 *
 * Entries are PurgeCSS safelist patterns (https://purgecss.com/safelisting.html): a class name
 * without the dot, or a regular expression over class names; attributes are PurgeCSS
 * `dynamicAttributes` (attribute names whose selectors are always kept).
 */
export interface RuntimeStyles {
  /** Class names (no dot), element names, or patterns over them, that the code may add. */
  classes: (string | RegExp)[];
  /** Attribute names the code may add or change. */
  attributes: string[];
}

/**
 * The site module every page loads (islands/site.ts): the header menus set `open` and
 * aria-expanded on <details data-menu> (islands/site/menus.ts); the open-now notice sets
 * `data-state` (islands/site/open-now.ts); a failed image gets `hidden`
 * (islands/site/image-fallback.ts). The chatbot's attention class is only removed there.
 */
export const SITE_RUNTIME_STYLES: RuntimeStyles = {
  classes: [],
  attributes: ['open', 'aria-expanded', 'data-state', 'hidden'],
};

