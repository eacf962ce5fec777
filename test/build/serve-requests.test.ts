/**
 * The preview server (`npm run serve`, `npm start`; `npm run dev` serves with it too) survives
 * any request and serves files only by their exact name: a list of malformed requests sent over
 * raw sockets (bad ranges, bad %-escapes, overlong UTF-8, trailing slashes on files, "%2f", "/./"
 * and "//", huge headers) each gets an answer and the next normal request is still served; no
 * `Location` starts with "//" (another host); Range headers are answered as RFC 9110 section 14
 * says; names with a space, "#", "?", "%", "+" and Unicode are served by their percent-encoded
 * path. A real server on 127.0.0.1 over a temporary folder, requests written byte for byte.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FILE_CSP, generateHeadersFile, generateRedirectsFile } from '../../lib/site-files/hosting.ts';
import { startServer, type RunningServer } from '../../lib/serve/preview-server.ts';
import { encodeUrlPath } from '../../lib/url-path.ts';
import { rawRequest } from '../../tooling/http.ts';
import { assertSurvives } from '../helpers/malformed-requests.ts';

const test = suite('the preview server survives every request and serves exact names');
let site = '';
let server: RunningServer | undefined;
let port = 0;
const ROBOTS = '0123456789abcdef';
/** File names a visitor's browser asks for percent-encoded. */
const ODD_NAMES = ['a b.txt', 'a#b.txt', 'what?.txt', '100%.txt', 'c+d.txt', 'café.txt', 'ünï 😀.txt', '%41.txt'];
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** One request line and its headers, as sent, ending the connection after the answer. */
const raw = (target: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(port, [
  `${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', '',
].join('\r\n'));

test.before(async () => {
  site = await mkdtemp(path.join(os.tmpdir(), 'serve-requests-'));
  await mkdir(path.join(site, 'services'));
  await mkdir(path.join(site, 'img'));
  await mkdir(path.join(site, 'files'));
  await writeFile(path.join(site, 'index.html'), '<!doctype html><title>home</title><p>home page');
  await writeFile(path.join(site, '404.html'), '<!doctype html><title>Not found</title><p>not found page');
  await writeFile(path.join(site, 'services/index.html'), '<!doctype html><title>services</title><p>services page');
  await writeFile(path.join(site, 'robots.txt'), ROBOTS);
  await writeFile(path.join(site, 'img/x.svg'), SVG);
  await writeFile(path.join(site, 'img/logo.svg'), SVG);
  await writeFile(path.join(site, '_headers'), generateHeadersFile());
  await writeFile(path.join(site, '_redirects'), generateRedirectsFile());
  for (const name of ODD_NAMES) await writeFile(path.join(site, 'files', name), `file ${name}`);
  server = await startServer(site);
  port = Number(new URL(server.url).port);
});
test.after(async () => {
  await server?.close();
  await rm(site, { recursive: true, force: true });
});

test('should serve a file named with a space, "#", "?", "%", "+" or Unicode by its percent-encoded path', async () => {
  for (const name of ODD_NAMES) {
    const res = await raw(encodeUrlPath(`/files/${name}`));
    assert.is(res.status, 200, name);
    assert.ok(res.text.endsWith(`file ${name}`) || Buffer.from(res.text, 'latin1').toString('utf8').endsWith(`file ${name}`), name);
  }
  assert.is((await raw('/files/a%2523b.txt')).status, 404, 'decoded once: "%2523" is the name "%23", not "#"');
});

test('should answer Range headers as RFC 9110 section 14 says', async () => {
  const cases: [string, number, string?, string?][] = [
    ['bytes=2-4', 206, '234', 'bytes 2-4/16'],
    ['bytes=-3', 206, 'def', 'bytes 13-15/16'],
    ['bytes=10-', 206, 'abcdef', 'bytes 10-15/16'],
    ['bytes=14-99', 206, 'ef', 'bytes 14-15/16'],
    ['bytes=-99', 206, ROBOTS, 'bytes 0-15/16'],
    ['bytes=5-2', 200, ROBOTS], // invalid: ignored
    ['bytes=abc', 200, ROBOTS],
    ['items=0-1', 200, ROBOTS],
    ['bytes=0-1,4-5', 200, ROBOTS], // several ranges: the whole file, as the RFC allows
    ['bytes=--1', 200, ROBOTS],
    ['bytes=16-', 416],
    ['bytes=99999999999999999999-', 416],
    ['bytes=-0', 416],
  ];
  for (const [range, status, body, contentRange] of cases) {
    const res = await raw('/robots.txt', { Range: range });
    assert.is(res.status, status, range);
    if (body !== undefined) assert.ok(res.text.endsWith(`\r\n\r\n${body}`), `${range}: ${JSON.stringify(res.text.slice(-40))}`);
    assert.is(res.headers['content-range'], contentRange ?? (status === 416 ? `bytes */${ROBOTS.length}` : undefined), range);
  }
  assert.is((await raw('/robots.txt', { Range: 'bytes=2-4' }, 'HEAD')).status, 200, 'HEAD: no range');
  assert.is((await raw('/robots.txt', { Range: 'bytes=2-4', 'If-Range': '"x"' })).status, 200, 'If-Range that cannot match: whole file');
});

test('should answer every malformed request and go on serving, never redirecting to another host', async () => {
  await assertSurvives(port);
});

test('should redirect "/.//services" to "/services/", not to the host "services"', async () => {
  for (const target of ['/.//services', '//services', '/./services', '/%2e//services']) {
    const res = await raw(target);
    assert.is(res.status, 301, target);
    assert.is(res.headers.location, '/services/', target);
  }
});

test('should serve a file only by its exact name, as Apache does', async () => {
  for (const target of ['/img/x.svg/', '/img/x.svg%2f', '/img/x.svg%2F', '/img/x.svg/.', '/_headers/', '/_headers%2f', '/_redirects/', '/robots.txt/']) {
    const res = await raw(target);
    assert.is(res.status, 404, target);
    assert.not.match(res.text, '<script>', target);
    assert.not.match(res.text, 'Generated by', target);
  }
  const svg = await raw('/img/x.svg');
  assert.is(svg.status, 200);
  assert.is(svg.headers['content-security-policy'], FILE_CSP, 'the SVG by its name carries the file policy');
});

test.run();
