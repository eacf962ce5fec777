/**
 * Runs Debian's nginx (/usr/sbin/nginx, installed by .ci/run) in the foreground with the config
 * lib/site-files/hosting.ts generates, serving a folder on 127.0.0.1 at free ports (HTTP and HTTPS with a
 * self-signed certificate), so the config is tested on the real server.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from '../../tooling/http.ts';

const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  /** e.g. "http://127.0.0.1:41234" (the server block that redirects to HTTPS) */
  url: string;
  /** e.g. "https://127.0.0.1:41235" (the site) */
  httpsUrl: string;
  /** The whole nginx.conf it runs. */
  config: string;
  errorLog(): string;
  /** Stops nginx by its PID and removes its work folder. */
  stop(): Promise<void>;
}

/**
 * The generated config made runnable on 127.0.0.1: the listen lines get the test's ports (IPv6
 * lines dropped), the certificate comment becomes the test certificate. Every other line is kept.
 * @throws Error when a line to replace is missing (the generator changed shape)
 */
function localConfig(generated: string, ports: { http: number; https: number }, certDir: string): string {
  const replace = (text: string, from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`The generated nginx config has no line "${from}".`);
    return text.split(from).join(to);
  };
  let conf = generated;
  conf = replace(conf, '  listen 80;\n  listen [::]:80;\n', `  listen 127.0.0.1:${ports.http};\n`);
  conf = replace(conf, '  listen 443 ssl http2;\n  listen [::]:443 ssl http2;\n', `  listen 127.0.0.1:${ports.https} ssl http2;\n`);
  conf = replace(conf, '  # ssl_certificate and ssl_certificate_key: as your certificate tool writes them\n',
    `  ssl_certificate ${certDir}/cert.pem;\n  ssl_certificate_key ${certDir}/key.pem;\n`);
  return conf;
}

/**
 * Starts nginx with `generated` (generateNginx's output, its root the folder to serve).
 * @throws Error with nginx's output when `nginx -t` fails or it does not listen within 10 s
 */
export async function startNginx(generated: string): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'nginx-test-'));
  const ports = { http: await freePort(), https: await freePort() };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${prefix}/key.pem`, '-out', `${prefix}/cert.pem`, '-days', '2', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const config = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  autoindex on; # as a host that lists folders by default: the site\'s server block must turn it off',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
    localConfig(generated, ports, prefix),
    '}',
    '',
  ].join('\n');
  writeFileSync(`${prefix}/nginx.conf`, config);
  const errorLog = () => { try { return readFileSync(`${prefix}/error.log`, 'utf8'); } catch { return ''; } };
  try {
    execFileSync(NGINX, ['-t', '-q', '-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], { stdio: 'pipe' });
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx -t rejects the config: ${(error as { stderr?: Buffer }).stderr}\n${config}`, { cause: error });
  }
  let output = '';
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid, 'SIGTERM'); // fast shutdown of the master and its workers
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(child.pid, 'SIGKILL');
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForPort(ports.http);
    await waitForPort(ports.https);
  } catch (error) {
    const log = errorLog();
    await stop();
    throw new Error(`nginx did not start: ${output}\n${log}`, { cause: error });
  }
  return { url: `http://127.0.0.1:${ports.http}`, httpsUrl: `https://127.0.0.1:${ports.https}`, config, errorLog, stop };
}
