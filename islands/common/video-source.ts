/**
 * Which source a video player shows, and the embed address of a hosted video. Pure functions, no
 * DOM (islands/VideoPlayer.tsx and the unit tests use them). The order:
 * hosted-service id first, then a self-hosted mp4, else the placeholder; the embed is by id, with
 * autoplay on when requested and otherwise related videos off (rel=0).
 */

/** Origin of the hosted-video embeds. The privacy-enhanced host sets no cookies before playback. */
const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** What a player shows. */
export type VideoSource = { kind: 'youtube'; id: string } | { kind: 'file'; src: string } | { kind: 'none' };

/** Text shown, and logged as a warning, when a player has no source. */
export const NO_SOURCE_TEXT = 'No video source provided';

/**
 * @param props youtubeId and/or src; blank strings count as absent
 * @returns the hosted video when there is an id, else the file when there is a src, else none
 */
export function chooseVideoSource({ youtubeId, src }: { youtubeId?: string; src?: string }): VideoSource {
  const id = youtubeId?.trim();
  if (id) return { kind: 'youtube', id };
  const file = src?.trim();
  if (file) return { kind: 'file', src: file };
  return { kind: 'none' };
}

/**
 * The iframe address of a hosted video.
 * @param id      video id, e.g. "aqz-KE-bpKQ"
 * @param options autoplay (default false); muted and controls=false add `mute=1` / `controls=0`
 * @returns e.g. "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0" or "...?autoplay=1"
 */
export function youtubeEmbedUrl(id: string, { autoplay = false, muted = false, controls = true }: { autoplay?: boolean; muted?: boolean; controls?: boolean } = {}): string {
  const params = [autoplay ? 'autoplay=1' : 'rel=0'];
  if (muted) params.push('mute=1');
  if (!controls) params.push('controls=0');
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${encodeURIComponent(id)}?${params.join('&')}`;
}

/**
 * The embed address a click on the facade loads. The click is the visitor's request to play, so
 * the player starts at once (`autoplay=1`: one click plays, as lite-youtube-embed does,
 * https://github.com/paulirish/lite-youtube-embed); related videos stay off (`rel=0`) unless the
 * player was set to autoplay, as for youtubeEmbedUrl.
 * @example youtubeClickEmbedUrl('aqz-KE-bpKQ') // ".../embed/aqz-KE-bpKQ?autoplay=1&rel=0"
 */
export function youtubeClickEmbedUrl(id: string, options: { autoplay?: boolean; muted?: boolean; controls?: boolean } = {}): string {
  const url = youtubeEmbedUrl(id, options);
  return options.autoplay ? url : url.replace('?rel=0', '?autoplay=1&rel=0');
}

/** The watch page of a hosted video (the facade's link when JavaScript is off). */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}
