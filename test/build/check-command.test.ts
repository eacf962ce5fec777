/**
 * `npm run check` (scripts/check.ts) on a copy of the project: it reports the sample rating and
 * the sample credentials like the other sample values (exit code 1); it refuses a redirect to a
 * page the content does not make, and, as the build does, one that would hide a page or a file
 * ("//", "/robots.txt"), naming the row and the field, and a file of static/ the build writes
 * itself; and, for a town removed since the last build, it names the page
 * that would be deleted without a redirect and says how to add one, and is quiet once the
 * redirect is there.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startScript } from '../../tooling/process.ts';
import { copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';

const test = suite('npm run check');
let copy: ProjectCopy | undefined;
test.before(async () => { copy = await copyProject(); });
test.after(async () => { await copy?.remove(); });

/** Runs a script of the copy; resolves with its exit code and output lines. */
async function run(script: string): Promise<{ code: number | null; lines: string[] }> {
  const child = startScript([script], copy!.root, { DIST_DIR: 'dist', DEPLOY_TARGET: '' });
  const code = await new Promise<number | null>((resolve) => child.child.once('exit', (c) => resolve(c)));
  await child.stop();
  return { code, lines: child.output().split('\n').filter((l) => l.trim() && !/^npm warn/.test(l)) };
}

/** Replaces `from` with `to` in a file of the copy. */
async function edit(file: string, from: string | RegExp, to: string): Promise<void> {
  const abs = path.join(copy!.root, file);
  const before = await readFile(abs, 'utf8');
  const text = before.replace(from, to);
  assert.is.not(text, before, `${file} holds ${from}`);
  await writeFile(abs, text);
}

test('should report the sample rating and each sample credential, and exit 1', async () => {
  const { code, lines } = await run('scripts/check.ts');
  assert.is(code, 1);
  assert.ok(lines.includes('content/site.ts: field "rating" is the sample rating (5.0 from 50 reviews, linked to https://www.example.com/reviews): put your own rating and the link to its reviews, or rating: null for none.'), lines.join('\n'));
  for (const field of ['credentials.licence', 'credentials.insurer', 'credentials.bureau']) {
    assert.ok(lines.some((l) => l.startsWith(`content/site.ts: field "${field}" is a sample `)), field);
  }
  assert.match(lines.at(-1)!, /^Pre-publish check: 16 to fix before publishing/);
});

test('should refuse a redirect to a page the content does not make', async () => {
  await edit('content/site.ts', 'redirects: [] as', "redirects: [{ from: '/areas/old-town/', to: '/areas/old-town-2/' }] as");
  const { code, lines } = await run('scripts/check.ts');
  await edit('content/site.ts', "redirects: [{ from: '/areas/old-town/', to: '/areas/old-town-2/' }] as", 'redirects: [] as');
  assert.is(code, 1);
  assert.equal(lines, [`content/site.ts: redirects, row 1: field "to" must be a page of this site, not '/areas/old-town-2/', which the build does not make, e.g. '/service-areas/'`]);
});

test('should refuse, in npm run check and in the build, a redirect that would hide a page or a file', async () => {
  const rules = "redirects: [{ from: '//', to: '/services/' }, { from: '/areas/grants//', to: '/services/' }, { from: '/robots.txt', to: '/' }] as";
  await edit('content/site.ts', 'redirects: [] as', rules);
  const checked = await run('scripts/check.ts');
  const built = await run('build.ts');
  await edit('content/site.ts', rules, 'redirects: [] as');
  for (const { code, lines } of [checked, built]) {
    assert.is(code, 1);
    const text = lines.join('\n');
    assert.match(text, /^content\/site\.ts: redirects, row 1: field "from" must be a single normalised path, with no empty segment \("\/\/"\), not '\/\/'/m);
    assert.match(text, /^content\/site\.ts: redirects, row 2: field "from" must be a single normalised path, with no empty segment/m);
    assert.match(text, /^content\/site\.ts: redirects, row 3: field "from" must be an address that is no longer on the site, not '\/robots\.txt', which would redirect '\/robots\.txt', a file the site publishes/m);
  }
});

test('should refuse a file of static/ that the build writes itself, as the build does', async () => {
  await writeFile(path.join(copy!.root, 'static/sw.js'), '// the owner\'s worker\n');
  const { code, lines } = await run('scripts/check.ts');
  await rm(path.join(copy!.root, 'static/sw.js'));
  assert.is(code, 1);
  assert.ok(lines.includes('static/sw.js: the build writes /sw.js itself (the service worker), so this file would never be published: remove it from static/ or rename it.'), lines.join('\n'));
});

test('should name a page of the last build that the content no longer makes, until a redirect covers it', async () => {
  const built = await run('build.ts');
  assert.is(built.code, 0, built.lines.join('\n'));
  // Fence Lake's page goes: its record stays, without `page`.
  await edit('content/communities.ts', /(slug: 'fence-lake',[\s\S]*?\n)(\s+)page: \{/, '$1$2pageGone: {');
  await edit('content/schema.ts', '    page: AreaPageContent.optional(),', '    page: AreaPageContent.optional(),\n    pageGone: z.unknown().optional(),');
  const warned = await run('scripts/check.ts');
  assert.ok(warned.lines.includes(`Warning: /areas/fence-lake/ is in the last build (dist/) but this content makes no such page: once deployed it is deleted, and visitors following links or search results to it see "page not found". Add { from: '/areas/fence-lake/', to: '/service-areas/' } (or another page) to redirects in content/site.ts.`), warned.lines.join('\n'));
  await edit('content/site.ts', 'redirects: [] as', "redirects: [{ from: '/areas/fence-lake/', to: '/service-areas/' }] as");
  const quiet = await run('scripts/check.ts');
  assert.not.ok(quiet.lines.some((l) => l.startsWith('Warning:')), quiet.lines.join('\n'));
});

test.run();
