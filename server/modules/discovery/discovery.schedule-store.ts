import { DEFAULT_SYNC_INTERVAL_MINUTES } from '../../../shared/constants';
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
  const value = await new DiscoveryRepository(ctx.db).getSetting<string>(NEXT_RUN_KEY);
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** Stores the next run time for every instance to see. */
export async function writeNextRunAt(ctx: AppContext, at: Date): Promise<void> {
  await new DiscoveryRepository(ctx.db).setSetting(NEXT_RUN_KEY, at.toISOString());
}
