import type { ReactNode } from 'react';
import { failureMessage } from '../api/health-api';

/** A list that could not be loaded: the server's message, announced. */
export function LoadFailure({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-red-800">
      {failureMessage(error)}
    </p>
  );
}

/** A list with nothing in it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">{children}</p>;
}
