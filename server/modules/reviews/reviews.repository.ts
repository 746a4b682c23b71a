import { and, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ReviewFlag, ReviewSort, ReviewStatus } from '@shared/schemas/review';
import type { Db } from '../../db/database';
import { appReviews, apps, reviewMarks } from '../../db/schema';

export type ReviewRow = typeof appReviews.$inferSelect;

/** The content a visitor writes. */
export interface ReviewContent {
  rating: number;
  title: string;
  text: string;
  name: string;
}

/** Queries on visitor reviews and their marks; no rules here. */
export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts a pending review; undefined when this browser already reviewed the app (unique key). */
  async insert(
    values: ReviewContent & { appId: number; authorKey: string; flags: ReviewFlag[] },
  ): Promise<ReviewRow | undefined> {
    const [row] = await this.db
      .insert(appReviews)
      .values(values)
      .onConflictDoNothing({ target: [appReviews.appId, appReviews.authorKey] })
      .returning();
    return row;
  }

  /** Replaces the content of a browser's review and sends it back to moderation. */
  async updateOwn(
    appId: number,
    authorKey: string,
    values: ReviewContent & { flags: ReviewFlag[] },
  ): Promise<ReviewRow | undefined> {
    const [row] = await this.db
      .update(appReviews)
      .set({ ...values, status: 'pending', reason: null, moderatedAt: null, updatedAt: new Date() })
      .where(and(eq(appReviews.appId, appId), eq(appReviews.authorKey, authorKey)))
      .returning();
    return row;
  }

  async findOwn(appId: number, authorKey: string): Promise<ReviewRow | undefined> {
    const [row] = await this.db
      .select()
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), eq(appReviews.authorKey, authorKey)));
    return row;
  }

  async findById(id: number): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(appReviews).where(eq(appReviews.id, id));
    return row;
  }

  /** Approved reviews of an app, newest or most helpful first. */
  listApproved(appId: number, sort: ReviewSort, limit: number): Promise<ReviewRow[]> {
    const order =
      sort === 'helpful'
        ? [desc(appReviews.helpfulCount), desc(appReviews.createdAt), desc(appReviews.id)]
        : [desc(appReviews.createdAt), desc(appReviews.id)];
    return this.db
      .select()
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), eq(appReviews.status, 'approved')))
      .orderBy(...order)
      .limit(limit);
  }

  /** Average stars and count of an app's approved reviews. */
  async approvedSummary(appId: number): Promise<{ average: number | null; count: number }> {
    const [row] = await this.db
      .select({ average: sql<number | null>`avg(${appReviews.rating})::float8`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), eq(appReviews.status, 'approved')));
    return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
  }

  /** Reviews with their app's name, for the admin queue (flagged first within a status is the service's choice). */
  listWithApps(status?: ReviewStatus) {
    const where: SQL | undefined = status ? eq(appReviews.status, status) : undefined;
    return this.db
      .select({ review: appReviews, appName: apps.name })
      .from(appReviews)
      .innerJoin(apps, eq(appReviews.appId, apps.id))
      .where(where)
      .orderBy(desc(appReviews.createdAt), desc(appReviews.id))
      .limit(2000);
  }

  /** Reviews of other apps whose text is near-identical (pg_trgm similarity) to `text`. */
  async nearDuplicates(
    appId: number,
    text: string,
    minSimilarity: number,
  ): Promise<{ id: number; appId: number; similarity: number }[]> {
    const similarity = sql<number>`similarity(${appReviews.text}, ${text})::float8`;
    const rows = await this.db
      .select({ id: appReviews.id, appId: appReviews.appId, similarity })
      .from(appReviews)
      .where(and(ne(appReviews.appId, appId), sql`similarity(${appReviews.text}, ${text}) >= ${minSimilarity}`))
      .orderBy(desc(similarity), appReviews.id)
      .limit(5);
    return rows.map((row) => ({ id: row.id, appId: row.appId, similarity: Number(row.similarity) }));
  }

  /** Reviews of an app written since `since` (other than the given author's). */
  async countRecent(appId: number, since: Date, exceptAuthor: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(appReviews)
      .where(and(eq(appReviews.appId, appId), gte(appReviews.createdAt, since), ne(appReviews.authorKey, exceptAuthor)));
    return row?.n ?? 0;
  }

  /** Moderates pending (or re-moderates) reviews; returns the rows changed. */
  async moderate(ids: number[], status: 'approved' | 'rejected', reason: string | null): Promise<ReviewRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .update(appReviews)
      .set({ status, reason: status === 'rejected' ? reason : null, moderatedAt: new Date(), updatedAt: new Date() })
      .where(and(inArray(appReviews.id, ids), ne(appReviews.status, status)))
      .returning();
  }

  /**
   * Records a visitor's mark of a review once and keeps the review's counter in step, in one
   * transaction; `counted` is false when this visitor had already marked it so.
   */
  async mark(
    reviewId: number,
    visitorId: string,
    kind: 'helpful' | 'report',
    reportFlag: (count: number) => ReviewFlag | null,
  ): Promise<{ counted: boolean; row: ReviewRow | undefined }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(reviewMarks)
        .values({ reviewId, visitorId, kind })
        .onConflictDoNothing()
        .returning({ reviewId: reviewMarks.reviewId });
      if (inserted.length === 0) {
        const [row] = await tx.select().from(appReviews).where(eq(appReviews.id, reviewId));
        return { counted: false, row };
      }
      const counter =
        kind === 'helpful'
          ? { helpfulCount: sql`${appReviews.helpfulCount} + 1` }
          : { reportCount: sql`${appReviews.reportCount} + 1` };
      const [row] = await tx.update(appReviews).set(counter).where(eq(appReviews.id, reviewId)).returning();
      if (row && kind === 'report') {
        const flag = reportFlag(row.reportCount);
        if (flag) {
          const others = (row.flags as ReviewFlag[]).filter((existing) => existing.kind !== 'reported');
          const [flagged] = await tx
            .update(appReviews)
            .set({ flags: [...others, flag] })
            .where(eq(appReviews.id, reviewId))
            .returning();
          return { counted: true, row: flagged };
        }
      }
      return { counted: true, row };
    });
  }

  async countPending(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(appReviews)
      .where(eq(appReviews.status, 'pending'));
    return row?.n ?? 0;
  }
}
