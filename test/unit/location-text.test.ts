import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { escapeValue, locationMessage, smsUri } from '../../islands/common/location-text.ts';

/** RFC 5724 section 2.2 `escaped-value`: unreserved characters and percent-encoded octets only. */
const ESCAPED_VALUE = /^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/;

const message = suite('locationMessage');
message('should give the map link with 5 decimals and the accuracy rounded to whole metres', () => {
  assert.is(locationMessage(35.1473, -107.8514, 12.4), "I need a locksmith. I'm here: https://maps.google.com/?q=35.14730,-107.85140 (accuracy \u00b112 m)");
  assert.is(locationMessage(-0.000004, 0, 1499.5), "I need a locksmith. I'm here: https://maps.google.com/?q=-0.00000,0.00000 (accuracy \u00b11500 m)");
});
message.run();

const uri = suite('smsUri');
uri('should percent-encode the body as UTF-8 with only unreserved characters left, as RFC 5724 asks', () => {
  assert.is(escapeValue("I'm (here) ±1 m!*"), 'I%27m%20%28here%29%20%C2%B11%20m%21%2A');
  const body = locationMessage(35.1473, -107.8514, 12.4);
  const value = smsUri('+15055550123', body).split('body=')[1];
  assert.match(value, ESCAPED_VALUE);
  assert.is(decodeURIComponent(value), body);
});
uri('should write the number, then "?&body=", the form Android (query field body) and iOS (after "&") both read', () => {
  assert.is(smsUri('+15055550123', 'Hi there'), 'sms:+15055550123?&body=Hi%20there');
  // Parsed as a URL: scheme sms, path the number, one body field.
  const parsed = new URL(smsUri('+15055550123', 'a&b=c'));
  assert.is(parsed.protocol, 'sms:');
  assert.is(parsed.pathname, '+15055550123');
  assert.equal(parsed.searchParams.getAll('body'), ['a&b=c']);
});
uri.run();
