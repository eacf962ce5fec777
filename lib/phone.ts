import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ContentError } from '../content/schema.ts';

/** A phone number in the forms the site needs. */
export interface PhoneNumber {
  /** E.164, for tel: and sms: links, e.g. "+15055550123". */
  e164: string;
  /** National format, for people, e.g. "(505) 555-0123". */
  national: string;
}

/**
 * Parses a US phone number as an operator typed it.
 * @param raw e.g. "505-555-0123", "(505) 555-0123", "+1 505 555 0123"
 * @returns E.164 and national forms (libphonenumber-js)
 * @throws ContentError when the number is not a valid US number
 */
export function parsePhone(raw: string): PhoneNumber {
  const parsed = parsePhoneNumberFromString(raw, 'US');
  if (!parsed?.isValid()) throw new ContentError(`"${raw}" is not a valid US phone number, e.g. "(505) 555-0123".`);
  return { e164: parsed.number, national: parsed.formatNational() };
}
