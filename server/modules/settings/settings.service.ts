import { DEFAULT_SYNC_INTERVAL_MINUTES } from '@shared/constants';
import { SYNC_INTERVAL_MAX_MINUTES } from '@shared/schemas/settings';
import type { Db } from '../../db/database';
import { SettingsRepository } from './settings.repository';

export const SYNC_INTERVAL_KEY = 'discovery.syncIntervalMinutes';

/**
 * Settings shared by every instance (stored in the database). The discovery scheduler reads the
 * sync interval here on each planning step, so a change applies on every instance without restart.
 */
export class SettingsService {
  private readonly repository: SettingsRepository;

  constructor(db: Db) {
    this.repository = new SettingsRepository(db);
  }

  /** A setting's stored JSON value, or `fallback` when it was never set. */
  async get(key: string, fallback?: unknown): Promise<unknown> {
    const value = await this.repository.get(key);
    return value === undefined ? fallback : value;
  }

  /** Stores a JSON value under a key. */
  set(key: string, value: unknown): Promise<void> {
    return this.repository.set(key, value);
  }

  /** Removes a setting (nothing happens when it was never set). */
  delete(key: string): Promise<void> {
    return this.repository.delete(key);
  }

  /** Minutes between scheduled discovery runs (default 60); a damaged stored value falls back to the default. */
  async getSyncIntervalMinutes(): Promise<number> {
    const value = await this.repository.get(SYNC_INTERVAL_KEY);
    return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= SYNC_INTERVAL_MAX_MINUTES
      ? value
      : DEFAULT_SYNC_INTERVAL_MINUTES;
  }

  /** Stores the sync interval (validated by the caller: a positive whole number of minutes). */
  async setSyncIntervalMinutes(minutes: number): Promise<number> {
    await this.repository.set(SYNC_INTERVAL_KEY, minutes);
    return minutes;
  }
}
