import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Requests the HTTP parser refuses never reach a route: they are answered by the clientErrorHandler, so
 * they are tested over a real socket (app.inject skips the parser).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** Sends raw bytes and reads everything the server writes until it closes the connection. */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(Buffer.concat(chunks).toString('utf8')) : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(bytes);
  });
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('requests refused by the HTTP parser', () => {
  it('answers headers over the size limit with 431 in the one error shape', async () => {
    const answer = parse(
      await rawRequest(`GET /api/categories HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: { code: 'header_too_large', message: 'The request headers are too large.' } });
  });

  it('answers a malformed request with 400 in the one error shape', async () => {
    for (const bytes of [
      'THIS IS NOT HTTP\r\n\r\n',
      'GET /api/categories HTTP/1.1\r\nHost: localhost\r\nBad Header Name: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: nope\r\n\r\n',
    ]) {
      const answer = parse(await rawRequest(bytes));
      expect(answer.status, bytes).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ error: { code: 'bad_request', message: 'The request is not valid HTTP.' } });
    }
  });

  it('still serves a normal request on the same server afterwards', async () => {
    const answer = await rawRequest('GET /api/categories HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
  });
});
