/**
 * The live check after `npm run deploy` (lib/deploy/live-check.ts), on the servers a shared host
 * runs: the build is uploaded over FTP (pyftpdlib, tooling/ftp-server.ts) into a folder that a real
 * Apache 2.4 (test/helpers/apache.ts) serves, both on 127.0.0.1, as an operator runs the command.
 *  - .htaccess applied, over HTTPS (self-signed: DEPLOY_INSECURE_TLS=1) with brotli from the
 *    server's own config: one line, exit 0; Apache's log of every request byte (mod_dumpio) never
 *    holds the FTP password. Without DEPLOY_INSECURE_TLS the certificate is named.
 *  - AllowOverride None: "the host ignores .htaccess", exit 1.
 *  - Apache serving another folder than the uploaded one: "the uploaded folder is not the web root".
 *  - A host rewriting e-mail addresses (mod_substitute): the pages named with the first difference.
 *  - A cache in front that answers with the previous copy until asked to revalidate: passes on retry.
 *  - The operator's redirects (in the build's _redirects) are probed; the build's bookkeeping
 *    (.build-made, lost+found/) is not compared.
 *  - Static files named with a space, "#", "?", "%", "+" and accents: read back by their
 *    percent-encoded names, the check passes.
 *  - --no-live-check skips it; an unreachable address says to use it.
 */
import http from 'node:http';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../../lib/build/build-site.ts';
import { buildToFolder } from '../../build.ts';
import { resolveConfig } from '../../lib/config.ts';
import { checkLive } from '../../lib/deploy/live-check.ts';
import { generateRedirectsFile, isHiddenPath, REDIRECTS, siteRedirects } from '../../lib/site-files/hosting.ts';
import { startApache, type ApacheOptions, type RunningApache } from '../helpers/apache.ts';
import { runCli } from '../helpers/deploy-scenario.ts';
import { DIST } from '../helpers/site.ts';
import { startFtpServer } from '../../tooling/ftp-server.ts';
import { freePort, request } from '../../tooling/http.ts';

const ftp = await startFtpServer();

/** Pages compared byte for byte: every .html of the build but the sources of redirects. */
const PAGES = fg.sync('**/*.html', { cwd: DIST }).filter((f) => !REDIRECTS.some((r) => `/${f}` === `${r.from}index.html`)).length;
/** Other files compared byte for byte: every file the hosts serve that is not a page. */
const FILES = fg.sync('**/*', { cwd: DIST, dot: true }).filter((f) => !f.endsWith('.html') && !isHiddenPath(`/${f}`)).length;

let folders = 0;
/** A new folder in the FTP root, its path on disk, and the deploy variables that upload into it (CI unset). */
function folder(): { root: string; env: Record<string, string> } {
  const name = `site-${++folders}`;
  const root = path.join(ftp.root, name);
  mkdirSync(root);
  return { root, env: { DEPLOY_TARGET: `ftp://${ftp.user}@127.0.0.1:${ftp.port}/${name}`, DEPLOY_PASSWORD: ftp.password, DIST_DIR: DIST, CI: '', DEPLOY_ALLOW_PLAIN_FTP: '1' } };
}

/** Runs `body` with an Apache serving `docRoot`, stopped after. */
async function withApache(docRoot: string, options: ApacheOptions, body: (apache: RunningApache) => Promise<void>): Promise<void> {
  const apache = await startApache(docRoot, options);
  try {
    await body(apache);
  } finally {
    await apache.stop();
  }
}

const text = (run: { lines: string[]; stderr: string }) => run.lines.join('\n') + run.stderr;

const s = suite('live check after a deploy');
s.after(() => ftp.stop());

s('a host applying .htaccess, over HTTPS with brotli: every page matches, one line; the FTP password never reaches the web server', async () => {
  const { root, env } = folder();
  const options: ApacheOptions = {
    https: true,
    extraModules: ['brotli', 'dumpio'],
    // The host's own config: brotli for pages; every request byte logged (mod_dumpio).
    extraConfig: [`<Directory "${root}">`, '  AddOutputFilterByType BROTLI_COMPRESS text/html', '</Directory>', 'DumpIOInput On', 'LogLevel dumpio:trace7'],
  };
  await withApache(root, options, async (apache) => {
    const url = apache.httpsUrl!;
    const run = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: url, DEPLOY_INSECURE_TLS: '1' });
    assert.is(run.code, 0, text(run));
    assert.is(run.lines.at(-1), `Live check: ${PAGES} pages and ${FILES} other files match dist/, headers applied (${url})`);
    assert.match(run.lines.at(-2)!, /^Deployed to ftp:\/\//);
    const page = await request(`${url}/areas/grants/`, { 'Accept-Encoding': 'br, gzip' });
    assert.is(page.headers['content-encoding'], 'br', 'the check read brotli');
    const log = apache.errorLog();
    assert.ok(log.includes('GET /areas/grants/ HTTP/1.1') && log.includes('Accept-Encoding: br, gzip'), 'the log holds the requests');
    assert.not.ok(log.includes(ftp.password), 'no request carried the FTP password');
    assert.not.match(log, /Authorization:|Cookie:/);
    const untrusted = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: url });
    assert.is(untrusted.code, 1);
    assert.match(untrusted.lines.at(-1)!, /^Live check failed \(https:\/\/127\.0\.0\.1:\d+\): the TLS certificate of 127\.0\.0\.1:\d+ is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\): .*DEPLOY_INSECURE_TLS=1 accepts it for the live check too/);
  });
});

s('a host that ignores .htaccess (AllowOverride None) is named, exit 1; the deploy record it serves is listed', async () => {
  const { root, env } = folder();
  await withApache(root, { allowOverride: 'None' }, async (apache) => {
    const run = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: apache.url });
    assert.is(run.code, 1, text(run));
    const i = run.lines.findIndex((l) => l.startsWith('Live check failed'));
    assert.match(run.lines[i], `Live check failed (${apache.url}): the host ignores .htaccess: none of the headers it sets is sent (Content-Security-Policy, X-Frame-Options, X-Content-Type-Options and 3 more), /areas/acoma-pueblo/ answers 200 instead of 301 to /areas/acoma/, and a missing page does not get the site's 404 page. Nothing was rolled back`);
    assert.match(run.lines[i], /Ask your host to allow \.htaccess files in the web root \(Apache: AllowOverride FileInfo, or All\)/);
    assert.ok(run.lines.slice(i).includes('  /.deploy-manifest.json is served to anyone (200); it must answer 404'), text(run));
    assert.match(run.lines.find((l) => !l.startsWith('Warning: plain FTP'))!, /^content\/settings\.yaml/, 'the deploy itself ran (sample check first)');
    assert.ok(run.lines.some((l) => l.startsWith('Deployed to ftp://')), 'uploaded, nothing rolled back');
  });
});

s('Apache serving another folder than the uploaded one: "the uploaded folder is not the web root", exit 1', async () => {
  const served = folder();
  writeFileSync(path.join(served.root, 'index.html'), '<!doctype html><title>Old site</title><p>the old site</p>\n');
  const { env } = folder();
  await withApache(served.root, {}, async (apache) => {
    const run = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: apache.url });
    assert.is(run.code, 1, text(run));
    const i = run.lines.findIndex((l) => l.startsWith('Live check failed'));
    assert.match(run.lines[i], `Live check failed (${apache.url}): the uploaded folder is not the web root: ${apache.url}/ serves a home page that is not the one just uploaded and /sw.js is not this build's either. Nothing was rolled back: the files are in the folder of DEPLOY_TARGET, but the site is served from another one. Set DEPLOY_TARGET's folder to the one your host serves the domain from`);
    assert.match(run.lines[i + 1], /^ {2}\/ is not dist\/index\.html: first difference at byte \d+: dist\/ has ".*", the server sends ".*the old site/);
  });
});

s('a host rewriting e-mail addresses: each page named with the first differing snippet, exit 1', async () => {
  const { root, env } = folder();
  const email = /mailto:([^"?]+)/.exec(readFileSync(path.join(DIST, 'index.html'), 'utf8'))![1];
  const options: ApacheOptions = {
    extraModules: ['substitute'],
    extraConfig: [`<Directory "${root}">`, '  AddOutputFilterByType SUBSTITUTE text/html', `  Substitute "s|mailto:${email}|/cdn-cgi/l/email-protection#6f1c|"`, '</Directory>'],
  };
  await withApache(root, options, async (apache) => {
    const run = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: apache.url });
    assert.is(run.code, 1, text(run));
    const i = run.lines.findIndex((l) => l.startsWith('Live check failed'));
    assert.match(run.lines[i], new RegExp(`^Live check failed \\(${apache.url.replace(/\./g, '\\.')}\\): \\d+ of \\d+ answers differ from dist/ and the hosting rules \\(below\\)\\. Nothing was rolled back: .*e-mail obfuscation`));
    const grants = run.lines.find((l) => l.startsWith('  /404.html is not dist/404.html: first difference at byte'));
    assert.ok(grants, text(run));
    assert.ok(grants!.includes(`dist/ has "`) && grants!.includes(`mailto:${email}`) && grants!.includes('/cdn-cgi/l/email-protection#6f1c'), grants);
    assert.match(run.lines.at(-1)!, /^ {2}… and \d+ more$/);
  });
});

s('a cache in front that keeps the previous copy until asked to revalidate: the retry matches', async () => {
  const { root } = folder();
  await withApache(root, {}, async (apache) => {
    const files = await fg('**/*', { cwd: DIST, dot: true });
    for (const f of files) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), readFileSync(path.join(DIST, f)));
    }
    // The cache: a first request of a page gets a stale copy; "Cache-Control: no-cache" reaches Apache.
    const stale: string[] = [];
    const cache = http.createServer((req, res) => {
      const revalidate = req.headers['cache-control'] === 'no-cache';
      if (!revalidate && req.url!.endsWith('/')) {
        stale.push(req.url!);
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>the previous version</p>');
        return;
      }
      const upstream = http.request(`${apache.url}${req.url}`, { headers: req.headers }, (r) => {
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      });
      upstream.end();
    });
    const port = await freePort();
    await new Promise<void>((r) => cache.listen(port, '127.0.0.1', r));
    try {
      const result = await checkLive(DIST, { url: `http://127.0.0.1:${port}`, insecureTls: false, timeoutMs: 10_000, retryWaitsMs: [0] });
      assert.ok(stale.includes('/') && stale.length >= PAGES - 3, `the first answers were stale (${stale.length})`);
      assert.equal(result.lines, [`Live check: ${PAGES} pages and ${FILES} other files match dist/, headers applied (http://127.0.0.1:${port})`]);
      assert.ok(result.ok);
      stale.length = 0;
      const once = await checkLive(DIST, { url: `http://127.0.0.1:${port}`, insecureTls: false, timeoutMs: 10_000, retryWaitsMs: [] });
      assert.not.ok(once.ok, 'without a retry the stale copies fail the check (canary)');
    } finally {
      cache.close();
    }
  });
});

s('the operator\'s redirects, from the build\'s _redirects, are probed; the build\'s bookkeeping is not', async () => {
  const { root } = folder();
  for (const f of await fg('**/*', { cwd: DIST, dot: true })) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), readFileSync(path.join(DIST, f)));
  }
  // An owner redirect in the build's _redirects; the bookkeeping of a folder swapped in place (NOT_SITE).
  const owner = siteRedirects({ redirects: [{ from: '/old-prices/', to: '/services/' }] });
  writeFileSync(path.join(root, '_redirects'), generateRedirectsFile(owner));
  writeFileSync(path.join(root, '.build-made'), 'bookkeeping\n');
  mkdirSync(path.join(root, 'lost+found'));
  writeFileSync(path.join(root, 'lost+found', 'inode-1234'), 'recovered\n');
  await withApache(root, {}, async (apache) => {
    const live = () => checkLive(root, { url: apache.url, insecureTls: false, timeoutMs: 10_000, retryWaitsMs: [] });
    const missing = await live();
    assert.not.ok(missing.ok, 'the .htaccess lacks the owner\'s redirect');
    assert.ok(missing.lines.includes('  /old-prices/ answers 404 instead of 301 to /services/'), missing.lines.join('\n'));
    assert.ok(missing.lines.includes('  /old-prices answers 404 instead of 301 to /services/'), missing.lines.join('\n'));
    writeFileSync(path.join(root, '.htaccess'), `${readFileSync(path.join(root, '.htaccess'), 'utf8')}RedirectMatch 301 ^/old-prices/?$ /services/\n`);
    const applied = await live();
    assert.equal(applied.lines, [`Live check: ${PAGES} pages and ${FILES} other files match dist/, headers applied (${apache.url})`], 'lost+found/ is not compared');
  });
});

s('static files named with a space, "#", "?", "%", "+" and accents are deployed, served by Apache and read back: the check passes', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'live-names-'));
  try {
    const staticDir = path.join(tmp, 'static');
    cpSync(path.join(ROOT, 'static'), staticDir, { recursive: true });
    mkdirSync(path.join(staticDir, 'files'));
    const names = ['a#b.txt', 'what?.txt', '100%.txt', 'a b+c.txt', 'café.txt'];
    for (const name of names) writeFileSync(path.join(staticDir, 'files', name), `the file ${name}\n`);
    const built = path.join(tmp, 'dist');
    await buildToFolder({ config: { ...resolveConfig(), staticDir, outDir: built } });
    const { root, env } = folder();
    await withApache(root, {}, async (apache) => {
      const run = await runCli(['--allow-sample'], { ...env, DIST_DIR: built, DEPLOY_LIVE_URL: apache.url });
      assert.is(run.code, 0, text(run));
      assert.is(run.lines.at(-1), `Live check: ${PAGES} pages and ${FILES + names.length} other files match dist/, headers applied (${apache.url})`);
      assert.not.ok(run.lines.some((l) => l.startsWith('Live check: /files/')), 'nothing was uploaded again');
      for (const name of names) assert.is(readFileSync(path.join(root, 'files', name), 'utf8'), `the file ${name}\n`, `${name} arrived under its own name`);
      const served = await request(`${apache.url}/files/a%23b.txt`);
      assert.is(served.status, 200, 'Apache serves a#b.txt at a%23b.txt (canary: the name must be encoded)');
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

s('--no-live-check skips it; an address nothing answers at says to use it', async () => {
  const { env } = folder();
  const port = await freePort();
  const unreachable = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: `http://127.0.0.1:${port}` });
  assert.is(unreachable.code, 1);
  assert.is(unreachable.lines.at(-1), `Live check failed (http://127.0.0.1:${port}): 127.0.0.1:${port} refused the connection: if the site is not online yet, deploy with --no-live-check; DEPLOY_LIVE_URL names another address this machine can read it at.`);
  const skipped = await runCli(['--allow-sample', '--no-live-check'], { ...env, DEPLOY_LIVE_URL: `http://127.0.0.1:${port}` });
  assert.is(skipped.code, 0, text(skipped));
  assert.not.ok(skipped.lines.some((l) => l.startsWith('Live check')));
  const bad = await runCli(['--allow-sample'], { ...env, DEPLOY_LIVE_URL: `http://user:${ftp.password}@127.0.0.1:${port}` });
  assert.is(bad.lines.at(-1), 'Deploy failed: DEPLOY_LIVE_URL contains a user name or password: the live check reads the public site and sends no login; remove them.');
  assert.not.ok(text(bad).includes(ftp.password), 'and does not print it');
});

s.run();
