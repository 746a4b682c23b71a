import type { AppStatus } from '@shared/constants';
import { slugify } from '@shared/slug';
import { hostOf, normalizeName, normalizeUrl } from './app-identity';
import type { AppInsert } from '../../db/catalogue';

/** Columns derived from an app's name and URL; callers never set them by hand. */
type DerivedColumns = 'nameSlug' | 'normalizedName' | 'normalizedUrl' | 'publishedAt' | 'duplicateScannedAt';

/**
 * The one builder of app rows (the admin form, the import, discovery): it derives the page slug and
 * the duplicate keys from the name and URL so every entry point stores an app the same way. With a
 * `status` (a new row) it also sets the status and stamps publishedAt for a published app; without
 * one (an edit) the status columns are left alone. A name without letters or digits takes its slug
 * from the URL's host.
 */
export function buildAppRow<T extends Omit<Partial<AppInsert>, DerivedColumns | 'status'> & { name: string; url: string }>(
  fields: T,
  options: { status?: AppStatus; now?: Date } = {},
): T &
  Pick<AppInsert, 'nameSlug' | 'normalizedName' | 'normalizedUrl' | 'duplicateScannedAt'> &
  Partial<Pick<AppInsert, 'status' | 'publishedAt'>> {
  const { status, now = new Date() } = options;
  return {
    ...fields,
    nameSlug: slugify(fields.name) || slugify(hostOf(fields.url)?.split('.')[0] ?? '') || 'app',
    normalizedName: normalizeName(fields.name),
    normalizedUrl: normalizeUrl(fields.url),
    // A new or edited name, address or description is compared again by the duplicate scan.
    duplicateScannedAt: null,
    ...(status ? { status, publishedAt: status === 'published' ? now : null } : {}),
  };
}
