import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger, MAX_LOG_ENTRIES, PRODUCTION_THRESHOLD, logger } from '../../islands/common/logger.ts';

const threshold = suite('createLogger threshold');
threshold('should be warn in production', () => {
  assert.is(PRODUCTION_THRESHOLD, 'warn');
});
threshold('should drop debug and info and keep warn and error at threshold warn', () => {
  const log = createLogger({ threshold: 'warn', console: false });
  log.debug('d');
  log.info('i');
  log.warn('w');
  log.error('e');
  assert.equal(log.entries().map((e) => [e.level, e.message]), [['warn', 'w'], ['error', 'e']]);
});
threshold('should keep every level at threshold debug (a development build)', () => {
  const log = createLogger({ threshold: 'debug', console: false });
  log.debug('d');
  log.info('i');
  log.warn('w');
  log.error('e');
  assert.equal(log.entries().map((e) => e.level), ['debug', 'info', 'warn', 'error']);
});
threshold('should keep an `always` entry whatever the threshold (the startup entry)', () => {
  const log = createLogger({ threshold: 'warn', console: false });
  log.always('info', 'Site started', { url: 'http://x/' });
  assert.equal(log.entries().map((e) => [e.level, e.message, e.context]), [['info', 'Site started', { url: 'http://x/' }]]);
});
threshold('should default to warn, the threshold of the site logger outside a development build', () => {
  const log = createLogger({ console: false });
  log.info('i');
  log.warn('w');
  assert.equal(log.entries().map((e) => e.message), ['w']);
  // Under Node `__SITE__` is undefined, so the site logger is a production logger.
  const before = logger.entries().length;
  logger.info('dropped');
  assert.is(logger.entries().length, before);
});
threshold.run();

const cap = suite('createLogger cap');
cap('should keep at most 1000 entries', () => {
  assert.is(MAX_LOG_ENTRIES, 1000);
});
cap('should drop the oldest entry when the 1001st arrives', () => {
  const log = createLogger({ console: false });
  for (let i = 1; i <= 1000; i++) log.warn(`entry ${i}`);
  assert.is(log.entries().length, 1000);
  assert.is(log.entries()[0].message, 'entry 1');
  log.warn('entry 1001');
  const kept = log.entries();
  assert.is(kept.length, 1000);
  assert.is(kept[0].message, 'entry 2');
  assert.is(kept[999].message, 'entry 1001');
});
cap.run();

const entry = suite('log entry');
entry('should carry timestamp, level, message, context and the error as plain data', () => {
  const log = createLogger({ console: false });
  const err = new TypeError('bad value');
  log.error('Video failed to load: bad value', { src: '/v.mp4' }, err);
  const [e] = log.entries();
  assert.ok(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(e.timestamp), e.timestamp);
  assert.is(e.level, 'error');
  assert.is(e.message, 'Video failed to load: bad value');
  assert.equal(e.context, { src: '/v.mp4' });
  assert.is(e.error?.name, 'TypeError');
  assert.is(e.error?.message, 'bad value');
  assert.is(e.error?.stack, err.stack);
});
entry('should keep a thrown non-Error as its text', () => {
  const log = createLogger({ console: false });
  log.warn('rejected', undefined, 'offline');
  log.warn('rejected', undefined, { status: 503 });
  assert.equal(log.entries().map((e) => e.error), [{ name: 'Error', message: 'offline' }, { name: 'Error', message: '{"status":503}' }]);
});
entry('should return copies, so callers cannot change the kept entries', () => {
  const log = createLogger({ console: false });
  log.warn('w');
  log.entries()[0].message = 'changed';
  log.entries().pop();
  assert.is(log.entries()[0].message, 'w');
});
entry('should write kept entries to the matching console method', () => {
  const log = createLogger({ threshold: 'warn' });
  const seen: [string, unknown[]][] = [];
  const original = { warn: console.warn, error: console.error };
  console.warn = (...args: unknown[]) => seen.push(['warn', args]);
  console.error = (...args: unknown[]) => seen.push(['error', args]);
  try {
    log.info('not shown');
    log.warn('w', { a: 1 });
    log.error('e');
  } finally {
    Object.assign(console, original);
  }
  assert.equal(seen, [['warn', ['w', { a: 1 }]], ['error', ['e']]]);
});
entry.run();
