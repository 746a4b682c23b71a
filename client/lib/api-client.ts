import { isErrorBody, type ErrorBody } from '@shared/api-error';

/**
 * The one HTTP client of the browser (spec §7): every call sends cookies, a body goes as JSON, and
 * any non-OK response raises an ApiError whose message is "{status}: {body text or status text}".
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The server's error body, when it sent the JSON error shape. */
    readonly body: ErrorBody | null,
    /** The HTTP reason phrase ("Unauthorized"), for diagnostics. */
    readonly statusText: string = '',
  ) {
    super(message);
  }

  /** The server's own message (for toasts), else the raw message. */
  get serverMessage(): string {
    return this.body?.error?.message ?? this.message;
  }
}

async function toError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: ErrorBody | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    body = isErrorBody(parsed) ? parsed : null;
  } catch {
    body = null;
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body, response.statusText);
}

/** How a request reaches the API: the browser's fetch, or the server's own routes while it renders a page. */
export type ApiFetcher = (url: string, init: RequestInit) => Promise<Response>;

let fetcher: ApiFetcher = (url, init) => fetch(url, init);

/** Replaces the transport (the server renderer answers the page's requests in process). */
export function setApiFetcher(next: ApiFetcher): void {
  fetcher = next;
}

/** Sends a request; resolves to the raw Response when OK. */
export async function apiRequest(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const response = await fetcher(url, {
    ...init,
    method,
    credentials: 'include',
    headers: body === undefined ? init.headers : { 'content-type': 'application/json', ...init.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toError(response);
  return response;
}

/** GET and parse JSON. */
export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await apiRequest('GET', url, undefined, init);
  return (await response.json()) as T;
}

/** GET JSON, with 401 meaning "no result" (spec §7: a GET query that receives 401 yields null). */
export async function getJsonOrNullOn401<T>(url: string, init?: RequestInit): Promise<T | null> {
  try {
    return await getJson<T>(url, init);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** A method with a JSON body (or none), parsing a JSON answer when there is one. */
export async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's message of a failed call (for failure toasts and error panels, spec §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
