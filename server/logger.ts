import { createRequire } from 'node:module';
import pino from 'pino';
import type { Env } from './env';

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * pino-pretty's stream when it is installed (a development dependency: a production install
 * without dev dependencies has none, and then the log stays JSON).
 */
function prettyStream(destination: NodeJS.WritableStream | undefined): NodeJS.WritableStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: Record<string, unknown>) => NodeJS.WritableStream;
    return pretty({
      colorize: !destination && process.stdout.isTTY === true,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
      ...(destination ? { destination } : {}),
    });
  } catch {
    return undefined;
  }
}

/**
 * The process logger; secrets in headers are redacted. `LOG_FORMAT=json` (the default, for
 * production): JSON lines on stdout, written asynchronously, so under load the lines logged while a
 * write is in flight go out together in the next write instead of one blocking write each (pino
 * flushes what is pending when the process exits). `LOG_FORMAT=pretty` (`npm run dev`): one readable
 * line per entry. `destination` replaces stdout (tests).
 */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL'> & Partial<Pick<Env, 'LOG_FORMAT'>>,
  destination?: NodeJS.WritableStream,
) {
  const options = { level: env.LOG_LEVEL, redact: REDACT };
  const json = () => destination ?? pino.destination({ dest: 1, sync: false });
  if (env.LOG_FORMAT === 'pretty') {
    const stream = prettyStream(destination);
    if (stream) return pino(options, stream);
    const log = pino(options, json());
    log.warn('LOG_FORMAT=pretty needs the development dependency pino-pretty; logging JSON instead.');
    return log;
  }
  return pino(options, json());
}
