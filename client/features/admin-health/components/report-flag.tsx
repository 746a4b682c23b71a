import { Flag } from 'lucide-react';
import { REPORT_FLAG_THRESHOLD } from '@shared/schemas/report';
import { useOpenReportCounts } from '../api/health-api';

/** All Apps flag: shown when an app has several open visitor reports. */
export function ReportFlag({ appId }: { appId: number }) {
  const counts = useOpenReportCounts();
  const open = counts.data?.[String(appId)] ?? 0;
  if (open < REPORT_FLAG_THRESHOLD) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
      data-testid="report-flag"
    >
      <Flag className="size-3" aria-hidden="true" />
      {open} open reports
    </span>
  );
}
