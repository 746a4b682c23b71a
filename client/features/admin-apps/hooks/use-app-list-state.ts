import { useState } from 'react';

/**
 * All Apps' page, ticked apps and "every matching app", each kept for one filter (status + search):
 * a new search or filter starts from the first page with nothing selected.
 */
export function useAppListState(filter: string) {
  const [paging, setPaging] = useState<{ filter: string; page: number }>({ filter: '', page: 0 });
  const [selection, setSelection] = useState<{ filter: string; ids: Set<number> }>(() => ({ filter: '', ids: new Set() }));
  // The second step of select-all: every app matching this filter, not only the loaded page.
  const [everyMatchingFilter, setEveryMatchingFilter] = useState<string | null>(null);

  const setSelected = (update: Set<number> | ((current: Set<number>) => Set<number>)) => {
    setEveryMatchingFilter(null);
    setSelection((current) => {
      const base = current.filter === filter ? current.ids : new Set<number>();
      return { filter, ids: typeof update === 'function' ? update(base) : update };
    });
  };
  return {
    page: paging.filter === filter ? paging.page : 0,
    setPage: (next: number) => setPaging({ filter, page: next }),
    selected: selection.filter === filter ? selection.ids : new Set<number>(),
    setSelected,
    everyMatching: everyMatchingFilter === filter,
    selectEveryMatching: () => setEveryMatchingFilter(filter),
  };
}
