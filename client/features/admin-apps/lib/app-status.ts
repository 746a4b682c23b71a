import type { AppStatus } from '../../../../shared/constants';
import type { BadgeVariant } from '@client/components/ui/badge';

export interface StatusAction {
  label: 'Approve' | 'Reject' | 'Publish' | 'Unpublish';
  status: AppStatus;
}

/** The status moves the admin menu offers (spec §4 App status); rejected offers none. */
export function statusActionsFor(status: AppStatus): StatusAction[] {
  switch (status) {
    case 'pending':
      return [
        { label: 'Approve', status: 'approved' },
        { label: 'Reject', status: 'rejected' },
      ];
    case 'approved':
      return [{ label: 'Publish', status: 'published' }];
    case 'published':
      return [{ label: 'Unpublish', status: 'approved' }];
    default:
      return [];
  }
}

/** Badge style of a status (spec §4): default published, secondary approved, destructive rejected, outline otherwise. */
export function statusBadgeVariant(status: string): BadgeVariant {
  if (status === 'published') return 'default';
  if (status === 'approved') return 'secondary';
  if (status === 'rejected') return 'destructive';
  return 'outline';
}

/** "pending" → "Pending". */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
