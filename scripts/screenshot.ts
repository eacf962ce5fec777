/**
 * Screenshots of built pages in Chromium, Firefox ESR or WebKitGTK, as <out>/<slug>[-<engine>]-<size>.png.
 * Usage: tsx scripts/screenshot.ts [--engine chromium|firefox|webkit] [--widths 320,360,1366]
 *          [--dir dist] [--out /tmp/shots] [--full] /path/ ...
 * Without --widths: phone (390x844) and desktop (1366x900). `--full` takes the whole page (not WebKitGTK).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DESKTOP, launchBrowser, PHONE } from '../tooling/browser.ts';
import { launchFirefox } from '../tooling/firefox.ts';
import { launchWebKit, type Viewport } from '../tooling/webkit.ts';
import { startServer } from '../lib/serve/preview-server.ts';
import { configForCommand } from '../lib/config.ts';

const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
type EngineName = (typeof ENGINES)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string', default: configForCommand('Screenshots').outDir },
    out: { type: 'string', default: '/tmp/shots' },
    full: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'chromium' },
    widths: { type: 'string' },
  },
});
const engine = values.engine as EngineName;
if (!ENGINES.includes(engine)) {
  console.error(`--engine ${values.engine}: say one of ${ENGINES.join(', ')}.`);
  process.exit(1);
}
const widths = values.widths?.split(',').map(Number);
if (widths?.some((w) => !Number.isInteger(w) || w < 200)) {
  console.error(`--widths ${values.widths}: say widths in CSS px of at least 200, separated by commas, e.g. 320,360,1366.`);
  process.exit(1);
}
const sizes: [string, Viewport][] = widths
  ? widths.map((width) => [String(width), { width, height: width < 768 ? PHONE.height : DESKTOP.height }])
  : [['phone', PHONE], ['desktop', DESKTOP]];

/** Takes one PNG of `url` at `viewport`; the page has loaded (its `load` event) first. */
type Shooter = { shoot(url: string, viewport: Viewport, full: boolean): Promise<Buffer>; close(): Promise<void> };

/** The chosen engine's browser; requests off 127.0.0.1 are refused in Chromium and Firefox. */
async function shooter(name: EngineName): Promise<Shooter> {
  if (name === 'webkit') {
    const session = await launchWebKit();
    return {
      async shoot(url, viewport) {
        await session.setViewport(viewport);
        await session.goto(url);
        // WebDriver's screenshot is the last painted frame: wait for two animation frames, so
        // what the page's scripts changed at load (the open-now notice) is painted, not the
        // server HTML before it.
        await session.driver.executeAsyncScript('const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done()));');
        return Buffer.from(await session.driver.takeScreenshot(), 'base64');
      },
      close: () => session.close(),
    };
  }
  if (name === 'firefox') {
    const browser = await launchFirefox();
    return {
      async shoot(url, viewport, full) {
        const page = await browser.newPage();
        try {
          await page.setViewport(viewport);
          await page.setRequestInterception(true);
          page.on('request', (r) => void (new URL(r.url()).hostname === '127.0.0.1' ? r.continue() : r.abort()));
          await page.goto(url, { waitUntil: 'load' });
          return Buffer.from(await page.screenshot({ fullPage: full }));
        } finally {
          await page.close();
        }
      },
      close: () => browser.close(),
    };
  }
  const browser = await launchBrowser();
  return {
    async shoot(url, viewport, full) {
      const page = await browser.newPage({ viewport });
      try {
        await page.route((u) => u.hostname !== '127.0.0.1', (r) => r.abort());
        await page.goto(url, { waitUntil: 'load' });
        return await page.screenshot({ fullPage: full });
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}

const server = await startServer(path.resolve(values.dir!));
await mkdir(values.out!, { recursive: true });
const browser = await shooter(engine).catch(async (error) => {
  await server.close();
  throw error;
});
try {
  for (const p of positionals.length ? positionals : ['/']) {
    for (const [size, viewport] of sizes) {
      const slug = p.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
      const file = path.join(values.out!, `${slug}${engine === 'chromium' ? '' : `-${engine}`}-${size}.png`);
      await writeFile(file, await browser.shoot(server.url + p, viewport, values.full!));
      console.log(file);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
