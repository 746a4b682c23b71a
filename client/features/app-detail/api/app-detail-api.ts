import type { App } from '@shared/schemas/app';
import { ApiError, getJson, sendJson } from '@client/lib/api-client';

/** Which app a detail route names. */
export type AppRef = { id: string } | { categorySlug: string; nameSlug: string };

/** Thrown when an admin-only page is opened without an admin session. */
export class SignInRequiredError extends Error {
  override name = 'SignInRequiredError';
}

const enc = encodeURIComponent;

function publicUrl(ref: AppRef): string {
  return 'id' in ref
    ? `/api/marketplace/app/${enc(ref.id)}`
    : `/api/marketplace/app/${enc(ref.categorySlug)}/${enc(ref.nameSlug)}`;
}

function adminUrl(ref: AppRef): string {
  return 'id' in ref ? `/api/admin/app/${enc(ref.id)}` : `/api/admin/app-by-slug/${enc(ref.categorySlug)}/${enc(ref.nameSlug)}`;
}

const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);
const isDenied = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * Loads the app of a detail page; null when there is none. In admin or preview mode the admin call
 * comes first (it also returns apps that are not published). Without an admin session, the
 * /admin/app/:id page needs a sign-in, while a public preview link falls back to the public app.
 * @throws SignInRequiredError, or ApiError for failures other than "not found".
 */
export async function fetchAppDetail(ref: AppRef, mode: { admin: boolean; adminPath: boolean }): Promise<App | null> {
  if (mode.admin) {
    try {
      return await getJson<App>(adminUrl(ref));
    } catch (error) {
      if (isDenied(error) && mode.adminPath) throw new SignInRequiredError('Sign in to preview this app.');
      if (isMissing(error) && mode.adminPath) return null;
      if (!isDenied(error) && !isMissing(error)) throw error;
    }
  }
  try {
    return await getJson<App>(publicUrl(ref));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Saves an app for this visitor; resolves to the new save count. */
export async function saveApp(appId: number): Promise<{ counted: boolean; saveCount: number }> {
  return sendJson('POST', `/api/apps/${appId}/save`);
}
