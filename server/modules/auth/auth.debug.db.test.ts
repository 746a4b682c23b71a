import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { signIn } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SESSION_COOKIE } from '../../http/session-cookie';

const SESSION_SECRET = 'session-secret-that-must-never-leak-0123456789';
const DATABASE_PASSWORD = 'database-password-that-must-never-leak';
const OIDC_SECRET = 'oidc-client-secret-that-must-never-leak';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    SESSION_SECRET,
    DATABASE_URL: `postgres://aitlas:${DATABASE_PASSWORD}@db.internal:5432/aitlas`,
    OIDC_ISSUER_URL: 'https://id.example.com',
    OIDC_CLIENT_ID: 'aitlas-client',
    OIDC_CLIENT_SECRET: OIDC_SECRET,
    ADMIN_EMAILS: 'boss@example.com',
  });
});
afterAll(async () => t.close());

describe('GET /api/auth/debug', () => {
  it('without a session reports no session and the configuration as SET / NOT SET', async () => {
    const response = await t.app.inject({ url: '/api/auth/debug', headers: { host: 'aitlas.example.com' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.session).toEqual({ isAuthenticated: false, exists: false, id: null });
    expect(body.user).toEqual({ exists: false, claims: null, expires_at: null });
    expect(body.hostname).toBe('aitlas.example.com');
    expect(body.protocol).toBe('http');
    expect(body.authMode).toBe('oidc');
    expect(body.environment).toEqual({
      NODE_ENV: 'test',
      DATABASE_URL: 'SET',
      REPL_ID: 'SET',
      SESSION_SECRET: 'SET',
      databaseConnected: true,
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('with a session shows the claims and expiry but never a secret, a cookie value or the session id', async () => {
    const session = await signIn(t);
    const cookieValue = session.cookie.slice(SESSION_COOKIE.length + 1);
    const token = cookieValue.split('.')[0] as string;
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, session.userId));
    const response = await t.app.inject({
      url: '/api/auth/debug',
      headers: { cookie: `${session.cookie}; theme=dark`, authorization: 'Bearer top-secret-token', 'x-request-id': 'req-42' },
    });
    const body = response.json();
    expect(body.session).toEqual({ isAuthenticated: true, exists: true, id: '[hidden]' });
    expect(body.user.exists).toBe(true);
    expect(body.user.claims).toEqual({
      sub: String(session.userId),
      email: session.email,
      first_name: 'Test',
      last_name: 'User',
    });
    const now = Date.now() / 1000;
    expect(body.user.expires_at).toBeGreaterThan(now + 6 * 24 * 3600);
    expect(body.user.expires_at).toBeLessThanOrEqual(now + 7 * 24 * 3600 + 5);
    expect(body.headers.cookie).toBe('[hidden]');
    expect(body.headers.authorization).toBe('[hidden]');
    expect(body.headers['x-request-id']).toBe('req-42');
    expect(body.cookies).toEqual({ [SESSION_COOKIE]: '[hidden]', theme: '[hidden]' });
    for (const secret of [
      SESSION_SECRET,
      DATABASE_PASSWORD,
      OIDC_SECRET,
      cookieValue,
      token,
      row?.idHash as string,
      'top-secret-token',
      'dark',
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });
});
