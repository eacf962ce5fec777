/**
 * Deploy benchmark over loopback (a measurement, not a test): for FTP, FTPS and SFTP (the test
 * servers of tooling/), the time and bytes of a first deploy into an empty folder and of a
 * redeploy after editing one page, with one connection and with DEPLOY_CONNECTIONS' default;
 * medians of RUNS runs. Usage: tsx scripts/bench-deploy.ts [runs]   (default 3)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildToFolder } from '../build.ts';
import { deploy, type DeployReport } from '../lib/deploy/deploy.ts';
import { DEFAULT_CONNECTIONS, readTarget } from '../lib/deploy/deploy-target.ts';
import { PROJECT_CONTENT } from '../tooling/project-content.ts';
import { startFtpServer } from '../tooling/ftp-server.ts';
import { startSshd } from '../tooling/sshd.ts';
import { resolveConfig } from '../lib/config.ts';

const RUNS = Number(process.argv[2]) || 3;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-deploy-'));
const raw = structuredClone(PROJECT_CONTENT) as any;
const config = resolveConfig();
await buildToFolder({ config: { ...config, outDir: `${tmp}/first` } });
raw.services[0].faqs[0].answer += ' Call us to check.';
await buildToFolder({ config: { ...config, outDir: `${tmp}/edited` }, content: raw });

const ftp = await startFtpServer();
const ssh = await startSshd();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sent = (r: DeployReport) => r.bytes + r.recordBytes;
try {
  const protocols: [string, (folder: string) => Record<string, string>, (folder: string) => string][] = [
    ['ftp', (f) => ({ DEPLOY_TARGET: `ftp://${ftp.user}@127.0.0.1:${ftp.port}/${f}`, DEPLOY_PASSWORD: ftp.password, DEPLOY_ALLOW_PLAIN_FTP: '1' }), (f) => path.join(ftp.root, f)],
    ['ftps', (f) => ({ DEPLOY_TARGET: `ftps://${ftp.user}@127.0.0.1:${ftp.port}/${f}`, DEPLOY_PASSWORD: ftp.password, DEPLOY_INSECURE_TLS: '1' }), (f) => path.join(ftp.root, f)],
    // The host key is remembered in the server's temp folder, and ~/.ssh is not read (HOME there too).
    ['sftp', (f) => ({ DEPLOY_TARGET: `sftp://${ssh.user}@127.0.0.1:${ssh.port}/${path.join(ssh.dir, f)}`, DEPLOY_KEY: ssh.keyFile, HOME: ssh.dir, DEPLOY_KNOWN_HOSTS: path.join(ssh.dir, 'known_hosts'), DEPLOY_ACCEPT_NEW_HOST_KEY: '1' }), (f) => path.join(ssh.dir, f)],
  ];
  console.log('protocol  connections  first deploy: files   KB sent   ms  | one-page redeploy: files  KB sent   ms');
  for (const [name, env, disk] of protocols) {
    for (const connections of [1, DEFAULT_CONNECTIONS]) {
      const first: DeployReport[] = [];
      const again: DeployReport[] = [];
      for (let i = 0; i < RUNS; i++) {
        const folder = `${name}-${connections}-${i}`;
        mkdirSync(disk(folder));
        const target = readTarget({ ...env(folder), DEPLOY_CONNECTIONS: String(connections) }, process.cwd())!;
        first.push(await deploy({ dir: `${tmp}/first`, target }));
        again.push(await deploy({ dir: `${tmp}/edited`, target }));
      }
      const files = (r: DeployReport) => r.uploaded.length + r.replaced.length;
      const row = (rs: DeployReport[]) => `${String(files(rs[0])).padStart(5)} ${(median(rs.map(sent)) / 1024).toFixed(1).padStart(9)} ${String(Math.round(median(rs.map((r) => r.ms)))).padStart(5)}`;
      console.log(`${name.padEnd(8)}  ${String(connections).padStart(11)}  ${' '.repeat(12)}${row(first)}  | ${' '.repeat(18)}${row(again)}`);
    }
  }
  console.log(`Median of ${RUNS} runs each; KB sent = site files + the deploy record (/.deploy-manifest.json) uploads.`);
} finally {
  await ftp.stop();
  await ssh.stop();
  rmSync(tmp, { recursive: true, force: true });
}
