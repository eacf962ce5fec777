/** The business's contact card, /contact.vcf: vCard 3.0 (RFC 2426) from the settings. */
import { insuranceWords } from '../content/claims.ts';
import { hoursLine } from '../content/hours.ts';
import type { Settings } from '../content/load-content.ts';
import { e164WithExtension } from '../content/phone.ts';

/** Longest line in octets, line break excluded. RFC 2425 section 5.8.1: "SHOULD NOT be longer than 75 octets". */
export const VCARD_LINE_OCTETS = 75;

/** Site path of the card (linked from /mobile-apps/; served as text/vcard by the hosting files). */
export const VCARD_PATH = '/contact.vcf';

/** Escapes one text value or one component of a structured value (RFC 2426 section 4): 'A; B, C' -> 'A\\; B\\, C'. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds one content line (without its line break) so no physical line exceeds 75 octets (UTF-8),
 * never splitting a character: continuation lines start with CRLF and one space, which counts.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? VCARD_LINE_OCTETS : VCARD_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * The contact card of the business: vCard 3.0 text, CRLF line endings and a final CRLF.
 * X-ABSHOWAS:COMPANY makes Apple Contacts show it as a company; the street is there only when the
 * settings publish it (`location.showStreetAddress`).
 */
export function generateVCard(settings: Pick<Settings, 'name' | 'phone' | 'email' | 'siteUrl' | 'location' | 'hours' | 'credentials'>): string {
  const name = escapeText(settings.name);
  const { location, credentials } = settings;
  const backing = [
    credentials.licence && ` Licence ${credentials.licence.number}, ${credentials.licence.issuer}.`,
    credentials.insurance && ` Insured: ${insuranceWords(credentials.insurance)}.`,
  ].filter(Boolean).join('');
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${name};;;;`,
    `FN:${name}`,
    `ORG:${name}`,
    'X-ABSHOWAS:COMPANY',
    `TEL;TYPE=WORK,VOICE:${escapeText(e164WithExtension(settings.phone))}`,
    `EMAIL;TYPE=INTERNET,WORK:${escapeText(settings.email)}`,
    `URL:${settings.siteUrl}/`,
    `ADR;TYPE=WORK:;;${location.showStreetAddress && location.streetAddress ? escapeText(location.streetAddress) : ''};${escapeText(location.locality)};${location.region};${location.postalCode};${location.country}`,
    `NOTE:${escapeText(`Mobile locksmith. Hours: ${hoursLine(settings.hours)}. Emergency service outside these hours.${backing}`)}`,
    'END:VCARD',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
