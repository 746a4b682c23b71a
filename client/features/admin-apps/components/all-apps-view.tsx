import { ChevronLeft, ChevronRight, CopyMinus, Radar, Search, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { APP_STATUSES } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { countOf } from '@shared/pluralize';
import type { AdminApp } from '@shared/schemas/admin-app';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { Input, Label } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import {
  useAdminAppPage,
  useAdminAppTotal,
  useBulkDeleteApps,
  useDeleteApp,
  useRemoveDuplicates,
  useUpdateAppStatus,
  type AdminAppListParams,
} from '../api/admin-apps';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { statusLabel } from '../lib/app-status';
import { appCountLine } from '../lib/app-count-line';
import { searchWithStatusFilter, statusFilterFromSearch, type StatusFilter } from '../lib/status-filter';
import { AdminAppCard } from './admin-app-card';

/** Apps per page: the server pages, so 5,000 apps stay as fast as 50. */
export const ADMIN_APPS_PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All Status' },
  ...APP_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

function CardSkeletons() {
  return (
    <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} className="grid gap-3 p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </Card>
      ))}
    </div>
  );
}

/**
 * All Apps (spec §2 Admin All Apps): search, status filter, selection with bulk delete, remove
 * duplicates, per-app status moves and delete, each destructive step behind its confirmation.
 */
export function AllAppsView({ onOpenDiscover, appFlag }: { onOpenDiscover: () => void; appFlag?: (appId: number) => ReactNode }) {
  const [search, setSearch] = useState('');
  // The status filter lives in the address (?status=): a reload, a shared link or Back keep it.
  const [pathname, navigate] = useLocation();
  const locationSearch = useSearch();
  const status = statusFilterFromSearch(locationSearch);
  const setStatus = (next: StatusFilter) => navigate(`${pathname}${searchWithStatusFilter(locationSearch, next)}`, { replace: true });
  const [paging, setPaging] = useState<{ filter: string; page: number }>({ filter: '', page: 0 });
  const [selection, setSelection] = useState<{ filter: string; ids: Set<number> }>(() => ({ filter: '', ids: new Set() }));
  // The second step of select-all: every app matching this filter, not only the loaded page.
  const [everyMatchingFilter, setEveryMatchingFilter] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<null | { kind: 'bulk' } | { kind: 'duplicates' } | { kind: 'delete'; app: AdminApp }>(null);
  // Spec §8: after a failed load the list is no longer fetched ("simplified mode") until asked again.
  const [simplified, setSimplified] = useState(false);

  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // A new search or filter starts from the first page with nothing selected.
  const filter = `${status}|${query.trim()}`;
  const page = paging.filter === filter ? paging.page : 0;
  const selected = selection.filter === filter ? selection.ids : new Set<number>();
  const everyMatching = everyMatchingFilter === filter;
  const setPage = (next: number) => setPaging({ filter, page: next });
  const setSelected = (update: Set<number> | ((current: Set<number>) => Set<number>)) => {
    setEveryMatchingFilter(null);
    setSelection((current) => {
      const base = current.filter === filter ? current.ids : new Set<number>();
      return { filter, ids: typeof update === 'function' ? update(base) : update };
    });
  };
  const params: AdminAppListParams = { q: query, status, limit: ADMIN_APPS_PAGE_SIZE, offset: page * ADMIN_APPS_PAGE_SIZE };
  const list = useAdminAppPage(params, !simplified);
  const total = useAdminAppTotal(!simplified);
  const updateStatus = useUpdateAppStatus();
  const deleteApp = useDeleteApp();
  const bulkDelete = useBulkDeleteApps();
  const removeDuplicates = useRemoveDuplicates();

  const reportedFailure = useRef(false);
  useEffect(() => {
    if (list.isError && !reportedFailure.current) {
      reportedFailure.current = true;
      setSimplified(true);
      toast({ title: 'Data Loading Error', description: 'Unable to fetch apps data. Using simplified mode.', variant: 'destructive' });
    }
  }, [list.isError]);

  const apps = list.data?.apps ?? [];
  const matching = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(matching / ADMIN_APPS_PAGE_SIZE));
  const selectedOnPage = apps.filter((app) => selected.has(app.id));
  const allSelected = everyMatching || (apps.length > 0 && selectedOnPage.length === apps.length);
  const selectedCount = everyMatching ? matching : selected.size;

  // Deleting the last apps of the last page would leave an empty page behind: step back.
  if (list.data && !list.isPlaceholderData && page > 0 && page >= pageCount) setPaging({ filter, page: pageCount - 1 });

  const toggleAll = (checked: boolean) => setSelected(checked ? new Set(apps.map((app) => app.id)) : new Set());
  const toggleOne = (id: number, checked: boolean) =>
    setSelected((current) => {
      // Unticking one app of "all matching" keeps the rest of this page ticked.
      const next = new Set(everyMatching ? apps.map((app) => app.id) : current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const goToPage = (next: number) => {
    setPage(next);
    if (!everyMatching) setSelected(new Set());
  };

  const runConfirmed = () => {
    if (!confirm) return;
    if (confirm.kind === 'bulk') {
      const target = everyMatching ? { matching: { q: query.trim(), status }, count: matching } : { ids: [...selected] };
      bulkDelete.mutate(target, { onSuccess: () => setSelected(new Set()) });
    } else if (confirm.kind === 'duplicates') {
      removeDuplicates.mutate();
    } else {
      const { app } = confirm;
      deleteApp.mutate(
        { id: app.id, name: app.name },
        {
          onSuccess: () =>
            setSelected((current) => {
              const next = new Set(current);
              next.delete(app.id);
              return next;
            }),
        },
      );
    }
  };

  if (simplified) {
    return (
      <Card className="grid gap-3 p-6">
        <h2 className="text-lg font-semibold">Simplified mode</h2>
        <p className="text-sm text-slate-700">Unable to fetch apps data. The application list is not loaded; the other admin views keep working.</p>
        <div>
          <Button
            variant="outline"
            onClick={() => {
              reportedFailure.current = false;
              setSimplified(false);
              void list.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      </Card>
    );
  }

  const filtered = query.trim() !== '' || status !== 'all';
  const countLine = list.data
    ? appCountLine({ offset: page * ADMIN_APPS_PAGE_SIZE, shown: apps.length, matching, total: total.data, filtered })
    : 'Loading applications...';

  return (
    <div className="grid gap-4">
      <Card className="grid gap-3 p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="admin-app-search">Search applications</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input
                id="admin-app-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Name, description or category"
                className="pl-9"
                maxLength={200}
              />
            </div>
          </div>
          <div className="grid gap-1.5 lg:w-48">
            <Label htmlFor="admin-app-status">Status</Label>
            <Select id="admin-app-status" value={status} onValueChange={(value) => setStatus(value as StatusFilter)} options={STATUS_FILTER_OPTIONS} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setConfirm({ kind: 'duplicates' })} disabled={removeDuplicates.isPending}>
              <CopyMinus className="size-4" aria-hidden="true" />
              {removeDuplicates.isPending ? 'Removing...' : 'Remove Duplicates'}
            </Button>
            <Button variant="destructive" onClick={() => setConfirm({ kind: 'bulk' })} disabled={selectedCount === 0 || bulkDelete.isPending}>
              <Trash2 className="size-4" aria-hidden="true" />
              Delete{selectedCount > 0 ? ` (${formatNumber(selectedCount)})` : ''}
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <div className="flex items-center gap-2">
            <Checkbox
              id="admin-select-all"
              checked={allSelected ? true : selectedOnPage.length > 0 ? 'indeterminate' : false}
              onCheckedChange={(value) => toggleAll(value === true)}
              disabled={apps.length === 0}
            />
            <Label htmlFor="admin-select-all">Select all on this page</Label>
            {selectedCount > 0 ? <span className="text-sm text-slate-600">({formatNumber(selectedCount)} selected)</span> : null}
            {everyMatching ? (
              <Button variant="link" size="sm" className="h-auto px-1" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            ) : allSelected && matching > apps.length ? (
              <Button variant="link" size="sm" className="h-auto px-1" onClick={() => setEveryMatchingFilter(filter)}>
                Select all {formatNumber(matching)} {filtered ? 'matching ' : ''}applications
              </Button>
            ) : null}
          </div>
          <p className="text-sm text-slate-700" role="status" aria-live="polite">
            {countLine}
          </p>
        </div>
      </Card>

      {list.isPending ? (
        <CardSkeletons />
      ) : apps.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <Radar className="size-10 text-slate-400" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{filtered ? 'No applications match' : 'No applications yet'}</h2>
          <p className="max-w-md text-sm text-slate-600">
            {filtered ? 'Try another search or status.' : 'Discover AI apps automatically or from a URL, then review them here.'}
          </p>
          <Button onClick={onOpenDiscover}>
            <Radar className="size-4" aria-hidden="true" />
            Discover Apps
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-label="Applications" aria-busy={list.isFetching}>
          {apps.map((app) => (
            <li key={app.id} className="grid">
              <AdminAppCard
                app={app}
                selected={everyMatching || selected.has(app.id)}
                onSelectedChange={(checked) => toggleOne(app.id, checked)}
                onStatusAction={(action) => updateStatus.mutate({ id: app.id, status: action.status, name: app.name })}
                onDelete={() => setConfirm({ kind: 'delete', app })}
                busy={updateStatus.isPending && updateStatus.variables?.id === app.id}
                flag={appFlag?.(app.id)}
              />
            </li>
          ))}
        </ul>
      )}

      {matching > ADMIN_APPS_PAGE_SIZE ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" onClick={() => goToPage(page - 1)} disabled={page === 0}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Previous
          </Button>
          <p className="text-sm text-slate-700">
            Page {page + 1} of {pageCount}
          </p>
          <Button variant="outline" size="sm" onClick={() => goToPage(page + 1)} disabled={page + 1 >= pageCount}>
            Next
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <ConfirmDialog
        open={confirm?.kind === 'bulk'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete ${countOf(selectedCount, 'application')}?`}
        description={
          everyMatching
            ? `Every application ${filtered ? 'matching the search and status filter' : 'in the catalogue'} will be permanently deleted, not only the ones on this page. This cannot be undone.`
            : 'The selected applications will be permanently deleted. This cannot be undone.'
        }
        confirmLabel="Delete Selected"
        onConfirm={runConfirmed}
      />
      <ConfirmDialog
        open={confirm?.kind === 'duplicates'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Remove duplicate applications?"
        description="For every app name that appears more than once, only the oldest entry is kept; the others are deleted. This cannot be undone."
        confirmLabel="Remove Duplicates"
        onConfirm={runConfirmed}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'delete' ? `Delete ${confirm.app.name}?` : 'Delete application?'}
        description="This application will be permanently deleted. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={runConfirmed}
      />
    </div>
  );
}
