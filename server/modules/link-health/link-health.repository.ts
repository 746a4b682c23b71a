import { and, asc, desc, eq, gte, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { HealthState } from '@shared/schemas/link-health';
import type { Db } from '../../db/database';
import { appHealth, apps, linkChecks } from '../../db/schema';
import type { CheckResult } from './link-health.checker';
import type { Baseline } from './link-health.state';
import { SettingsService } from '../settings/settings.service';

/** Settings key of the next scheduled link check, shared by every instance. */
const HEALTH_NEXT_RUN_KEY = 'linkHealth.nextRunAt';

export type LinkCheckRow = typeof linkChecks.$inferSelect;
export type AppHealthRow = typeof appHealth.$inferSelect;

/** An app the checker visits. */
export interface CheckTarget {
  id: number;
  name: string;
  url: string;
}

/** Checks kept per app for the state and the evidence. */
export const CHECK_HISTORY = 10;

/** Queries of link health; no rules here. */
export class LinkHealthRepository {
  constructor(private readonly db: Db) {}

  /**
   * Published apps to check, oldest id first: the given ids (or all), without those already checked
   * since `since` (a resumed run skips what it did before the restart).
   */
  async targets(ids: number[] | null, since: Date | null): Promise<CheckTarget[]> {
    const conditions: SQL[] = [eq(apps.status, 'published')];
    if (ids) conditions.push(inArray(apps.id, ids.length > 0 ? ids : [-1]));
    if (since) {
      const done = this.db.select({ id: linkChecks.appId }).from(linkChecks).where(gte(linkChecks.checkedAt, since));
      conditions.push(notInArray(apps.id, done));
    }
    return this.db
      .select({ id: apps.id, name: apps.name, url: apps.url })
      .from(apps)
      .where(and(...conditions))
      .orderBy(asc(apps.id));
  }

  async countTargets(ids: number[] | null): Promise<number> {
    const conditions: SQL[] = [eq(apps.status, 'published')];
    if (ids) conditions.push(inArray(apps.id, ids.length > 0 ? ids : [-1]));
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(apps)
      .where(and(...conditions));
    return row?.n ?? 0;
  }

  /** Stores a check and stamps the app's "last checked" time (without touching its updatedAt). */
  async insertCheck(appId: number, result: CheckResult): Promise<void> {
    await this.db.insert(linkChecks).values({
      appId,
      checkedAt: result.checkedAt,
      url: result.url,
      httpStatus: result.httpStatus,
      finalUrl: result.finalUrl,
      redirectChain: result.redirectChain,
      responseTimeMs: result.responseTimeMs,
      fingerprint: result.fingerprint,
      title: result.title?.slice(0, 500) ?? null,
      description: result.description?.slice(0, 1000) ?? null,
      failure: result.failure,
      failureMessage: result.failureMessage?.slice(0, 500) ?? null,
      parkedMarker: result.parkedMarker,
    });
    // "Last checked" on the app page means the link was seen working then: a failed check does not move it.
    if (result.failure !== null) return;
    await this.db
      .update(apps)
      .set({ lastCheckedAt: result.checkedAt, updatedAt: sql`${apps.updatedAt}` })
      .where(eq(apps.id, appId));
  }

  /** The latest checks of an app, newest first. */
  recentChecks(appId: number, limit = CHECK_HISTORY): Promise<LinkCheckRow[]> {
    return this.db
      .select()
      .from(linkChecks)
      .where(eq(linkChecks.appId, appId))
      .orderBy(desc(linkChecks.checkedAt), desc(linkChecks.id))
      .limit(limit);
  }

  async health(appId: number): Promise<AppHealthRow | undefined> {
    const [row] = await this.db.select().from(appHealth).where(eq(appHealth.appId, appId));
    return row;
  }

  async saveHealth(values: {
    appId: number;
    state: HealthState;
    checkedAt: Date;
    evidence: unknown;
    signature: string;
    baseline?: Baseline | null;
  }): Promise<void> {
    const baseline = values.baseline === undefined ? {} : { baseline: values.baseline };
    await this.db
      .insert(appHealth)
      .values({
        appId: values.appId,
        state: values.state,
        checkedAt: values.checkedAt,
        evidence: values.evidence,
        signature: values.signature,
        ...baseline,
      })
      .onConflictDoUpdate({
        target: appHealth.appId,
        set: {
          state: values.state,
          checkedAt: values.checkedAt,
          evidence: values.evidence,
          signature: values.signature,
          updatedAt: new Date(),
          ...baseline,
        },
      });
  }

  async setDismissed(appId: number, signature: string | null): Promise<void> {
    await this.db
      .update(appHealth)
      .set({ dismissedSignature: signature, updatedAt: new Date() })
      .where(eq(appHealth.appId, appId));
  }

  async setBaseline(appId: number, baseline: Baseline | null): Promise<void> {
    await this.db.update(appHealth).set({ baseline, updatedAt: new Date() }).where(eq(appHealth.appId, appId));
  }

  /**
   * Health rows with their app: problems only (dismissed ones left out unless asked), or one state,
   * or one app whatever its state.
   */
  async list(options: { state?: HealthState | undefined; includeDismissed: boolean; appId?: number }) {
    const conditions: SQL[] = [];
    if (options.appId !== undefined) conditions.push(eq(appHealth.appId, options.appId));
    else if (options.state) conditions.push(eq(appHealth.state, options.state));
    else conditions.push(sql`${appHealth.state} <> 'ok'`);
    if (!options.includeDismissed) {
      const notDismissed = or(
        isNull(appHealth.dismissedSignature),
        sql`${appHealth.dismissedSignature} <> ${appHealth.signature}`,
      );
      if (notDismissed) conditions.push(notDismissed);
    }
    return this.db
      .select({ health: appHealth, name: apps.name, url: apps.url, status: apps.status, defunctAt: apps.defunctAt })
      .from(appHealth)
      .innerJoin(apps, eq(appHealth.appId, apps.id))
      .where(and(...conditions))
      .orderBy(desc(appHealth.checkedAt), asc(appHealth.appId))
      .limit(1000);
  }

  /** Apps per state; dismissed problems are not counted as problems. */
  async counts(): Promise<{ state: HealthState; dismissed: boolean; n: number }[]> {
    return this.db
      .select({
        state: appHealth.state,
        dismissed: sql<boolean>`coalesce(${appHealth.dismissedSignature} = ${appHealth.signature}, false)`,
        n: sql<number>`count(*)`.mapWith(Number),
      })
      .from(appHealth)
      .groupBy(appHealth.state, sql`2`);
  }

  /** The link checker's own settings rows (schedule, concurrency, the run record), through the one settings repository. */
  /** When the next scheduled link check is due (shared by every instance), or null before one was planned. */
  async nextRunAt(): Promise<Date | null> {
    const value = await this.getSetting<string>(HEALTH_NEXT_RUN_KEY);
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    return Number.isFinite(time) ? new Date(time) : null;
  }

  async setNextRunAt(at: Date): Promise<void> {
    await this.setSetting(HEALTH_NEXT_RUN_KEY, at.toISOString());
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    return (await new SettingsService(this.db).get(key)) as T | undefined;
  }

  async setSetting(key: string, value: unknown): Promise<void> {
    await new SettingsService(this.db).set(key, value);
  }

  async deleteSetting(key: string): Promise<void> {
    await new SettingsService(this.db).delete(key);
  }
}
