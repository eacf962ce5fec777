import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CLOSED_TEXT, isOpenAt, minutesOf, OPEN_TEXT, openNowText, wallClock } from '../../islands/lib/hours.ts';

// Instants are given in UTC. America/Denver is UTC-7 (MST) in winter and UTC-6 (MDT) in summer.
const at = (iso: string) => new Date(iso);

const clock = suite('wallClock');
clock('should give the Denver weekday and minutes since midnight', () => {
  assert.equal(wallClock(at('2026-01-12T13:00:00Z'), 'America/Denver'), { weekday: 'Monday', minutes: 360 });
  assert.equal(wallClock(at('2026-07-13T12:00:00Z'), 'America/Denver'), { weekday: 'Monday', minutes: 360 });
});
clock('should give 0 minutes at local midnight', () => {
  assert.equal(wallClock(at('2026-01-13T07:00:00Z'), 'America/Denver'), { weekday: 'Tuesday', minutes: 0 });
});
clock('should throw on an unknown time zone', () => {
  assert.throws(() => wallClock(at('2026-01-13T07:00:00Z'), 'Mars/Olympus'), /time zone/i);
});
clock.run();

const minutes = suite('minutesOf');
minutes('should turn HH:MM into minutes since midnight', () => {
  assert.is(minutesOf('06:00'), 360);
  assert.is(minutesOf('22:59'), 1379);
  assert.is(minutesOf('00:00'), 0);
});
minutes.run();

const weekday = suite('isOpenAt on a weekday (Mon-Fri 6:00 AM-11:00 PM, America/Denver)');
weekday('should be closed on Monday at 5:59', () => assert.is(isOpenAt(at('2026-01-12T12:59:00Z')), false));
weekday('should be open on Monday at 6:00', () => assert.is(isOpenAt(at('2026-01-12T13:00:00Z')), true));
weekday('should be open on Monday at 22:59', () => assert.is(isOpenAt(at('2026-01-13T05:59:00Z')), true));
weekday('should be closed on Monday at 23:00', () => assert.is(isOpenAt(at('2026-01-13T06:00:00Z')), false));
weekday('should be open on Friday at noon and closed on Friday at 23:30', () => {
  assert.is(isOpenAt(at('2026-01-16T19:00:00Z')), true);
  assert.is(isOpenAt(at('2026-01-17T06:30:00Z')), false);
});
weekday.run();

const weekend = suite('isOpenAt at the weekend (Sat-Sun 9:00 AM-10:00 PM, America/Denver)');
weekend('should be closed on Saturday at 8:59', () => assert.is(isOpenAt(at('2026-01-17T15:59:00Z')), false));
weekend('should be open on Saturday at 9:00', () => assert.is(isOpenAt(at('2026-01-17T16:00:00Z')), true));
weekend('should be open on Saturday at 21:59', () => assert.is(isOpenAt(at('2026-01-18T04:59:00Z')), true));
weekend('should be closed on Saturday at 22:00', () => assert.is(isOpenAt(at('2026-01-18T05:00:00Z')), false));
weekend('should be closed on Sunday at 7:00, when a weekday would be open', () => assert.is(isOpenAt(at('2026-01-18T14:00:00Z')), false));
weekend.run();

const dst = suite('isOpenAt across daylight saving time');
dst('should open at 9:00 MDT on the Sunday DST starts (2026-03-08)', () => {
  assert.is(isOpenAt(at('2026-03-08T14:59:00Z')), false);
  assert.is(isOpenAt(at('2026-03-08T15:00:00Z')), true);
});
dst('should open at 9:00 MST on the Saturday before (2026-03-07)', () => {
  assert.is(isOpenAt(at('2026-03-07T15:00:00Z')), false);
  assert.is(isOpenAt(at('2026-03-07T16:00:00Z')), true);
});
dst('should read the same UTC instant as open before DST ends and closed after (2026-11-01)', () => {
  assert.is(isOpenAt(at('2026-10-31T15:30:00Z')), true); // Saturday 9:30 MDT
  assert.is(isOpenAt(at('2026-11-01T15:30:00Z')), false); // Sunday 8:30 MST
});
dst('should close at 23:00 MDT on a summer weekday', () => {
  assert.is(isOpenAt(at('2026-07-14T04:59:00Z')), true); // Monday 22:59 MDT
  assert.is(isOpenAt(at('2026-07-14T05:00:00Z')), false); // Monday 23:00 MDT
});
dst.run();

const custom = suite('isOpenAt with other hours');
custom('should use the hours and zone it is given', () => {
  const hours = [{ days: ['Monday'], opens: '08:00', closes: '09:00' }];
  assert.is(isOpenAt(at('2026-01-12T08:30:00Z'), hours, 'UTC'), true);
  assert.is(isOpenAt(at('2026-01-12T09:00:00Z'), hours, 'UTC'), false);
  assert.is(isOpenAt(at('2026-01-13T08:30:00Z'), hours, 'UTC'), false);
});
custom.run();

const text = suite('openNowText');
text('should say "Open now" inside the hours', () => assert.is(openNowText(at('2026-01-12T13:00:00Z')), 'Open now'));
text('should say the closed text outside the hours', () => assert.is(openNowText(at('2026-01-12T12:59:00Z')), 'Closed now - emergency service available'));
text('should export the two texts', () => {
  assert.is(OPEN_TEXT, 'Open now');
  assert.is(CLOSED_TEXT, 'Closed now - emergency service available');
});
text.run();
