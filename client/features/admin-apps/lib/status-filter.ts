import { APP_STATUSES, type AppStatus } from '@shared/constants';

export type StatusFilter = AppStatus | 'all';

/** The All Apps status filter named by the address (`?status=`); anything else means every status. */
export function statusFilterFromSearch(search: string): StatusFilter {
  const value = new URLSearchParams(search).get('status');
  return (APP_STATUSES as readonly string[]).includes(value ?? '') ? (value as AppStatus) : 'all';
}

/** The query string with this status filter (none for every status), the other parameters (`view`) kept. */
export function searchWithStatusFilter(search: string, status: StatusFilter): string {
  const params = new URLSearchParams(search);
  if (status === 'all') params.delete('status');
  else params.set('status', status);
  const text = params.toString();
  return text ? `?${text}` : '';
}
