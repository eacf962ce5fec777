/**
 * A processed photo (lib/photos/photos.ts) as a `<picture>`: AVIF, then WebP sources, then the JPEG
 * `<img>` every browser shows, each with a `w`-descriptor srcset and the slot's `sizes`
 * (lib/photos/photo-slots.ts), so the browser fetches the smallest file that fills the slot on its
 * screen. `width` and `height` come from the file, so the box is reserved before it loads (no
 * layout shift). The page's hero loads first (`fetchpriority="high"`, it is the largest
 * contentful paint); every other photo loads when it nears the viewport (`loading="lazy"`,
 * `decoding="async"`). Like the illustrations, the `<img>` falls back to the stock image if the
 * photo fails (islands/site/image-fallback.ts, with islands/site/picture-fallback.ts removing the
 * `<source>` elements that would otherwise win over the swapped `src`).
 */
import type { Photo } from '../lib/content/photo-schema.ts';
import { sizesAttribute, type PhotoSlot } from '../lib/photos/photo-slots.ts';
import type { PhotoFile } from '../lib/photos/photos.ts';
import { useRender } from './site-context.ts';

/** The stock image a failed hero or card picture falls back to (static/img/fallback.svg). */
const FALLBACK_IMAGE = '/img/fallback.svg';

/** Width of the JPEG named in `src`, for a browser that ignores srcset, px (or the nearest below). */
const PLAIN_SRC_WIDTH = 800;

const srcset = (files: PhotoFile[]) => files.map((f) => `${f.path} ${f.width}w`).join(', ');

/**
 * @param photo     the record's photo field
 * @param slot      where it is shown: "hero" or "card"
 * @param className the `<img>`'s class ("hero-img", "card-img"), which sets its box
 * @param priority  true for the page's hero: fetched first, never lazy
 * @throws Error when the photo was not processed (a bug: lib/photos/photos.ts processes every field)
 */
export function Picture({ photo, slot, className, priority = false }: { photo: Photo; slot: PhotoSlot; className: string; priority?: boolean }) {
  const { photos, placedPhotos } = useRender();
  const processed = photos.get(photo.src);
  if (!processed) throw new Error(`<Picture src="${photo.src}">: the photo was not processed (lib/photos/photos.ts photoUses misses this field).`);
  placedPhotos.push({ src: photo.src, slot });
  const sizes = sizesAttribute(slot);
  const { avif, webp, jpeg } = processed.files;
  const plain = [...jpeg].reverse().find((f) => f.width <= PLAIN_SRC_WIDTH) ?? jpeg[0];
  const loading = priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const };
  return (
    <picture>
      <source type="image/avif" srcSet={srcset(avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(webp)} sizes={sizes} />
      <img className={className} src={plain.path} srcSet={srcset(jpeg)} sizes={sizes} alt={photo.decorative ? '' : photo.alt} width={processed.width} height={processed.height} {...loading} data-fallback={FALLBACK_IMAGE} />
    </picture>
  );
}
