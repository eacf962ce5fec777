/**
 * `npm run check` (scripts/check.ts) on a copy of the project: it reports the sample rating and
 * the sample credentials like the other sample values, and the share image drawn from the sample
 * name and phone (exit code 1); it warns, without changing the exit code, of the primary towns
 * the site estimates beyond the normal response time, of coordinates under 5 decimals and of meta
 * descriptions over 160 characters; it refuses a redirect to a page the content does not make,
 * and, as the build does, one that would hide a page or a file ("//", "/robots.txt"), naming the
 * row and the field, and a file of static/ the build writes itself; and, for a town removed since
 * the last build and the last real deploy (to pyftpdlib on 127.0.0.1), it names the page that
 * would be deleted without a redirect, from the deploy's local record copy whatever dist/ holds,
 * and says how to add one, and is quiet once the redirect is there.
 */
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startFtpServer, type RunningFtpServer } from '../../tooling/ftp-server.ts';
import { startScript } from '../../tooling/process.ts';
import { copyProject, type ProjectCopy } from '../../tooling/project-copy.ts';
import { editYamlFile } from '../helpers/content-edits.ts';

const test = suite('npm run check');
let copy: ProjectCopy | undefined;
let ftp: RunningFtpServer | undefined;
test.before(async () => { copy = await copyProject(); });
test.after(async () => {
  await ftp?.stop();
  await copy?.remove();
});

/**
 * Runs a script of the copy with `args`; resolves with its exit code and output lines. No deploy
 * variable comes from this process: DEPLOY_RECORD_COPY empty is the default, the copy's own
 * .deploy-record.json.
 */
async function run(script: string, env: Record<string, string> = {}, args: string[] = []): Promise<{ code: number | null; lines: string[] }> {
  const child = startScript([script, ...args], copy!.root, { DIST_DIR: 'dist', DEPLOY_TARGET: '', DEPLOY_RECORD_COPY: '', ...env });
  const code = await new Promise<number | null>((resolve) => child.child.once('exit', (c) => resolve(c)));
  await child.stop();
  return { code, lines: child.output().split('\n').filter((l) => l.trim() && !/^npm warn/.test(l)) };
}


/** Changes a YAML file of the copy, e.g. yaml('content/settings.yaml', (s) => { s.rating = null; }). */
const yaml = (file: string, change: (data: any) => void) => editYamlFile(path.join(copy!.root, file), change);

test('should report the sample rating and each sample credential, and exit 1', async () => {
  const { code, lines } = await run('scripts/check.ts');
  assert.is(code, 1);
  assert.ok(lines.includes('content/settings.yaml: field "rating" is the sample rating (5.0 from 50 reviews, linked to https://www.example.com/reviews): put your own rating and the link to its reviews, or rating: null for none.'), lines.join('\n'));
  for (const field of ['credentials.licence', 'credentials.insurance', 'credentials.bureau']) {
    assert.ok(lines.some((l) => l.startsWith(`content/settings.yaml: field "${field}" is a sample `)), field);
  }
  assert.ok(lines.includes('content/settings.yaml: field "shareImage" is not set, so the share image (the picture shown wherever a page is shared, and the business\'s image in its structured data) is drawn from the sample name "Cibola Mobile Locksmith" and phone (505) 555-0123: put the business\'s own name and phone (the image follows), or name a photo of your own in shareImage.'), lines.join('\n'));
  assert.match(lines.at(-1)!, /^Pre-publish check: 17 to fix before publishing \(.*\); 17 warning\(s\) above to look at, which do not stop a deploy\.$/);
});

test('should warn of slow primary towns, short coordinates and long descriptions, and stop warning of each once fixed', async () => {
  const long = 'Mobile car key programming, lockouts, rekeying and lock repair at your door, day and night, with an honest arrival estimate before we set out and a price quoted on the phone.';
  await yaml('content/services/car-lockout.yaml', (r) => { r.metaDescription = long; });
  const { lines } = await run('scripts/check.ts');
  const slow = lines.filter((l) => /^Warning: content\/areas\/[a-z-]+\.yaml: community "[^"]+": field "coverage" is "primary", but the site estimates about an hour to get there \(\d+ km from Grants as the crow flies\), beyond your normal response time of 20-45 minutes/.test(l));
  assert.equal(slow.map((l) => /community "([^"]+)"/.exec(l)![1]), ['thoreau', 'laguna', 'new-laguna'], lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('Warning: content/settings.yaml: field "location" has latitude 35.1472 (4 decimals) and longitude -107.8523 (4 decimals): Google\'s LocalBusiness guidance asks for at least 5 decimal places (https://developers.google.com/search/docs/appearance/structured-data/local-business)')), lines.join('\n'));
  assert.ok(lines.includes(`Warning: content/services/car-lockout.yaml: service "car-lockout": field "metaDescription" is the meta description of /services/car-lockout/ and is ${long.length} characters long: search results cut descriptions to fit the screen, so its end is lost (160 characters is about what they show): shorten it to 160 or fewer.`), lines.join('\n'));
  await yaml('content/services/car-lockout.yaml', (r) => { r.metaDescription = long.slice(0, 150); });
  await yaml('content/settings.yaml', (s) => { s.responseMinutes.normal = '20-60'; });
  // Written with a trailing zero: YAML reads the number 35.1472, the check counts the 5 decimals written.
  const settings = path.join(copy!.root, 'content/settings.yaml');
  await writeFile(settings, (await readFile(settings, 'utf8')).replace('latitude: 35.1472', 'latitude: 35.14720').replace('longitude: -107.8523', 'longitude: -107.85231'));
  const fixed = await run('scripts/check.ts');
  assert.not.ok(fixed.lines.some((l) => l.includes('field "coverage"') || l.startsWith('Warning: content/settings.yaml: field "location"') || l.includes('field "metaDescription"')), fixed.lines.join('\n'));
  assert.ok(fixed.lines.some((l) => l.includes('field "page.town.coordinates"')), 'the towns\' coordinates are still short');
});

test('should name every community record written for another base, and the fields to rewrite', async () => {
  await yaml('content/settings.yaml', (s) => { s.location.locality = 'Gallup'; });
  const { code, lines } = await run('scripts/check.ts');
  await yaml('content/settings.yaml', (s) => { s.location.locality = 'Grants'; });
  assert.is(code, 1);
  const written = lines.filter((l) => /field "writtenFor" is "Grants", but your base is Gallup/.test(l));
  assert.is(written.length, 20, lines.join('\n'));
  assert.ok(written.some((l) => l.startsWith('content/areas/milan.yaml: community "milan": field "writtenFor" is "Grants", but your base is Gallup (location.locality in content/settings.yaml): this record\'s texts describe the drive and the landmarks from Grants. Rewrite "page.town.route"')), written.join('\n'));
  const grantsLine = written.find((l) => l.startsWith('content/areas/grants.yaml:'))!;
  assert.match(grantsLine, /Rewrite "page\.town\.route", "description", "details"/, 'in the old base\'s own record, the texts saying it is the base');
});

test('should refuse a redirect to a page the content does not make', async () => {
  await yaml('content/settings.yaml', (s) => { s.redirects = [{ from: '/areas/old-town/', to: '/areas/old-town-2/' }]; });
  const { code, lines } = await run('scripts/check.ts');
  await yaml('content/settings.yaml', (s) => { s.redirects = []; });
  assert.is(code, 1);
  assert.equal(lines, [`content/settings.yaml: settings: redirect 1: field "to" must be a page of this site, not '/areas/old-town-2/', which the build does not make, e.g. '/service-areas/'`]);
});

test('should refuse, in npm run check and in the build, a redirect that would hide a page or a file', async () => {
  await yaml('content/settings.yaml', (s) => { s.redirects = [{ from: '//', to: '/services/' }, { from: '/areas/grants//', to: '/services/' }, { from: '/robots.txt', to: '/' }]; });
  const checked = await run('scripts/check.ts');
  const built = await run('build.ts');
  await yaml('content/settings.yaml', (s) => { s.redirects = []; });
  for (const { code, lines } of [checked, built]) {
    assert.is(code, 1);
    const text = lines.join('\n');
    assert.match(text, /^content\/settings\.yaml(:\d+:\d+)?: settings: redirect 1: field "from" must be a single normalised path, with no empty segment \("\/\/"\), not '\/\/'/m);
    assert.match(text, /^content\/settings\.yaml(:\d+:\d+)?: settings: redirect 2: field "from" must be a single normalised path, with no empty segment/m);
    assert.match(text, /^content\/settings\.yaml(:\d+:\d+)?: settings: redirect 3: field "from" must be an address that is no longer on the site, not '\/robots\.txt', which would redirect '\/robots\.txt', a file the site publishes/m);
  }
});

test('should refuse a file of static/ that the build writes itself, as the build does', async () => {
  await writeFile(path.join(copy!.root, 'static/sw.js'), '// the owner\'s worker\n');
  const { code, lines } = await run('scripts/check.ts');
  await rm(path.join(copy!.root, 'static/sw.js'));
  assert.is(code, 1);
  assert.ok(lines.includes('static/sw.js: the build writes /sw.js itself (the service worker), so this file would never be published: remove it from static/ or rename it.'), lines.join('\n'));
});

test('should name a page the last build or the last deploy has that the content no longer makes, whatever dist/ holds, until a redirect covers it', async () => {
  ftp = await startFtpServer();
  mkdirSync(path.join(ftp.root, 'site'));
  const target = `ftp://${ftp.user}@127.0.0.1:${ftp.port}/site`;
  // The deploy builds dist/ first, as npm run build does (build.ts buildToFolder), then uploads it.
  const deployed = await run('scripts/deploy.ts', {
    DEPLOY_TARGET: target, DEPLOY_PASSWORD: ftp.password, DEPLOY_ALLOW_PLAIN_FTP: '1', DEPLOY_SITE_URL: 'https://www.example.com',
  }, ['--allow-sample', '--no-live-check']);
  assert.is(deployed.code, 0, deployed.lines.join('\n'));
  const record = JSON.parse(await readFile(path.join(copy!.root, '.deploy-record.json'), 'utf8'));
  assert.is(record.target, `ftp://${ftp.user}@127.0.0.1:${ftp.port}/site`);
  assert.ok('/areas/fence-lake/index.html' in record.files, 'the copy lists the published pages');
  // Fence Lake's page goes: its record stays, without `page`.
  await yaml('content/areas/fence-lake.yaml', (r) => { delete r.page; });
  const advice = 'Add a row to redirects in content/settings.yaml: "- from: /areas/fence-lake/" with "to: /service-areas/" (or another page) under it.';
  const noCopy = { DEPLOY_RECORD_COPY: 'no-such-record.json' };
  const inBuild = await run('scripts/check.ts', noCopy);
  assert.ok(inBuild.lines.includes(`Warning: /areas/fence-lake/ is in the last build (dist/) but this content makes no such page: once deployed it is deleted, and visitors following links or search results to it see "page not found". ${advice}`), inBuild.lines.join('\n'));
  const live = (l: string) => l.startsWith(`Warning: /areas/fence-lake/ was published by the last deploy (to ${target}, `)
    && l.endsWith(` UTC) and this content no longer makes it: the next deploy deletes it from the live site, and visitors following links or search results to it see "page not found". ${advice}`);
  assert.ok((await run('scripts/check.ts')).lines.some(live), 'the live page, named from the record copy');
  // Built again, dist/ no longer has the page: only the record copy still knows it is live.
  const rebuilt = await run('build.ts');
  assert.is(rebuilt.code, 0, rebuilt.lines.join('\n'));
  const afterBuild = await run('scripts/check.ts');
  assert.ok(afterBuild.lines.some(live), afterBuild.lines.join('\n'));
  assert.not.ok((await run('scripts/check.ts', noCopy)).lines.some((l) => l.includes('/areas/fence-lake/')), 'without the record copy nothing names it');
  await yaml('content/settings.yaml', (s) => { s.redirects = [{ from: '/areas/fence-lake/', to: '/service-areas/' }]; });
  const quiet = await run('scripts/check.ts');
  assert.not.ok(quiet.lines.some((l) => l.includes('/areas/fence-lake/')), quiet.lines.join('\n'));
});

test('should pass with warnings left once no sample value remains: warnings do not change the exit code', async () => {
  await yaml('content/settings.yaml', (s) => {
    Object.assign(s, {
      name: 'Mesa Keys', phone: '(505) 287-4100', email: 'office@mesakeys.test', siteUrl: 'https://www.mesakeys.test', rating: null,
      reviewUrl: 'https://reviews.mesakeys.test/', assistantUrl: '', channelUrl: '', videos: [],
      credentials: { licence: { issuer: 'City of Grants', number: 'BL-2291' }, insurance: { kind: 'general liability', insurer: 'Mesa Mutual' }, bureau: { name: 'Better Business Bureau', url: 'https://www.bbb.test/mesa-keys' } },
    });
  });
  await yaml('content/home.yaml', (h) => { h.reviews.forEach((r: { text: string }, i: number) => { r.text = `A real customer wrote review ${i + 1}.`; }); });
  const { code, lines } = await run('scripts/check.ts');
  assert.ok(lines.some((l) => l.startsWith('Warning: content/areas/bluewater.yaml: community "bluewater": field "page.town.coordinates"')), lines.join('\n'));
  assert.not.ok(lines.some((l) => l.includes('"shareImage"')), 'the share image is drawn from the business\'s own name and phone');
  assert.match(lines.at(-1)!, /^Pre-publish check passed: no sample values left \(.*\); \d+ warning\(s\) above to look at, which do not stop a deploy\.$/);
  assert.is(code, 0, lines.join('\n'));
});

test.run();
