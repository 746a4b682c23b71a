import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import { appHealth, apps, categories } from './schema';

// The catalogue's shared query vocabulary: the row types of apps and categories, the public-app rule and the
// trending order. Every module that reads apps (search, feeds, the public API, seo...) builds its own queries
// from these, so they live beside the schema rather than in the apps module's repository (decision 0023).

/** A category row. */
export type CategoryRow = typeof categories.$inferSelect;
/** The insert values of a category. */
export type CategoryInsert = typeof categories.$inferInsert;
/** The insert values of an app. */
export type AppInsert = typeof apps.$inferInsert;

/** An app row with its category's name and slug, as every app query returns it. */
export type AppWithCategory = typeof apps.$inferSelect & {
  categoryName: string;
  categorySlug: string;
  /** When the link checker last found the app's site working ("Verified {n} days ago"); absent where not selected. */
  verifiedAt?: Date | null;
};

/**
 * The trending order of the marketplace (documented in docs/trending.md): reach, quality and
 * engagement on log scales so that no single giant dominates, plus a boost for new apps that fades
 * over two weeks. `now` is the moment the freshness boost is measured at: a fixed moment gives a
 * stable order to page through.
 */
export function trendingScoreAt(now: SQL): SQL<number> {
  return sql<number>`(
  ln(1 + ${apps.monthlyVisitors}) / ln(10)
  + coalesce(${apps.rating}, 25) / 10.0
  + 0.8 * ln(1 + ${apps.viewCount})
  + 1.2 * ln(1 + ${apps.saveCount})
  + 2.0 * exp(-extract(epoch from (${now} - coalesce(${apps.publishedAt}, ${apps.createdAt}))) / 86400.0 / 14.0)
)`;
}

/** The trending score at this moment. */
export const trendingScore = trendingScoreAt(sql`now()`);

/** The columns of an app row with its category name and slug. */
export const appWithCategoryColumns = {
  ...getTableColumns(apps),
  categoryName: categories.name,
  categorySlug: categories.slug,
  // One primary-key lookup per app: the time of its health when its site answered as it should.
  verifiedAt:
    sql<Date | null>`(select ${appHealth.checkedAt} from ${appHealth} where ${appHealth.appId} = ${apps.id} and ${appHealth.state} in ('ok', 'redirected'))`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    ),
};

/** The status a visitor may see. */
const PUBLIC_STATUS = 'published';

/**
 * The one definition of a public app, what a visitor may see: published, in an active category.
 * This is the SQL condition (apps joined with their category); `isPublicApp` is the same rule on a row.
 */
export const isPublic = and(eq(apps.status, PUBLIC_STATUS), eq(categories.isActive, true)) as SQL;

/** The public-app rule on a loaded row, given the ids of the active categories. */
export function isPublicApp(row: { status: string; categoryId: number }, activeCategoryIds: ReadonlySet<number>): boolean {
  return row.status === PUBLIC_STATUS && activeCategoryIds.has(row.categoryId);
}

/** Public and not defunct: what trending, search and the sitemap list (a defunct app's page stays reachable). */
export const isListed = and(isPublic, isNull(apps.defunctAt)) as SQL;

/** The listed-app rule on a loaded row, given the ids of the active categories. */
export function isListedApp(
  row: { status: string; categoryId: number; defunctAt: Date | null },
  activeCategoryIds: ReadonlySet<number>,
): boolean {
  return isPublicApp(row, activeCategoryIds) && row.defunctAt === null;
}
