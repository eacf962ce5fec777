import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError, toAppError, UNKNOWN_ERROR } from '../../islands/common/errors.ts';

const appError = suite('AppError');
appError('should default the code to UNKNOWN_ERROR', () => {
  const err = new AppError('Something broke');
  assert.is(UNKNOWN_ERROR, 'UNKNOWN_ERROR');
  assert.is(err.code, 'UNKNOWN_ERROR');
  assert.is(err.message, 'Something broke');
  assert.is(err.name, 'AppError');
  assert.instance(err, Error);
});
appError('should carry timestamp, url, user agent and an operational flag defaulting to true', () => {
  const before = Date.now();
  const err = new AppError('x');
  assert.equal(Object.keys(err.context), ['timestamp', 'url', 'userAgent', 'isOperational']);
  const t = Date.parse(err.context.timestamp);
  assert.ok(t >= before && t <= Date.now(), err.context.timestamp);
  // Under Node there is no page: url is "", and the user agent is whatever navigator says or "".
  assert.is(err.context.url, '');
  assert.is(err.context.userAgent, typeof navigator === 'undefined' ? '' : navigator.userAgent);
  assert.is(err.context.isOperational, true);
});
appError('should keep a given code, operational flag and cause', () => {
  const cause = new Error('root');
  const err = new AppError('Render failed', 'COMPONENT_ERROR', { isOperational: false, cause });
  assert.is(err.code, 'COMPONENT_ERROR');
  assert.is(err.context.isOperational, false);
  assert.is(err.cause, cause);
});
appError.run();

const convert = suite('toAppError');
convert('should return an AppError unchanged', () => {
  const err = new AppError('x', 'COMPONENT_ERROR');
  assert.is(toAppError(err, 'OTHER'), err);
});
convert('should wrap an Error with the given code, its message and stack, as not operational', () => {
  const cause = new RangeError('out of range');
  const err = toAppError(cause, 'COMPONENT_ERROR');
  assert.is(err.message, 'out of range');
  assert.is(err.code, 'COMPONENT_ERROR');
  assert.is(err.stack, cause.stack);
  assert.is(err.cause, cause);
  assert.is(err.context.isOperational, false);
});
convert('should turn any other value into an "Unexpected error" with code UNKNOWN_ERROR', () => {
  assert.is(toAppError('offline').message, 'Unexpected error: offline');
  assert.is(toAppError({ status: 503 }).message, 'Unexpected error: {"status":503}');
  assert.is(toAppError(undefined).message, 'Unexpected error: undefined');
  assert.is(toAppError(42).code, 'UNKNOWN_ERROR');
});
convert.run();
