/**
 * `npm run deploy` against ProFTPD with `AllowOverwrite off` (tooling/ftp-servers.ts), where STOR
 * and RNTO onto an existing file answer 550 and the refused STOR's data connection is reset: the
 * deploy guarantees (test/helpers/deploy-scenario.ts); kills on each step of a replacement, which
 * renames the old file aside, the new one in, then deletes the old one (test/helpers/deploy-hosts.ts);
 * a STOR onto a file the deploy did not put there, reported as the refusal it is; and the owner's
 * folder named like a site file, met once the rule is known: moved back, named, nothing hidden.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deploy, type DeployEvent } from '../../lib/deploy/deploy.ts';
import { DeployError, readTarget } from '../../lib/deploy/deploy-target.ts';
import { buildVariants, deploySuite, removeBuilds } from '../helpers/deploy-scenario.ts';
import { ftpProtocol, hostSuite } from '../helpers/deploy-hosts.ts';
import { startProftpd } from '../../tooling/ftp-servers.ts';

const server = await startProftpd({ config: ['AllowOverwrite off'] });
const builds = await buildVariants().catch(async (e) => { await server.stop(); throw e; });

deploySuite(ftpProtocol(server), () => builds, { sampleCheck: false });
hostSuite({
  server,
  kills: [
    'STOR 30',
    'RNTO /.deploy-manifest.json.deploy-old', // the record moved aside: none under its name
    'RNTO /.keyword-corpus.json.deploy-old', // the corpus moved aside: missing under its name
    'RNTO /keyword-corpus.json', // the new corpus in place, the old one still aside
    'DELE /.keyword-corpus.json.deploy-old', // the old corpus deleted
    'DELE {removed page}', // a stale page deleted
  ],
}, () => builds);

const refusal = suite('a refusal over a reset data connection');
refusal.after(async () => {
  await server.stop();
  removeBuilds(builds);
});

refusal('a STOR refused with 550 (its data connection reset) is reported as the refusal, once, never as a dropped connection', async () => {
  // A file of the host's own under the name the deploy uploads index.html to: it may not be replaced.
  const root = path.join(server.root, 'refusal');
  server.own(root);
  mkdirSync(root, { recursive: true });
  // (The run id is fixed for that, through deploy()'s seam for tests: temporary names carry it, so no two runs share one.)
  writeFileSync(path.join(root, '.index.html.testrun1.deploy-tmp'), 'the host\'s own\n');
  const events: DeployEvent[] = [];
  const target = readTarget({ ...ftpProtocol(server).env('refusal'), DEPLOY_CONNECTIONS: '1', DEPLOY_SITE_URL: 'https://www.example.com' }, process.cwd())!;
  const error = await deploy({ dir: builds.a, target, runId: 'testrun1', onEvent: (e) => events.push(e) }).then(() => undefined, (e: unknown) => e);
  assert.instance(error, DeployError, 'the deploy fails');
  const message = `Deploy failed: ${(error as Error).message}`;
  assert.equal(events.filter((e) => e.type === 'retry'), [], 'no retry');
  assert.not.match(message, /dropped|trying again|tried \d+ times/i, 'no dropped connection');
  assert.match(message, /^Deploy failed: 127\.0\.0\.1 refused STOR "\/\.index\.html\.testrun1\.deploy-tmp" \(550 \S+: Overwrite permission denied\): the server does not let user "deploy" replace an existing file \(ProFTPD: AllowOverwrite off\)/);
});

refusal('a folder where the site has a file, met after the server\'s rule is known (the old file moved aside first): put back, named, nothing left hidden', async () => {
  const root = path.join(server.root, 'folder-aside');
  server.own(root);
  // favicon.ico, uploaded before robots.txt over one connection, teaches the deploy the rule.
  writeFileSync(path.join(root, 'favicon.ico'), 'the old icon\n');
  mkdirSync(path.join(root, 'robots.txt'));
  writeFileSync(path.join(root, 'robots.txt', 'mine.txt'), 'the owner\'s\n');
  const events: DeployEvent[] = [];
  const target = readTarget({ ...ftpProtocol(server).env('folder-aside'), DEPLOY_CONNECTIONS: '1', DEPLOY_SITE_URL: 'https://www.example.com' }, process.cwd())!;
  const error = await deploy({ dir: builds.a, target, onEvent: (e) => events.push(e) }).then(() => undefined, (e: unknown) => e);
  assert.instance(error, DeployError, 'the deploy fails');
  assert.ok(events.some((e) => e.type === 'host-rule' && e.rule === 'no-overwrite'), 'the rule was learned before robots.txt');
  assert.is((error as Error).message, 'The server has a folder named robots.txt where the site has a file: the deploy never deletes what it did not put there. Move or delete that folder on the server (your host\'s file manager or an FTP client), then deploy again; what arrived so far is kept.');
  assert.is(readFileSync(path.join(root, 'robots.txt', 'mine.txt'), 'utf8'), 'the owner\'s\n', 'the folder is back under its name');
  assert.equal(fg.sync('**/*.deploy-{old,tmp}', { cwd: root, dot: true, onlyFiles: false }), [], 'nothing left under a hidden name');
});

refusal.run();
