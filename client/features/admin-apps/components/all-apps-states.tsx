import { Radar } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';

/** Six card outlines while the first page loads. */
export function CardSkeletons() {
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

/** No app to list: none matches the filter, or the catalogue is empty (then Discover is the way in). */
export function NoApps({ filtered, onOpenDiscover }: { filtered: boolean; onOpenDiscover: () => void }) {
  return (
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
  );
}

/** Spec §8: after a failed load the list is no longer fetched until the curator asks again. */
export function SimplifiedMode({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="grid gap-3 p-6">
      <h2 className="text-lg font-semibold">Simplified mode</h2>
      <p className="text-sm text-slate-700">
        Unable to fetch apps data. The application list is not loaded; the other admin views keep working.
      </p>
      <div>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Card>
  );
}
