/**
 * The hub pages and the links between core and specialised services, on the built dist/ served by
 * the preview server (a real HTTP server on 127.0.0.1): /services/ answers 200, lists every
 * specialised service with its summary, is indexable, in sitemap.xml and in the breadcrumbs of the
 * service pages; /areas/ answers with a 301 to /service-areas/; the /sitemap page links the hubs
 * from its groups and keeps its counts; each core page links to its own specialised
 * services; the pages that could compete for one search (/ and /areas/grants/, /emergency/ and
 * /services/emergency-locksmith/) have titles and headings of different intent.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { request } from '../../tooling/http.ts';
import { jsonLdBlocks } from '../helpers/dist.ts';
import { DIST, readDist, ROUTES, SITE } from '../helpers/site.ts';

let server: RunningServer;
/** A page as served: status and parsed body. */
async function get(p: string): Promise<{ status: number; location?: string; root: HTMLElement }> {
  const res = await request(server.url + p);
  return { status: res.status, location: res.headers.location as string | undefined, root: parse(res.body.toString('utf8')) };
}
const text = (el: HTMLElement | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** Links of the visible trail: [label, href or null]. */
const trail = (root: HTMLElement) => root.querySelectorAll('nav.breadcrumbs li').map((li) => [text(li), li.querySelector('a')?.getAttribute('href') ?? null]);

const hubs = suite('hub pages');
hubs.before(async () => { server = await startServer(DIST); });
hubs.after(async () => { await server?.close(); });

hubs('should answer /services/ with 200, listing every specialised service with its summary and link', async () => {
  const page = await get('/services/');
  assert.is(page.status, 200);
  const main = page.root.querySelector('main')!;
  for (const s of SITE.services) {
    const link = main.querySelector(`a[href="/services/${s.slug}/"]`);
    assert.ok(link, `${s.slug} linked`);
    assert.is(text(link), s.name);
    assert.ok(text(link!.parentNode).includes(s.summary), `${s.slug}: summary shown`);
  }
  assert.is(main.querySelectorAll('a[href^="/services/"]').length, SITE.services.length);
});

hubs('should make /services/ indexable, its own canonical, and list it in sitemap.xml', async () => {
  const { root } = await get('/services/');
  assert.is(root.querySelector('meta[name="robots"]')?.getAttribute('content'), 'index, follow');
  assert.is(root.querySelector('link[rel="canonical"]')?.getAttribute('href'), `${SITE.settings.siteUrl}/services/`);
  assert.match(readDist('/sitemap.xml'), `<loc>${SITE.settings.siteUrl}/services/</loc>`);
});

hubs('should put /services/ in the breadcrumbs: the hub ends at Services, a service page passes through it', async () => {
  const hub = await get('/services/');
  assert.equal(trail(hub.root), [['Home', '/'], ['Services', null]]);
  const list = jsonLdBlocks(hub.root).find((b) => b['@type'] === 'BreadcrumbList');
  assert.equal(list.itemListElement.map((i: any) => i.item), [`${SITE.settings.siteUrl}/`, `${SITE.settings.siteUrl}/services/`]);
  for (const s of SITE.services) {
    const page = await get(`/services/${s.slug}/`);
    assert.equal(trail(page.root)[1], ['Services', '/services/'], s.slug);
    const items = jsonLdBlocks(page.root).find((b) => b['@type'] === 'BreadcrumbList').itemListElement;
    assert.is(items[1].item, `${SITE.settings.siteUrl}/services/`, s.slug);
  }
});

hubs('should answer /areas/ and /areas with a 301 to /service-areas/, and keep the town pages under it', async () => {
  for (const from of ['/areas/', '/areas']) {
    const res = await get(from);
    assert.is(res.status, 301, from);
    assert.is(res.location, '/service-areas/', from);
  }
  for (const a of SITE.areas) assert.is((await get(`/areas/${a.slug}/`)).status, 200, a.slug);
});

hubs('should link the hubs from the /sitemap page\'s groups, headed alike, without adding entries', async () => {
  const { root } = await get('/sitemap/');
  const group = (id: string) => root.querySelector(`#${id}`)!;
  // /services/ is no entry of its group: a line under the heading links it. /service-areas/ is.
  assert.is(group('specialized-services').querySelector('.sitemap-hub a')?.getAttribute('href'), '/services/');
  assert.ok(group('service-areas').querySelector('li.sitemap-entry a[href="/service-areas/"]'), '/service-areas/ is an entry of its group');
  assert.equal(root.querySelectorAll('.sitemap-group h2 a').length, 0, 'no group heading is a link');
  const counts = root.querySelectorAll('.sitemap-group').map((g) => g.querySelectorAll('li.sitemap-entry').length);
  assert.equal(counts, [3, 4, SITE.services.length, SITE.areas.length + 1]);
  assert.not.ok(root.querySelector('li.sitemap-entry a[href="/services/"]'), 'the hub is not an entry');
});
hubs.run();

const coreLinks = suite('core pages link to their own specialised services');
coreLinks.before(async () => { server = await startServer(DIST); });
coreLinks.after(async () => { await server?.close(); });

coreLinks('should link each core page to every specialised service of its kind, to none of another kind, and to the hub', async () => {
  for (const c of SITE.core) {
    const { root } = await get(`/${c.slug}/`);
    const linked = new Set(root.querySelectorAll('main a[href^="/services/"]').map((a) => a.getAttribute('href')));
    const own = SITE.services.filter((s) => s.kind === c.slug).map((s) => `/services/${s.slug}/`);
    assert.ok(own.length > 0, c.slug);
    assert.equal([...linked].filter((h) => h !== '/services/').sort(), own.sort(), c.slug);
    assert.ok(linked.has('/services/'), `${c.slug}: the hub`);
  }
});
coreLinks.run();

/** Words of a title or heading, lowercase, without small words: the terms a search would match. */
const STOP = new Set(['a', 'an', 'and', 'the', 'in', 'for', 'of', 'or', 'to', 'on', 'at', 'with', 'your', 'our', 'we']);
const terms = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]+/g)!.filter((w) => !STOP.has(w)));
/** Share of the two texts' terms they have in common (Jaccard index): 1 = the same terms. */
function overlap(a: string, b: string): number {
  const x = terms(a);
  const y = terms(b);
  const common = [...x].filter((w) => y.has(w)).length;
  return common / (x.size + y.size - common);
}

const intent = suite('titles and headings of pages that could compete');
intent('should give / and /areas/grants/, and /emergency/ and /services/emergency-locksmith/, titles and h1s that share less than half their terms', () => {
  const title = (p: string) => ROUTES.find((r) => r.path === p)!.meta.title;
  const h1 = (p: string) => text(parse(readDist(`${p}index.html`)).querySelector('h1'));
  for (const [a, b] of [['/', '/areas/grants/'], ['/emergency/', '/services/emergency-locksmith/']]) {
    assert.ok(overlap(title(a), title(b)) < 0.5, `titles "${title(a)}" and "${title(b)}": ${overlap(title(a), title(b)).toFixed(2)}`);
    assert.ok(overlap(h1(a), h1(b)) < 0.5, `h1s "${h1(a)}" and "${h1(b)}": ${overlap(h1(a), h1(b)).toFixed(2)}`);
  }
});
intent('should measure overlap as intended (a canary)', () => {
  assert.is(overlap('Locksmith in Grants, NM', 'Mobile Locksmith in Grants, NM'), 0.75);
  assert.is(overlap('Car Lockout', 'Panic Bars'), 0);
});
intent.run();
