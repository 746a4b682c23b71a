/**
 * The one error vocabulary of the API. Every failure leaves the server as
 * `{ "error": { "code", "message", "details"? } }` with the status below.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** An error meant for the client: its code, message and details are sent as they are. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly statusOverride?: number,
  ) {
    super(message);
  }

  get status(): number {
    return this.statusOverride ?? errorStatus[this.code];
  }
}

/** 400 with the field messages of a failed validation. */
export const badRequest = (message: string, details?: unknown) => new AppError('bad_request', message, details);
/** 404 for a missing resource. */
export const notFound = (message = 'Not found') => new AppError('not_found', message);
/** 409 for a write that conflicts with existing data. */
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
/** 401 when no valid session is present. */
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
/** 403 when the session may not do this. */
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', message);
/** 429 when a client sends too many requests. */
export const tooManyRequests = (message: string, details?: { retryAfter: number }) => new AppError('rate_limited', message, details);

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** Builds the JSON body of an error response. */
export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
