import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_MAX_PAYLOAD } from '../../app';
import { seedDemoData } from '../../db/seed/seed';
import { signIn, signInAsAdmin } from '../../test/admin-session';
import { startFixtureSite, type FixtureSite } from '../../test/fixture-site';
import { startSecondInstance, type SecondInstance } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';

interface SocketMessage {
  type: string;
  title: string;
  message: string;
  timestamp: string;
  data: Record<string, unknown> | null;
}

/** Opens a socket and collects its messages; resolves once open, or rejects with the refused status. */
function openSocket(
  url: string,
  headers: Record<string, string>,
): Promise<{ socket: WebSocket; messages: SocketMessage[]; next: (type: string) => Promise<SocketMessage> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: SocketMessage[] = [];
    const waiters: { type: string; resolve: (message: SocketMessage) => void }[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as SocketMessage;
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.type === message.type) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    socket.on('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        messages,
        next: (type) => {
          const found = messages.find((message) => message.type === type);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no ${type} message within 10 s`)), 10_000);
            waiters.push({ type, resolve: (message) => (clearTimeout(timer), done(message)) });
          });
        },
      }),
    );
  });
}

let site: FixtureSite;
let testApp: TestApp;
let wsUrl: string;
let origin: string;
let cookie: string;

beforeAll(async () => {
  site = await startFixtureSite();
  testApp = await createTestApp({ DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port}` });
  await seedDemoData(testApp.ctx.db);
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (testApp.app.server.address() as AddressInfo).port;
  wsUrl = `ws://127.0.0.1:${port}/ws`;
  origin = `http://127.0.0.1:${port}`;
  cookie = (await signInAsAdmin(testApp)).cookie;
});

afterAll(async () => {
  await testApp?.close();
  await site?.close();
});

describe('/ws', () => {
  it('refuses an anonymous upgrade with 401', async () => {
    await expect(openSocket(wsUrl, { origin })).rejects.toThrow('refused 401');
  });

  it('refuses a signed-in user who is not an admin with 403', async () => {
    const user = await signIn(testApp, { isAdmin: false });
    await expect(openSocket(wsUrl, { origin, cookie: user.cookie })).rejects.toThrow('refused 403');
  });

  it('refuses a cross-site upgrade with 403, even with an admin cookie', async () => {
    await expect(openSocket(wsUrl, { origin: 'https://evil.example', cookie })).rejects.toThrow('refused 403');
  });

  it('greets an admin with {type: "connection"} and pushes discoveries', async () => {
    const { socket, next, messages } = await openSocket(wsUrl, { origin, cookie });
    try {
      expect((await next('connection')).type).toBe('connection');
      expect(messages[0]?.type).toBe('connection');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/discover',
        headers: { cookie },
        payload: { url: `${site.origin}/plain-app` },
      });
      expect(response.statusCode).toBe(201);
      const event = await next('app_discovered');
      expect(event).toMatchObject({ title: 'App Discovered', data: { appId: response.json().id, name: 'PixelBrush' } });
      expect(event.message).toContain('PixelBrush');
      expect(Date.now() - Date.parse(event.timestamp)).toBeLessThan(60_000);
    } finally {
      socket.close(1000);
    }
  });
  it('closes a socket that sends a frame larger than it accepts (1009), and keeps one that sends a small frame', async () => {
    const small = await openSocket(wsUrl, { origin, cookie });
    const large = await openSocket(wsUrl, { origin, cookie });
    try {
      const closed = new Promise<number>((resolve) => large.socket.on('close', (code) => resolve(code)));
      large.socket.on('error', () => undefined);
      large.socket.send(Buffer.alloc(WS_MAX_PAYLOAD + 1, 'a'));
      expect(await closed).toBe(1009);
      // The small socket is still served: a notification reaches it after the other was closed.
      small.socket.send('ping');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/discover',
        headers: { cookie },
        payload: { url: `${site.origin}/tools/alpha` },
      });
      expect(response.statusCode).toBe(201);
      expect((await small.next('app_discovered')).data).toMatchObject({ appId: response.json().id });
      expect(small.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      small.socket.close(1000);
      large.socket.terminate();
    }
  });
});

describe('fan-out across instances', () => {
  let second: SecondInstance | undefined;

  afterAll(async () => second?.close());

  it('delivers a discovery made on one instance to a socket connected to another (LISTEN/NOTIFY)', async () => {
    second = await startSecondInstance(testApp, { DISCOVERY_ALLOW_HOSTS: `127.0.0.1:${site.port}` });
    const { app } = second;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    // The session cookie made on the first instance is valid on the second: sessions live in the database.
    const { socket, next } = await openSocket(`ws://127.0.0.1:${port}/ws`, { origin: `http://127.0.0.1:${port}`, cookie });
    try {
      await next('connection');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/discover',
        headers: { cookie },
        payload: { url: `${site.origin}/tools/delta` },
      });
      expect(response.statusCode).toBe(201);
      const event = await next('app_discovered');
      expect(event.data).toMatchObject({ appId: response.json().id, name: 'Delta Sheets' });
    } finally {
      socket.close(1000);
    }
  });
});
