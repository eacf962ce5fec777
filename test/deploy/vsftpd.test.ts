/**
 * `npm run deploy` against vsftpd (Debian's package, tooling/ftp-servers.ts) on 127.0.0.1, plain
 * FTP: the deploy guarantees (test/helpers/deploy-scenario.ts) on its defaults, and kills at chosen
 * moments with reruns (test/helpers/deploy-hosts.ts) on its defaults and with one connection per
 * client address (`max_per_ip=1`, which refuses the deploy's extra connections).
 */
import { serverSuites } from '../helpers/deploy-hosts.ts';
import { startVsftpd } from '../../tooling/ftp-servers.ts';

await serverSuites(startVsftpd, [{}, { config: ['max_per_ip=1'] }]);
