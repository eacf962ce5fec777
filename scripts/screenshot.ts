/**
 * Screenshots of built pages at phone (390x844) and desktop (1366x900) sizes, for looking at
 * what we build. Usage: tsx scripts/screenshot.ts [--dir dist] [--out /tmp/shots] [--full] /path/ ...
 * Writes <out>/<slug>-phone.png and <out>/<slug>-desktop.png.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DESKTOP, launchBrowser, PHONE } from '../tooling/browser.ts';
import { startServer } from '../lib/serve/preview-server.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string', default: process.env.DIST_DIR || 'dist' }, out: { type: 'string', default: '/tmp/shots' }, full: { type: 'boolean', default: false } } });
const server = await startServer(path.resolve(values.dir!));
const browser = await launchBrowser();
await mkdir(values.out!, { recursive: true });
try {
  for (const p of positionals.length ? positionals : ['/']) {
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage({ viewport });
      await page.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
      await page.goto(server.url + p, { waitUntil: 'load' });
      const file = path.join(values.out!, `${p.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${name}.png`);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
