/**
 * Draws a share image's layout into a PNG: satori turns every letter into an SVG path of the given
 * font and sharp makes the PNG, so no system font takes part. A module of its own, loaded only
 * when an image is drawn (satori takes about half a second to load).
 */
import satori from 'satori';
import sharp from 'sharp';
import { SHARE_IMAGE_SIZE } from '../route.ts';

/** An element as satori reads it: the shape of a React element (https://github.com/vercel/satori#documentation). */
export interface ShareNode {
  type: 'div' | 'img';
  props: { style: Record<string, string | number>; children?: (ShareNode | string)[]; src?: string; width?: number; height?: number };
}

/**
 * Draws a layout of SHARE_IMAGE_SIZE.
 * @param font the family name the layout's text is set in, and its bold (700) file: TTF, OTF or
 *   WOFF (satori does not read WOFF2)
 * @returns PNG bytes, 1200x630
 * @throws Error from satori or sharp (an unreadable font, a broken art file)
 */
export async function drawShareImage(layout: ShareNode, font: { family: string; data: Buffer }): Promise<Buffer> {
  const svg = await satori(layout as never, { ...SHARE_IMAGE_SIZE, fonts: [{ name: font.family, data: font.data, weight: 700, style: 'normal' }] });
  return sharp(Buffer.from(svg)).png().toBuffer();
}
