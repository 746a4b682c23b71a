import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CategorySort } from '@shared/browse-paths';
import type { PricingType } from '@shared/constants';
import { appWithCategoryColumns, isListed, isPublic, trendingScore, type AppWithCategory } from '../../db/catalogue';
import type { Db } from '../../db/database';
import { preparedRead } from '../../db/prepared-read';
import { appEvents, appIdRedirects, appSlugRedirects, apps, categories, visitorMarks } from '../../db/schema';

type FreshMarkRead = (values: Record<string, unknown>) => Promise<{ view_count: number; save_count: number }[]>;

/** Queries on apps; no rules here. */
export class AppsRepository {
  constructor(private readonly db: Db) {}

  /** The repeat read of `countVisitorEvent`, with a window (views) and without (saves), each planned once. */
  private readonly freshMarkReads = new Map<boolean, FreshMarkRead>();

  /**
   * The read that answers a view or save that cannot count: nine in ten of the load bench's statements, and on PGlite
   * planning it cost twice running it, on the server's thread (`preparedRead`).
   */
  private freshMarkRead(once: boolean): FreshMarkRead {
    let read = this.freshMarkReads.get(once);
    if (!read) {
      const appId = sql.placeholder('appId');
      const stale = once
        ? sql`false`
        : sql`${visitorMarks.lastAt} < now() - make_interval(mins => ${sql.placeholder('windowMinutes')})`;
      const query = this.db
        .select({ view_count: apps.viewCount, save_count: apps.saveCount })
        .from(apps)
        .innerJoin(categories, eq(apps.categoryId, categories.id))
        .where(
          sql`${isPublic} AND ${apps.id} = ${appId} AND EXISTS (
            SELECT 1 FROM ${visitorMarks} WHERE ${visitorMarks.visitorId} = ${sql.placeholder('visitorId')}
              AND ${visitorMarks.appId} = ${appId} AND ${visitorMarks.kind} = ${sql.placeholder('kind')} AND NOT (${stale}))`,
        );
      read = preparedRead(this.db, once ? 'apps_fresh_mark_once' : 'apps_fresh_mark_windowed', query);
      this.freshMarkReads.set(once, read);
    }
    return read;
  }

  private selectWithCategory() {
    return this.db.select(appWithCategoryColumns).from(apps).innerJoin(categories, eq(apps.categoryId, categories.id));
  }

  /** Public apps in trending order, optionally of one category. */
  async listPublic(options: { categoryId?: number; limit?: number; offset?: number }): Promise<AppWithCategory[]> {
    const filter = options.categoryId === undefined ? isListed : and(isListed, eq(apps.categoryId, options.categoryId));
    let query = this.selectWithCategory().where(filter).orderBy(desc(trendingScore), asc(apps.id)).$dynamic();
    if (options.limit !== undefined) query = query.limit(options.limit);
    if (options.offset !== undefined) query = query.offset(options.offset);
    return query;
  }

  async countPublic(categoryId?: number): Promise<number> {
    const filter = categoryId === undefined ? isListed : and(isListed, eq(apps.categoryId, categoryId));
    const rows = await this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(apps)
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(filter);
    return rows[0]?.count ?? 0;
  }

  /**
   * One page of a category's listed apps in a category page's order (issue 23), with the count of all
   * of them; ties fall back to the id so that pages never overlap.
   */
  async listCategoryPage(options: {
    categoryId: number;
    sort: CategorySort;
    pricing?: PricingType | undefined;
    limit: number;
    offset: number;
  }): Promise<{ rows: AppWithCategory[]; total: number }> {
    const filter = and(
      isListed,
      eq(apps.categoryId, options.categoryId),
      options.pricing ? eq(apps.pricingType, options.pricing) : undefined,
    ) as SQL;
    const order = {
      trending: [desc(trendingScore), asc(apps.id)],
      newest: [desc(sql`coalesce(${apps.publishedAt}, ${apps.createdAt})`), desc(apps.id)],
      rating: [sql`${apps.rating} desc nulls last`, desc(apps.monthlyVisitors), asc(apps.id)],
      visitors: [desc(apps.monthlyVisitors), asc(apps.id)],
    }[options.sort];
    const [rows, counted] = await Promise.all([
      this.selectWithCategory()
        .where(filter)
        .orderBy(...order)
        .limit(options.limit)
        .offset(options.offset),
      this.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(apps)
        .innerJoin(categories, eq(apps.categoryId, categories.id))
        .where(filter),
    ]);
    return { rows, total: counted[0]?.count ?? 0 };
  }

  /** The most recently published listed apps since a moment, newest first. */
  async listPublishedSince(since: Date, limit: number): Promise<AppWithCategory[]> {
    const published = sql`coalesce(${apps.publishedAt}, ${apps.createdAt})`;
    return this.selectWithCategory()
      .where(and(isListed, sql`${published} >= ${since.toISOString()}::timestamptz`))
      .orderBy(desc(published), desc(apps.id))
      .limit(limit);
  }

  async findPublicById(id: number): Promise<AppWithCategory | undefined> {
    const rows = await this.selectWithCategory().where(and(isPublic, eq(apps.id, id)));
    return rows[0];
  }

  async findPublicBySlug(categorySlug: string, nameSlug: string): Promise<AppWithCategory | undefined> {
    const rows = await this.selectWithCategory()
      .where(and(isPublic, eq(categories.slug, categorySlug), eq(apps.nameSlug, nameSlug)))
      .orderBy(asc(apps.id))
      .limit(1);
    return rows[0];
  }

  /** Any status, for admin previews. */
  async findById(id: number): Promise<AppWithCategory | undefined> {
    const rows = await this.selectWithCategory().where(eq(apps.id, id));
    return rows[0];
  }

  /** Any status, for admin previews. */
  async findBySlug(categorySlug: string, nameSlug: string): Promise<AppWithCategory | undefined> {
    const rows = await this.selectWithCategory()
      .where(and(eq(categories.slug, categorySlug), eq(apps.nameSlug, nameSlug)))
      .orderBy(asc(apps.id))
      .limit(1);
    return rows[0];
  }

  async findByIds(ids: number[]): Promise<AppWithCategory[]> {
    if (ids.length === 0) return [];
    return this.selectWithCategory().where(inArray(apps.id, ids));
  }

  /** The app a former slug pointed to, if it is public. */
  async findRedirect(categorySlug: string, nameSlug: string): Promise<AppWithCategory | undefined> {
    const rows = await this.db
      .select(appWithCategoryColumns)
      .from(appSlugRedirects)
      .innerJoin(apps, eq(appSlugRedirects.appId, apps.id))
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(and(isPublic, eq(appSlugRedirects.categorySlug, categorySlug), eq(appSlugRedirects.nameSlug, nameSlug)))
      .limit(1);
    return rows[0];
  }

  /** The public app that an app merged away (by id) was folded into. */
  async findIdRedirect(fromId: number): Promise<AppWithCategory | undefined> {
    const rows = await this.db
      .select(appWithCategoryColumns)
      .from(appIdRedirects)
      .innerJoin(apps, eq(appIdRedirects.appId, apps.id))
      .innerJoin(categories, eq(apps.categoryId, categories.id))
      .where(and(isPublic, eq(appIdRedirects.fromId, fromId)))
      .limit(1);
    return rows[0];
  }

  /** Every listed app (public, not defunct), for building the search index. */
  async allPublic(): Promise<AppWithCategory[]> {
    return this.selectWithCategory().where(isListed).orderBy(asc(apps.id));
  }

  /** Ids of the active categories (an app of an inactive category is not public). */
  async allPublicCategoryIds(): Promise<number[]> {
    const rows = await this.db.select({ id: categories.id }).from(categories).where(eq(categories.isActive, true));
    return rows.map((row) => row.id);
  }

  async countAll(): Promise<number> {
    const rows = await this.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(apps);
    return rows[0]?.count ?? 0;
  }

  /**
   * Records a visitor's view or save of a public app if it counts: a save once ever, a view once per
   * window. A repeat that cannot count (the visitor's mark is fresh) is answered by one read that
   * locks nothing; otherwise one statement decides and writes (the visitor mark's atomic upsert, then,
   * when it counts, the counter and an analytics event), so concurrent requests cannot both count and
   * nothing is half-written. The app row is locked before the mark is written:
   * inserting the child first (a key-share lock on the app) and then raising the counter deadlocks
   * with a delete of the app that queued in between (PostgreSQL kills one of the two, answered 500).
   * @returns null when the app is not public; else whether it counted and the app's counters after it.
   */
  async countVisitorEvent(input: {
    appId: number;
    visitorId: string;
    kind: 'view' | 'save';
    windowMinutes: number | null;
  }): Promise<{ counted: boolean; viewCount: number; saveCount: number } | null> {
    const stale =
      input.windowMinutes === null
        ? sql`false`
        : sql`${visitorMarks.lastAt} < now() - make_interval(mins => ${input.windowMinutes})`;
    // Most repeated views and saves cannot count (the visitor's mark is fresh): decided by a read that
    // locks nothing and writes nothing. The locking statement below would take the app row, write its
    // lock and commit (a WAL flush on PostgreSQL) only to change nothing, and every other visitor of
    // that app would wait for it. A mark committed in between is caught by the statement below.
    const once = input.windowMinutes === null;
    const [held] = await this.freshMarkRead(once)({
      appId: input.appId,
      visitorId: input.visitorId,
      kind: input.kind,
      ...(once ? {} : { windowMinutes: input.windowMinutes }),
    });
    if (held) return { counted: false, viewCount: Number(held.view_count), saveCount: Number(held.save_count) };
    const counter = input.kind === 'view' ? sql.raw('view_count') : sql.raw('save_count');
    type Row = { found: number; counted: number; view_count: number | string | null; save_count: number | string | null };
    const result = await this.db.execute(sql`
      WITH target AS (
        SELECT ${apps.id} AS id, ${apps.viewCount} AS view_count, ${apps.saveCount} AS save_count
        FROM ${apps} INNER JOIN ${categories} ON ${apps.categoryId} = ${categories.id}
        WHERE ${isPublic} AND ${apps.id} = ${input.appId}
        FOR NO KEY UPDATE OF ${apps}
      ), marked AS (
        INSERT INTO ${visitorMarks} (visitor_id, app_id, kind)
        SELECT ${input.visitorId}, id, ${input.kind} FROM target
        ON CONFLICT (visitor_id, app_id, kind) DO UPDATE SET last_at = now(), updated_at = now() WHERE ${stale}
        RETURNING app_id
      ), bumped AS (
        UPDATE ${apps} SET ${counter} = ${counter} + 1 WHERE id IN (SELECT app_id FROM marked)
        RETURNING view_count, save_count
      ), recorded AS (
        INSERT INTO ${appEvents} (type, app_id, visitor_id) SELECT ${input.kind}, app_id, ${input.visitorId} FROM marked
      )
      SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM marked)::int AS counted,
        coalesce((SELECT view_count FROM bumped), (SELECT view_count FROM target)) AS view_count,
        coalesce((SELECT save_count FROM bumped), (SELECT save_count FROM target)) AS save_count`);
    const row = ((result as unknown as { rows?: Row[] }).rows ?? (result as unknown as Row[]))[0];
    if (!row || Number(row.found) === 0) return null;
    return { counted: Number(row.counted) > 0, viewCount: Number(row.view_count), saveCount: Number(row.save_count) };
  }
}
