/**
 * Client-side error codes, next to the server's own snake_case codes (which pass through
 * unchanged from the error envelope).
 */
export const CLIENT_ERROR_CODES = {
  /** No answer within CLIENT_TIMEOUT_MS (docs/platform-facts.md §1: 20 s). */
  networkTimeout: 'network_timeout',
  /** The request never reached the server, or the connection broke ("network link abnormal"). */
  networkError: 'network_error',
  /** The server answered something that is not the envelope, or a value failing its schema. */
  invalidResponse: 'invalid_response',
  /** A 5xx without an envelope (a proxy's error page, a crash). Internals are never shown. */
  serverError: 'server_error',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** Stable snake_case code: the server's, or one of CLIENT_ERROR_CODES. */
    readonly code: string,
    /** Already in the player's language (the server translates; client codes are translated here). */
    message: string,
    /** HTTP status, 0 when there was no response. */
    readonly status: number,
    /** Extra fields of the error envelope, e.g. `{ captcha: true }`. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Errors worth retrying automatically: the network or the server, never the request itself. */
export function isTransientError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.code === CLIENT_ERROR_CODES.networkError ||
    error.code === CLIENT_ERROR_CODES.networkTimeout ||
    error.status >= 500
  );
}
