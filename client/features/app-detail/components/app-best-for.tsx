import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { getJson } from '@client/lib/api-client';
import { taskPath } from '@shared/browse-paths';
import type { App } from '@shared/schemas/app';
import type { TaskSummary } from '@shared/schemas/tasks';
import { queryKeys } from '@client/lib/query-keys';

/**
 * "Best for": the task pages that rank this app in their top 10, as links. Nothing when it leads none
 * (or while they load: the section is an extra, never a wait).
 */
export function AppBestFor({ app }: { app: App }) {
  const tasks = useQuery({
    queryKey: [...queryKeys.tasks, 'for-app', app.id],
    queryFn: () => getJson<TaskSummary[]>(`/api/marketplace/app/${app.id}/tasks`),
  });
  if (!tasks.data || tasks.data.length === 0) return null;
  return (
    <section
      aria-labelledby="best-for"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      data-testid="app-best-for"
    >
      <h2 id="best-for" className="text-2xl font-bold tracking-tight text-slate-900">
        {app.name} is among the best AI tools for
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {tasks.data.map((task) => (
          <li key={task.slug}>
            <Link
              href={taskPath(task.slug)}
              className="inline-flex min-h-10 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700"
            >
              {task.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
