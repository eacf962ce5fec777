/**
 * The browser logger (spec section 3 "Log entry", section 8): levels debug, info, warn, error.
 * FIRST VERSION - issue 6 owns and completes this module (threshold, 1000-entry cap, dev mode).
 * Other browser code imports `logger` from here and calls logger.warn/error(message, context, error).
 */

/** Log levels in increasing severity. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One kept log entry. Spec section 3: timestamp, level, message, context, error. */
export interface LogEntry {
  /** ISO 8601 time the entry was made. */
  timestamp: string;
  level: LogLevel;
  message: string;
  context?: Record<string, unknown>;
  error?: { name: string; message: string; stack?: string };
}

const entries: LogEntry[] = [];

function log(level: LogLevel, message: string, context?: Record<string, unknown>, error?: unknown): void {
  const err = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error === undefined ? undefined : { name: 'Error', message: String(error) };
  entries.push({ timestamp: new Date().toISOString(), level, message, context, error: err });
  if (level === 'error') console.error(message, context ?? '', error ?? '');
  else if (level === 'warn') console.warn(message, context ?? '');
}

export const logger = {
  debug: (m: string, c?: Record<string, unknown>, e?: unknown) => log('debug', m, c, e),
  info: (m: string, c?: Record<string, unknown>, e?: unknown) => log('info', m, c, e),
  warn: (m: string, c?: Record<string, unknown>, e?: unknown) => log('warn', m, c, e),
  error: (m: string, c?: Record<string, unknown>, e?: unknown) => log('error', m, c, e),
  /** The kept entries, oldest first (a copy). */
  entries: (): LogEntry[] => entries.slice(),
};
