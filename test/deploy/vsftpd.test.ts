/**
 * `npm run deploy` against vsftpd (Debian's package, tooling/ftp-servers.ts) on 127.0.0.1, plain
 * FTP: the deploy guarantees (test/helpers/deploy-scenario.ts) on its defaults, and kills at chosen
 * moments with reruns (test/helpers/deploy-hosts.ts) on its defaults and with one connection per
 * client address (`max_per_ip=1`, which refuses the deploy's extra connections).
 */
import { buildVariants, deploySuite, removeBuilds } from '../helpers/deploy-scenario.ts';
import { ftpProtocol, hostSuite } from '../helpers/deploy-hosts.ts';
import { startVsftpd } from '../../tooling/ftp-servers.ts';

const plain = await startVsftpd();
const limited = await startVsftpd({ config: ['max_per_ip=1'] });
const stop = async () => { await plain.stop(); await limited.stop(); };
const builds = await buildVariants().catch(async (e) => { await stop(); throw e; });

const KILLS = ['STOR 30', 'RNTO 1', 'RNTO /keyword-corpus.json', 'DELE 1'];
deploySuite(ftpProtocol(plain), () => builds);
hostSuite({ server: plain, kills: KILLS }, () => builds);
hostSuite({ server: limited, kills: KILLS }, () => builds, 'limited', async () => {
  await stop();
  removeBuilds(builds);
});
