import { z } from './zod';

/** The signed-in user as `GET /api/auth/user` and `POST /api/login` return it (spec §3 Authenticated user). */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** `POST /api/login` response. */
export interface LoginResponse {
  user: AuthUser;
}

/** The generic answer to any wrong e-mail/password pair (the same for an unknown address). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** `POST /api/login` body. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(320, { error: 'Email is too long', abort: true })
    // Deliberately loose: the generated first admin is admin@localhost, which strict rules refuse.
    .regex(/^[^\s@]+@[^\s@]+$/, 'Enter a valid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * `GET /api/auth/providers`: which sign-in methods the login page offers. `oidc` is true when an
 * identity provider is configured (its button goes to `/api/login`); `local` (e-mail + password
 * through `POST /api/login`) is always available.
 */
export interface AuthProvidersResponse {
  oidc: boolean;
  local: boolean;
}

/** How the debug endpoint reports a secret or a configured value: never the value itself. */
export type SetOrNotSet = 'SET' | 'NOT SET';

/** A value the debug endpoint hides (cookie values, credentials headers, the session id). */
export const MASKED_VALUE = '[hidden]';

/**
 * `GET /api/auth/debug` (spec §3 Auth debug response). No secret, cookie value or session id is ever
 * shown: `session.id` is `"[hidden]"` when a session exists, cookie values and the cookie and
 * authorization headers are `"[hidden]"`, environment variables are SET / NOT SET.
 */
export interface AuthDebugResponse {
  session: { isAuthenticated: boolean; exists: boolean; id: typeof MASKED_VALUE | null };
  user: {
    exists: boolean;
    claims: { sub: string; email: string; first_name: string | null; last_name: string | null } | null;
    /** When the session ends (epoch seconds): the earlier of the idle and the absolute expiry. */
    expires_at: number | null;
  };
  hostname: string;
  protocol: string;
  /** `oidc` when an identity provider is configured, else `local`. */
  authMode: 'oidc' | 'local';
  environment: {
    /** The environment name (development, production, test): not a secret. */
    NODE_ENV: string;
    DATABASE_URL: SetOrNotSet;
    /** The OAuth app id of the original product: here, whether OIDC_CLIENT_ID is set. */
    REPL_ID: SetOrNotSet;
    SESSION_SECRET: SetOrNotSet;
    /** Whether the database answered a query just now. */
    databaseConnected: boolean;
  };
  timestamp: string;
  headers: Record<string, string>;
  /** Cookie names present on the request; every value is hidden. */
  cookies: Record<string, typeof MASKED_VALUE>;
}
