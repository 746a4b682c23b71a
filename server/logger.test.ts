import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { createLogger } from './logger';

/** A stream that resolves with what it received once a line containing `until` arrives. */
function collector(until: string): { stream: Writable; text: Promise<string> } {
  let received = '';
  let resolve: (text: string) => void = () => undefined;
  const text = new Promise<string>((done) => (resolve = done));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      received += String(chunk);
      if (received.includes(until)) resolve(received);
      done();
    },
  });
  return { stream, text };
}

describe('createLogger', () => {
  it('logs JSON lines by default (production), with cookies redacted', async () => {
    const sink = collector('ready');
    const log = createLogger(loadEnv({ LOG_LEVEL: 'info' }), sink.stream);
    log.info({ req: { headers: { cookie: 'aitlas_session=secret' } } }, 'ready');
    const line = JSON.parse((await sink.text).trim()) as { level: number; msg: string; req: { headers: { cookie: string } } };
    expect(line).toMatchObject({ level: 30, msg: 'ready', req: { headers: { cookie: '[Redacted]' } } });
  });

  it('logs one readable line per entry with LOG_FORMAT=pretty (npm run dev)', async () => {
    const sink = collector('Aitlas is ready');
    const log = createLogger(loadEnv({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }), sink.stream);
    log.info('Aitlas is ready on http://localhost:3000');
    const text = await sink.text;
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Aitlas is ready on http:\/\/localhost:3000\n$/);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('refuses an unknown LOG_FORMAT', () => {
    expect(() => loadEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
