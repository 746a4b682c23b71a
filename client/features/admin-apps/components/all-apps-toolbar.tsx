import { CopyMinus, Search, Trash2 } from 'lucide-react';
import { APP_STATUSES } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input, Label } from '@client/components/ui/input';
import { Select } from '@client/components/ui/select';
import { statusLabel } from '../lib/app-status';
import type { StatusFilter } from '../lib/status-filter';

const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All Status' },
  ...APP_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** What the select-all row shows: how many are ticked, and whether the page or every matching app is. */
export interface SelectionSummary {
  /** Apps ticked (every matching app counts when that is what is selected). */
  count: number;
  allOnPage: boolean;
  someOnPage: boolean;
  pageEmpty: boolean;
  everyMatching: boolean;
  /** Offer "Select all N matching applications": the page is ticked and more apps match. */
  offerEveryMatching: boolean;
}

/**
 * The head of All Apps: search, status filter, Remove Duplicates and Delete, then the select-all row
 * (page, then every matching app) and the count line.
 */
export function AllAppsToolbar(props: {
  search: string;
  onSearchChange: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  removingDuplicates: boolean;
  onRemoveDuplicates: () => void;
  deleting: boolean;
  onDeleteSelected: () => void;
  selection: SelectionSummary;
  onToggleAll: (checked: boolean) => void;
  onClearSelection: () => void;
  onSelectEveryMatching: () => void;
  matching: number;
  filtered: boolean;
  countLine: string;
}) {
  const { selection } = props;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="admin-app-search">Search applications</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id="admin-app-search"
              type="search"
              value={props.search}
              onChange={(event) => props.onSearchChange(event.target.value)}
              placeholder="Name, description or category"
              className="pl-9"
              maxLength={200}
            />
          </div>
        </div>
        <div className="grid gap-1.5 lg:w-48">
          <Label htmlFor="admin-app-status">Status</Label>
          <Select
            id="admin-app-status"
            value={props.status}
            onValueChange={(value) => props.onStatusChange(value as StatusFilter)}
            options={STATUS_FILTER_OPTIONS}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={props.onRemoveDuplicates} disabled={props.removingDuplicates}>
            <CopyMinus className="size-4" aria-hidden="true" />
            {props.removingDuplicates ? 'Removing...' : 'Remove Duplicates'}
          </Button>
          <Button variant="destructive" onClick={props.onDeleteSelected} disabled={selection.count === 0 || props.deleting}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete{selection.count > 0 ? ` (${formatNumber(selection.count)})` : ''}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id="admin-select-all"
            checked={selection.allOnPage ? true : selection.someOnPage ? 'indeterminate' : false}
            onCheckedChange={(value) => props.onToggleAll(value === true)}
            disabled={selection.pageEmpty}
          />
          <Label htmlFor="admin-select-all">Select all on this page</Label>
          {selection.count > 0 ? (
            <span className="text-sm text-slate-600">({formatNumber(selection.count)} selected)</span>
          ) : null}
          {selection.everyMatching ? (
            <Button variant="link" size="sm" className="h-auto px-1" onClick={props.onClearSelection}>
              Clear selection
            </Button>
          ) : selection.offerEveryMatching ? (
            <Button variant="link" size="sm" className="h-auto px-1" onClick={props.onSelectEveryMatching}>
              Select all {formatNumber(props.matching)} {props.filtered ? 'matching ' : ''}applications
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-slate-700" role="status" aria-live="polite">
          {props.countLine}
        </p>
      </div>
    </Card>
  );
}
