import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ContentError } from './content-error.ts';
import { SETTINGS_FILE } from './content-paths.ts';

/** A phone number in the forms the site needs. */
export interface PhoneNumber {
  /** E.164 without any extension, for sms: links and the main line, e.g. "+15055550123". */
  e164: string;
  /** National format, for people, with any extension, e.g. "(505) 555-0123" or "(505) 555-0123 ext. 5". */
  national: string;
  /** The tel: URI that dials it, extension included (RFC 3966 section 5.1.5), e.g. "tel:+15055550123;ext=5". */
  tel: string;
  /** Extension digits, or "" when there is none. */
  extension: string;
}

/** E.164 with a spoken extension, for structured data and contact cards: "+15055550123 ext. 5". */
export function e164WithExtension(phone: Pick<PhoneNumber, 'e164' | 'extension'>): string {
  return phone.extension ? `${phone.e164} ext. ${phone.extension}` : phone.e164;
}

/** The number as libphonenumber-js reads it when it is a valid number of the United States, else undefined. */
export function usPhoneNumber(raw: string) {
  const parsed = parsePhoneNumberFromString(raw, 'US');
  return parsed?.isValid() && parsed.country === 'US' ? parsed : undefined;
}

/**
 * Parses a US phone number as an operator typed it.
 * @param raw e.g. "505-555-0123", "(505) 555-0123", "+1 505 555 0123", "505-555-0123 ext 5"
 * @returns E.164, national and tel: URI forms and the extension (libphonenumber-js)
 * @throws ContentError naming the settings' field "phone" (the one number the site parses) when
 *   the number is not a valid number of the United States (a valid
 *   number of another country, e.g. "+44 20 7946 0958", is refused too)
 */
export function parsePhone(raw: string): PhoneNumber {
  const parsed = usPhoneNumber(raw);
  if (!parsed) throw new ContentError({ file: SETTINGS_FILE, record: 'settings', field: 'phone', value: raw, expected: `"${raw}" is not a valid US phone number, e.g. "(505) 555-0123".` });
  return { e164: parsed.number, national: parsed.formatNational(), tel: parsed.getURI(), extension: parsed.ext ?? '' };
}
