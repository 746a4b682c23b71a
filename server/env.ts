import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseTrustProxy } from './http/trusted-proxy';

/**
 * The only reader of `process.env`. Every setting of the product is declared here with its default,
 * validated once at start-up; an invalid value stops the process with a readable list.
 */
/** This process's stand-in secret until the kept one is read (shared by every context of the process). */
const PROCESS_SECRET = randomBytes(32).toString('base64url');

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    /** Connections each instance keeps to PostgreSQL (ignored on the embedded database); mind the server's max_connections. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PUBLIC_URL: optionalUrl,
    SEED_DEMO_DATA: booleanFromString.default(true),
    LOGO_SERVICE_URL: z
      .string()
      .refine((value) => value === '' || value.includes('{host}'), 'must contain the placeholder {host}')
      .default('https://icons.duckduckgo.com/ip3/{host}.ico'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json` (one JSON object a line, for log collectors) or `pretty` (for a person: `npm run dev` sets it). */
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if (parsed.ok) return parsed.value;
        context.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }),

    /** Time a client has to send a whole request, and longest idle socket (0 turns a limit off). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),

    RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Public API v1 and MCP requests per minute per client address (anonymous), and per API key. */
    RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().default(60),
    RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().positive().default(1200),

    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalString,
    AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    AI_EMBEDDING_MODEL: optionalString,
    AI_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),

    SESSION_SECRET: optionalString,
    ADMIN_EMAIL: z.preprocess((value) => (value === '' ? undefined : value), z.email().optional()),
    ADMIN_PASSWORD: optionalString,
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_ALLOW_INSECURE: booleanFromString.default(false),

    DISCOVERY_ALLOW_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      ),
    DISCOVERY_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    DISCOVERY_SCHEDULER: booleanFromString.default(true),
    LINK_HEALTH_SCHEDULER: booleanFromString.default(true),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    // Without SESSION_SECRET a random secret for this process; the server and the CLIs replace it
    // with the one kept for the data (session-secret.ts), so cookies outlive a restart.
    SECRET: env.SESSION_SECRET ?? PROCESS_SECRET,
  }))
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production and must be at least 32 characters',
      });
    }
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      context.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required when ADMIN_EMAIL is set' });
    }
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc > 0 && oidc < 3) {
      context.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Thrown when the environment is invalid; its message lists every problem, one per line. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses an environment (by default `process.env`) into typed settings.
 * @throws EnvError listing each invalid variable.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Settings for tests: embedded database defaults with overrides. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...overrides });
}
