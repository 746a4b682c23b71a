import { MASKED_VALUE, type AuthDebugResponse, type AuthUser, type SetOrNotSet } from '@shared/schemas/auth';
import type { Env } from '../../env';
import type { UserRow } from './auth.repository';

/** The public user shape of a row. */
export function presentUser(row: UserRow | AuthUser): AuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
  };
}

/**
 * Headers the diagnostics show as sent; any other header (credentials, tokens of upstream proxies,
 * whatever a client or gateway adds) shows only its name, so the page never becomes a way to read
 * secrets back.
 */
const SHOWN_HEADERS = new Set([
  'host',
  'user-agent',
  'accept',
  'accept-language',
  'accept-encoding',
  'cache-control',
  'connection',
  'content-type',
  'content-length',
  'origin',
  'referer',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
]);

function maskedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    shown[name] = !SHOWN_HEADERS.has(name.toLowerCase()) ? MASKED_VALUE : Array.isArray(value) ? value.join(', ') : value;
  }
  return shown;
}

/** What /api/auth/debug is shown: the request as it arrived and the deployment's state. */
export interface AuthDebugFacts {
  /** The request's valid session, if any. */
  session: { user: AuthUser; expiresAt: Date } | null;
  hostname: string;
  protocol: string;
  headers: Record<string, string | string[] | undefined>;
  cookieNames: string[];
  authMode: 'oidc' | 'local';
  databaseConnected: boolean;
}

/**
 * The diagnostics of /auth-test (spec's /api/auth/debug): secrets and cookie values masked, settings
 * reported only as SET or NOT SET, headers outside an allow-list shown by name only.
 */
export function presentAuthDebug(facts: AuthDebugFacts, env: Env, now = new Date()): AuthDebugResponse {
  const { session } = facts;
  const setOrNot = (value: unknown): SetOrNotSet => (value ? 'SET' : 'NOT SET');
  return {
    session: { isAuthenticated: session !== null, exists: session !== null, id: session ? MASKED_VALUE : null },
    user: {
      exists: session !== null,
      claims: session
        ? {
            sub: String(session.user.id),
            email: session.user.email,
            first_name: session.user.firstName,
            last_name: session.user.lastName,
          }
        : null,
      expires_at: session ? Math.floor(session.expiresAt.getTime() / 1000) : null,
    },
    hostname: facts.hostname,
    protocol: facts.protocol,
    authMode: facts.authMode,
    environment: {
      NODE_ENV: env.NODE_ENV,
      DATABASE_URL: setOrNot(env.DATABASE_URL),
      REPL_ID: setOrNot(env.OIDC_CLIENT_ID),
      SESSION_SECRET: setOrNot(env.SESSION_SECRET),
      databaseConnected: facts.databaseConnected,
    },
    timestamp: now.toISOString(),
    headers: maskedHeaders(facts.headers),
    cookies: Object.fromEntries(facts.cookieNames.map((name) => [name, MASKED_VALUE])),
  };
}
