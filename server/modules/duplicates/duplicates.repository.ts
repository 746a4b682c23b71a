import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appEvents, appReports, appSlugRedirects, apps, categories, visitorMarks } from '../../db/schema';

/** What duplicate detection compares. */
export interface DuplicateSubject {
  id: number;
  name: string;
  url: string;
  description: string;
}

/** Queries of duplicate detection and merging; no rules here. */
export class DuplicatesRepository {
  constructor(private readonly db: Db) {}

  /** Every app that is not rejected, oldest first. */
  subjects(): Promise<DuplicateSubject[]> {
    return this.db
      .select({ id: apps.id, name: apps.name, url: apps.url, description: apps.description })
      .from(apps)
      .where(sql`${apps.status} <> 'rejected'`)
      .orderBy(apps.id);
  }

  /**
   * Pairs of apps whose names are near-identical by trigram similarity (pg_trgm; the `%` operator
   * uses the name's trigram index), with the newer app first.
   */
  async similarNames(minSimilarity: number): Promise<{ appId: number; duplicateOf: number; similarity: number }[]> {
    type Row = { app_id: number; duplicate_of: number; similarity: number };
    const result = await this.db.execute(sql`
      SELECT a.id AS app_id, b.id AS duplicate_of, similarity(a.name, b.name)::float8 AS similarity
      FROM apps a JOIN apps b ON a.id > b.id AND a.name % b.name
      WHERE a.status <> 'rejected' AND b.status <> 'rejected' AND similarity(a.name, b.name) >= ${minSimilarity}
      ORDER BY a.id, similarity DESC
      LIMIT 5000`);
    const rows = (result as unknown as { rows?: Row[] }).rows ?? (result as unknown as Row[]);
    return rows.map((row) => ({ appId: Number(row.app_id), duplicateOf: Number(row.duplicate_of), similarity: Number(row.similarity) }));
  }

  async findWithCategory(id: number) {
    const [row] = await this.db
      .select({ id: apps.id, name: apps.name, tags: apps.tags, viewCount: apps.viewCount, saveCount: apps.saveCount, status: apps.status, nameSlug: apps.nameSlug, categoryId: apps.categoryId, categorySlug: categories.slug })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(eq(apps.id, id));
    return row;
  }

  /**
   * Folds app `from` into app `into` in one transaction: events, visitor marks, reports and former
   * addresses move; counters add up; tags unite; `from` is deleted and its page becomes a former
   * address of `into` (answered with a 301).
   * @returns how many reports moved.
   */
  async merge(from: { id: number; categorySlug: string; nameSlug: string }, into: { id: number; tags: string[]; viewCount: number; saveCount: number }, mergedTags: string[], added: { views: number; saves: number }): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.update(appEvents).set({ appId: into.id }).where(eq(appEvents.appId, from.id));
      await tx.execute(sql`
        INSERT INTO visitor_marks (visitor_id, app_id, kind, last_at)
        SELECT visitor_id, ${into.id}, kind, last_at FROM visitor_marks WHERE app_id = ${from.id}
        ON CONFLICT DO NOTHING`);
      await tx.delete(visitorMarks).where(eq(visitorMarks.appId, from.id));
      const moved = await tx.update(appReports).set({ appId: into.id }).where(eq(appReports.appId, from.id)).returning({ id: appReports.id });
      await tx.update(appSlugRedirects).set({ appId: into.id }).where(eq(appSlugRedirects.appId, from.id));
      await tx
        .update(apps)
        .set({ tags: mergedTags, viewCount: into.viewCount + added.views, saveCount: into.saveCount + added.saves })
        .where(eq(apps.id, into.id));
      await tx.delete(apps).where(eq(apps.id, from.id));
      const intoPage = await tx
        .select({ nameSlug: apps.nameSlug, categorySlug: categories.slug })
        .from(apps)
        .innerJoin(categories, eq(apps.categoryId, categories.id))
        .where(and(eq(apps.id, into.id)));
      const samePage = intoPage[0]?.nameSlug === from.nameSlug && intoPage[0]?.categorySlug === from.categorySlug;
      if (!samePage) {
        await tx
          .insert(appSlugRedirects)
          .values({ appId: into.id, categorySlug: from.categorySlug, nameSlug: from.nameSlug })
          .onConflictDoUpdate({ target: [appSlugRedirects.categorySlug, appSlugRedirects.nameSlug], set: { appId: into.id, updatedAt: new Date() } });
      }
      return moved.length;
    });
  }

  /** Names of apps by id. */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: apps.id, name: apps.name }).from(apps).where(inArray(apps.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
