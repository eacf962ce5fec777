/**
 * Work on the regions pages share (lib/build/shared-regions.ts) done once gives what doing it on each
 * whole page gives, for every page of the site (with a few synthetic areas, so area pages share
 * their header and footer):
 * - the page minifier (lib/build/minify-page.ts) gives exactly the bytes of html-minifier-terser over the
 *   whole page, also with whitespace at every region boundary and on pages without the regions,
 *   and minifies each distinct region once;
 * - the names the per-page CSS reads (lib/build/page-css.ts pageNames) are the sets htmlNames reads from
 *   the whole page.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { minify } from 'html-minifier-terser';
import type { Community } from '../../lib/content/schema.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { createPageMinifier, MINIFY_OPTIONS } from '../../lib/build/minify-page.ts';
import { sharedRegions } from '../../lib/build/shared-regions.ts';
import { createPageCss, htmlNames, pageNames } from '../../lib/build/page-css.ts';
import { regionCache } from '../../lib/build/shared-regions.ts';
import { renderRoute } from '../../lib/build/render.ts';
import { minifyStylesheet, readStylesheetSource } from '../../lib/build/styles.ts';
import { syntheticAreas } from '../../tooling/synthetic-areas.ts';
import { buildRoutes } from '../../pages/routes.ts';

const whole = (html: string) => minify(html, MINIFY_OPTIONS);

const site = suite('shared regions on the site');
site('should give every page the bytes of minifying it whole and the names of reading it whole, doing each distinct shared region once', async () => {
  const grants = (PROJECT_CONTENT.communities as Community[]).find((c) => c.slug === 'grants')!;
  const data = loadContent({ ...PROJECT_CONTENT, communities: [...PROJECT_CONTENT.communities, ...syntheticAreas(grants, 3)] });
  const css = await minifyStylesheet(await readStylesheetSource());
  const pageCss = createPageCss(css);
  const minifier = createPageMinifier();
  const names = regionCache(htmlNames);
  const sorted = (n: ReturnType<typeof htmlNames>) => [n.tags, n.classes, n.ids, n.attributes.names, n.attributes.values].map((list) => [...list].sort());
  const routes = buildRoutes(data);
  for (const route of routes) {
    const page = renderRoute(route, data);
    assert.equal(sorted(pageNames(page.markup, names)), sorted(htmlNames(page.markup)), `${route.path}: names`);
    const html = await pageCss.fill(page.markup, page.islands);
    assert.ok(sharedRegions(html), `${route.path}: header and footer regions found`);
    assert.is(await minifier.minify(html), await whole(html), route.path);
  }
  assert.ok(names.computed < routes.length / 2, `names read from ${names.computed} distinct regions for ${routes.length} pages`);
  assert.is(minifier.stats.pages, routes.length);
  assert.is(minifier.stats.split, routes.length);
  // Two regions a page; most pages share theirs, so far fewer distinct regions than that.
  assert.ok(minifier.stats.regions < routes.length / 2, `${minifier.stats.regions} distinct regions for ${routes.length} pages`);
});

const edges = suite('page minifier at region boundaries');

/** A page in the layout's shape, with `ws` wherever whitespace could meet a region boundary. */
const shaped = (ws: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${ws}T${ws}</title></head><body>` +
  `<a class="skip-link" href="#main">${ws}Skip${ws}</a>` +
  `<header class="site-header">${ws}<span>${ws}Call${ws}</span>${ws}<nav><a href="/">${ws}Home${ws}</a></nav><b>${ws}x${ws}</b>${ws}</header>` +
  `<nav class="breadcrumbs">${ws}<a href="/">${ws}Home${ws}</a>${ws}</nav>` +
  `<main id="main">${ws}<p>${ws}Text <em>${ws}it${ws}</em>${ws}</p><span>${ws}end${ws}</span>${ws}</main>` +
  `<footer class="site-footer">${ws}<p>${ws}f${ws}</p><small>${ws}c${ws}</small>${ws}</footer>` +
  `<aside class="fixed-contact"><a href="tel:+1">${ws}Call${ws}</a></aside><template id="t"><p>${ws}e${ws}</p></template><div>${ws}<i>${ws}d${ws}</i>${ws}</div>` +
  `<script type="application/ld+json">{"a":1}</script></body></html>`;

for (const [name, ws] of [['spaces', ' '], ['newlines and tabs', '\n\t '], ['none', '']] as const) {
  edges(`should match minifying whole with ${name} at every boundary`, async () => {
    const html = shaped(ws);
    const minifier = createPageMinifier();
    assert.ok(sharedRegions(html));
    assert.is(await minifier.minify(html), await whole(html));
    assert.is(minifier.stats.split, 1);
  });
}

edges('should minify a page whole when a region is missing, repeated, or a placeholder is in the page', async () => {
  const minifier = createPageMinifier();
  const noFooter = shaped(' ').replace(/<footer class="site-footer">.*?<\/footer>/, '');
  const twoHeaders = shaped(' ').replace('<main id="main">', '<main id="main"><header class="site-header">h</header>');
  const placeholder = shaped(' ').replace('<script type="application/ld+json">{"a":1}', '<script type="application/ld+json">{"a":"<minify-region-0></minify-region-0>"}');
  for (const html of [noFooter, twoHeaders, placeholder]) assert.is(await minifier.minify(html), await whole(html));
  assert.is(sharedRegions(noFooter), undefined);
  assert.is(sharedRegions(twoHeaders), undefined);
  assert.equal(minifier.stats, { pages: 3, split: 0, regions: 0 });
});

edges('should end the footer region at </body> when the page has no structured data', async () => {
  const html = shaped(' ').replace(/<script type="application\/ld\+json">.*?<\/script>/, '');
  const [, footer] = sharedRegions(html)!;
  assert.is(html.slice(footer[1]), '</body></html>');
  assert.is(await createPageMinifier().minify(html), await whole(html));
});

site.run();
edges.run();
