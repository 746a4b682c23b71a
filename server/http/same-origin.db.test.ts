import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApp } from '../db/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let id: number;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://aitlas.example' });
  id = await insertApp(t.ctx.db);
});
afterAll(() => t.close());

const save = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/apps/${id}/save`, headers });

describe('same-origin check on writes', () => {
  it('refuses a write sent by another site, by Origin or Referer', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await save(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('accepts the public URL, the request host (default ports included) and clients that name no page', async () => {
    expect((await save({ origin: 'https://aitlas.example' })).statusCode).toBe(200);
    expect((await save({ host: 'localhost:80', origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await save({ host: '127.0.0.1:3000', referer: 'http://127.0.0.1:3000/app/1' })).statusCode).toBe(200);
    expect((await save({})).statusCode).toBe(200);
  });

  it('never checks reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});
