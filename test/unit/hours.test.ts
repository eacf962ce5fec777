import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CLOSED_TEXT, EMERGENCY_TEXT, headerNotices as noticesOf, isOpenAt as isOpenOf, minutesOf, NIGHT_EMERGENCY_TEXT, OPEN_TEXT, wallClock, zoneTable, type OpenMinutes, type ZoneTable,
} from '../../islands/common/hours.ts';
import { openMinutes } from '../../lib/content/hours.ts';
import { loadContent } from '../../lib/content/load-content.ts';
import { PROJECT_CONTENT } from '../../tooling/project-content.ts';

// The shipped sample's hours (content/settings.yaml), as the build compiles them into the page code.
const SAMPLE = loadContent(PROJECT_CONTENT).settings;
const SAMPLE_WEEK = openMinutes(SAMPLE.hours);
const isOpenAt = (d: Date, week: OpenMinutes = SAMPLE_WEEK, zone = SAMPLE.location.timeZone) => isOpenOf(d, week, zone);
const headerNotices = (d: Date, week: OpenMinutes = SAMPLE_WEEK, zone = SAMPLE.location.timeZone) => noticesOf(d, week, zone);

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

const table = suite('zoneTable (offsets compiled into the page code)');
const Y2026 = Date.UTC(2026, 0, 1);
const Y2028 = Date.UTC(2028, 0, 1);
const denver = zoneTable('America/Denver', Y2026, Y2028);
table('should find the 2026 US changes of America/Denver to the minute', () => {
  // Second Sunday of March at 2:00 MST and first Sunday of November at 2:00 MDT.
  assert.equal(denver.changes.slice(0, 3), [[Y2026, -420], [Date.parse('2026-03-08T09:00:00Z'), -360], [Date.parse('2026-11-01T08:00:00Z'), -420]]);
  assert.is(denver.changes.length, 5);
});
table('should give the same wall clock as Intl at every half hour of two years, and every minute around each change', () => {
  const wrong: string[] = [];
  const check = (ms: number) => {
    const d = new Date(ms);
    const a = wallClock(d, 'America/Denver', denver);
    const b = wallClock(d, 'America/Denver', undefined);
    if (a.weekday !== b.weekday || a.minutes !== b.minutes) wrong.push(`${d.toISOString()}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  };
  for (let t = Y2026; t < Y2028; t += 30 * 60_000) check(t);
  for (const [at] of denver.changes) for (let t = at - 90 * 60_000; t < at + 90 * 60_000; t += 60_000) check(t);
  assert.equal(wrong, []);
});
table('should find a change exactly when the ends are not on a whole minute', () => {
  const t = zoneTable('America/Denver', Date.parse('2026-03-08T00:00:30Z'), Date.parse('2026-03-08T09:00:30Z'));
  assert.equal(t.changes.map(([at, o]) => [new Date(at).toISOString(), o]), [['2026-03-08T00:00:00.000Z', -420], ['2026-03-08T09:00:00.000Z', -360]]);
});
table('should find a half-hour change (Australia/Lord_Howe) to the minute', () => {
  const lordHowe = zoneTable('Australia/Lord_Howe', Y2026, Date.UTC(2027, 0, 1));
  assert.equal(new Set(lordHowe.changes.map(([, o]) => o)), new Set([630, 660]));
  for (const [at] of lordHowe.changes.slice(1)) {
    for (const t of [at - 60_000, at]) assert.equal(wallClock(new Date(t), 'Australia/Lord_Howe', lordHowe), wallClock(new Date(t), 'Australia/Lord_Howe', undefined), new Date(t).toISOString());
  }
});
table('should use the table inside its years and for its zone only, and Intl elsewhere', () => {
  // A deliberately wrong table (UTC+0) shows which path answered.
  const bogus: ZoneTable = { zone: 'America/Denver', from: Y2026, until: Y2028, changes: [[Y2026, 0]] };
  assert.equal(wallClock(new Date('2026-01-12T13:00:00Z'), 'America/Denver', bogus), { weekday: 'Monday', minutes: 13 * 60 }, 'table inside');
  assert.equal(wallClock(new Date('2028-01-10T13:00:00Z'), 'America/Denver', bogus), { weekday: 'Monday', minutes: 6 * 60 }, 'Intl after');
  assert.equal(wallClock(new Date('2025-12-29T13:00:00Z'), 'America/Denver', bogus), { weekday: 'Monday', minutes: 6 * 60 }, 'Intl before');
  assert.equal(wallClock(new Date('2026-01-12T13:00:00Z'), 'America/Phoenix', bogus), { weekday: 'Monday', minutes: 6 * 60 }, 'Intl for another zone');
});
table.run();

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
  const hours = openMinutes([{ days: ['Monday'], hours: '08:00-09:00' }, { days: ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], hours: 'closed' }]);
  assert.is(isOpenAt(at('2026-01-12T08:30:00Z'), hours, 'UTC'), true);
  assert.is(isOpenAt(at('2026-01-12T09:00:00Z'), hours, 'UTC'), false);
  assert.is(isOpenAt(at('2026-01-13T08:30:00Z'), hours, 'UTC'), false);
});
custom('should follow a closed day and a day open all day', () => {
  const hours = openMinutes([
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], hours: '06:00-23:00' },
    { days: ['Saturday'], hours: 'all day' },
    { days: ['Sunday'], hours: 'closed' },
  ]);
  // Sunday 2026-01-11 and Saturday 2026-01-10, at noon and just after midnight in Denver (UTC-7).
  assert.is(isOpenAt(at('2026-01-11T19:00:00Z'), hours, 'America/Denver'), false, 'Sunday noon: closed');
  assert.equal(headerNotices(at('2026-01-11T19:00:00Z'), hours, 'America/Denver'), { open: false, emergency: 'Emergency line answers now', openNow: 'Office closed' });
  assert.is(isOpenAt(at('2026-01-10T07:05:00Z'), hours, 'America/Denver'), true, 'Saturday 00:05: open all day');
  assert.is(isOpenAt(at('2026-01-11T06:59:00Z'), hours, 'America/Denver'), true, 'Saturday 23:59: open all day');
  assert.is(isOpenAt(at('2026-01-12T19:00:00Z'), hours, 'America/Denver'), true, 'Monday noon: open');
});
custom.run();

const text = suite('headerNotices');
text('should say "Emergency service available | Open now" inside the hours', () => {
  assert.equal(headerNotices(at('2026-01-12T13:00:00Z')), { open: true, emergency: 'Emergency service available', openNow: 'Open now' });
});
text('should say the emergency line answers now and the office is closed outside the hours, never a bare "Closed now"', () => {
  // Monday 5:59 MST and Tuesday 02:15 MST, when a stranded visitor reads the header.
  for (const iso of ['2026-01-12T12:59:00Z', '2026-01-13T09:15:00Z']) {
    assert.equal(headerNotices(at(iso)), { open: false, emergency: 'Emergency line answers now', openNow: 'Office closed' }, iso);
  }
});
text('should export the texts, the emergency notice by day being the one the server HTML shows', () => {
  assert.equal([EMERGENCY_TEXT, NIGHT_EMERGENCY_TEXT, OPEN_TEXT, CLOSED_TEXT], ['Emergency service available', 'Emergency line answers now', 'Open now', 'Office closed']);
});
text.run();
