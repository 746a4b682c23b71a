import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { countOf } from '@shared/pluralize';
import type { AdminApp } from '@shared/schemas/admin-app';
import { ConfirmDialog } from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import {
  useAdminAppPage,
  useAdminAppTotal,
  useBulkDeleteApps,
  useDeleteApp,
  useRemoveDuplicates,
  useUpdateAppStatus,
  type AdminAppListParams,
} from '../api/admin-apps';
import { useAppListState } from '../hooks/use-app-list-state';
import { appCountLine } from '../lib/app-count-line';
import { searchWithStatusFilter, statusFilterFromSearch, type StatusFilter } from '../lib/status-filter';
import { AdminAppCard } from './admin-app-card';
import { AllAppsToolbar } from './all-apps-toolbar';
import { CardSkeletons, NoApps, SimplifiedMode } from './all-apps-states';
import { AppPager } from './app-pager';

/** Apps per page: the server pages, so 5,000 apps stay as fast as 50. */
export const ADMIN_APPS_PAGE_SIZE = 24;
const SEARCH_DEBOUNCE_MS = 300;

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
  const setStatus = (next: StatusFilter) =>
    navigate(`${pathname}${searchWithStatusFilter(locationSearch, next)}`, { replace: true });
  const [confirm, setConfirm] = useState<null | { kind: 'bulk' } | { kind: 'duplicates' } | { kind: 'delete'; app: AdminApp }>(
    null,
  );
  // Spec §8: after a failed load the list is no longer fetched ("simplified mode") until asked again.
  const [simplified, setSimplified] = useState(false);

  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // A new search or filter starts from the first page with nothing selected.
  const filter = `${status}|${query.trim()}`;
  const { page, setPage, selected, setSelected, everyMatching, selectEveryMatching } = useAppListState(filter);
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
      toast({
        title: 'Data Loading Error',
        description: 'Unable to fetch apps data. Using simplified mode.',
        variant: 'destructive',
      });
    }
  }, [list.isError]);

  const apps = list.data?.apps ?? [];
  const matching = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(matching / ADMIN_APPS_PAGE_SIZE));
  const selectedOnPage = apps.filter((app) => selected.has(app.id));
  const allSelected = everyMatching || (apps.length > 0 && selectedOnPage.length === apps.length);
  const selectedCount = everyMatching ? matching : selected.size;

  // Deleting the last apps of the last page would leave an empty page behind: step back.
  if (list.data && !list.isPlaceholderData && page > 0 && page >= pageCount) setPage(pageCount - 1);

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
      <SimplifiedMode
        onRetry={() => {
          reportedFailure.current = false;
          setSimplified(false);
          void list.refetch();
        }}
      />
    );
  }

  const filtered = query.trim() !== '' || status !== 'all';
  // Until a new filter's or page's apps arrive, the previous ones stay on screen (keepPreviousData) with their total,
  // while the filter and page already are the new ones: a count made of both would describe neither (e.g. every app
  // counted as "matching" Pending), so the line says the list is loading, as on the first load.
  const countLine =
    list.data && !list.isPlaceholderData
      ? appCountLine({ offset: page * ADMIN_APPS_PAGE_SIZE, shown: apps.length, matching, total: total.data, filtered })
      : 'Loading applications...';

  return (
    <div className="grid gap-4">
      <AllAppsToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={setStatus}
        removingDuplicates={removeDuplicates.isPending}
        onRemoveDuplicates={() => setConfirm({ kind: 'duplicates' })}
        deleting={bulkDelete.isPending}
        onDeleteSelected={() => setConfirm({ kind: 'bulk' })}
        selection={{
          count: selectedCount,
          allOnPage: allSelected,
          someOnPage: selectedOnPage.length > 0,
          // While another filter's or page's apps load, the list still shown is the previous one: ticking it whole,
          // or every app it counted, would select apps the new filter may not hold.
          pageEmpty: apps.length === 0 || list.isPlaceholderData,
          everyMatching,
          offerEveryMatching: !list.isPlaceholderData && allSelected && matching > apps.length,
        }}
        onToggleAll={toggleAll}
        onClearSelection={() => setSelected(new Set())}
        onSelectEveryMatching={selectEveryMatching}
        matching={matching}
        filtered={filtered}
        countLine={countLine}
      />

      {list.isPending ? (
        <CardSkeletons />
      ) : apps.length === 0 ? (
        <NoApps filtered={filtered} onOpenDiscover={onOpenDiscover} />
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
        <AppPager page={page} pageCount={pageCount} loading={list.isPlaceholderData} onPage={goToPage} />
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
