import type { AppRecord } from '@shared/schemas/app';
import { insertApps } from '../db/factories';
import type { TestApp } from './test-app';

/**
 * Inserts a catalogue behind the services' back, then announces it (`apps.changed`) as every write path
 * does, so the caches and the search index see it. (The plain factories are in server/db/factories.ts.)
 * @returns each record's id by name.
 */
export async function insertCatalogue(testApp: TestApp, records: AppRecord[]): Promise<Record<string, number>> {
  const created = await insertApps(testApp.ctx.db, records);
  await testApp.ctx.changes.publish('apps.changed', { ids: created });
  return Object.fromEntries(records.map((record, i) => [record.name, created[i]!]));
}
