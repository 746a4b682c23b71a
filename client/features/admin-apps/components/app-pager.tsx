import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** Previous / "Page n of m" / Next under the All Apps list (page is 0-based). */
export function AppPager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page === 0}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700">
        Page {page + 1} of {pageCount}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page + 1 >= pageCount}>
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
