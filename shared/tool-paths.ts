import type { App } from './schemas/app';

/** Alternatives shown in the app page's section. */
export const ALTERNATIVES_SECTION_LIMIT = 6;
/** Alternatives listed on `/ai-apps/{categorySlug}/{nameSlug}/alternatives`. */
export const ALTERNATIVES_PAGE_LIMIT = 24;
/** A comparison holds 2 to 4 apps. */
export const COMPARE_MIN_APPS = 2;
export const COMPARE_MAX_APPS = 4;

/** The alternatives page path of an app. */
export function alternativesPath(app: Pick<App, 'categorySlug' | 'nameSlug'>): string {
  return `/ai-apps/${encodeURIComponent(app.categorySlug)}/${encodeURIComponent(app.nameSlug)}/alternatives`;
}

/** The canonical comparison path of a set of apps: nameSlugs in ascending order (ties by id), joined by `-vs-`. */
export function comparePath(apps: Pick<App, 'id' | 'nameSlug'>[]): string {
  const ordered = [...apps].sort((a, b) => (a.nameSlug < b.nameSlug ? -1 : a.nameSlug > b.nameSlug ? 1 : a.id - b.id));
  return `/compare/${ordered.map((app) => encodeURIComponent(app.nameSlug)).join('-vs-')}`;
}
