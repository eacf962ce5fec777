import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePhone } from '../../lib/phone.ts';

const phone = suite('parsePhone');
phone('should give E.164 for links and national format for display', () => {
  assert.equal(parsePhone('505-555-0123'), { e164: '+15055550123', national: '(505) 555-0123' });
  assert.equal(parsePhone('+1 (505) 287 4000'), { e164: '+15052874000', national: '(505) 287-4000' });
});
phone('should reject a number that is not a valid US number', () => {
  assert.throws(() => parsePhone('12345'), /"12345" is not a valid US phone number/);
  assert.throws(() => parsePhone('(505) 055-0123'), /not a valid US phone number/);
});
phone.run();
