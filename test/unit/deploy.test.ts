/**
 * The pure parts of publishing: the pre-publish check's rules (its sample findings and its
 * warnings: slow primary towns, coordinates under 5 decimals, long meta descriptions), reading DEPLOY_TARGET, and the
 * deploy plan (what is uploaded in which order, what may be deleted). The deploy against real
 * servers is test/deploy/.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SAMPLE_REVIEWS } from '../../lib/content/samples.ts';
import { hashSite, isDotPath, leftoverNames, parseRecord, planDeploy, serializeRecord, temporaryName, type LocalFile } from '../../lib/deploy/deploy-plan.ts';
import { checkDotEnv, DeployError, describeTarget, maskSecret, readTarget, shownTarget, transportWarnings } from '../../lib/deploy/deploy-target.ts';
import { deploy, type DeployEvent } from '../../lib/deploy/deploy.ts';
import { MemoryRemote, MemoryServer } from '../helpers/memory-remote.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';
import { checkSite, formatFinding, isBlocking, targetMismatch, type Finding } from '../../lib/check/prepublish-check.ts';
import { decimalPlaces, MAX_DESCRIPTION, upperMinutes } from '../../lib/check/site-consistency.ts';

/** The project content with every sample value replaced by the business's own. */
function ownContent(): any {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  Object.assign(raw.settings, {
    name: 'Mesa Keys', phone: '(505) 287-4100', email: 'office@mesakeys.test', siteUrl: 'https://www.mesakeys.test',
    reviewUrl: 'https://reviews.mesakeys.test/', assistantUrl: 'https://chat.mesakeys.test/', channelUrl: 'https://www.youtube.com/@mesakeys',
    videos: [{ youtubeId: 'AAAAAAAAAAA', title: 'Lockout' }, { youtubeId: 'BBBBBBBBBBB', title: 'Keys' }, { youtubeId: 'CCCCCCCCCCC', title: 'Rekey' }],
    rating: { value: 4.8, count: 37, source: 'Google', url: 'https://reviews.mesakeys.test/' },
    credentials: {
      licence: { issuer: 'City of Grants', number: 'BL-2291' },
      insurance: { kind: 'general liability', insurer: 'Mesa Mutual Insurance' },
      bureau: { name: 'Better Business Bureau', url: 'https://www.bbb.test/mesa-keys' },
    },
  });
  raw.home = { ...raw.home, reviews: SAMPLE_REVIEWS.map((r, i) => ({ ...r, text: `A real customer wrote review number ${i + 1}.` })) };
  return raw;
}

/** The findings that stop a command (no warnings), as lines. */
const blocking = (findings: Finding[]) => findings.filter(isBlocking).map(formatFinding);

const check = suite('pre-publish check');

check('should pass content with nothing sample left', () => {
  assert.equal(blocking(checkSite(loadContent(ownContent()))), []);
});

check('should name the file and field of every sample value of the project', () => {
  const lines = blocking(checkSite(loadContent(PROJECT_CONTENT)));
  for (const field of ['phone', 'shareImage', 'email', 'siteUrl', 'reviewUrl', 'assistantUrl', 'channelUrl', 'videos.0.youtubeId', 'videos.1.youtubeId', 'videos.2.youtubeId', 'rating', 'credentials.licence', 'credentials.insurance', 'credentials.bureau']) {
    const words = field.startsWith('videos.') ? `video ${Number(field.split('.')[1]) + 1}: field "youtubeId"` : `field "${field}"`;
    assert.ok(lines.some((l) => l.startsWith(`content/settings.yaml: ${words} `)), field);
  }
  for (const n of [1, 2, 3]) assert.ok(lines.some((l) => l.startsWith(`content/home.yaml: review ${n} (`)), `review ${n}`);
  assert.is(lines.length, 17);
  assert.ok(lines.includes('content/settings.yaml: field "rating" is the sample rating (5.0 from 50 reviews, linked to https://www.example.com/reviews): put your own rating and the link to its reviews, or rating: null for none.'), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('content/settings.yaml: field "credentials.licence" is a sample licence: put the issuer and number of your licence, or licence: null')));
});

check('should report a rating or a credential still linking to a sample page, each on its own', () => {
  const raw = ownContent();
  raw.settings.rating.url = 'https://www.example.com/reviews';
  raw.settings.credentials.bureau.url = 'https://www.example.org/profile';
  raw.settings.credentials.insurance.insurer = 'Sample Insurance Company';
  const fields = checkSite(loadContent(raw)).filter(isBlocking).map((f) => f.field);
  assert.equal(fields, ['rating', 'credentials.insurance', 'credentials.bureau']);
});

check('should find a sample number or example.com link written in any record', () => {
  const raw = ownContent();
  raw.communities[0].description = 'Call 505-555-0188 today.';
  raw.services[1].faqs[0].answer = 'Write to us at help@example.org.';
  const lines = blocking(checkSite(loadContent(raw)));
  assert.equal(lines, [
    `content/areas/${raw.communities[0].slug}.yaml: community "${raw.communities[0].slug}": field "description" contains the sample number 505-555-0188 (555-0100 to 555-0199 are reserved for fiction): write the business's own number.`,
    `content/services/${raw.services[1].slug}.yaml: service "${raw.services[1].slug}": question 1: field "answer" links to the sample domain example.org: write the business's own address.`,
  ]);
});

check('should compare siteUrl with the target: its own domain, else DEPLOY_SITE_URL', () => {
  assert.is(targetMismatch('https://www.mesakeys.test', { host: 'ftp.mesakeys.test' }), undefined);
  assert.is(targetMismatch('https://www.mesakeys.test', { host: 'mesakeys.test' }), undefined);
  assert.match(targetMismatch('https://www.mesakeys.test', { host: 'server12.hosting.test' })!, /DEPLOY_SITE_URL=https:\/\/www\.mesakeys\.test/);
  assert.is(targetMismatch('https://www.mesakeys.test', { host: '203.0.113.7', siteUrl: 'https://www.mesakeys.test/' }), undefined);
  assert.match(targetMismatch('https://www.mesakeys.test', { host: '203.0.113.7', siteUrl: 'https://www.otherbiz.test' })!, /publishes https:\/\/www\.otherbiz\.test/);
  const findings = checkSite(loadContent(ownContent()), { host: 'server12.hosting.test' });
  assert.equal(findings.filter(isBlocking).map((f) => [f.field, f.kind]), [['siteUrl', 'target']]);
});

check('should say the generated share image is drawn from a sample name or phone, until both are the business\'s or a photo is named', () => {
  const line = (raw: any) => blocking(checkSite(loadContent(raw))).find((l) => l.includes('field "shareImage"'));
  assert.is(line(PROJECT_CONTENT), 'content/settings.yaml: field "shareImage" is not set, so the share image (the picture shown wherever a page is shared, and the business\'s image in its structured data) is drawn from the sample name "Cibola Mobile Locksmith" and phone (505) 555-0123: put the business\'s own name and phone (the image follows), or name a photo of your own in shareImage.');
  const own = ownContent();
  own.settings.name = 'Cibola Mobile Locksmith';
  assert.match(line(own)!, /drawn from the sample name "Cibola Mobile Locksmith": put the business's own name \(/);
  assert.is(line(ownContent()), undefined);
  const photo = loadContent(PROJECT_CONTENT);
  (photo.settings as { shareImage?: string }).shareImage = 'van-at-work.jpg';
  assert.not.ok(blocking(checkSite(photo)).some((l) => l.includes('"shareImage"')), 'a photo of their own: nothing drawn from the sample');
});

/** The warnings of `raw` (default the project's content), as lines. */
const warnings = (raw: any = PROJECT_CONTENT, pages?: Parameters<typeof checkSite>[2]) =>
  checkSite(loadContent(raw), undefined, pages).filter((f) => !isBlocking(f)).map(formatFinding);

check('should warn of each primary town the site estimates beyond the normal response time, and stop once it is extended or the time widened', () => {
  const slow = (raw?: any) => warnings(raw).filter((l) => l.includes('field "coverage"'));
  assert.equal(slow().map((l) => /community "([^"]+)"/.exec(l)![1]), ['thoreau', 'laguna', 'new-laguna']);
  assert.ok(slow().includes('Warning: content/areas/thoreau.yaml: community "thoreau": field "coverage" is "primary", but the site estimates about an hour to get there (44 km from Grants as the crow flies), beyond your normal response time of 20-45 minutes (responseMinutes.normal in content/settings.yaml): make it coverage: extended, or, if you do get there within 20-45 minutes, widen responseMinutes.normal.'), slow().join('\n'));
  const extended = structuredClone(PROJECT_CONTENT) as any;
  for (const c of extended.communities) if (['thoreau', 'laguna'].includes(c.slug)) c.coverage = 'extended';
  assert.equal(slow(extended).map((l) => /community "([^"]+)"/.exec(l)![1]), ['new-laguna']);
  const widened = structuredClone(PROJECT_CONTENT) as any;
  widened.settings.responseMinutes.normal = '20-60';
  assert.equal(slow(widened), []);
  assert.is(upperMinutes('20-45'), 45);
  assert.is(upperMinutes('30'), 30);
});

check('should count the decimals of a coordinate as written, from the number or its source text', () => {
  assert.is(decimalPlaces(35.1472), 4);
  assert.is(decimalPlaces(35.14720), 4, 'a number loses its trailing zero');
  assert.is(decimalPlaces('35.14720'), 5, 'its source text keeps it');
  assert.is(decimalPlaces(-107.85261), 5);
  assert.is(decimalPlaces(-107), 0);
  assert.is(decimalPlaces('35.'), 0);
  assert.is(decimalPlaces(1e-7), 7);
  assert.is(decimalPlaces('1.5e-3'), 4);
  assert.throws(() => decimalPlaces('north'), /"north" is not a decimal number/);
});

check('should warn of coordinates under 5 decimals, naming file, record and field, until each has 5', () => {
  const short = (raw?: any) => warnings(raw).filter((l) => l.includes('decimal places'));
  const lines = short();
  assert.ok(lines.includes('Warning: content/settings.yaml: field "location" has latitude 35.1472 (4 decimals) and longitude -107.8523 (4 decimals): Google\'s LocalBusiness guidance asks for at least 5 decimal places (https://developers.google.com/search/docs/appearance/structured-data/local-business); write both with 5 or more, e.g. from the place\'s pin on a map.'), lines.join('\n'));
  assert.ok(lines.includes('Warning: content/areas/thoreau.yaml: community "thoreau": field "page.town.coordinates" has longitude -108.2234 (4 decimals): Google\'s LocalBusiness guidance asks for at least 5 decimal places (https://developers.google.com/search/docs/appearance/structured-data/local-business); write it with 5 or more, e.g. from the place\'s pin on a map.'), lines.join('\n'));
  assert.not.ok(lines.some((l) => l.includes('community "milan"')), 'Milan has 35.16976, -107.89089');
  const precise = structuredClone(PROJECT_CONTENT) as any;
  // A sixth decimal where fewer than 5 were given: 35.255 -> 35.255001.
  const more = (n: number) => (decimalPlaces(n) < 5 ? Number((n + 0.000001).toFixed(6)) : n);
  for (const p of [precise.settings.location, ...precise.communities.filter((c: any) => c.page).map((c: any) => c.page.town.coordinates)]) {
    p.latitude = more(p.latitude);
    p.longitude = more(p.longitude);
  }
  assert.equal(short(precise), []);
});

check('should warn of a meta description over 160 characters, naming its page and length and the field it comes from', () => {
  const raw = structuredClone(PROJECT_CONTENT) as any;
  const milan = raw.communities.find((c: any) => c.slug === 'milan');
  milan.page.metaDescription = `${'Locksmith in Milan. '.repeat(8)}Call.`;
  const site = loadContent(raw);
  const long = 'A'.repeat(MAX_DESCRIPTION + 1);
  const pages = [
    { path: '/areas/milan/', meta: { description: milan.page.metaDescription } },
    { path: '/areas/milan-alias/', meta: { description: milan.page.metaDescription } },
    { path: '/fixture/', meta: { description: long } },
    { path: '/fits/', meta: { description: 'B'.repeat(MAX_DESCRIPTION) } },
    { path: '/offline.html', meta: { description: `${long}!`, noIndex: true } },
  ];
  const lines = checkSite(site, undefined, pages).filter((f) => f.field.endsWith('escription')).map(formatFinding);
  assert.equal(lines, [
    `Warning: content/areas/milan.yaml: community "milan": field "page.metaDescription" is the meta description of /areas/milan/ and is 165 characters long: search results cut descriptions to fit the screen, so its end is lost (160 characters is about what they show): shorten it to 160 or fewer.`,
    `Warning: pages/routes.ts: page /fixture/: field "meta.description" is the meta description of /fixture/ and is 161 characters long: search results cut descriptions to fit the screen, so its end is lost (160 characters is about what they show): shorten it to 160 or fewer.`,
  ]);
  milan.page.metaDescription = 'Locksmith in Milan, NM.';
  const fixed = [{ path: '/areas/milan/', meta: { description: milan.page.metaDescription } }, { path: '/fixture/', meta: { description: long.slice(1) } }];
  assert.equal(checkSite(loadContent(raw), undefined, fixed).filter((f) => f.field.endsWith('escription')), []);
});

check.run();

const target = suite('DEPLOY_TARGET');

target('should read protocol, user, host, port and folder; a doubled slash is an absolute folder', () => {
  const t = readTarget({ DEPLOY_TARGET: 'ftps://me@ftp.mesakeys.test/public_html', DEPLOY_PASSWORD: 'pw' }, process.cwd())!;
  assert.equal([t.protocol, t.user, t.host, t.port, t.folder], ['ftps', 'me', 'ftp.mesakeys.test', 21, 'public_html']);
  assert.is(readTarget({ DEPLOY_TARGET: 'sftp://me@h.test:2222//var/www/site/', DEPLOY_PASSWORD: 'pw' }, process.cwd())!.folder, '/var/www/site');
  assert.is(readTarget({ DEPLOY_TARGET: 'sftp://me@h.test/~/www', DEPLOY_PASSWORD: 'pw' }, process.cwd())!.folder, 'www');
  assert.is(readTarget({ DEPLOY_TARGET: 'ftp://me@h.test/%2Fsrv/site', DEPLOY_PASSWORD: 'pw', DEPLOY_ALLOW_PLAIN_FTP: '1' }, process.cwd())!.folder, '/srv/site');
  assert.is(readTarget({ DEPLOY_TARGET: 'ftp://me@h.test', DEPLOY_PASSWORD: 'pw', DEPLOY_ALLOW_PLAIN_FTP: '1' }, process.cwd())!.folder, '');
  assert.is(readTarget({}, process.cwd()), undefined);
});

target('should refuse what cannot work, one line per problem, every problem in one run, never echoing a password', () => {
  const error = (env: Record<string, string>) => {
    try {
      readTarget(env, process.cwd());
    } catch (e) {
      assert.instance(e, DeployError);
      return (e as Error).message;
    }
    return 'no error';
  };
  assert.is(error({ DEPLOY_TARGET: 'ftp://me:Secret123@h.test/', DEPLOY_ALLOW_PLAIN_FTP: '1' }), 'DEPLOY_TARGET contains a password: remove it from the address and set DEPLOY_PASSWORD instead.\nSet DEPLOY_PASSWORD to log in.');
  assert.equal(error({
    DEPLOY_TARGET: 'sftp://me@h.test/', DEPLOY_PASSWORD: 'x', DEPLOY_CONNECTIONS: '40', DEPLOY_TIMEOUT_SECONDS: 'soon', DEPLOY_LOCK_WAIT_SECONDS: '-1',
    DEPLOY_LOCK_STALE_MINUTES: '0', DEPLOY_TLS_FINGERPRINT: 'ab', DEPLOY_KEY: '/nonexistent/key', DEPLOY_LIVE_URL: 'ftp://h.test/',
  }).split('\n').map((l) => l.split(' ')[0]), ['DEPLOY_KEY', 'DEPLOY_TIMEOUT_SECONDS', 'DEPLOY_CONNECTIONS', 'DEPLOY_LOCK_WAIT_SECONDS', 'DEPLOY_LOCK_STALE_MINUTES', 'DEPLOY_TLS_FINGERPRINT', 'DEPLOY_LIVE_URL'], 'every wrong variable, one line each');
  assert.match(error({ DEPLOY_TARGET: 'http://me@h.test/', DEPLOY_PASSWORD: 'x' }), /must start with ftp:\/\/, ftps:\/\/ or sftp:\/\//);
  assert.match(error({ DEPLOY_TARGET: 'ftp://h.test/', DEPLOY_PASSWORD: 'x' }), /no user name/);
  assert.is(error({ DEPLOY_TARGET: 'ftp://me@h.test/', DEPLOY_ALLOW_PLAIN_FTP: '1' }), 'Set DEPLOY_PASSWORD to log in.');
  const t = readTarget({ DEPLOY_TARGET: 'sftp://me@h.test//srv', DEPLOY_PASSWORD: 'Secret123' }, process.cwd())!;
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
  assert.equal(refused('DEPLOY_PASSWORD=ab#cd\nDEPLOY_USER=x\nDEPLOY_KEY=k#1').split('\n').map((l) => l.split(':')[0]), ['.env line 1', '.env line 3'], 'every such line in one run');
  assert.match(refused('DEPLOY_PASSWORD=#abc'), /^\.env line 1: the value of DEPLOY_PASSWORD/, 'a value starting with "#"');
  for (const fine of ["DEPLOY_PASSWORD='ab#cd12'", 'DEPLOY_PASSWORD="ab#cd12"', 'DEPLOY_CONNECTIONS=1 # my host allows one', 'DEPLOY_KEY= # none yet', '# DEPLOY_PASSWORD=ab#cd', 'DEPLOY_PASSWORD=abcd']) {
    assert.is(refused(fine), '', fine);
  }
  assert.not.match(refused('DEPLOY_PASSWORD=ab#cd12'), /cd12/, 'the value is never printed');
});

target('ftp:// is refused unless DEPLOY_ALLOW_PLAIN_FTP=1; DEPLOY_TLS_FINGERPRINT is read with or without colons', () => {
  assert.throws(() => readTarget({ DEPLOY_TARGET: 'ftp://me@h.test/', DEPLOY_PASSWORD: 'pw' }, process.cwd()), /^DEPLOY_TARGET starts with ftp:\/\/, which sends the password and every file unencrypted: .*set DEPLOY_ALLOW_PLAIN_FTP=1/);
  assert.is(readTarget({ DEPLOY_TARGET: 'ftp://me@h.test/', DEPLOY_PASSWORD: 'pw', DEPLOY_ALLOW_PLAIN_FTP: '1' }, process.cwd())!.protocol, 'ftp');
  const hex = 'ab'.repeat(32);
  assert.is(readTarget({ DEPLOY_TARGET: 'ftps://me@h.test/', DEPLOY_PASSWORD: 'pw', DEPLOY_TLS_FINGERPRINT: hex.match(/../g)!.join(':') }, process.cwd())!.tlsFingerprint, hex.toUpperCase());
  assert.throws(() => readTarget({ DEPLOY_TARGET: 'ftps://me@h.test/', DEPLOY_PASSWORD: 'pw', DEPLOY_TLS_FINGERPRINT: 'SHA256:abc' }, process.cwd()), /^DEPLOY_TLS_FINGERPRINT must be the SHA-256 fingerprint/);
});

target.run();

const masking = suite('the password masked in values, never in the deploy\'s own words');

masking('maskSecret masks a value; describeTarget and the transport warnings mask the target\'s values, not their words', () => {
  assert.is(maskSecret('550 No such file', 'e'), '550 No such fil***');
  assert.is(maskSecret('Deploying', undefined), 'Deploying');
  const t = readTarget({ DEPLOY_TARGET: 'ftp://deploy@ftp.example.test/site', DEPLOY_PASSWORD: 'e', DEPLOY_ALLOW_PLAIN_FTP: '1' }, process.cwd())!;
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
    const target = readTarget({ DEPLOY_TARGET: 'ftps://me@ftp.example.test/', DEPLOY_PASSWORD: secret }, process.cwd())!;
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
const file = (path: string, hash = 'h1'): LocalFile => ({ path, hash, data: Buffer.from(path) });
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
  assert.equal(parseRecord(serializeRecord(m)), m);
  assert.equal(parseRecord('{"files":{"/a.html":"h1"},"pending":[]}').retired, {}, 'a record written before `retired` existed');
  for (const bad of ['not json', '{}', '{"files":{"../etc/passwd":"x"}}', '{"files":{},"pending":[3]}']) {
    assert.throws(() => parseRecord(bad), (e: Error) => e instanceof DeployError && /not a deploy record/.test(e.message), bad);
  }
});

plan('should name temporary and moved-aside files with the run id and a leading dot, and without the dot where dot-names are refused', () => {
  assert.is(temporaryName('/a/index.html', false, 'deploy-tmp', 'k3x9a0b2'), '/a/.index.html.k3x9a0b2.deploy-tmp');
  assert.is(temporaryName('/a/index.html', true, 'deploy-tmp', 'k3x9a0b2'), '/a/index.html.k3x9a0b2.deploy-tmp');
  assert.is(temporaryName('/a/index.html', false, 'deploy-old', 'k3x9a0b2'), '/a/.index.html.k3x9a0b2.deploy-old');
  assert.is(temporaryName('/.htaccess', true, 'deploy-tmp', 'k3x9a0b2'), '/.htaccess.k3x9a0b2.deploy-tmp', 'a dot-file keeps its own dot');
  const names = ['index.html', '.index.html.deploy-old', 'index.html.a1b2c3d4.deploy-old', '.index.html.k3x9a0b2.deploy-old', '.index.html.k3x9a0b2.deploy-tmp', 'xindex.html.a1b2c3d4.deploy-old', '.index.html.toolong123.deploy-old'];
  assert.equal(leftoverNames('/a/index.html', 'deploy-old', names), ['/a/.index.html.k3x9a0b2.deploy-old', '/a/index.html.a1b2c3d4.deploy-old']);
  const root = ['.deploy-manifest.json.e5f6a7b8.deploy-tmp', 'deploy-manifest.json.e5f6a7b8.deploy-tmp', '.deploy-manifest.json.a1b2c3d4.deploy-tmp'];
  assert.equal(leftoverNames('/.deploy-manifest.json', 'deploy-tmp', root), ['/.deploy-manifest.json.a1b2c3d4.deploy-tmp', '/.deploy-manifest.json.e5f6a7b8.deploy-tmp']);
  assert.equal(leftoverNames('/deploy-manifest.json', 'deploy-tmp', root), ['/deploy-manifest.json.e5f6a7b8.deploy-tmp'], 'the plain record\'s leftovers are never the dot record\'s');
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
