/**
 * Requests no browser sends, for the local servers (`npm run serve`, `npm run dev`): each is
 * written byte for byte on its own connection, and the server must answer it and then still serve
 * a normal request; no answer may redirect to another host (a `Location` starting with "//" or
 * "/\", which a browser reads as a host name).
 */
import * as assert from 'uvu/assert';
import { rawRequest, request } from '../../tooling/http.ts';

/** One malformed request: its target as written on the request line, its extra headers and method. */
export interface MalformedRequest {
  target: string;
  headers?: Record<string, string>;
  method?: string;
}

/** Bad ranges, bad %-escapes, overlong UTF-8, trailing and encoded slashes, "/./" and "//", huge headers and targets. */
const MALFORMED_REQUESTS: readonly MalformedRequest[] = [
  ...['bytes=5-2', 'bytes=-99999999999999999999', 'bytes=99999999999999999999-', 'bytes=1-1-1', 'bytes=--1', 'bytes=0-0', 'bytes=-0'].map((range) => ({ target: '/robots.txt', headers: { Range: range } })),
  { target: '/', headers: { 'X-Big': 'x'.repeat(20_000) } },
  { target: `/${'a'.repeat(100_000)}` },
  ...['/%', '/%zz', '/%c0%af', '/%c0%ae%c0%ae/', '/%ff', '/%00', '/a%0ab', '/a\\b'].map((target) => ({ target })),
  ...['/img/logo.svg/', '/img/logo.svg%2f', '/img/logo.svg%2F', '/_headers/', '/_headers%2f', '/_redirects/'].map((target) => ({ target })),
  ...['/.//services', '//services', '///services', '/./services', '/%2e/services', '/%2e%2e/', '/services/..', '/services/.'].map((target) => ({ target })),
  ...['//[', '//example.com/', '/\\example.com', 'http://127.0.0.1/robots.txt', 'http://[/', '/services?x=%zz'].map((target) => ({ target })),
  { target: '*', method: 'OPTIONS' },
];

/**
 * Sends every request of `requests` to 127.0.0.1:port, asserting after each that the server
 * answered it, sent no Location to another host, and still answers `GET /robots.txt` with 200.
 */
export async function assertSurvives(port: number, requests: readonly MalformedRequest[] = MALFORMED_REQUESTS): Promise<void> {
  for (const { target, headers = {}, method = 'GET' } of requests) {
    const res = await rawRequest(port, [
      `${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', '',
    ].join('\r\n'));
    const what = `${method} ${target.slice(0, 40)} ${JSON.stringify(headers).slice(0, 60)}`;
    assert.ok(res.status >= 200, `${what}: an answer`);
    assert.not.ok(/^\/[/\\]/.test(res.headers.location ?? ''), `${what}: Location ${res.headers.location}`);
    assert.is((await request(`http://127.0.0.1:${port}/robots.txt`)).status, 200, `after ${what}: the server still answers`);
  }
}
