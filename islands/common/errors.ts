/**
 * The site's error type.
 * An AppError carries a code (default UNKNOWN_ERROR) and the context it happened in: when, on
 * which page, in which browser, and whether it is operational (an expected failure such as a
 * script that could not load) rather than a bug.
 */

/** Code of an error nobody classified. */
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

/** Where and when an AppError happened. */
export interface AppErrorContext {
  /** ISO 8601 time the error was made. */
  timestamp: string;
  /** Page address (location.href); "" outside a browser. */
  url: string;
  /** navigator.userAgent; "" when there is none. */
  userAgent: string;
  /** True for an expected, handled failure (network, missing data); false for a bug. */
  isOperational: boolean;
}

export interface AppErrorOptions {
  /** Default true. */
  isOperational?: boolean;
  /** The underlying error, if any (kept as `cause`). */
  cause?: unknown;
}

/** An error with a code and context. Never throws while being built, even outside a browser. */
export class AppError extends Error {
  // `declare`: assigned in the constructor; saves esbuild's class-field helper in the bundle.
  declare readonly code: string;
  declare readonly context: AppErrorContext;

  /**
   * @param message what happened, for a person
   * @param code    machine-readable code, e.g. "COMPONENT_ERROR"; default "UNKNOWN_ERROR"
   * @param options operational flag (default true) and cause
   */
  constructor(message: string, code: string = UNKNOWN_ERROR, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.context = {
      timestamp: new Date().toISOString(),
      url: typeof location === 'undefined' ? '' : location.href,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent ?? '',
      isOperational: options.isOperational ?? true,
    };
  }
}

/**
 * Turns any thrown value into an AppError, keeping an AppError as it is.
 * A non-Error value (a rejected string, an object) becomes "Unexpected error: <value>"
 * (an unknown failure is logged as an unexpected error).
 * @param value the thrown or rejected value
 * @param code  the code for a value that is not already an AppError
 */
export function toAppError(value: unknown, code: string = UNKNOWN_ERROR): AppError {
  if (value instanceof AppError) return value;
  if (value instanceof Error) {
    const err = new AppError(value.message, code, { isOperational: false, cause: value });
    if (value.stack) err.stack = value.stack;
    return err;
  }
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return new AppError(`Unexpected error: ${text}`, code, { isOperational: false, cause: value });
}
