import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema';
import { signIn } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_FAILURE_LIMIT } from '../../lib/rate-limits';
import { hashPassword, passwordVerifier } from './auth.password';
import { SESSION_COOKIE } from '../../http/session-cookie';
import { LOGIN_ACCOUNT_GRACE } from './login-throttle';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './auth.sessions';

let t: TestApp;
const PASSWORD = 'a long and correct password';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let sequence = 0;
async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await t.ctx.db
    .insert(users)
    .values({ email: `person${sequence}@example.com`, passwordHash: await hashPassword(PASSWORD), isAdmin: true, ...overrides })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

function login(email: string, password: string, options: { cookie?: string; remoteAddress?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

function sessionCookieOf(response: Awaited<ReturnType<typeof login>>) {
  const cookie = response.cookies.find((entry) => entry.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

const tokenOf = (cookieValue: string) => cookieValue.split('.')[0] ?? '';

function currentUser(cookie?: string) {
  return t.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} });
}

describe('POST /api/login', () => {
  it('answers 200 with the user and an httpOnly, SameSite=Lax session cookie whose token is stored only as a hash', async () => {
    const user = await createUser({ firstName: 'Ada', lastName: 'Lovelace' });
    const response = await login(user.email.toUpperCase(), PASSWORD, { remoteAddress: '10.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null },
    });
    const cookie = sessionCookieOf(response);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    const token = tokenOf(cookie.value);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const me = await currentUser(`${SESSION_COOKIE}=${cookie.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
  });

  it('answers 401 "Invalid email or password" for a wrong password and for an unknown address alike', async () => {
    const user = await createUser();
    const wrong = await login(user.email, 'not the password', { remoteAddress: '10.0.1.1' });
    const unknown = await login('nobody@example.com', PASSWORD, { remoteAddress: '10.0.1.2' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid email or password' } });
      expect(response.cookies.find((entry) => entry.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('pays the same password check for an unknown address as for a wrong password (no account enumeration by timing)', async () => {
    const user = await createUser();
    // The real argon2, watched: verifications are counted, not timed on a busy machine.
    const verifyCalls = vi.spyOn(passwordVerifier, 'verify');
    // The argon2 parameters of a PHC string ("m=19456,t=2,p=1"): what one verification costs.
    const cost = (phc: unknown) => String(phc).split('$')[3];
    verifyCalls.mockClear();
    await login(user.email, 'wrong password', { remoteAddress: '10.0.2.10' });
    expect(verifyCalls).toHaveBeenCalledTimes(1);
    const real = cost(verifyCalls.mock.calls[0]?.[0]);
    verifyCalls.mockClear();
    await login('ghost@example.com', 'wrong password', { remoteAddress: '10.0.2.20' });
    // An unknown address verifies against a decoy hash of the same cost instead of answering at once.
    expect(verifyCalls).toHaveBeenCalledTimes(1);
    expect(cost(verifyCalls.mock.calls[0]?.[0])).toBe(real);
    expect(real).toMatch(/^m=\d+,t=\d+,p=\d+$/);
    verifyCalls.mockRestore();
  });

  it('refuses bad input with 400 and field messages', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: '', password: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    const notEmail = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nope', password: 'x' } });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().error.message).toBe('Enter a valid email address');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('never locks an account out from other addresses: past the account-wide limit only clients that failed more than a few times are refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T10:00:05Z') });
    const user = await createUser();
    // One client guessed 4 times (more than the grace), then 19 others once each: the account is past its limit.
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await login(user.email, 'wrong', { remoteAddress: '10.1.0.50' })).statusCode).toBe(401);
    for (let attempt = 1; attempt <= 19; attempt++) {
      const response = await login(user.email, 'wrong', { remoteAddress: `10.1.0.${attempt}` });
      expect(response.statusCode).toBe(401);
    }
    // The client that kept failing is held back, even with the right password.
    const blocked = await login(user.email, PASSWORD, { remoteAddress: '10.1.0.50' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.cookies.find((entry) => entry.name === SESSION_COOKIE)).toBeUndefined();
    // The owner who mistyped once signs in while others keep failing on the account.
    expect((await login(user.email, 'wrong', { remoteAddress: '10.1.0.120' })).statusCode).toBe(401);
    expect((await login(user.email, 'wrong', { remoteAddress: '10.1.0.121' })).statusCode).toBe(401);
    const owner = await login(user.email, PASSWORD, { remoteAddress: '10.1.0.3' });
    expect(owner.statusCode).toBe(200);
    expect((await login(user.email, PASSWORD, { remoteAddress: '10.1.0.99' })).statusCode).toBe(200);
    // A fresh guessing client gets the grace (LOGIN_ACCOUNT_GRACE + 1 tries), then loses its standing.
    const fresh = [];
    for (let attempt = 0; attempt <= LOGIN_ACCOUNT_GRACE + 1; attempt++)
      fresh.push((await login(user.email, 'wrong', { remoteAddress: '10.1.0.130' })).statusCode);
    expect(fresh).toEqual([...Array(LOGIN_ACCOUNT_GRACE + 1).fill(401), 429]);

    vi.setSystemTime(new Date('2031-01-01T10:15:05Z'));
    const nextQuarter = await login(user.email, PASSWORD, { remoteAddress: '10.1.0.50' });
    expect(nextQuarter.statusCode).toBe(200);
  });

  it(`checks at most ${LOGIN_FAILURE_LIMIT} of 40 parallel wrong passwords from one address; the others get 429 unchecked`, async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:05Z') });
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(user.email, 'wrong', { remoteAddress: '10.4.0.1' })),
    );
    const statuses = answers.map((response) => response.statusCode);
    // Each 401 is a password that was checked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LOGIN_FAILURE_LIMIT);
    expect((await login(user.email, PASSWORD, { remoteAddress: '10.4.0.1' })).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, { remoteAddress: '10.4.0.2' })).statusCode).toBe(200);
  });

  it('does not count a right password as a failure, so the owner signs in again and again between typos', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-04-01T10:00:05Z') });
    const user = await createUser();
    for (let attempt = 1; attempt < LOGIN_FAILURE_LIMIT; attempt++)
      expect((await login(user.email, 'wrong', { remoteAddress: '10.5.0.1' })).statusCode).toBe(401);
    const signIns = [];
    for (let attempt = 0; attempt < 3; attempt++)
      signIns.push((await login(user.email, PASSWORD, { remoteAddress: '10.5.0.1' })).statusCode);
    expect(signIns).toEqual([200, 200, 200]);
    expect((await login(user.email, 'wrong', { remoteAddress: '10.5.0.1' })).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD, { remoteAddress: '10.5.0.1' })).statusCode).toBe(429);
  });

  it('refuses a client that failed 5 times within a minute with 429, whatever address it tries next', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-02-01T10:00:05Z') });
    const user = await createUser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(`guess${attempt}@example.com`, 'wrong', { remoteAddress: '10.2.0.1' });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(user.email, PASSWORD, { remoteAddress: '10.2.0.1' });
    expect(blocked.statusCode).toBe(429);
    const otherClient = await login(user.email, PASSWORD, { remoteAddress: '10.2.0.2' });
    expect(otherClient.statusCode).toBe(200);
  });

  it('rotates the session at sign-in: the previous session id stops working', async () => {
    const user = await createUser();
    const first = sessionCookieOf(await login(user.email, PASSWORD, { remoteAddress: '10.3.0.1' }));
    const firstHeader = `${SESSION_COOKIE}=${first.value}`;
    const second = sessionCookieOf(await login(user.email, PASSWORD, { cookie: firstHeader, remoteAddress: '10.3.0.1' }));
    expect(second.value).not.toBe(first.value);
    expect((await currentUser(firstHeader)).statusCode).toBe(401);
    expect((await currentUser(`${SESSION_COOKIE}=${second.value}`)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.idHash)).toEqual([hashToken(tokenOf(second.value))]);
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 without a session and for forged or unknown cookies', async () => {
    expect((await currentUser()).statusCode).toBe(401);
    expect((await currentUser()).json().error.code).toBe('unauthorized');
    const session = await signIn(t);
    const token = tokenOf(session.cookie.slice(SESSION_COOKIE.length + 1));
    expect((await currentUser(`${SESSION_COOKIE}=${token}.${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await currentUser(`${SESSION_COOKIE}=garbage`)).statusCode).toBe(401);
  });

  it('ends a session unused for longer than the idle limit, and deletes it', async () => {
    const session = await signIn(t);
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.userId, session.userId));
    expect((await currentUser(session.cookie)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, session.userId))).toHaveLength(0);
  });

  it('ends a session at its absolute expiry even while it is in use', async () => {
    const session = await signIn(t);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.userId, session.userId));
    expect((await currentUser(session.cookie)).statusCode).toBe(401);
  });

  it('slides the idle expiry on use, writing lastSeenAt at most once a minute', async () => {
    const session = await signIn(t);
    const [created] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, session.userId));
    expect(created?.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_ABSOLUTE_MS - 60_000);
    await currentUser(session.cookie);
    const [untouched] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, session.userId));
    expect(untouched?.lastSeenAt.getTime()).toBe(created?.lastSeenAt.getTime());

    const old = new Date(Date.now() - 5 * 60_000);
    await t.ctx.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, session.userId));
    expect((await currentUser(session.cookie)).statusCode).toBe(200);
    const [touched] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, session.userId));
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('GET /api/logout deletes the session on the server, clears the cookie and redirects to /', async () => {
    const session = await signIn(t);
    const response = await t.app.inject({ url: '/api/logout', headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const cleared = response.cookies.find((entry) => entry.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, session.userId))).toHaveLength(0);
    // Replaying the old cookie after logout gets nothing.
    expect((await currentUser(session.cookie)).statusCode).toBe(401);
  });

  it('a user deleted from the database loses its sessions at once', async () => {
    const session = await signIn(t);
    await t.ctx.db.delete(users).where(eq(users.id, session.userId));
    expect((await currentUser(session.cookie)).statusCode).toBe(401);
  });
});

describe('GET /api/login without an identity provider', () => {
  it('redirects to the local login page', async () => {
    const response = await t.app.inject({ url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({ oidc: false, local: true });
  });
});

describe('on an https public URL', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://aitlas.example.com' });
    try {
      const session = await signIn(secure);
      expect(session.cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
      const user = await secure.ctx.db.select().from(users).where(eq(users.id, session.userId));
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user[0]?.email, password: 'correct horse battery staple' },
      });
      expect(sessionCookieOf(response).secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});
