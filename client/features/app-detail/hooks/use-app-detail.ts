import { useQuery } from '@tanstack/react-query';
import { fetchAppDetail, type AppRef } from '../api/app-detail-api';
import { queryKeys } from '@client/lib/query-keys';

/** The app of a detail page (null when there is none), loaded per spec §7 and the page's mode. */
export function useAppDetail(ref: AppRef, mode: { admin: boolean; adminPath: boolean }) {
  const target = 'id' in ref ? ['id', ref.id] : ['slug', ref.categorySlug.toLowerCase(), ref.nameSlug.toLowerCase()];
  return useQuery({
    queryKey: [...queryKeys.appDetail, ...target, mode.admin ? 'admin' : 'public'],
    queryFn: () => fetchAppDetail(ref, mode),
  });
}
