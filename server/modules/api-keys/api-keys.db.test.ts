import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { signIn, signInAsAdmin, type TestSession } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: '3', RATE_LIMIT_API_KEY_PER_MINUTE: '50' });
  admin = await signInAsAdmin(t);
});
afterAll(() => t.close());

const create = (name: unknown, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: { cookie }, payload: { name } });
const v1 = (headers: Record<string, string> = {}, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: '/api/v1/categories', headers, remoteAddress: ip });

describe('API keys', () => {
  it('an admin creates a key: the secret is shown once, only its hash is stored, the list shows the prefix', async () => {
    const res = await create('  Partner dashboard  ');
    expect(res.statusCode).toBe(201);
    const { key, secret } = res.json();
    expect(secret).toMatch(/^aitlas_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Partner dashboard', prefix: secret.slice(0, 13), revokedAt: null, lastUsedAt: null });

    const rows = await t.ctx.db.select().from(apiKeys);
    const row = rows.find((entry) => entry.id === key.id)!;
    expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: { cookie: admin.cookie } });
    expect(list.json().find((entry: { id: number }) => entry.id === key.id)).toEqual(key);
    expect(list.body).not.toContain(secret);
  });

  it('refuses a blank or overlong name, and anyone but an admin', async () => {
    for (const name of ['', '   ', 'x'.repeat(101), 42]) {
      const res = await create(name);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', payload: { name: 'x' } })).statusCode).toBe(401);
    const visitor = await signIn(t, { isAdmin: false });
    expect((await create('x', visitor.cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/admin/api-keys/999999', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(404);
  });

  it('a key raises the limit; without one the anonymous limit applies; a revoked or unknown key gets 401', async () => {
    const anonymous = [];
    for (let i = 0; i < 4; i++) anonymous.push(await v1({}, '203.0.113.10'));
    expect(anonymous.slice(0, 3).map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(anonymous[3]!.statusCode).toBe(429);
    expect(anonymous[3]!.json().error.code).toBe('rate_limited');
    expect(Number(anonymous[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(anonymous[0]!.headers['ratelimit-limit']).toBe('3');

    const { key, secret } = (await create('Heavy client')).json();
    const auth = { authorization: `Bearer ${secret}` };
    for (let i = 0; i < 6; i++) {
      const res = await v1(auth, '203.0.113.10');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('50');
      expect(Number(res.headers['ratelimit-remaining'])).toBe(50 - (i + 1));
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: { cookie: admin.cookie } })).json();
    expect(listed.find((entry: { id: number }) => entry.id === key.id).lastUsedAt).not.toBeNull();

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${key.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const refused = await v1(auth);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'unauthorized', message: 'This API key has been revoked.' });

    for (const authorization of [`Bearer aitlas_${'A'.repeat(43)}`, 'Bearer nonsense', 'Basic dXNlcjpwYXNz']) {
      const res = await v1({ authorization });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });
});
