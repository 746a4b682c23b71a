/**
 * Whether an error is PostgreSQL's unique_violation (23505), as thrown by pg and PGlite; drizzle
 * wraps driver errors in `cause`. With `constraint`, only a violation of that index counts.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      const name = candidate.constraint ?? candidate.constraint_name;
      if (name === constraint) return true;
      return typeof candidate.message === 'string' && candidate.message.includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}

/** Whether an error is PostgreSQL's foreign_key_violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503') return true;
    current = candidate.cause;
  }
  return false;
}

const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/i,
  /^Query read timeout/,
  /Client has encountered a connection error/,
];
const UNAVAILABLE_CODES = new Set([
  'DB_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '08000',
  '08003',
  '08006',
]);

/**
 * Whether an error says the database cannot be reached right now (a lost or timed-out connection,
 * a server shutting down, a statement cancelled by its timeout) rather than that the request was
 * wrong: the caller answers 503 and the pool replaces the connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))
    )
      return true;
    current = candidate.cause;
  }
  return false;
}
