/**
 * `npm run deploy` against ProFTPD on Debian's defaults (the package unpacked:
 * tooling/ftp-servers.ts) on 127.0.0.1, plain FTP: the deploy guarantees
 * (test/helpers/deploy-scenario.ts), and kills at chosen moments with reruns
 * (test/helpers/deploy-hosts.ts). `AllowOverwrite off` is test/deploy/proftpd-no-overwrite.test.ts.
 */
import { buildVariants, deploySuite, removeBuilds } from '../helpers/deploy-scenario.ts';
import { ftpProtocol, hostSuite } from '../helpers/deploy-hosts.ts';
import { startProftpd } from '../../tooling/ftp-servers.ts';

const server = await startProftpd();
const builds = await buildVariants().catch(async (e) => { await server.stop(); throw e; });

deploySuite(ftpProtocol(server), () => builds);
hostSuite({ server, kills: ['STOR 30', 'RNTO 1', 'RNTO /keyword-corpus.json', 'DELE 1'] }, () => builds, 'host', async () => {
  await server.stop();
  removeBuilds(builds);
});
