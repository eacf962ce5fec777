/**
 * The one way the project turns a file's path into a URL path. Percent-encodes each segment of a slash-separated path as an RFC 3986 path segment
 * (https://www.rfc-editor.org/rfc/rfc3986#section-3.3): unreserved characters and the
 * sub-delimiters "!$&'()*+,;=" plus ":" and "@" stay as they are; everything else, "%", "#", "?",
 * space and every non-ASCII character (as UTF-8 bytes) becomes %XX. The slashes between segments
 * stay. `encodeUrlPath('/files/a#b 100%.txt')` is `'/files/a%23b%20100%25.txt'`.
 * @param path a decoded path as the file system names it, with "/" between segments
 * @returns the same path, safe to put in a URL, a `Location` header or a request line
 */
export function encodeUrlPath(path: string): string {
  return path.split('/').map(encodeSegment).join('/');
}

/** One path segment, percent-encoded: `encodeURIComponent` escapes too much of RFC 3986's `pchar`, so the allowed ones are put back. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(2[146-9BC]|3[ABD]|40)/gi, (escaped) => decodeURIComponent(escaped));
}

