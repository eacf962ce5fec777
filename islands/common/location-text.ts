/**
 * The "Text us my location" message and its `sms:` URI. Pure functions, shared by the browser
 * island (islands/TextLocation.ts) and the tests.
 *
 * URI form. RFC 5724 (https://www.rfc-editor.org/rfc/rfc5724) writes a message body as
 * `sms:<number>?body=<escaped-value>`, the value UTF-8 percent-encoded with only RFC 3986
 * unreserved characters left as they are. Android's messaging apps read that `body` query field.
 * iOS Messages (since iOS 8) reads a body only after an `&` (`sms:<number>&body=...`), and Apple's
 * own reference says nothing about a body at all
 * (https://developer.apple.com/library/archive/featuredarticles/iPhoneURLScheme_Reference/SMSLinks/SMSLinks.html).
 * The form both read is `sms:<number>?&body=<escaped-value>`: the RFC's `?` and `body=` field with
 * an empty field before it, which RFC 3986 allows in a query and which Android skips (tested forms:
 * https://stackoverflow.com/questions/6480462, https://communications.uams.edu/web/kb/creating-an-sms-link).
 */

/** Geolocation options: a fresh high-accuracy fix, at most 10 s, or a fix up to 60 s old. */
export const GEO_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 };

/** Decimal places of the coordinates in the message: 5 places are about 1 m on the ground. */
const PLACES = 5;

/**
 * The prepared message, e.g. "I need a locksmith. I'm here: https://maps.google.com/?q=35.14700,-107.85200 (accuracy ±12 m)".
 * @param latitude  degrees, WGS 84 (GeolocationCoordinates.latitude)
 * @param longitude degrees, WGS 84
 * @param accuracy  radius of the fix in metres (95% confidence, per the Geolocation API); rounded
 */
export function locationMessage(latitude: number, longitude: number, accuracy: number): string {
  const where = `${latitude.toFixed(PLACES)},${longitude.toFixed(PLACES)}`;
  return `I need a locksmith. I'm here: https://maps.google.com/?q=${where} (accuracy \u00b1${Math.round(accuracy)} m)`;
}

/**
 * RFC 3986 percent-encoding of a text as UTF-8, leaving only unreserved characters
 * (ALPHA / DIGIT / "-" / "." / "_" / "~"): RFC 5724 `escaped-value`. encodeURIComponent also keeps
 * ! ' ( ) *, which the RFC's grammar does not allow.
 */
export function escapeValue(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The `sms:` URI that opens the messaging app to `number` with `body` filled in (see the file's
 * comment for the form).
 * @param number E.164, e.g. "+15055550123" (RFC 5724 recipient: an RFC 3966 global number)
 * @param body   the message text
 */
export function smsUri(number: string, body: string): string {
  return `sms:${number}?&body=${escapeValue(body)}`;
}

/** Label of the control. */
export const LOCATION_LABEL = 'Text us my location';
/** The line that says where the location goes (shown by the control, and while it works). */
export const PRIVACY_NOTE = 'The text goes only from your phone to us.';
/** Shown while the browser finds the position. */
export const LOCATING = 'Finding your location… ' + PRIVACY_NOTE;
/** Shown when the position is denied, unavailable or timed out; the plain Text link still works. */
export const LOCATION_OFF = 'Location is off - just tell us the nearest mile marker or landmark';
