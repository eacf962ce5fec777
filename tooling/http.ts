/** Raw HTTP(S) requests (no redirect following, no decompression), and free ports. */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names lowercased (Node's IncomingHttpHeaders). */
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still gzipped when Content-Encoding says so). */
  body: Buffer;
}

/**
 * @param url     absolute http:// or https:// URL
 * @param headers request headers, e.g. { 'Accept-Encoding': 'gzip', Host: 'www.example.com' }
 * HTTPS certificates are not checked (the test server's is self-signed).
 */
export function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(u, { method, headers, rejectUnauthorized: false, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${url}: no answer in 10 s`)));
    req.end();
  });
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port. @throws after `timeoutMs` */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - t0 > timeoutMs) throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A response read off a raw socket: the status (0 when the server closed without one) and the headers as sent, names lowercased. */
export interface RawSocketResponse {
  status: number;
  headers: Record<string, string>;
  /** Everything the server sent, headers and body, as text. */
  text: string;
}

/**
 * Sends a request exactly as written, byte for byte, on a fresh TCP connection to 127.0.0.1:port
 * (the path as is: no client normalises "/./", "//" or "%2f" away, as curl --path-as-is) and
 * reads until the server closes the connection. The request should carry `Connection: close`.
 * @param request e.g. "GET /.//services HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nConnection: close\r\n\r\n"
 * @throws when the connection fails or nothing ends it within 10 s
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawSocketResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no end of the answer to ${JSON.stringify(String(request).slice(0, 80))} in 10 s`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A server may close while a large request is still being written: the answer read so far counts.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? socket.destroy() : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text });
    });
  });
}
