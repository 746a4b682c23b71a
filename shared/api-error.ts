/**
 * The one error vocabulary of the API, shared by the server that sends it and the client that reads it.
 * Every failure leaves the server as `{ "error": { "code", "message", "details"? } }` with the status below.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  header_too_large: 431,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

/** A code of the error vocabulary. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** Whether a parsed response body has the API's error shape (an unknown code still counts: servers may be newer). */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
