/**
 * Rasterises static/img/icon.svg and logo.svg in Chromium into the committed PNG icons and
 * static/favicon.ico. Run it again only when the art changes: npx tsx scripts/make-icons.ts
 * logo.png is the JSON-LD `logo`: Google asks for at least 112x112 in a format it indexes
 * (https://developers.google.com/search/docs/appearance/structured-data/logo).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pngToIco from 'png-to-ico';
import { launchBrowser, ROOT as root } from '../tooling/browser.ts';

const img = (name: string) => path.join(root, 'static', 'img', name);

const NAVY = '#0b2545';
const svgDataUrl = async (file: string) => `data:image/svg+xml;base64,${(await readFile(file)).toString('base64')}`;

/** Renders an HTML body of the given size and returns the PNG bytes. */
async function shoot(page: Page, width: number, height: number, body: string, transparent: boolean): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>
      html, body { margin: 0; padding: 0; width: ${width}px; height: ${height}px; overflow: hidden; background: transparent; }
      img { display: block; }
    </style></head><body>${body}</body></html>`,
  );
  // Wait until every <img> has decoded, so nothing is captured half drawn.
  await page.evaluate(() => Promise.all(Array.from(document.images, (i) => i.decode())));
  return page.screenshot({ type: 'png', omitBackground: transparent, clip: { x: 0, y: 0, width, height } });
}

/** The icon at `size` px; `background` fills the square behind it (none keeps the corners transparent). */
function iconBody(icon: string, size: number, background?: string, scale = 1): string {
  const art = Math.round(size * scale);
  const offset = Math.round((size - art) / 2);
  const bg = background ? `background:${background};` : '';
  return `<div style="${bg}width:${size}px;height:${size}px;position:relative">
    <img src="${icon}" width="${art}" height="${art}" alt="" style="position:absolute;left:${offset}px;top:${offset}px">
  </div>`;
}

const browser = await launchBrowser();

try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const icon = await svgDataUrl(img('icon.svg'));
  const logo = await svgDataUrl(img('logo.svg'));

  const outputs: Array<[string, Buffer]> = [
    [img('apple-touch-icon.png'), await shoot(page, 180, 180, iconBody(icon, 180, NAVY), false)],
    [img('icon-192.png'), await shoot(page, 192, 192, iconBody(icon, 192), true)],
    [img('icon-512.png'), await shoot(page, 512, 512, iconBody(icon, 512), true)],
    [img('icon-maskable-512.png'), await shoot(page, 512, 512, iconBody(icon, 512, NAVY, 0.7), false)],
    [img('logo.png'), await shoot(page, 512, 512, iconBody(logo, 512), true)],
  ];

  // Each favicon size is drawn by Chromium from the SVG rather than downscaled from one bitmap.
  const favicons: Buffer[] = [];
  for (const size of [16, 32, 48]) favicons.push(await shoot(page, size, size, iconBody(icon, size), true));
  outputs.push([path.join(root, 'static', 'favicon.ico'), await pngToIco(favicons)]);

  for (const [file, bytes] of outputs) {
    await writeFile(file, bytes);
    console.log(`${path.relative(root, file)}  ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
