/**
 * The preview server (`npm run serve`, `npm run dev`) sends the operator's redirects as the hosts
 * do: it reads them from the served folder's _redirects, the file the build writes from
 * content/settings.yaml `redirects`, and reads it again when a new build changes it; the rules that would
 * hide a page or a file ("//", "/areas/grants//", "/sw.js", ...) are refused by the build's check,
 * and with the accepted ones every page and file is served. A real server on 127.0.0.1 over a
 * temporary folder.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateRedirectsFile, siteRedirects } from '../../lib/site-files/hosting.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { request } from '../../tooling/http.ts';
import { checkedRedirects, FINE_REDIRECT, HIDDEN_BY_THEM, HIDING_REDIRECTS } from '../helpers/redirect-rules.ts';

const test = suite('the preview server sends the operator\'s redirects');
let site = '';
let server: RunningServer | undefined;
const get = (p: string) => request(`${server!.url}${p}`);
const redirectsFile = (redirects: { from: string; to: string }[]) => writeFile(path.join(site, '_redirects'), generateRedirectsFile(siteRedirects({ redirects })));

test.before(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'serve-redirects-'));
  await writeFile(path.join(site, 'index.html'), '<!doctype html><title>home</title><p>home page');
  await writeFile(path.join(site, '404.html'), '<!doctype html><title>Not found</title><p>not found page');
  await mkdir(path.join(site, 'areas/grants'), { recursive: true });
  await writeFile(path.join(site, 'areas/grants/index.html'), '<!doctype html><title>Grants</title><p>grants page');
  for (const file of ['sw.js', 'contact.vcf', 'robots.txt']) await writeFile(path.join(site, file), `the ${file} of the build`);
  server = await startServer(site);
});
test.after(async () => {
  await server?.close();
  await rm(site, { recursive: true, force: true });
});

test('should answer an operator\'s redirect with a 301, with and without its slash, and follow a new build\'s file', async () => {
  await redirectsFile([{ from: '/areas/old-town/', to: '/service-areas/' }]);
  for (const p of ['/areas/old-town/', '/areas/old-town']) {
    const res = await get(p);
    assert.is(res.status, 301, p);
    assert.is(res.headers.location, '/service-areas/', p);
  }
  assert.is((await get('/areas/acoma-pueblo/')).headers.location, '/areas/acoma/', 'the site\'s own redirects stay');
  // A later build without the redirect: the old path is a 404 again (the file is read anew).
  await new Promise((r) => setTimeout(r, 20)); // a new modification time
  await redirectsFile([]);
  assert.is((await get('/areas/old-town/')).status, 404);
});

test('should refuse rules that would hide a page or a file, and serve every page and file with the rules accepted', async () => {
  const { accepted, refused } = checkedRedirects([...HIDING_REDIRECTS, FINE_REDIRECT]);
  assert.equal(accepted, [FINE_REDIRECT], refused.join('\n'));
  for (const line of refused) assert.match(line, /^content\/settings\.yaml: settings: redirect 1: field "from" must be /);
  await new Promise((r) => setTimeout(r, 20)); // a new modification time
  await redirectsFile(accepted);
  for (const p of HIDDEN_BY_THEM) assert.is((await get(p)).status, 200, p);
  assert.is((await get(FINE_REDIRECT.from)).headers.location, FINE_REDIRECT.to);
});

test.run();
