import { DEFAULT_SYNC_INTERVAL_MINUTES } from '@shared/constants';
import type { AppContext } from '../../context';
import { SettingsService } from '../settings/settings.service';
import { DiscoveryRepository } from './discovery.repository';

/** Settings key of the next scheduled run, shared by every instance. */
export const NEXT_RUN_KEY = 'discovery.nextRunAt';

/** The sync interval setting (spec §3), in minutes. */
export async function readSyncIntervalMinutes(ctx: AppContext): Promise<number> {
  const minutes = await new SettingsService(ctx.db).getSyncIntervalMinutes();
  return Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_SYNC_INTERVAL_MINUTES;
}

/** When the next scheduled run is due, or null before the scheduler planned one. */
export async function readNextRunAt(ctx: AppContext): Promise<Date | null> {
  return storedTime(await new DiscoveryRepository(ctx.db).getSetting<string>(NEXT_RUN_KEY));
}

function storedTime(value: unknown): Date | null {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** Stores the next run time for every instance to see. */
export async function writeNextRunAt(ctx: AppContext, at: Date): Promise<void> {
  await new DiscoveryRepository(ctx.db).setSetting(NEXT_RUN_KEY, at.toISOString());
}

/**
 * The next run once the interval changes from `previousMinutes` to `nextMinutes`: the same last run plus the new
 * interval (the stored next run is the last run plus the old one), never in the past; null while nothing is
 * planned (the scheduler then plans with the new interval).
 */
export function rescheduledRunAt(stored: Date | null, previousMinutes: number, nextMinutes: number, now: number): Date | null {
  if (!stored) return null;
  const lastRun = stored.getTime() - previousMinutes * 60_000;
  return new Date(Math.max(now, lastRun + nextMinutes * 60_000));
}

/**
 * Saves the sync interval and moves the planned next run to match it in the same transaction, then tells every
 * instance's scheduler to re-plan (so "Next scheduled run" is right at once everywhere).
 */
export async function changeSyncInterval(
  ctx: AppContext,
  minutes: number,
  now: () => number = Date.now,
): Promise<{ intervalMinutes: number; nextRunAt: Date | null }> {
  const nextRunAt = await ctx.db.transaction(async (tx) => {
    const settings = new SettingsService(tx);
    const previous = await settings.getSyncIntervalMinutes();
    await settings.setSyncIntervalMinutes(minutes);
    const repository = new DiscoveryRepository(tx);
    const next = rescheduledRunAt(storedTime(await repository.getSetting<string>(NEXT_RUN_KEY)), previous, minutes, now());
    if (next) await repository.setSetting(NEXT_RUN_KEY, next.toISOString());
    return next;
  });
  await ctx.changes.publish('schedule.changed', {});
  return { intervalMinutes: minutes, nextRunAt };
}
