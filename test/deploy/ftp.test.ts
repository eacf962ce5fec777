/**
 * `npm run deploy` over FTPS (explicit TLS) and plain FTP against a real FTP server (pyftpdlib, see
 * tooling/ftp-server.ts) on 127.0.0.1: the deploy guarantees (test/helpers/deploy-scenario.ts)
 * over FTPS; over plain FTP a first deploy into a folder that already holds things, and a
 * one-page redeploy; and the one-line errors: untrusted certificate, missing folder, folder not
 * writable, host refusing connections, a server that never answers; a certificate pinned with
 * DEPLOY_TLS_FINGERPRINT, and DEPLOY_INSECURE_TLS's warning on every run; the password masked in
 * the values a line quotes (the target, the server's reply), never in the deploy's own words.
 */
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deploy } from '../../lib/deploy/deploy.ts';
import { readTarget } from '../../lib/deploy/deploy-target.ts';
import { buildVariants, deployFailure, deploySuite, removeBuilds, runCli, tree } from '../helpers/deploy-scenario.ts';
import { startFtpServer } from '../../tooling/ftp-server.ts';
import { freePort } from '../../tooling/http.ts';

const server = await startFtpServer();
const builds = await buildVariants().catch(async (e) => { await server.stop(); throw e; });
const at = (scheme: string, folder: string, user = server.user) => `${scheme}://${user}@127.0.0.1:${server.port}/${folder}`;

deploySuite({
  name: 'FTPS',
  env: (folder) => ({ DEPLOY_TARGET: at('ftps', folder), DEPLOY_PASSWORD: server.password, DEPLOY_INSECURE_TLS: '1' }),
  disk: (folder) => path.join(server.root, folder),
  wrongPassword: (folder) => ({ env: { DEPLOY_TARGET: at('ftps', folder), DEPLOY_PASSWORD: 'Wrong-Secret-42', DEPLOY_INSECURE_TLS: '1' }, password: 'Wrong-Secret-42' }),
}, () => builds);

const failure = (env: Record<string, string>) => deployFailure(builds.a, env);

const plain = suite('deploy over plain FTP');

plain('a first deploy into a folder with other things says what it found and leaves it; a redeploy sends only the changed page', async () => {
  const root = path.join(server.root, 'plain');
  mkdirSync(path.join(root, 'cgi-bin'), { recursive: true });
  writeFileSync(path.join(root, 'cgi-bin/hello.cgi'), '#!/bin/sh\n');
  writeFileSync(path.join(root, 'index.html'), '<p>the old site</p>');
  const target = readTarget({ DEPLOY_TARGET: at('ftp', 'plain'), DEPLOY_PASSWORD: server.password, DEPLOY_ALLOW_PLAIN_FTP: '1' }, process.cwd())!;
  const first = await deploy({ dir: builds.a, target });
  assert.equal(first.found.sort(), ['cgi-bin/', 'index.html']);
  assert.is(readFileSync(path.join(root, 'cgi-bin/hello.cgi'), 'utf8'), '#!/bin/sh\n');
  const a = tree(builds.a);
  for (const [f, h] of a) assert.is(tree(root).get(f), h, f);
  const second = await deploy({ dir: builds.b, target });
  const b = tree(builds.b);
  assert.equal([...second.uploaded, ...second.replaced].sort(), [...b.keys()].filter((f) => a.get(f) !== b.get(f)).sort());
  assert.is(second.unchanged, b.size - second.replaced.length);
  assert.ok(existsSync(path.join(root, 'cgi-bin/hello.cgi')));
});

plain.run();

const masking = suite('the password is masked in the values a line quotes, never in the deploy\'s own words');

masking('DEPLOY_PASSWORD=Deploy: "Deploying to", "Deployed to" and "Deploy failed" stay; a folder named with it is masked', async () => {
  const own = await startFtpServer({ password: 'Deploy' });
  try {
    mkdirSync(path.join(own.root, 'site'));
    const env = (folder: string) => ({ DEPLOY_TARGET: `ftps://${own.user}@127.0.0.1:${own.port}/${folder}`, DEPLOY_PASSWORD: 'Deploy', DEPLOY_INSECURE_TLS: '1', DIST_DIR: builds.a });
    const run = await runCli(['--allow-sample'], env('site'));
    assert.is(run.code, 0, run.lines.join('\n') + run.stderr);
    assert.ok(run.lines.includes(`Deploying to ftps://deploy@127.0.0.1:${own.port}/site …`), run.lines.join('\n'));
    assert.match(run.lines.at(-1)!, /^Deployed to ftps:\/\/deploy@127\.0\.0\.1:\d+\/site in /);
    assert.not.ok(run.lines.some((l) => l.includes('***')), 'nothing masked: no value held the password');
    const missing = await runCli(['--allow-sample'], env('Deploy-site'));
    assert.is(missing.code, 1);
    assert.ok(missing.lines.includes(`Deploying to ftps://deploy@127.0.0.1:${own.port}/***-site …`), missing.lines.join('\n'));
    assert.match(missing.lines.at(-1)!, /^Deploy failed: The folder "\*\*\*-site" does not exist on 127\.0\.0\.1 \(550 [^)]*\): create it, or correct the path in DEPLOY_TARGET/);
    assert.not.ok((missing.lines.join('\n') + missing.stderr).includes('Deploy-site'), 'the folder is never shown unmasked');
  } finally {
    await own.stop();
  }
});

masking('DEPLOY_PASSWORD=e: no "D***ploying"; the user name, the folder and the server\'s reply, which hold an "e", are masked', async () => {
  const own = await startFtpServer({ password: 'e' });
  try {
    mkdirSync(path.join(own.root, 'site'));
    const env = (folder: string) => ({ DEPLOY_TARGET: `ftps://${own.user}@127.0.0.1:${own.port}/${folder}`, DEPLOY_PASSWORD: 'e', DEPLOY_INSECURE_TLS: '1', DIST_DIR: builds.a });
    const run = await runCli(['--allow-sample'], env('site'));
    assert.is(run.code, 0, run.lines.join('\n') + run.stderr);
    assert.ok(run.lines.includes(`Deploying to ftps://d***ploy@127.0.0.1:${own.port}/sit*** …`), run.lines.join('\n'));
    assert.ok(run.lines.some((l) => l.startsWith('Warning: DEPLOY_INSECURE_TLS=1 is on: no TLS certificate is checked (FTPS to 127.0.0.1 and the live check), so someone in between could read the password and change the files.')), run.lines.join('\n'));
    assert.match(run.lines.at(-1)!, /^Deployed to ftps:\/\/d\*\*\*ploy@127\.0\.0\.1:\d+\/sit\*\*\* in [\d.]+ s: \d+ uploaded, 0 replaced, 0 deleted, 0 unchanged; /);
    const missing = await runCli(['--allow-sample'], env('none'));
    assert.is(missing.code, 1);
    const failed = missing.lines.at(-1)!;
    assert.match(failed, /^Deploy failed: The folder "non\*\*\*" does not exist on 127\.0\.0\.1 \(550 [^)]*\*\*\*[^)]*\): create it, or correct the path in DEPLOY_TARGET \(the web root is often public_html or www\)\.$/);
    const reply = /\((550 [^)]*)\)/.exec(failed)![1];
    assert.not.ok(reply.includes('e'), `the server's reply is masked: ${reply}`);
  } finally {
    await own.stop();
  }
});

masking.run();

const errors = suite('deploy errors over FTP(S): one line, what to do');
errors.after(async () => {
  await server.stop();
  removeBuilds(builds);
});

errors('a self-signed certificate is refused unless DEPLOY_INSECURE_TLS=1', async () => {
  mkdirSync(path.join(server.root, 'tls'), { recursive: true });
  const message = await failure({ DEPLOY_TARGET: at('ftps', 'tls'), DEPLOY_PASSWORD: server.password });
  assert.match(message, /^The TLS certificate of 127\.0\.0\.1 is not trusted \(it is self-signed\): .*DEPLOY_INSECURE_TLS=1/);
  assert.ok(!existsSync(path.join(server.root, 'tls/index.html')));
});

errors('DEPLOY_TLS_FINGERPRINT pins the certificate: that one deploys without DEPLOY_INSECURE_TLS, another is refused before the login; DEPLOY_INSECURE_TLS warns on every run', async () => {
  mkdirSync(path.join(server.root, 'pinned'), { recursive: true });
  const cert = path.join(server.root, '..', 'cert.pem');
  const fingerprint = execFileSync('openssl', ['x509', '-in', cert, '-noout', '-fingerprint', '-sha256'], { encoding: 'utf8' }).trim().split('=')[1];
  const env = { DEPLOY_TARGET: at('ftps', 'pinned'), DEPLOY_PASSWORD: server.password };
  const report = await deploy({ dir: builds.a, target: readTarget({ ...env, DEPLOY_TLS_FINGERPRINT: fingerprint.replace(/:/g, '').toLowerCase() }, process.cwd())! });
  assert.ok(report.uploaded.length > 0 && existsSync(path.join(server.root, 'pinned/index.html')), 'the pinned self-signed certificate is accepted');
  const other = Array(32).fill('AB').join(':');
  assert.is(await failure({ ...env, DEPLOY_TLS_FINGERPRINT: other }), `The TLS certificate of 127.0.0.1 has the SHA-256 fingerprint ${fingerprint}, not DEPLOY_TLS_FINGERPRINT ${other}: the certificate was replaced (renewed?) or someone is in between. No password was sent. Ask your host for the current certificate's fingerprint before changing DEPLOY_TLS_FINGERPRINT.`);
  for (const n of [1, 2]) {
    const run = await runCli(['--allow-sample'], { ...env, DEPLOY_INSECURE_TLS: '1', DIST_DIR: builds.a });
    assert.is(run.code, 0, run.lines.join('\n'));
    assert.ok(run.lines.includes('Warning: DEPLOY_INSECURE_TLS=1 is on: no TLS certificate is checked (FTPS to 127.0.0.1 and the live check), so someone in between could read the password and change the files. Pin the certificate with DEPLOY_TLS_FINGERPRINT instead and remove DEPLOY_INSECURE_TLS.'), `run ${n}: ${run.lines.join('\n')}`);
  }
});

errors('a missing folder is named', async () => {
  const message = await failure({ DEPLOY_TARGET: at('ftps', 'no-such-folder'), DEPLOY_PASSWORD: server.password, DEPLOY_INSECURE_TLS: '1' });
  assert.match(message, /^The folder "no-such-folder" does not exist on 127\.0\.0\.1 .*: create it, or correct the path in DEPLOY_TARGET/);
});

errors('a folder the user may not write to is named', async () => {
  mkdirSync(path.join(server.root, 'readonly'), { recursive: true });
  const message = await failure({ DEPLOY_TARGET: at('ftps', 'readonly', 'reader'), DEPLOY_PASSWORD: server.password, DEPLOY_INSECURE_TLS: '1' });
  assert.match(message, /refused MKD "\/\.deploy-lock" \(550 .*\): check that user "reader" may write to "readonly"\.$/);
});

errors('a host that refuses connections is named, with the port to check', async () => {
  const port = await freePort();
  const message = await failure({ DEPLOY_TARGET: `ftp://u@127.0.0.1:${port}/`, DEPLOY_PASSWORD: 'x', DEPLOY_ALLOW_PLAIN_FTP: '1' });
  assert.is(message, `127.0.0.1:${port} refused the connection: check the host and port in DEPLOY_TARGET (FTP usually listens on 21).`);
});

errors('a server that never answers times out, retried 3 times', async () => {
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((s) => sockets.add(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const message = await failure({ DEPLOY_TARGET: `ftp://u@127.0.0.1:${port}/`, DEPLOY_PASSWORD: 'x', DEPLOY_ALLOW_PLAIN_FTP: '1', DEPLOY_TIMEOUT_SECONDS: '0.5' });
    assert.is(message, `127.0.0.1:${port} did not answer within 0.5 s: check the host and port in DEPLOY_TARGET and your connection; DEPLOY_TIMEOUT_SECONDS=1 waits longer; tried 3 times.`);
    assert.is(sockets.size, 3, 'three connection attempts');
  } finally {
    for (const s of sockets) s.destroy();
    silent.close();
  }
});

errors.run();

