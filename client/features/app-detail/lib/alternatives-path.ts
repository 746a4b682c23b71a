import type { App } from '@shared/schemas/app';

/** The page listing alternatives to an app (`/ai-apps/{categorySlug}/{nameSlug}/alternatives`). */
export function alternativesPath(app: Pick<App, 'categorySlug' | 'nameSlug'>): string {
  return `/ai-apps/${encodeURIComponent(app.categorySlug)}/${encodeURIComponent(app.nameSlug)}/alternatives`;
}
