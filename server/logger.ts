import pino from 'pino';
import type { Env } from './env';

/** The process logger (JSON lines; secrets in headers are redacted). */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>) {
  return pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
}
