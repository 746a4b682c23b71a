import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@shared/api-error';

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
    return this.statusOverride ?? ERROR_STATUS[this.code];
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
export const tooManyRequests = (message: string, details?: { retryAfter: number }) =>
  new AppError('rate_limited', message, details);

/** Builds the JSON body of an error response. */
export function errorBody(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
