import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OIDC_FLOW_COOKIE } from './auth.oidc';
import { SESSION_COOKIE } from '../../http/session-cookie';

const PUBLIC_URL = 'http://localhost:3999';
let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider(`${PUBLIC_URL}/api/callback`);
  t = await createTestApp({
    PUBLIC_URL,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ALLOW_INSECURE: 'true',
    ADMIN_EMAILS: 'Curator@Example.com, second@example.com',
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The browser's side of a full sign-in: /api/login → provider → /api/callback. */
async function signInThroughProvider() {
  const start = await t.app.inject({ url: '/api/login' });
  expect(start.statusCode).toBe(302);
  const flowCookie = start.cookies.find((cookie) => cookie.name === OIDC_FLOW_COOKIE);
  expect(flowCookie?.httpOnly).toBe(true);
  const authorizationUrl = new URL(start.headers.location as string);
  expect(authorizationUrl.origin).toBe(provider.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/callback`);
  const callback = await provider.authorize(authorizationUrl.href);
  expect(callback.pathname).toBe('/api/callback');
  expect(callback.searchParams.get('code')).toBeTruthy();
  const finish = await t.app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `${OIDC_FLOW_COOKIE}=${flowCookie?.value}` },
  });
  const session = finish.cookies.find((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '');
  return {
    finish,
    sessionCookie: session ? `${SESSION_COOKIE}=${session.value}` : null,
    callback,
    flowCookie: flowCookie?.value,
  };
}

describe('OpenID Connect sign-in against a real provider', () => {
  it('the login page learns that the identity provider is configured', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ oidc: true, local: true });
  });

  it('signs in an allow-listed e-mail as an admin, then logout ends the session', async () => {
    provider.signInAs({ sub: 'curator-1', email: 'curator@example.com', givenName: 'Cora', familyName: 'Curator' });
    const { finish, sessionCookie } = await signInThroughProvider();
    expect(finish.statusCode).toBe(302);
    expect(finish.headers.location).toBe('/admin');
    expect(sessionCookie).not.toBeNull();
    const cookie = sessionCookie as string;

    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'curator@example.com', firstName: 'Cora', lastName: 'Curator' });
    const adminCall = await t.app.inject({ url: '/api/admin/categories', headers: { cookie } });
    expect(adminCall.statusCode).toBe(200);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'curator@example.com'));
    expect(user?.oidcSubject).toBe('curator-1');
    expect(user?.passwordHash).toBeNull();

    const logout = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    expect(
      await t.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? -1)),
    ).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/admin/categories', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers a user whose e-mail is not allow-listed with a 403 page and no session', async () => {
    provider.signInAs({ sub: 'visitor-1', email: 'visitor@example.com' });
    const { finish, sessionCookie } = await signInThroughProvider();
    expect(finish.statusCode).toBe(403);
    expect(finish.headers['content-type']).toContain('text/html');
    expect(finish.body).toContain('Access denied');
    expect(finish.body).toContain('visitor@example.com is not allowed to use the Aitlas admin area');
    expect(sessionCookie).toBeNull();
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'visitor@example.com'))).toHaveLength(0);
  });

  it('does not trust an allow-listed e-mail the provider marks as unverified', async () => {
    provider.signInAs({ sub: 'impostor-1', email: 'second@example.com', emailVerified: false });
    const { finish, sessionCookie } = await signInThroughProvider();
    expect(finish.statusCode).toBe(403);
    expect(sessionCookie).toBeNull();
  });

  it('refuses a callback without the flow cookie, or with a forged state, and cannot replay a code', async () => {
    provider.signInAs({ sub: 'curator-1', email: 'curator@example.com' });
    const start = await t.app.inject({ url: '/api/login' });
    const flowCookie = start.cookies.find((cookie) => cookie.name === OIDC_FLOW_COOKIE)?.value;
    const callback = await provider.authorize(start.headers.location as string);
    const path = `${callback.pathname}${callback.search}`;

    const withoutCookie = await t.app.inject({ url: path });
    expect(withoutCookie.statusCode).toBe(400);
    expect(withoutCookie.body).toContain('Sign-in failed');

    const forgedState = new URL(callback);
    forgedState.searchParams.set('state', 'forged-state');
    const forged = await t.app.inject({
      url: `${forgedState.pathname}${forgedState.search}`,
      headers: { cookie: `${OIDC_FLOW_COOKIE}=${flowCookie}` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.cookies.find((cookie) => cookie.name === SESSION_COOKIE && cookie.value !== '')).toBeUndefined();

    const tampered = await t.app.inject({ url: path, headers: { cookie: `${OIDC_FLOW_COOKIE}=${flowCookie}x` } });
    expect(tampered.statusCode).toBe(400);

    const first = await t.app.inject({ url: path, headers: { cookie: `${OIDC_FLOW_COOKIE}=${flowCookie}` } });
    expect(first.statusCode).toBe(302);
    const replay = await t.app.inject({ url: path, headers: { cookie: `${OIDC_FLOW_COOKIE}=${flowCookie}` } });
    expect(replay.statusCode).toBe(400);
  });

  it('the flow can finish on another instance (state lives in the encrypted cookie, not in memory)', async () => {
    const other = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOW_INSECURE: 'true',
      ADMIN_EMAILS: 'curator@example.com',
    });
    try {
      provider.signInAs({ sub: 'curator-1', email: 'curator@example.com' });
      const start = await t.app.inject({ url: '/api/login' });
      const flowCookie = start.cookies.find((cookie) => cookie.name === OIDC_FLOW_COOKIE)?.value;
      const callback = await provider.authorize(start.headers.location as string);
      const finish = await other.app.inject({
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: `${OIDC_FLOW_COOKIE}=${flowCookie}` },
      });
      expect(finish.statusCode).toBe(302);
      expect(finish.headers.location).toBe('/admin');
    } finally {
      await other.close();
    }
  });
});

describe('an identity-provider admin removed from ADMIN_EMAILS', () => {
  it('loses admin access on the next request', async () => {
    provider.signInAs({ sub: 'second-1', email: 'second@example.com' });
    const { sessionCookie } = await signInThroughProvider();
    const cookie = sessionCookie as string;
    expect((await t.app.inject({ url: '/api/admin/categories', headers: { cookie } })).statusCode).toBe(200);
    const narrowed = { ...t.ctx, env: { ...t.ctx.env, ADMIN_EMAILS: ['curator@example.com'] } };
    const { buildApp } = await import('../../app');
    const restarted = await buildApp(narrowed, { logger: false });
    try {
      const response = await restarted.inject({ url: '/api/admin/categories', headers: { cookie } });
      expect(response.statusCode).toBe(403);
    } finally {
      await restarted.close();
    }
  });
});
