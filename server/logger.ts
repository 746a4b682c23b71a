import pino from 'pino';
import type { Env } from './env';

/**
 * The process logger (JSON lines on stdout; secrets in headers are redacted). Lines are written
 * asynchronously: under load, lines logged while a write is in flight go out together in the next
 * write instead of one blocking write each (pino flushes what is pending when the process exits).
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>) {
  return pino(
    {
      level: env.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
