import { Tabs } from 'radix-ui';
import { useDuplicates, useHealthSummary } from '../api/health-api';
import { DuplicatesPanel } from './duplicates-panel';
import { ProblemsPanel } from './problems-panel';
import { ReportsPanel } from './reports-panel';

const tab =
  'rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=active]:bg-slate-900 data-[state=active]:text-white focus-visible:outline-2 focus-visible:outline-brand-600';

/** The admin "Health" view: link problems, visitor reports and duplicate flags. */
export function HealthView() {
  const summary = useHealthSummary();
  // The panel's own list (one cache): its count belongs beside the other tabs' counts.
  const duplicates = useDuplicates();
  return (
    <div className="grid gap-4">
      <p className="text-slate-700">Listings that stay true: broken or moved links, visitor reports and duplicates.</p>
      <Tabs.Root defaultValue="problems" className="grid gap-4">
        <Tabs.List aria-label="Health sections" className="flex flex-wrap gap-2">
          <Tabs.Trigger value="problems" className={tab}>
            Link problems ({summary.data?.problems ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="reports" className={tab}>
            Reports ({summary.data?.openReports ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="duplicates" className={tab}>
            Duplicates ({duplicates.data?.length ?? 0})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="problems">
          <ProblemsPanel />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsPanel />
        </Tabs.Content>
        <Tabs.Content value="duplicates">
          <DuplicatesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
