/**
 * Runs Debian's Apache 2.4 (/usr/sbin/apache2, installed by .ci/run) in the foreground with a
 * config of its own, serving a folder on 127.0.0.1 at free ports, so the generated .htaccess is
 * tested on the real server shared hosts run. The config is the one a shared host ships: mod_rewrite and mod_headers on, AllowOverride All for .htaccess.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from '../../tooling/http.ts';

const MODULES_DIR = '/usr/lib/apache2/modules';
/** The modules a typical shared host has (mpm and the ones the .htaccess uses). */
const FULL_MODULES = ['mpm_event', 'authz_core', 'dir', 'mime', 'headers', 'alias', 'rewrite', 'deflate', 'filter', 'setenvif'];
/** A bare host: only what serving files needs. The .htaccess must still work (every block in <IfModule>). */
const BARE_MODULES = ['mpm_event', 'authz_core', 'dir', 'mime'];

export interface ApacheOptions {
  /** AllowOverride value; default "All". Restricted hosts often allow only "FileInfo Indexes". */
  allowOverride?: string;
  /** "full" (default) or "bare" module set. */
  modules?: 'full' | 'bare';
  /** Also listen with HTTPS (mod_ssl, self-signed certificate made with openssl). Default false. */
  https?: boolean;
  /** More modules to load, by name (e.g. "brotli", "substitute", "dumpio"). */
  extraModules?: string[];
  /** More lines of server configuration, after the rest (what a host sets in its own config). */
  extraConfig?: string[];
}

export interface RunningApache {
  /** e.g. "http://127.0.0.1:41234" */
  url: string;
  /** e.g. "https://127.0.0.1:41235", when started with https */
  httpsUrl?: string;
  /** The error log so far (for failure messages). */
  errorLog(): string;
  /** Stops Apache by its PID and removes its work folder. */
  stop(): Promise<void>;
}

/**
 * Starts Apache serving `docRoot`.
 * @throws Error with Apache's output when it does not start listening within 10 s
 */
export async function startApache(docRoot: string, options: ApacheOptions = {}): Promise<RunningApache> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'apache-test-'));
  const port = await freePort();
  const sslPort = options.https ? await freePort() : 0;
  const modules = [...(options.modules === 'bare' ? BARE_MODULES : FULL_MODULES), ...(options.extraModules ?? [])];
  const lines = [
    'ServerRoot "/etc/apache2"',
    'ServerName 127.0.0.1',
    `PidFile ${prefix}/httpd.pid`,
    `ErrorLog ${prefix}/error.log`,
    `Listen 127.0.0.1:${port}`,
    ...modules.map((m) => `LoadModule ${m}_module ${MODULES_DIR}/mod_${m}.so`),
    'TypesConfig /etc/mime.types',
    `DocumentRoot "${docRoot}"`,
    'DirectoryIndex index.html',
    `<Directory "${docRoot}">`,
    `  AllowOverride ${options.allowOverride ?? 'All'}`,
    '  Require all granted',
    '</Directory>',
    // As Debian's apache2.conf: never serve .htaccess itself.
    '<FilesMatch "^\\.ht">',
    '  Require all denied',
    '</FilesMatch>',
  ];
  if (options.https) {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${prefix}/key.pem`, '-out', `${prefix}/cert.pem`, '-days', '2', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    lines.push(
      `LoadModule socache_shmcb_module ${MODULES_DIR}/mod_socache_shmcb.so`,
      `LoadModule ssl_module ${MODULES_DIR}/mod_ssl.so`,
      `Listen 127.0.0.1:${sslPort}`,
      `<VirtualHost 127.0.0.1:${sslPort}>`,
      '  SSLEngine on',
      `  SSLCertificateFile ${prefix}/cert.pem`,
      `  SSLCertificateKeyFile ${prefix}/key.pem`,
      '</VirtualHost>',
    );
  }
  lines.push(...(options.extraConfig ?? []));
  writeFileSync(`${prefix}/httpd.conf`, `${lines.join('\n')}\n`);

  let output = '';
  const child: ChildProcess = spawn('/usr/sbin/apache2', ['-f', `${prefix}/httpd.conf`, '-DFOREGROUND'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const errorLog = () => { try { return readFileSync(`${prefix}/error.log`, 'utf8'); } catch { return ''; } };
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(child.pid, 'SIGKILL');
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await waitForPort(port);
    if (sslPort) await waitForPort(sslPort);
  } catch (error) {
    const log = errorLog();
    await stop();
    throw new Error(`Apache did not start: ${output}\n${log}`, { cause: error });
  }
  return { url: `http://127.0.0.1:${port}`, httpsUrl: sslPort ? `https://127.0.0.1:${sslPort}` : undefined, errorLog, stop };
}
