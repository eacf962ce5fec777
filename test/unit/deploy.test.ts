/**
 * The pure parts of publishing: the pre-publish check's rules, reading DEPLOY_TARGET, and the
 * deploy plan (what is uploaded in which order, what may be deleted). The deploy against real
 * servers is test/deploy/.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SAMPLE_REVIEWS } from '../../content/samples.ts';
import { hashSite, isDotPath, leftoverNames, parseManifest, planDeploy, serializeManifest, temporaryName, type LocalFile } from '../../lib/deploy/deploy-plan.ts';
import { checkDotEnv, DeployError, describeTarget, maskSecret, readTarget, shownTarget, transportWarnings } from '../../lib/deploy/deploy-target.ts';
import { deploy, type DeployEvent } from '../../lib/deploy/deploy.ts';
import { MemoryRemote, MemoryServer } from '../helpers/memory-remote.ts';
import { loadContent, PROJECT_CONTENT } from '../../lib/content/load-content.ts';
import { checkSite, formatFinding, targetMismatch } from '../../lib/deploy/prepublish-check.ts';

/** The project content with every sample value replaced by the business's own. */
function ownContent(): any {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  Object.assign(raw.settings, {
    phone: '(505) 287-4100', email: 'office@mesakeys.test', siteUrl: 'https://www.mesakeys.test',
    reviewUrl: 'https://reviews.mesakeys.test/', assistantUrl: 'https://chat.mesakeys.test/', channelUrl: 'https://www.youtube.com/@mesakeys',
    videos: [{ youtubeId: 'AAAAAAAAAAA', title: 'Lockout' }, { youtubeId: 'BBBBBBBBBBB', title: 'Keys' }, { youtubeId: 'CCCCCCCCCCC', title: 'Rekey' }],
    rating: { value: 4.8, count: 37, source: 'Google', url: 'https://reviews.mesakeys.test/' },
    credentials: {
      licence: { issuer: 'City of Grants', number: 'BL-2291' },
      insurer: 'Mesa Mutual Insurance',
      bureau: { name: 'Better Business Bureau', url: 'https://www.bbb.test/mesa-keys' },
    },
  });
  raw.home = { ...raw.home, reviews: SAMPLE_REVIEWS.map((r, i) => ({ ...r, text: `A real customer wrote review number ${i + 1}.` })) };
  return raw;
}

const check = suite('pre-publish check');

check('should pass content with nothing sample left', () => {
  assert.equal(checkSite(loadContent(ownContent())).map(formatFinding), []);
});

check('should name the file and field of every sample value of the project', () => {
  const lines = checkSite(loadContent()).map(formatFinding);
  for (const field of ['phone', 'email', 'siteUrl', 'reviewUrl', 'assistantUrl', 'channelUrl', 'videos.0.youtubeId', 'videos.1.youtubeId', 'videos.2.youtubeId', 'rating', 'credentials.licence', 'credentials.insurer', 'credentials.bureau']) {
    assert.ok(lines.some((l) => l.startsWith(`content/site.ts: field "${field}" `)), field);
  }
  for (const n of [1, 2, 3]) assert.ok(lines.some((l) => l.startsWith(`content/home.ts: review ${n} (`)), `review ${n}`);
  assert.is(lines.length, 16);
  assert.ok(lines.includes('content/site.ts: field "rating" is the sample rating (5.0 from 50 reviews, linked to https://www.example.com/reviews): put your own rating and the link to its reviews, or rating: null for none.'), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('content/site.ts: field "credentials.licence" is a sample licence: put the issuer and number of your licence, or licence: null')));
});

check('should report a rating or a credential still linking to a sample page, each on its own', () => {
  const raw = ownContent();
  raw.settings.rating.url = 'https://www.example.com/reviews';
  raw.settings.credentials.bureau.url = 'https://www.example.org/profile';
  raw.settings.credentials.insurer = 'Sample Insurance Company';
  const fields = checkSite(loadContent(raw)).map((f) => f.field);
  assert.equal(fields, ['rating', 'credentials.insurer', 'credentials.bureau']);
});

check('should find a sample number or example.com link written in any record', () => {
  const raw = ownContent();
  raw.communities[0].description = 'Call 505-555-0188 today.';
  raw.services[1].faqs[0].answer = 'Write to us at help@example.org.';
  const lines = checkSite(loadContent(raw)).map(formatFinding);
  assert.equal(lines, [
    `content/communities.ts: community "${raw.communities[0].slug}": field "description" contains the sample number 505-555-0188 (555-0100 to 555-0199 are reserved for fiction): write the business's own number.`,
    `content/services.ts: service "${raw.services[1].slug}": field "faqs.0.answer" links to the sample domain example.org: write the business's own address.`,
  ]);
});

check('should compare siteUrl with the target: its own domain, else DEPLOY_SITE_URL', () => {
  assert.is(targetMismatch('https://www.mesakeys.test', { host: 'ftp.mesakeys.test' }), undefined);
  assert.is(targetMismatch('https://www.mesakeys.test', { host: 'mesakeys.test' }), undefined);
  assert.match(targetMismatch('https://www.mesakeys.test', { host: 'server12.hosting.test' })!, /DEPLOY_SITE_URL=https:\/\/www\.mesakeys\.test/);
  assert.is(targetMismatch('https://www.mesakeys.test', { host: '203.0.113.7', siteUrl: 'https://www.mesakeys.test/' }), undefined);
  assert.match(targetMismatch('https://www.mesakeys.test', { host: '203.0.113.7', siteUrl: 'https://www.otherbiz.test' })!, /publishes https:\/\/www\.otherbiz\.test/);
  const findings = checkSite(loadContent(ownContent()), { host: 'server12.hosting.test' });
  assert.equal(findings.map((f) => [f.field, f.kind]), [['siteUrl', 'target']]);
});

check.run();

const target = suite('DEPLOY_TARGET');

target('should read protocol, user, host, port and folder; a doubled slash is an absolute folder', () => {
  const t = readTarget({ DEPLOY_TARGET: 'ftps://me@ftp.mesakeys.test/public_html', DEPLOY_PASSWORD: 'pw' })!;
  assert.equal([t.protocol, t.user, t.host, t.port, t.folder], ['ftps', 'me', 'ftp.mesakeys.test', 21, 'public_html']);
  assert.is(readTarget({ DEPLOY_TARGET: 'sftp://me@h.test:2222//var/www/site/', DEPLOY_PASSWORD: 'pw' })!.folder, '/var/www/site');
  assert.is(readTarget({ DEPLOY_TARGET: 'sftp://me@h.test/~/www', DEPLOY_PASSWORD: 'pw' })!.folder, 'www');
  assert.is(readTarget({ DEPLOY_TARGET: 'ftp://me@h.test/%2Fsrv/site', DEPLOY_PASSWORD: 'pw', DEPLOY_ALLOW_PLAIN_FTP: '1' })!.folder, '/srv/site');
  assert.is(readTarget({ DEPLOY_TARGET: 'ftp://me@h.test', DEPLOY_PASSWORD: 'pw', DEPLOY_ALLOW_PLAIN_FTP: '1' })!.folder, '');
  assert.is(readTarget({}), undefined);
});

target('should refuse what cannot work, in one line, never echoing a password', () => {
  const error = (env: Record<string, string>) => {
    try {
      readTarget(env);
    } catch (e) {
      assert.instance(e, DeployError);
      return (e as Error).message;
    }
    return 'no error';
  };
  assert.is(error({ DEPLOY_TARGET: 'ftp://me:Secret123@h.test/' }), 'DEPLOY_TARGET contains a password: remove it from the address and set DEPLOY_PASSWORD instead.');
  assert.match(error({ DEPLOY_TARGET: 'http://me@h.test/', DEPLOY_PASSWORD: 'x' }), /must start with ftp:\/\/, ftps:\/\/ or sftp:\/\//);
  assert.match(error({ DEPLOY_TARGET: 'ftp://h.test/', DEPLOY_PASSWORD: 'x' }), /no user name/);
  assert.is(error({ DEPLOY_TARGET: 'ftp://me@h.test/' }), 'Set DEPLOY_PASSWORD to log in.');
  const t = readTarget({ DEPLOY_TARGET: 'sftp://me@h.test//srv', DEPLOY_PASSWORD: 'Secret123' })!;
  assert.is(describeTarget(t), 'sftp://me@h.test:22//srv');
});

target('.env: an unquoted "#" inside a value is refused naming the file and line, never cut short; quoted values and comments after a space pass', () => {
  const refused = (text: string) => {
    try {
      checkDotEnv(text, '.env');
      return '';
    } catch (e) {
      assert.instance(e, DeployError);
      return (e as Error).message;
    }
  };
  assert.is(refused('# deploy\nDEPLOY_TARGET=ftps://u@h/\nDEPLOY_PASSWORD=ab#cd12\n'), '.env line 3: the value of DEPLOY_PASSWORD contains "#", which .env files read as the start of a comment, so only the part before it would be used: quote it, e.g. DEPLOY_PASSWORD=\'…\' (single quotes keep every character as it is).');
  assert.match(refused('export DEPLOY_PASSWORD=ab#cd'), /^\.env line 1: the value of DEPLOY_PASSWORD contains "#"/);
  assert.match(refused('DEPLOY_PASSWORD=#abc'), /^\.env line 1: the value of DEPLOY_PASSWORD/, 'a value starting with "#"');
  for (const fine of ["DEPLOY_PASSWORD='ab#cd12'", 'DEPLOY_PASSWORD="ab#cd12"', 'DEPLOY_CONNECTIONS=1 # my host allows one', 'DEPLOY_KEY= # none yet', '# DEPLOY_PASSWORD=ab#cd', 'DEPLOY_PASSWORD=abcd']) {
    assert.is(refused(fine), '', fine);
  }
  assert.not.match(refused('DEPLOY_PASSWORD=ab#cd12'), /cd12/, 'the value is never printed');
});

target('ftp:// is refused unless DEPLOY_ALLOW_PLAIN_FTP=1; DEPLOY_TLS_FINGERPRINT is read with or without colons', () => {
  assert.throws(() => readTarget({ DEPLOY_TARGET: 'ftp://me@h.test/', DEPLOY_PASSWORD: 'pw' }), /^DEPLOY_TARGET starts with ftp:\/\/, which sends the password and every file unencrypted: .*set DEPLOY_ALLOW_PLAIN_FTP=1/);
  assert.is(readTarget({ DEPLOY_TARGET: 'ftp://me@h.test/', DEPLOY_PASSWORD: 'pw', DEPLOY_ALLOW_PLAIN_FTP: '1' })!.protocol, 'ftp');
  const hex = 'ab'.repeat(32);
  assert.is(readTarget({ DEPLOY_TARGET: 'ftps://me@h.test/', DEPLOY_PASSWORD: 'pw', DEPLOY_TLS_FINGERPRINT: hex.match(/../g)!.join(':') })!.tlsFingerprint, hex.toUpperCase());
  assert.throws(() => readTarget({ DEPLOY_TARGET: 'ftps://me@h.test/', DEPLOY_PASSWORD: 'pw', DEPLOY_TLS_FINGERPRINT: 'SHA256:abc' }), /^DEPLOY_TLS_FINGERPRINT must be the SHA-256 fingerprint/);
});

target.run();

const masking = suite('the password masked in values, never in the deploy\'s own words');

masking('maskSecret masks a value; describeTarget and the transport warnings mask the target\'s values, not their words', () => {
  assert.is(maskSecret('550 No such file', 'e'), '550 No such fil***');
  assert.is(maskSecret('Deploying', undefined), 'Deploying');
  const t = readTarget({ DEPLOY_TARGET: 'ftp://deploy@ftp.example.test/site', DEPLOY_PASSWORD: 'e', DEPLOY_ALLOW_PLAIN_FTP: '1' })!;
  assert.is(describeTarget(t), 'ftp://d***ploy@ftp.***xampl***.t***st:21/sit***');
  assert.equal(shownTarget(t).password, 'e', 'the shown target keeps the password to mask more values with');
  assert.match(transportWarnings(t)[0], /^Warning: plain FTP \(DEPLOY_ALLOW_PLAIN_FTP=1\): the password of user "d\*\*\*ploy" and every file travel unencrypted, readable by anyone on the way to ftp\.\*\*\*xampl\*\*\*\.t\*\*\*st\. Switch DEPLOY_TARGET/);
});

masking('an error\'s text and the names a server lists are masked before they reach a line or an event', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'deploy-mask-'));
  try {
    writeFileSync(path.join(dir, 'index.html'), '<p>home</p>');
    const secret = 'Sesame-42';
    const server = new MemoryServer();
    server.files.set(`/notes-${secret}.txt`, Buffer.from('the owner\'s'));
    const events: DeployEvent[] = [];
    const target = readTarget({ DEPLOY_TARGET: 'ftps://me@ftp.example.test/', DEPLOY_PASSWORD: secret })!;
    const found = await deploy({ dir, target, dryRun: true, open: () => new MemoryRemote(server), onEvent: (e) => events.push(e) });
    assert.ok(found.found.includes(`notes-${secret}.txt`), 'the report holds the values as they are');
    const told = events.find((e) => e.type === 'found');
    assert.ok(told?.type === 'found' && told.names.includes('notes-***.txt') && !told.names.some((n) => n.includes(secret)), JSON.stringify(told));
    const failing = new MemoryRemote(server);
    failing.hook = (c) => { if (c.op === 'read') throw new Error(`the library said PASS ${secret}\n  at somewhere`); };
    const error = await deploy({ dir, target, dryRun: true, open: () => failing }).catch((e: Error) => e);
    assert.is((error as Error).message, 'Unexpected failure: the library said PASS ***');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

masking.run();

const plan = suite('deploy plan');
const file = (path: string, hash = 'h1'): LocalFile => ({ path, file: `/dist${path}`, hash, bytes: 1 });
const local = (...files: LocalFile[]) => new Map(files.map((f) => [f.path, f]));

plan('should upload assets, then pages, then hosting files', () => {
  const p = planDeploy(local(file('/.htaccess'), file('/index.html'), file('/assets/site-AAAA1111.js'), file('/img/logo.svg'), file('/a/index.html'), file('/sitemap.xml')));
  assert.equal(p.uploads.map((u) => u.local.path), ['/assets/site-AAAA1111.js', '/img/logo.svg', '/sitemap.xml', '/a/index.html', '/index.html', '/.htaccess']);
  assert.equal(p.deletions, []);
});

plan('should send only changed files and delete only what the previous manifest lists, pages first', () => {
  const previous = { files: { '/index.html': 'h1', '/old/index.html': 'h1', '/assets/old-AAAA1111.js': 'h1', '/.htaccess': 'h1' }, pending: ['/half/index.html'] };
  const p = planDeploy(local(file('/index.html', 'h2'), file('/.htaccess'), file('/assets/new-BBBB2222.js')), previous);
  assert.equal(p.uploads.map((u) => [u.local.path, u.replaces]), [['/assets/new-BBBB2222.js', false], ['/index.html', true]]);
  assert.equal(p.deletions, ['/half/index.html', '/old/index.html']);
  assert.equal(p.retired, { '/assets/old-AAAA1111.js': 'h1' }, 'the old hashed script stays one more deploy');
  assert.is(p.unchanged, 1);
});

plan('should keep a hashed script or photo one more deploy, then delete it; one the build has again is its own once more', () => {
  const previous = { files: { '/index.html': 'h1', '/assets/a-AAAA1111.js': 'h1', '/img/photos/van-CCCC3333.webp': 'h1', '/img/logo-old.svg': 'h1' }, pending: [] };
  const first = planDeploy(local(file('/index.html')), previous);
  assert.equal(first.retired, { '/assets/a-AAAA1111.js': 'h1', '/img/photos/van-CCCC3333.webp': 'h1' });
  assert.equal(first.deletions, ['/img/logo-old.svg'], 'a file whose name has no content hash goes at once');
  const next = planDeploy(local(file('/index.html')), { files: { '/index.html': 'h1' }, pending: [], retired: first.retired });
  assert.equal(next.retired, {});
  assert.equal(next.deletions, ['/assets/a-AAAA1111.js', '/img/photos/van-CCCC3333.webp'], 'deleted by the deploy after');
  const back = planDeploy(local(file('/index.html'), file('/assets/a-AAAA1111.js')), { files: { '/index.html': 'h1' }, pending: [], retired: first.retired });
  assert.equal(back.uploads, [], 'the same content is not sent again');
  assert.equal(back.deletions, ['/img/photos/van-CCCC3333.webp']);
});

plan('should read back what it writes and refuse a manifest it did not write', () => {
  const m = { files: { '/b.html': 'h2', '/a.html': 'h1' }, pending: ['/c.html'], retired: { '/assets/x-AAAA1111.js': 'h3' } };
  assert.equal(parseManifest(serializeManifest(m)), m);
  assert.equal(parseManifest('{"files":{"/a.html":"h1"},"pending":[]}').retired, {}, 'a record written before `retired` existed');
  for (const bad of ['not json', '{}', '{"files":{"../etc/passwd":"x"}}', '{"files":{},"pending":[3]}']) {
    assert.throws(() => parseManifest(bad), (e: Error) => e instanceof DeployError && /not a deploy record/.test(e.message), bad);
  }
});

plan('should name temporary and moved-aside files with a leading dot, and without one where dot-names are refused', () => {
  assert.is(temporaryName('/a/index.html'), '/a/.index.html.deploy-tmp');
  assert.is(temporaryName('/a/index.html', true), '/a/index.html.deploy-tmp');
  assert.is(temporaryName('/a/index.html', false, 'deploy-old'), '/a/.index.html.deploy-old');
  assert.is(temporaryName('/.htaccess', true), '/.htaccess.deploy-tmp', 'a dot-file keeps its own dot');
  assert.is(temporaryName('/a/index.html', false, 'deploy-tmp', 'k3x9a0b2'), '/a/.index.html.k3x9a0b2.deploy-tmp', 'with the run id');
  const names = ['index.html', '.index.html.deploy-old', 'index.html.deploy-old', '.index.html.k3x9a0b2.deploy-old', '.index.html.k3x9a0b2.deploy-tmp', 'xindex.html.deploy-old', '.index.html.toolong123.deploy-old'];
  assert.equal(leftoverNames('/a/index.html', 'deploy-old', names), ['/a/.index.html.deploy-old', '/a/.index.html.k3x9a0b2.deploy-old', '/a/index.html.deploy-old']);
  const root = ['.deploy-manifest.json.deploy-tmp', 'deploy-manifest.json.deploy-tmp', '.deploy-manifest.json.a1b2c3d4.deploy-tmp'];
  assert.equal(leftoverNames('/.deploy-manifest.json', 'deploy-tmp', root), ['/.deploy-manifest.json.a1b2c3d4.deploy-tmp', '/.deploy-manifest.json.deploy-tmp']);
  assert.equal(leftoverNames('/deploy-manifest.json', 'deploy-tmp', root), ['/deploy-manifest.json.deploy-tmp'], 'the plain record\'s leftovers are never the dot record\'s');
  assert.ok(isDotPath('/.htaccess') && isDotPath('/.well-known/security.txt'));
  assert.not.ok(isDotPath('/areas/grants/index.html'));
});

plan('should never follow a symbolic link in the built folder: a link to a file or a folder outside it stops the deploy, naming it', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'hash-site-'));
  try {
    writeFileSync(path.join(tmp, '.env'), 'DEPLOY_PASSWORD=Secret123\n');
    mkdirSync(path.join(tmp, 'dist'));
    writeFileSync(path.join(tmp, 'dist/index.html'), '<p>site</p>');
    assert.equal([...(await hashSite(path.join(tmp, 'dist'))).keys()], ['/index.html']);
    symlinkSync('../.env', path.join(tmp, 'dist/notes.txt'));
    const refused = async () => hashSite(path.join(tmp, 'dist')).then(() => '', (e: Error) => (e instanceof DeployError ? e.message : `not a DeployError: ${e}`));
    assert.is(await refused(), `${path.join(tmp, 'dist/notes.txt')} is a symbolic link (to ../.env): the deploy never follows links, so that nothing outside the built site is published. Remove it, or build again (the build copies no links).`);
    rmSync(path.join(tmp, 'dist/notes.txt'));
    symlinkSync(tmp, path.join(tmp, 'dist/assets'));
    assert.match(await refused(), /dist\/assets is a symbolic link \(to /, 'a linked folder too');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

plan('should leave out the build\'s own bookkeeping in a folder swapped in place, and publish the site\'s dot-files', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'hash-site-'));
  try {
    mkdirSync(path.join(tmp, '.build-new-1-2'));
    mkdirSync(path.join(tmp, '.well-known'));
    for (const f of ['index.html', '.htaccess', '.well-known/security.txt', '.build-made', '.build-new-1-2/index.html']) writeFileSync(path.join(tmp, f), f);
    assert.equal([...(await hashSite(tmp)).keys()].sort(), ['/.htaccess', '/.well-known/security.txt', '/index.html']);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

plan('should never plan to delete the record under either name', () => {
  const previous = { files: { '/deploy-manifest.json': 'h1', '/.deploy-manifest.json': 'h1' }, pending: [] };
  assert.equal(planDeploy(local(file('/index.html')), previous).deletions, []);
});

plan.run();
