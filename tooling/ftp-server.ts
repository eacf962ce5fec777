/**
 * A real FTP server with explicit TLS on 127.0.0.1 at a free port, for the deploy tests and
 * scripts/bench-deploy.ts: pyftpdlib (Debian's python3-pyftpdlib and python3-openssl, installed
 * by .ci/run) run by tooling/ftp_server.py with a self-signed certificate made by openssl,
 * serving a temp folder. The same server answers plain FTP (TLS is offered, not required).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './http.ts';
import { startServerProcess, tempFolder } from './process.ts';

/** Debian's interpreter: the one python3-pyftpdlib installs into (a python3 on PATH may be another). */
const PYTHON = '/usr/bin/python3';

export interface RunningFtpServer {
  port: number;
  /** The folder the FTP user sees as "/". */
  root: string;
  user: string;
  password: string;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/**
 * @param options.password the user's password (default a random one): a test may need one with
 *   characters a .env file treats specially
 * @throws Error with the server's output when it does not listen within 10 s
 */
export async function startFtpServer(options: { password?: string } = {}): Promise<RunningFtpServer> {
  const { dir, remove } = tempFolder('ftp-test');
  const root = path.join(dir, 'root');
  mkdirSync(root);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`, '-days', '2', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const port = await freePort();
  const user = 'deploy';
  const password = options.password ?? `pw-${Math.random().toString(36).slice(2)}`;
  const args = [path.join(import.meta.dirname, 'ftp_server.py'), String(port), root, user, password, `${dir}/cert.pem`, `${dir}/key.pem`];
  const server = await startServerProcess('The FTP server', PYTHON, args, dir, port).catch((error: unknown) => { remove(); throw error; });
  return { port, root, user, password, stop: async () => { await server.stop(); remove(); } };
}
