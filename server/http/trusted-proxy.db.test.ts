import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apps, users } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.password';
import { insertApp } from '../db/factories';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Spoofed X-Forwarded-For, without and with a configured proxy: the client address used by the
 * login throttle and the view de-duplication is never one the client wrote.
 */
let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

const PASSWORD = 'proxy trust password';

interface Scenario {
  name: string;
  env: Record<string, string>;
  /** The socket address requests arrive from. */
  remoteAddress: string;
  /** X-Forwarded-For as it reaches the server when the client wrote `spoofed` into it. */
  forwardedFor: (spoofed: string) => string;
}

const scenarios: Scenario[] = [
  { name: 'no proxy configured (default)', env: {}, remoteAddress: '198.51.100.20', forwardedFor: (spoofed) => spoofed },
  {
    name: 'TRUST_PROXY lists the load balancer address',
    env: { TRUST_PROXY: '10.0.0.0/8' },
    remoteAddress: '10.0.0.5',
    // The load balancer appends the address it saw; whatever the client sent stays to the left.
    forwardedFor: (spoofed) => `${spoofed}, 198.51.100.20`,
  },
  {
    name: 'TRUST_PROXY=1 (one hop)',
    env: { TRUST_PROXY: '1' },
    remoteAddress: '10.0.0.5',
    forwardedFor: (spoofed) => `${spoofed}, 198.51.100.20`,
  },
  {
    name: 'a client reaching the server around the listed proxy',
    env: { TRUST_PROXY: '10.0.0.0/8' },
    remoteAddress: '198.51.100.20',
    forwardedFor: (spoofed) => spoofed,
  },
];

describe.each(scenarios)('proxy trust: $name', ({ env, remoteAddress, forwardedFor }) => {
  it('40 wrong passwords from rotating spoofed addresses are throttled, and 50 views count once', async () => {
    t = await createTestApp(env);
    const email = 'target@example.com';
    await t.ctx.db.insert(users).values({ email, passwordHash: await hashPassword(PASSWORD), isAdmin: true });
    // The throttle counts in fixed one-minute windows: on a busy machine 40 sign-ins can straddle a
    // window's end and legitimately get 5 more tries. Freezing the clock inside one window makes the
    // expectation exact instead of depending on when the test happens to run.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 60_000) * 60_000 + 1_000 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardForAttempt(forwardedFor, attempt) },
        payload: { email, password: `wrong-${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);

    const id = await insertApp(t.ctx.db);
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/apps/${id}/view`,
        remoteAddress,
        headers: { 'x-forwarded-for': forwardForAttempt(forwardedFor, attempt) },
      });
      expect(response.statusCode).toBe(200);
    }
    const [row] = await t.ctx.db.select({ viewCount: apps.viewCount }).from(apps).where(eq(apps.id, id));
    expect(row?.viewCount).toBe(1);
  }, 120_000);
});

function forwardForAttempt(forwardedFor: (spoofed: string) => string, attempt: number): string {
  return forwardedFor(`203.0.113.${attempt + 1}`);
}

describe('proxy trust: distinct clients behind a configured proxy', () => {
  it('are told apart by the address the proxy appended', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    const id = await insertApp(t.ctx.db);
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/apps/${id}/view`,
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `1.2.3.4, ${client}` },
      });
    }
    const [row] = await t.ctx.db.select({ viewCount: apps.viewCount }).from(apps).where(eq(apps.id, id));
    expect(row?.viewCount).toBe(3);
  });
});
