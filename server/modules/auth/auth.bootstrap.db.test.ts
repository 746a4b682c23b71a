import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { testEnv } from '../../env';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './auth.bootstrap';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A context on the test database whose log lines are collected. */
function contextWith(env: Record<string, string>): { ctx: AppContext; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  return { ctx: { ...t.ctx, env: testEnv(env), log }, lines };
}

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('ensureFirstAdmin', () => {
  it('on a database without admin and without ADMIN_EMAIL, creates admin@localhost and prints its one-time password once', async () => {
    const first = contextWith({});
    const printed: string[] = [];
    await ensureFirstAdmin(first.ctx, (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    const block = (printed[0] as string).split('\n').filter(Boolean);
    // A frame of equal-width plain lines, not a JSON log line.
    expect(block[0]).toMatch(/^┌─+┐$/);
    expect(block.at(-1)).toMatch(/^└─+┘$/);
    expect(new Set(block.map((line) => line.length)).size).toBe(1);
    expect(block).toContainEqual(expect.stringMatching(/^│ {2}Sign in at {3}http:\/\/localhost:3000\/login +│$/));
    expect(block).toContainEqual(expect.stringMatching(/^│ {2}E-mail {7}admin@localhost +│$/));
    const password = block.map((line) => /^│ {2}Password {5}(\S+) +│$/.exec(line)?.[1]).find(Boolean);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The log says where to look, and never carries the password itself.
    expect(first.lines.some((line) => JSON.parse(line).msg.includes(DEFAULT_ADMIN_EMAIL))).toBe(true);
    expect(first.lines.join('\n')).not.toContain(password as string);
    expect((await login(DEFAULT_ADMIN_EMAIL, password as string, '10.9.0.1')).statusCode).toBe(200);

    const second = contextWith({});
    const printedAgain: string[] = [];
    await ensureFirstAdmin(second.ctx, (text) => printedAgain.push(text));
    expect(printedAgain).toEqual([]);
    expect(second.lines.join('\n')).not.toContain('password');
    expect((await login(DEFAULT_ADMIN_EMAIL, password as string, '10.9.0.2')).statusCode).toBe(200);
  });

  it('creates the ADMIN_EMAIL account with ADMIN_PASSWORD, and a changed password replaces the old one at the next start', async () => {
    await ensureFirstAdmin(contextWith({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'first password 123' }).ctx);
    expect((await login('owner@example.com', 'first password 123', '10.9.1.1')).statusCode).toBe(200);

    await ensureFirstAdmin(contextWith({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'second password 456' }).ctx);
    expect((await login('owner@example.com', 'first password 123', '10.9.1.2')).statusCode).toBe(401);
    expect((await login('owner@example.com', 'second password 456', '10.9.1.3')).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, 'owner@example.com'))).toHaveLength(1);
  });

  it('gives an existing non-admin ADMIN_EMAIL account the admin flag', async () => {
    await t.ctx.db.insert(users).values({ email: 'promoted@example.com', isAdmin: false });
    await ensureFirstAdmin(contextWith({ ADMIN_EMAIL: 'promoted@example.com', ADMIN_PASSWORD: 'promoted password' }).ctx);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'promoted@example.com'));
    expect(row?.isAdmin).toBe(true);
    const session = await login('promoted@example.com', 'promoted password', '10.9.2.1');
    const cookie = session.cookies.find((entry) => entry.name === 'aitlas_session');
    const adminCall = await t.app.inject({
      url: '/api/admin/categories',
      headers: { cookie: `aitlas_session=${cookie?.value}` },
    });
    expect(adminCall.statusCode).toBe(200);
  });
});
