/**
 * The browser logger: levels debug, info, warn, error.
 * Threshold warn: debug and info entries are dropped unless the site is built in development mode
 * (`__SITE__.dev`, i.e. NODE_ENV=development). At most the newest 1000 entries are kept in memory.
 *
 * Every browser module imports `logger` from here and calls
 * `logger.debug/info/warn/error(message, context?, error?)`. The kept entries are read with
 * `logger.entries()`, and in the page (tests, the console) with `window.__diagnostics.log()`.
 */

/** Log levels in increasing severity. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Severity rank of each level; an entry is kept when its rank is at least the threshold's. */
const LOG_LEVELS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Level below which entries are dropped in production. */
export const PRODUCTION_THRESHOLD: LogLevel = 'warn';

/** Most entries kept; the oldest is dropped when a new one would exceed it. */
export const MAX_LOG_ENTRIES = 1000;

/** An error as kept in a log entry (plain data, so entries can be copied and serialised). */
interface LoggedError {
  name: string;
  message: string;
  stack?: string;
  /** The AppError code, when the error was an AppError (islands/common/errors.ts). */
  code?: string;
}

/** One kept log entry: timestamp, level, message, context, error. */
export interface LogEntry {
  /** ISO 8601 time the entry was made. */
  timestamp: string;
  level: LogLevel;
  message: string;
  context?: Record<string, unknown>;
  error?: LoggedError;
}

/** The logger's methods. `context` is any plain data; `error` any thrown value. */
export interface Logger {
  debug(message: string, context?: Record<string, unknown>, error?: unknown): void;
  info(message: string, context?: Record<string, unknown>, error?: unknown): void;
  warn(message: string, context?: Record<string, unknown>, error?: unknown): void;
  error(message: string, context?: Record<string, unknown>, error?: unknown): void;
  /** Keeps an entry whatever the threshold (used for the startup entry, which production logs too). */
  always(level: LogLevel, message: string, context?: Record<string, unknown>, error?: unknown): void;
  /** The kept entries, oldest first (a copy). */
  entries(): LogEntry[];
}

export interface LoggerOptions {
  /** Lowest level kept; default "warn". */
  threshold?: LogLevel;
  /** Most entries kept; default 1000. */
  maxEntries?: number;
  /** Also write kept entries to the browser console (default true). */
  console?: boolean;
}

/** Turns any thrown value into plain error data. */
function toLoggedError(error: unknown): LoggedError | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, stack: error.stack, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : safeString(error) };
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}

/**
 * Makes a logger with its own kept entries.
 * @param options threshold (default "warn") and cap (default 1000 entries)
 * @returns a Logger; it never throws (a failing console is ignored)
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS[options.threshold ?? PRODUCTION_THRESHOLD];
  const max = options.maxEntries ?? MAX_LOG_ENTRIES;
  const toConsole = options.console ?? true;
  const kept: LogEntry[] = [];

  const keep = (level: LogLevel, message: string, context?: Record<string, unknown>, error?: unknown) => {
    const entry: LogEntry = { timestamp: new Date().toISOString(), level, message };
    if (context !== undefined) entry.context = context;
    const err = toLoggedError(error);
    if (err) entry.error = err;
    kept.push(entry);
    if (kept.length > max) kept.splice(0, kept.length - max);
    if (!toConsole || typeof console === 'undefined') return;
    try {
      const args: unknown[] = [message];
      if (context !== undefined) args.push(context);
      if (error !== undefined) args.push(error);
      (console[level] ?? console.log)(...args);
    } catch {
      // A console that throws must not break the page.
    }
  };
  const log = (level: LogLevel) => (message: string, context?: Record<string, unknown>, error?: unknown) => {
    if (LOG_LEVELS[level] >= threshold) keep(level, message, context, error);
  };

  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    always: keep,
    entries: () => kept.map((e) => ({ ...e })),
  };
}

/** True in a development build (`__SITE__.dev`); false in production and under Node (tests). */
const DEV = typeof __SITE__ !== 'undefined' && __SITE__.dev;

/** The site's logger: threshold warn in production, debug in a development build; newest 1000 kept. */
export const logger: Logger = createLogger({ threshold: DEV ? 'debug' : PRODUCTION_THRESHOLD });
