/** The `Range` header read as RFC 9110 says (https://www.rfc-editor.org/rfc/rfc9110#section-14), before any file is read. */

/** What the server does with a request's `Range` header for a file of a given length. */
export type RangeAnswer =
  /** Send the whole file with 200, as if there were no `Range` header. */
  | { kind: 'whole' }
  /** Send bytes `start` to `end` (both included, counted from 0) with 206. */
  | { kind: 'part'; start: number; end: number }
  /** Answer 416 with `Content-Range: bytes *\/<length>`: the range starts at or past the end. */
  | { kind: 'unsatisfiable' };

/** One range-spec of the "bytes" unit: "first-last", "first-" or "-suffix" (RFC 9110 section 14.1.1). */
const SINGLE_BYTE_RANGE = /^bytes=[ \t]*(?:(\d+)-(\d*)|-(\d+))[ \t]*$/i;

/**
 * How to answer a request's `Range` header for a file of `length` bytes (RFC 9110 section 14.2):
 * - no header, a method other than GET, or an `If-Range` header: the whole file. Range handling
 *   is defined for GET only; the local servers' validators are weak ETags, which never pass the
 *   strong comparison `If-Range` asks for, so the whole file is the answer then anyway;
 * - a header that is not one "bytes" range ("bytes=5-2", "items=0-1", "bytes=abc", several
 *   ranges): ignored, the whole file, as section 14.2 allows for an invalid or any range;
 * - a range that starts at or past the end, or a zero-length suffix ("bytes=-0"), or any range of
 *   an empty file: unsatisfiable, 416 (section 14.1.2);
 * - else the part, its end cut to the file's last byte and a suffix to the file's length.
 * @param header the request's `Range` header, if any
 * @param method the request's method, e.g. "GET"
 * @param ifRange the request's `If-Range` header, if any
 * @param length the file's length in bytes
 */
export function rangeAnswer(header: string | undefined, method: string | undefined, ifRange: string | undefined, length: number): RangeAnswer {
  if (header === undefined || method !== 'GET' || ifRange !== undefined) return { kind: 'whole' };
  const match = SINGLE_BYTE_RANGE.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first, last, suffix] = match;
  if (suffix !== undefined) {
    const count = Number(suffix);
    if (count === 0 || length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, length - count), end: length - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= length) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: last === '' ? length - 1 : Math.min(Number(last), length - 1) };
}
