import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportReason, ReportStatus } from '@shared/schemas/report';
import type { Db } from '../../db/database';
import { appReports, apps } from '../../db/schema';

export type ReportRow = typeof appReports.$inferSelect;

/** Queries on visitor reports; no rules here. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: { appId: number; reason: ReportReason; note: string | null; visitorId: string }): Promise<ReportRow> {
    const [row] = await this.db.insert(appReports).values(values).returning();
    if (!row) throw new Error('report insert returned nothing');
    return row;
  }

  list(status?: ReportStatus): Promise<ReportRow[]> {
    const where: SQL | undefined = status ? eq(appReports.status, status) : undefined;
    return this.db.select().from(appReports).where(where).orderBy(desc(appReports.createdAt), desc(appReports.id)).limit(2000);
  }

  /** Reports with their app's name and URL. */
  listWithApps(status?: ReportStatus) {
    return this.db
      .select({ report: appReports, name: apps.name, url: apps.url })
      .from(appReports)
      .innerJoin(apps, eq(appReports.appId, apps.id))
      .where(status ? eq(appReports.status, status) : undefined)
      .orderBy(desc(appReports.createdAt), desc(appReports.id))
      .limit(2000);
  }

  /** Sets the status of open reports; returns the rows changed. */
  async resolve(ids: number[], status: 'resolved' | 'dismissed'): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .update(appReports)
      .set({ status, resolvedAt: new Date(), updatedAt: new Date() })
      .where(and(inArray(appReports.id, ids), eq(appReports.status, 'open')))
      .returning();
  }

  async findById(id: number): Promise<ReportRow | undefined> {
    const [row] = await this.db.select().from(appReports).where(eq(appReports.id, id));
    return row;
  }

  /** Open reports per app. */
  async openCounts(): Promise<{ appId: number; n: number }[]> {
    return this.db
      .select({ appId: appReports.appId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(appReports)
      .where(eq(appReports.status, 'open'))
      .groupBy(appReports.appId);
  }

  async countOpen(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(appReports)
      .where(eq(appReports.status, 'open'));
    return row?.n ?? 0;
  }
}
