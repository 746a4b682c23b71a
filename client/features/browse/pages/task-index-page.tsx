import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { categoryPath, taskPath } from '@shared/browse-paths';
import { fetchTaskIndex } from '../api/browse-api';
import { queryKeys } from '@client/lib/query-keys';

/** `/best`: every task page, grouped by the category most of its apps are in. */
export default function TaskIndexPage() {
  useDocumentTitle('Best AI tools for every task');
  const query = useQuery({ queryKey: [...queryKeys.tasks, 'index'], queryFn: fetchTaskIndex });
  return (
    <PublicPageFrame>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Best AI tools for every task</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Pick what you want to get done: each page ranks the AI tools whose own descriptions, features and use cases say they do
          it, with the reason for each.
        </p>
      </header>
      {query.isPending ? (
        <Spinner label="Loading tasks..." className="mt-16" />
      ) : query.isError ? (
        <LoadError
          size="page"
          message="The tasks could not be loaded."
          onRetry={() => void query.refetch()}
          className="mx-auto mt-16 max-w-xl"
        />
      ) : query.data.total === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
          No task has enough apps for a page yet.
        </p>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
          {query.data.groups.map((group) => (
            <section
              key={group.category?.slug ?? 'other'}
              aria-labelledby={`tasks-${group.category?.slug ?? 'other'}`}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id={`tasks-${group.category?.slug ?? 'other'}`} className="text-lg font-bold text-slate-900">
                {group.category ? (
                  <Link href={categoryPath(group.category.slug)} className="hover:text-brand-700 hover:underline">
                    {group.category.name}
                  </Link>
                ) : (
                  'Other tasks'
                )}
              </h2>
              <ul className="mt-3 space-y-1">
                {group.tasks.map((task) => (
                  <li key={task.slug} className="flex items-baseline justify-between gap-3">
                    <Link
                      href={taskPath(task.slug)}
                      className="inline-flex min-h-8 items-center font-medium text-brand-700 underline-offset-4 hover:underline"
                    >
                      {task.label.charAt(0).toUpperCase() + task.label.slice(1)}
                    </Link>
                    <span className="shrink-0 text-sm text-slate-600">{task.appCount} apps</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </PublicPageFrame>
  );
}
