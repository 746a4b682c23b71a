import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_INTERVAL_MINUTES, SYNC_INTERVAL_CHOICES } from '@shared/constants';
import { discoveryLogs } from '../../db/schema';
import { signInAsAdmin, type TestSession } from '../../test/admin-session';
import { startSecondInstance } from '../../test/second-instance';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NEXT_RUN_KEY, readNextRunAt, rescheduledRunAt, writeNextRunAt } from '../discovery/discovery.schedule-store';
import { planAndRun } from '../discovery/discovery.scheduler';
import { DiscoveryRepository } from '../discovery/discovery.repository';
import { DiscoveryRunsService } from '../discovery/discovery.runs.service';
import { SettingsService, SYNC_INTERVAL_KEY } from './settings.service';

let t: TestApp;
let admin: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: admin.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('sync interval', () => {
  it('defaults to 60 minutes', async () => {
    const response = await call('GET', '/api/admin/sync-interval');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ intervalMinutes: DEFAULT_SYNC_INTERVAL_MINUTES });
  });

  it('stores every choice of spec §9, shared through the database with the scheduler', async () => {
    for (const choice of SYNC_INTERVAL_CHOICES) {
      const saved = await call('POST', '/api/admin/sync-interval', { intervalMinutes: choice.minutes });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ intervalMinutes: choice.minutes });
      expect((await call('GET', '/api/admin/sync-interval')).json()).toEqual({ intervalMinutes: choice.minutes });
      expect(await new SettingsService(t.ctx.db).getSyncIntervalMinutes()).toBe(choice.minutes);
    }
    expect((await call('POST', '/api/admin/sync-interval', { intervalMinutes: '180' })).json()).toEqual({ intervalMinutes: 180 });
  });

  it('accepts positive whole numbers only (400 otherwise, value unchanged)', async () => {
    await call('POST', '/api/admin/sync-interval', { intervalMinutes: 720 });
    for (const intervalMinutes of [0, -30, 1.5, 'abc', null, '', true]) {
      const response = await call('POST', '/api/admin/sync-interval', { intervalMinutes });
      expect(response.statusCode, JSON.stringify(intervalMinutes)).toBe(400);
      expect(response.json().error.message).toBe('Interval must be a positive whole number of minutes');
    }
    expect((await call('POST', '/api/admin/sync-interval', {})).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/sync-interval', { intervalMinutes: 10_000_000 })).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/sync-interval')).json()).toEqual({ intervalMinutes: 720 });
  });

  it('a damaged stored value falls back to the default', async () => {
    const service = new SettingsService(t.ctx.db);
    await service.set(SYNC_INTERVAL_KEY, 'often');
    expect(await service.getSyncIntervalMinutes()).toBe(DEFAULT_SYNC_INTERVAL_MINUTES);
    expect(await service.get('never.set', 'fallback')).toBe('fallback');
    await service.set('custom.key', { a: 1 });
    expect(await service.get('custom.key')).toEqual({ a: 1 });
  });
});

describe('changing the interval moves the next scheduled run', () => {
  const MINUTE = 60_000;

  it('keeps the last run as the anchor and never plans in the past', () => {
    const now = Date.parse('2030-05-01T12:00:00Z');
    // Hourly, last run 20 minutes ago: next in 40 minutes.
    const stored = new Date(now + 40 * MINUTE);
    expect(rescheduledRunAt(stored, 60, 10_080, now)?.toISOString()).toBe(
      new Date(now - 20 * MINUTE + 10_080 * MINUTE).toISOString(),
    );
    expect(rescheduledRunAt(stored, 60, 180, now)?.toISOString()).toBe(new Date(now + 160 * MINUTE).toISOString());
    // Every 30 minutes after a run 40 minutes ago is already due.
    expect(rescheduledRunAt(new Date(now + 20 * MINUTE), 60, 30, now)?.getTime()).toBe(now);
    expect(rescheduledRunAt(null, 60, 30, now)).toBeNull();
  });

  it('on save, for every instance: the shared next run moves and the other instance hears it at once', async () => {
    const second = await startSecondInstance(t);
    try {
      await call('POST', '/api/admin/sync-interval', { intervalMinutes: 60 });
      const lastRun = Date.now() - 20 * MINUTE;
      await writeNextRunAt(t.ctx, new Date(lastRun + 60 * MINUTE));
      const heard = new Promise<void>((resolve) => second.ctx.changes.subscribe('schedule.changed', () => resolve()));

      const saved = await call('POST', '/api/admin/sync-interval', { intervalMinutes: 10_080 });
      expect(saved.statusCode).toBe(200);
      await heard;
      // The other instance shows the weekly time, not the hourly one.
      const status = await second.app.inject({
        method: 'GET',
        url: '/api/admin/discovery-status',
        headers: { cookie: admin.cookie },
      });
      expect(status.statusCode).toBe(200);
      expect(Date.parse(status.json().nextRunAt)).toBe(lastRun + 10_080 * MINUTE);
      expect(status.json().intervalMinutes).toBe(10_080);

      // A scheduler on the other instance follows the new plan: nothing is due for a week.
      const sleep = await planAndRun(second.ctx, new DiscoveryRunsService(second.ctx), undefined, () => lastRun + 61 * MINUTE);
      expect(sleep).toBeGreaterThan(30_000);
      expect((await readNextRunAt(second.ctx))?.getTime()).toBe(lastRun + 10_080 * MINUTE);
    } finally {
      await second.close();
      await new DiscoveryRepository(t.ctx.db).deleteSetting(NEXT_RUN_KEY);
    }
  });

  it('leaves an unplanned schedule to the scheduler', async () => {
    await new DiscoveryRepository(t.ctx.db).deleteSetting(NEXT_RUN_KEY);
    expect((await call('POST', '/api/admin/sync-interval', { intervalMinutes: 30 })).statusCode).toBe(200);
    expect(await readNextRunAt(t.ctx)).toBeNull();
  });
});

describe('GET /api/admin/discovery-logs', () => {
  it('lists runs newest first in the shape of spec §3', async () => {
    await t.ctx.db.insert(discoveryLogs).values([
      {
        trigger: 'schedule',
        durationMs: 1200,
        discovered: 4,
        processed: 3,
        errors: 1,
        details: ['Found 4', 'One failed'],
        createdAt: new Date('2030-01-01T10:00:00Z'),
      },
      {
        trigger: 'manual',
        durationMs: 800,
        discovered: 1,
        processed: 1,
        errors: 0,
        details: ['Added one'],
        createdAt: new Date('2030-01-02T10:00:00Z'),
      },
    ]);
    const response = await call('GET', '/api/admin/discovery-logs');
    expect(response.statusCode).toBe(200);
    const logs = response.json() as Record<string, unknown>[];
    expect(logs[0]).toMatchObject({
      createdAt: '2030-01-02T10:00:00.000Z',
      duration: 800,
      discovered: 1,
      processed: 1,
      errors: 0,
      details: ['Added one'],
      trigger: 'manual',
    });
    expect(logs[1]).toMatchObject({
      createdAt: '2030-01-01T10:00:00.000Z',
      duration: 1200,
      discovered: 4,
      processed: 3,
      errors: 1,
      details: ['Found 4', 'One failed'],
    });
    expect((await call('GET', '/api/admin/discovery-logs?limit=1')).json()).toHaveLength(1);
    expect((await call('GET', '/api/admin/discovery-logs?limit=0')).statusCode).toBe(400);
  });
});
