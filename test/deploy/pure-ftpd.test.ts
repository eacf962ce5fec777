/**
 * `npm run deploy` against Pure-FTPd (Debian's package, unpacked: tooling/ftp-servers.ts) on
 * 127.0.0.1, plain FTP: the deploy guarantees (test/helpers/deploy-scenario.ts) on its defaults,
 * and kills at chosen moments with reruns (test/helpers/deploy-hosts.ts) on its defaults and with
 * one connection per user (`-y 1:1`, which refuses the deploy's extra connections). `-x` (no
 * dot-names) is test/deploy/pure-ftpd-dot-names.test.ts.
 */
import { serverSuites } from '../helpers/deploy-hosts.ts';
import { startPureFtpd } from '../../tooling/ftp-servers.ts';

await serverSuites(startPureFtpd, [{}, { flags: ['-y', '1:1'] }], { sampleCheck: false });
