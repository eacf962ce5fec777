/**
 * `npm run deploy` against vsftpd (Debian's package, tooling/ftp-servers.ts) on 127.0.0.1, plain
 * FTP: the deploy guarantees (test/helpers/deploy-scenario.ts) on its defaults, and kills at chosen
 * moments with reruns (test/helpers/deploy-hosts.ts) on its defaults and with one connection per
 * client address (`max_per_ip=1`, which refuses the deploy's extra connections); an ftps:// target
 * on vsftpd's defaults (no TLS) is named as a server without FTPS.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { serverSuites } from '../helpers/deploy-hosts.ts';
import { deployFailure } from '../helpers/deploy-scenario.ts';
import { DIST } from '../helpers/site.ts';
import { startVsftpd } from '../../tooling/ftp-servers.ts';

await serverSuites(startVsftpd, [{}, { config: ['max_per_ip=1'] }], { sampleCheck: false });

const tls = suite('ftps:// to vsftpd without TLS (its default)');
tls('says the server offers no FTPS, although vsftpd answers AUTH TLS with a login reply (530); no password sent', async () => {
  const server = await startVsftpd({});
  try {
    server.own(path.join(server.root, 'site'));
    mkdirSync(path.join(server.root, 'site'), { recursive: true });
    const message = await deployFailure(DIST, { DEPLOY_TARGET: `ftps://${server.user}@127.0.0.1:${server.port}/site`, DEPLOY_PASSWORD: server.password });
    assert.match(message, /^127\.0\.0\.1:\d+ does not offer FTPS: it answered the request for TLS \(AUTH TLS\) with "530 [^"]*"\. No password was sent\./);
    assert.not.match(message, /DEPLOY_PASSWORD/);
  } finally {
    await server.stop();
  }
});
tls.run();
