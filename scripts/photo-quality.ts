/**
 * Measures which encoder quality each photo format needs, for lib/photos/images.ts QUALITY:
 *   npx tsx scripts/photo-quality.ts FOLDER [TARGET_SSIM]
 * Each photograph, cropped to 3:2 and at most 800 px wide, is encoded as JPEG, WebP and AVIF at a
 * range of qualities and compared with its pixels by SSIM (Wang et al. 2004, via ssim.js). The
 * choice: for JPEG the lowest quality whose mean SSIM reaches TARGET_SSIM (default 0.98), for WebP
 * and AVIF the lowest reaching the chosen JPEG's to within TOLERANCE, so only their sizes differ.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { ssim } from 'ssim.js';
import { ASPECT, ENCODE_OPTIONS, type ImageFormat } from '../lib/photos/images.ts';

const folder = process.argv[2];
const target = Number(process.argv[3] ?? 0.98);
if (!folder) {
  console.error('Usage: npx tsx scripts/photo-quality.ts FOLDER [TARGET_SSIM]');
  process.exit(1);
}

const QUALITIES: Record<ImageFormat, number[]> = {
  jpeg: [50, 55, 60, 65, 70, 75, 80, 85, 90],
  webp: [50, 55, 60, 65, 70, 75, 80, 85, 90],
  avif: [30, 35, 40, 45, 50, 55, 60, 65, 70],
};

interface Raw { data: Uint8ClampedArray; width: number; height: number }
const toRaw = async (img: Sharp): Promise<Raw> => {
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
};

const files = (await readdir(folder)).filter((f) => /\.(jpe?g|png|webp|tiff?)$/i.test(f)).sort();
if (files.length === 0) throw new Error(`No photographs in ${folder}.`);
const refs: { name: string; png: Buffer; raw: Raw }[] = [];
for (const name of files) {
  const meta = await sharp(path.join(folder, name)).metadata();
  const w = Math.min(800, meta.autoOrient.width, Math.floor((meta.autoOrient.height * ASPECT.width) / ASPECT.height));
  const h = Math.round((w * ASPECT.height) / ASPECT.width);
  const png = await sharp(await readFile(path.join(folder, name))).autoOrient().resize({ width: w, height: h, fit: 'cover' }).removeAlpha().png().toBuffer();
  refs.push({ name, png, raw: await toRaw(sharp(png)) });
}
console.log(`${refs.length} photographs: ${refs.map((r) => `${r.name} ${r.raw.width}x${r.raw.height}`).join(', ')}`);

const results: Record<string, { quality: number; ssim: number; bytesPerKpx: number }[]> = {};
for (const format of ['jpeg', 'webp', 'avif'] as ImageFormat[]) {
  results[format] = [];
  for (const quality of QUALITIES[format]) {
    let ssimSum = 0;
    let perKpx = 0;
    for (const ref of refs) {
      const out = await sharp(ref.png)[format](ENCODE_OPTIONS[format](quality) as never).toBuffer();
      ssimSum += ssim(ref.raw as never, (await toRaw(sharp(out))) as never).mssim;
      perKpx += out.length / ((ref.raw.width * ref.raw.height) / 1000);
    }
    const row = { quality, ssim: ssimSum / refs.length, bytesPerKpx: perKpx / refs.length };
    results[format].push(row);
    console.log(`${format.padEnd(5)} q${String(quality).padStart(3)}  SSIM ${row.ssim.toFixed(4)}  ${row.bytesPerKpx.toFixed(0).padStart(5)} bytes/kpx`);
  }
}

/** SSIM differences below this are measurement noise, not a visible difference. */
const TOLERANCE = 0.001;
const pick = (format: string, min: number) => results[format].find((r) => r.ssim >= min) ?? results[format][results[format].length - 1];
const jpeg = pick('jpeg', target);
const webp = pick('webp', jpeg.ssim - TOLERANCE);
const avif = pick('avif', jpeg.ssim - TOLERANCE);
console.log(`\nChoice (JPEG: lowest quality with mean SSIM >= ${target}; WebP, AVIF: lowest reaching the JPEG's ${jpeg.ssim.toFixed(4)} - ${TOLERANCE}):`);
for (const [format, r] of Object.entries({ jpeg, webp, avif })) {
  console.log(`  ${format}: quality ${r.quality}, SSIM ${r.ssim.toFixed(4)}, ${r.bytesPerKpx.toFixed(0)} bytes/kpx (${((r.bytesPerKpx / jpeg.bytesPerKpx) * 100).toFixed(0)}% of the JPEG)`);
}
