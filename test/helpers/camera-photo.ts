/**
 * A camera-sized test photo made on the spot, so nothing large is committed: what a phone held
 * upright writes. The upright picture is 3024 px wide and 4032 px tall: a desert scene whose left
 * half is red-toned and right half blue-toned (so a test can tell whether the orientation was
 * applied), with a sensor-like grain. It is stored turned a quarter anti-clockwise, 4032x3024,
 * with EXIF orientation 6 ("rotate 90° clockwise to view"), camera make and model, the owner's
 * name and the GPS position of where it was taken, as a phone's JPEG carries them.
 */
import sharp from 'sharp';

/** The GPS position written into the photo: Grants, NM (35.15 N, 107.85 W). */
const PHOTO_GPS = { latitude: '35/1 9/1 0/1', longitude: '107/1 51/1 0/1' };
/** Text written into the EXIF that must never reach the site. */
export const PHOTO_SECRETS = ['TestPhone 15 Pro', 'Owner Homeaddress'];

/** SVG of the upright scene, w x h px. */
function scene(w: number, h: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#f3d9b1"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.7}" cy="${h * 0.2}" r="${w * 0.06}" fill="#fff4c2"/>
  <path d="M0 ${h * 0.55} L${w * 0.2} ${h * 0.42} L${w * 0.45} ${h * 0.42} L${w * 0.55} ${h * 0.5} L${w * 0.8} ${h * 0.38} L${w} ${h * 0.45} L${w} ${h} L0 ${h} Z" fill="#b5653a"/>
  <rect x="0" y="${h * 0.3}" width="${w / 2}" height="${h * 0.45}" fill="#c0392b" opacity="0.85"/>
  <rect x="${w / 2}" y="${h * 0.3}" width="${w / 2}" height="${h * 0.45}" fill="#1f4e9c" opacity="0.85"/>
  <rect x="${w * 0.25}" y="${h * 0.52}" width="${w * 0.5}" height="${h * 0.12}" rx="${w * 0.02}" fill="#f5f5f5"/>
  <circle cx="${w * 0.33}" cy="${h * 0.65}" r="${w * 0.04}" fill="#222"/><circle cx="${w * 0.67}" cy="${h * 0.65}" r="${w * 0.04}" fill="#222"/>
  <text x="${w * 0.5}" y="${h * 0.59}" font-size="${w * 0.04}" text-anchor="middle" fill="#0b2545" font-family="sans-serif">LOCKSMITH</text>
</svg>`;
}

/**
 * Makes the photo.
 * @returns JPEG bytes, 4032x3024 stored, 3024x4032 as viewed
 */
export async function cameraPhoto(): Promise<Buffer> {
  const [w, h] = [3024, 4032];
  const upright = await sharp(Buffer.from(scene(w, h))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Texture and grain from a fixed pseudo-random sequence (a linear congruential generator, so the
  // photo is the same every run). Like a real scene, coarse detail is strong and fine detail weak
  // (a 1/f spectrum): octaves of brightness noise 72, 18 and 4.5 px wide, +-24, +-12 and +-6, then +-3 on
  // every pixel (sensor grain).
  let seed = 12345;
  const random = (spread: number) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return ((seed >>> 16) % (2 * spread + 1)) - spread;
  };
  const px = upright.data;
  for (const [step, spread] of [[72, 24], [18, 12], [4.5, 6]]) {
    const [sw, sh] = [Math.round(w / step), Math.round(h / step)];
    const coarse = Buffer.alloc(sw * sh);
    for (let i = 0; i < coarse.length; i++) coarse[i] = 128 + random(spread);
    const octave = await sharp(coarse, { raw: { width: sw, height: sh, channels: 1 } }).resize(w, h, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
    for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i] + octave[Math.floor(i / 3)] - 128));
  }
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i] + random(3)));
  return sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .rotate(-90)
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: PHOTO_SECRETS[0], Artist: PHOTO_SECRETS[1], Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: PHOTO_GPS.latitude, GPSLongitudeRef: 'W', GPSLongitude: PHOTO_GPS.longitude },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}
