/**
 * lib/serve/byte-range.ts: how the local servers answer a `Range` header (RFC 9110 section 14):
 * one valid range is a part, an invalid one is ignored (the whole file), and only a range that
 * starts at or past the end is unsatisfiable.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rangeAnswer } from '../../lib/serve/byte-range.ts';

const test = suite('rangeAnswer');

test('should give the part of one valid range, cut to the file', () => {
  assert.equal(rangeAnswer('bytes=2-4', 'GET', undefined, 16), { kind: 'part', start: 2, end: 4 });
  assert.equal(rangeAnswer('BYTES=14-99', 'GET', undefined, 16), { kind: 'part', start: 14, end: 15 }, 'the unit is case-insensitive');
  assert.equal(rangeAnswer('bytes=-3', 'GET', undefined, 16), { kind: 'part', start: 13, end: 15 });
  assert.equal(rangeAnswer('bytes=-99', 'GET', undefined, 16), { kind: 'part', start: 0, end: 15 });
  assert.equal(rangeAnswer('bytes=0-0', 'GET', undefined, 16), { kind: 'part', start: 0, end: 0 });
});

test('should ignore an invalid range, several ranges, another unit, and any range of HEAD or with If-Range', () => {
  for (const header of ['bytes=5-2', 'bytes=abc', 'bytes=--1', 'bytes=1-1-1', 'bytes=0-1,4-5', 'items=0-1', 'bytes = 0-1', 'bytes=']) {
    assert.equal(rangeAnswer(header, 'GET', undefined, 16), { kind: 'whole' }, header);
  }
  assert.equal(rangeAnswer('bytes=2-4', 'HEAD', undefined, 16), { kind: 'whole' });
  assert.equal(rangeAnswer('bytes=2-4', 'GET', 'W/"16-1"', 16), { kind: 'whole' });
  assert.equal(rangeAnswer(undefined, 'GET', undefined, 16), { kind: 'whole' });
});

test('should refuse only a range that starts at or past the end (416)', () => {
  for (const header of ['bytes=16-', 'bytes=99999999999999999999-', 'bytes=-0']) assert.equal(rangeAnswer(header, 'GET', undefined, 16), { kind: 'unsatisfiable' }, header);
  assert.equal(rangeAnswer('bytes=0-', 'GET', undefined, 0), { kind: 'unsatisfiable' }, 'an empty file');
  assert.equal(rangeAnswer('bytes=-5', 'GET', undefined, 0), { kind: 'unsatisfiable' }, 'an empty file');
});

test.run();
