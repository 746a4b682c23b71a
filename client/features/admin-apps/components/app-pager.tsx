import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/**
 * Previous / "Page n of m" / Next under the All Apps list (page is 0-based). While another filter's or page's apps
 * load (`loading`), the page count belongs to the previous answer: it is not shown and neither button moves, so a
 * curator cannot step into a page the new filter does not have.
 */
export function AppPager({
  page,
  pageCount,
  loading,
  onPage,
}: {
  page: number;
  pageCount: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={loading || page === 0}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700">{loading ? `Page ${page + 1}` : `Page ${page + 1} of ${pageCount}`}</p>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={loading || page + 1 >= pageCount}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
