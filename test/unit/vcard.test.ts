import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import vCard from 'vcf';
import { escapeText, foldLine, generateVCard, VCARD_LINE_OCTETS } from '../../lib/site-files/vcard.ts';

const SETTINGS = {
  name: 'Cibola Mobile Locksmith',
  phone: { e164: '+15055550123', national: '(505) 555-0123', tel: 'tel:+15055550123', extension: '' },
  email: 'service@example.com',
  siteUrl: 'https://www.example.com',
  location: { locality: 'Grants', region: 'NM', postalCode: '87020', country: 'US' as const, latitude: 35.1472, longitude: -107.8523, timeZone: 'America/Denver' },
  hours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], hours: '06:00-23:00' },
    { days: ['Saturday', 'Sunday'], hours: '09:00-22:00' },
  ],
  credentials: {},
};

/** Physical lines of a vCard text (split on CRLF, the final empty piece dropped). */
const physicalLines = (text: string) => text.split('\r\n').slice(0, -1);

const escape = suite('escapeText');
escape('should backslash-escape backslash, comma and semicolon (RFC 2426 section 4)', () => {
  assert.is(escapeText('A\\B, C; D'), 'A\\\\B\\, C\\; D');
});
escape('should turn every kind of line break into \\n', () => {
  assert.is(escapeText('a\r\nb\nc\rd'), 'a\\nb\\nc\\nd');
});
escape('should leave plain text alone', () => {
  assert.is(escapeText('Cibola Mobile Locksmith'), 'Cibola Mobile Locksmith');
});
escape.run();

const fold = suite('foldLine');
fold('should leave a line of exactly 75 octets unfolded', () => {
  const line = 'x'.repeat(VCARD_LINE_OCTETS);
  assert.is(foldLine(line), line);
});
fold('should fold a longer line at 75 octets with CRLF and one space', () => {
  const line = 'x'.repeat(200);
  const parts = foldLine(line).split('\r\n');
  assert.equal(parts.map((p) => p.length), [75, 75, 52]);
  assert.ok(parts.slice(1).every((p) => p.startsWith(' ')));
  assert.is(foldLine(line).replace(/\r\n /g, ''), line);
});
fold('should count octets, not characters, and never split a character', () => {
  const line = `FN:${'é'.repeat(60)}`; // 3 + 120 octets
  const parts = foldLine(line).split('\r\n');
  assert.ok(parts.every((p) => Buffer.byteLength(p) <= VCARD_LINE_OCTETS), parts.map((p) => Buffer.byteLength(p)).join(','));
  assert.is(Buffer.byteLength(parts[0]), 75);
  assert.is(foldLine(line).replace(/\r\n /g, ''), line);
  assert.not.ok(foldLine(line).includes('\uFFFD'));
});
fold.run();

const card = suite('generateVCard');
card('should be vCard 3.0 with CRLF line endings only, ending in CRLF', () => {
  const text = generateVCard(SETTINGS);
  assert.ok(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n'));
  assert.ok(text.endsWith('END:VCARD\r\n'));
  assert.is(text.replace(/\r\n/g, '').includes('\n'), false, 'a bare LF');
  assert.is(text.replace(/\r\n/g, '').includes('\r'), false, 'a bare CR');
});
card('should keep every physical line within 75 octets', () => {
  const text = generateVCard({ ...SETTINGS, name: `${'Very Long Name '.repeat(10)}Locksmith` });
  for (const line of physicalLines(text)) assert.ok(Buffer.byteLength(line) <= VCARD_LINE_OCTETS, line);
});
card('should parse with the vcf library and carry name, E.164 phone, e-mail, site and address', () => {
  const parsed = new vCard().parse(generateVCard(SETTINGS));
  assert.is(parsed.version, '3.0');
  assert.is(parsed.get('fn').valueOf(), 'Cibola Mobile Locksmith');
  assert.is(parsed.get('org').valueOf(), 'Cibola Mobile Locksmith');
  assert.is(parsed.get('tel').valueOf(), '+15055550123');
  assert.equal(parsed.get('tel').type, ['work', 'voice']);
  assert.is(parsed.get('email').valueOf(), 'service@example.com');
  assert.is(parsed.get('url').valueOf(), 'https://www.example.com/');
  assert.is(parsed.get('adr').valueOf(), ';;;Grants;NM;87020;US');
});
card('should escape a name with a comma and a semicolon, and unfold back to it', () => {
  const name = `${'A'.repeat(80)}, Locks; Keys`;
  const text = generateVCard({ ...SETTINGS, name });
  const parsed = new vCard().parse(text);
  assert.is(parsed.get('fn').valueOf(), escapeText(name));
  assert.is(parsed.get('n').valueOf(), `${escapeText(name)};;;;`);
});
card('should state the business hours in NOTE', () => {
  const note = new vCard().parse(generateVCard(SETTINGS)).get('note').valueOf();
  assert.is(note, 'Mobile locksmith. Hours: Monday - Friday 6:00 AM-11:00 PM\\; Saturday - Sunday 9:00 AM-10:00 PM. Emergency service outside these hours.');
});
card('should say a closed day is closed, with the emergency service outside the hours', () => {
  const hours = [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], hours: '07:00-21:00' },
    { days: ['Saturday'], hours: 'all day' },
    { days: ['Sunday'], hours: 'closed' },
  ];
  const note = new vCard().parse(generateVCard({ ...SETTINGS, hours })).get('note').valueOf();
  assert.is(note, 'Mobile locksmith. Hours: Monday - Friday 7:00 AM-9:00 PM\\; Saturday open all day\\; Sunday closed. Emergency service outside these hours.');
});
card('should give the licence and insurance the settings state, and nothing without them', () => {
  const credentials = { licence: { issuer: 'City of Grants', number: 'BL-1234' }, insurance: { kind: 'general liability', insurer: 'Acme Mutual' } };
  const note = new vCard().parse(generateVCard({ ...SETTINGS, credentials })).get('note').valueOf();
  assert.ok(note.endsWith('Licence BL-1234\\, City of Grants. Insured: general liability insurance with Acme Mutual.'), note);
  const unnamed = new vCard().parse(generateVCard({ ...SETTINGS, credentials: { insurance: { kind: 'general liability', insurer: '' } } })).get('note').valueOf();
  assert.ok(unnamed.endsWith('Emergency service outside these hours. Insured: general liability insurance.'), unnamed);
  assert.not.match(generateVCard(SETTINGS), /Licen|Insured/);
});
card('should give the street address only when the settings publish it', () => {
  const street = { ...SETTINGS.location, streetAddress: '201 W Coal Ave' };
  const adr = (location: typeof street & { showStreetAddress?: boolean }) => generateVCard({ ...SETTINGS, location }).split('\r\n').find((l) => l.startsWith('ADR'));
  assert.is(adr({ ...street, showStreetAddress: true }), 'ADR;TYPE=WORK:;;201 W Coal Ave;Grants;NM;87020;US');
  assert.is(adr({ ...street, showStreetAddress: false }), 'ADR;TYPE=WORK:;;;Grants;NM;87020;US');
  assert.is(adr(street), 'ADR;TYPE=WORK:;;;Grants;NM;87020;US');
});
card.run();
