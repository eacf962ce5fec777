/**
 * The robots meta tag's rule (robots.txt is made in lib/site-files/extra-files.ts): "index,
 * follow" by default; if noIndex or noFollow is set, it becomes the matching noindex or nofollow
 * together with follow or index.
 * @returns e.g. "index, follow", "noindex, follow", "index, nofollow", "noindex, nofollow"
 */
export function robotsContent(flags: { noIndex?: boolean; noFollow?: boolean } = {}): string {
  return `${flags.noIndex ? 'noindex' : 'index'}, ${flags.noFollow ? 'nofollow' : 'follow'}`;
}
