import { useQuery } from '@tanstack/react-query';
import { fetchAppDetail, type AppRef } from '../api/app-detail-api';

/** The app of a detail page (null when there is none), loaded per spec §7 and the page's mode. */
export function useAppDetail(ref: AppRef, mode: { admin: boolean; adminPath: boolean }) {
  const key = 'id' in ref ? ['app-detail', 'id', ref.id] : ['app-detail', 'slug', ref.categorySlug.toLowerCase(), ref.nameSlug.toLowerCase()];
  return useQuery({
    queryKey: [...key, mode.admin ? 'admin' : 'public'],
    queryFn: () => fetchAppDetail(ref, mode),
  });
}
