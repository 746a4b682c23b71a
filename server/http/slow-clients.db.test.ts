import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Slow clients over a real socket: a body trickled one byte at a time is cut off once the request
 * timeout passes instead of holding the socket for ever.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '1500', CONNECTION_TIMEOUT_MS: '3000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

describe('a request body sent one byte at a time', () => {
  it('is cut off after the request timeout: 408 and the socket closed', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    const body = JSON.stringify({ query: 'a slow writer that never finishes its body' });
    socket.write(
      `POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    // One byte every 100 ms: the body would take seconds, and the socket never goes idle.
    const trickle = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++] ?? '');
    }, 100);
    await closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(body.length);
    expect(Buffer.concat(received).toString()).toMatch(/^HTTP\/1\.1 408/);
  });
});
