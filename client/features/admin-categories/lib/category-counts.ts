export interface CategoryCounts {
  total: number;
  active: number;
  appsCategorized: number;
  mostPopular: string | null;
}

/** The stat cards of the categories view: every row counts, the most popular is the one with most apps. */
export function categoryCounts(categories: readonly { name: string; isActive: boolean; appCount?: number }[]): CategoryCounts {
  let mostPopular: { name: string; count: number } | null = null;
  for (const category of categories) {
    const count = category.appCount ?? 0;
    if (count > 0 && (mostPopular === null || count > mostPopular.count)) mostPopular = { name: category.name, count };
  }
  return {
    total: categories.length,
    active: categories.filter((category) => category.isActive).length,
    appsCategorized: categories.reduce((sum, category) => sum + (category.appCount ?? 0), 0),
    mostPopular: mostPopular?.name ?? null,
  };
}
