import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { e164WithExtension, parsePhone } from '../../lib/content/phone.ts';

const phone = suite('parsePhone');
phone('should give E.164 for links and national format for display', () => {
  assert.equal(parsePhone('505-555-0123'), { e164: '+15055550123', national: '(505) 555-0123', tel: 'tel:+15055550123', extension: '' });
  assert.equal(parsePhone('+1 (505) 287 4000'), { e164: '+15052874000', national: '(505) 287-4000', tel: 'tel:+15052874000', extension: '' });
});
phone('should dial an extension as RFC 3966 says (tel:+1...;ext=5), as well as show it', () => {
  assert.equal(parsePhone('505-555-0123 ext 5'), { e164: '+15055550123', national: '(505) 555-0123 ext. 5', tel: 'tel:+15055550123;ext=5', extension: '5' });
  assert.is(parsePhone('(505) 555-0123 x12').tel, 'tel:+15055550123;ext=12');
  assert.is(e164WithExtension(parsePhone('505-555-0123 ext 5')), '+15055550123 ext. 5');
});
phone('should reject a valid number of another country', () => {
  assert.throws(() => parsePhone('+44 20 7946 0958'), /"\+44 20 7946 0958" is not a valid US phone number/);
  assert.throws(() => parsePhone('+1 604 555 0123'), /not a valid US phone number/, 'a Canadian number shares +1 but is not a US number');
});
phone('should reject a number that is not a valid US number', () => {
  assert.throws(() => parsePhone('12345'), /"12345" is not a valid US phone number/);
  assert.throws(() => parsePhone('(505) 055-0123'), /not a valid US phone number/);
});
phone.run();
