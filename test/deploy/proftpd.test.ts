/**
 * `npm run deploy` against ProFTPD on Debian's defaults (the package unpacked:
 * tooling/ftp-servers.ts) on 127.0.0.1, plain FTP: the deploy guarantees
 * (test/helpers/deploy-scenario.ts), and kills at chosen moments with reruns
 * (test/helpers/deploy-hosts.ts). `AllowOverwrite off` is test/deploy/proftpd-no-overwrite.test.ts.
 * The refusal of the sample identity, which stops an ftp:// deploy before any connection, is
 * checked here for every plain-FTP server.
 */
import { serverSuites } from '../helpers/deploy-hosts.ts';
import { startProftpd } from '../../tooling/ftp-servers.ts';

await serverSuites(startProftpd, [{}]);
