import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@client/components/ui/button';
import type { App } from '@shared/schemas/app';

const loadDialog = () => import('./report-problem-dialog');
const ReportProblemDialog = lazy(loadDialog);

/**
 * "Report a problem" on the app page. The dialog, its form and the shared report schema (zod) are
 * their own chunk, fetched when the pointer or focus reaches the button and shown on click: few
 * visitors report, and the page's first load should not carry them.
 */
export function ReportProblemButton({ app }: { app: App }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <Button
        variant="outline"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="self-start"
      >
        <Flag className="size-4" aria-hidden="true" />
        Report a problem
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ReportProblemDialog app={app} open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
