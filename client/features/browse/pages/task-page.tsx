import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { LinkChips } from '@client/components/link-chips';
import { ListingCard } from '@client/components/listing-card';
import { NotFoundPage } from '@client/components/layout/not-found-page';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { taskPath } from '@shared/browse-paths';
import { PRICING_TYPES } from '@shared/constants';
import { pricingName } from '@shared/tool-pages';
import { fetchTaskPage } from '../api/browse-api';
import { queryKeys } from '@client/lib/query-keys';
import { BrowsePageFrame } from '../components/browse-page-frame';

/**
 * `/best/{taskSlug}`: the AI tools that state the task, ranked by the search engine with the reason
 * for each, an intro, a pricing filter (links), facts computed from the list and related tasks.
 */
export default function TaskPage() {
  const { taskSlug } = useParams<{ taskSlug: string }>();
  const slug = taskSlug.toLowerCase();
  const wanted = new URLSearchParams(useSearch()).get('pricing')?.toLowerCase();
  const pricing = PRICING_TYPES.find((type) => type === wanted);
  const query = useQuery({
    queryKey: [...queryKeys.tasks, 'page', slug, pricing ?? 'all'],
    queryFn: () => fetchTaskPage(slug, pricing),
  });
  const data = query.data;
  useDocumentTitle(data ? data.task.name : query.isPending ? 'Loading task' : null);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  if (query.isSuccess && !data) return <NotFoundPage />;
  return (
    <BrowsePageFrame
      pending={query.isPending}
      failed={query.isError || !data}
      errorMessage="The task could not be loaded."
      onRetry={() => void query.refetch()}
      crumbs={[{ label: 'Best AI tools', href: '/best' }]}
      current={data?.task.label ?? ''}
    >
      {() =>
        data ? (
          <>
            <header className="mt-4">
              <h1 className="break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{data.task.name}</h1>
              <p className="mt-3 max-w-3xl whitespace-pre-line text-slate-700" data-testid="task-intro">
                {data.task.intro}
              </p>
              <p className="mt-2 text-sm text-slate-600">
                {data.task.appCount} apps ·{' '}
                <a
                  href={`/feeds/apps.xml?task=${encodeURIComponent(data.task.slug)}`}
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  <Rss className="size-3.5" aria-hidden="true" />
                  Feed of new apps for this task
                </a>
              </p>
              <LinkChips
                label="Filter by pricing"
                className="mt-6"
                chips={[undefined, ...PRICING_TYPES].map((type) => ({
                  label: type ? pricingName(type) : 'All pricing',
                  href: taskPath(data.task.slug, type),
                  current: type === pricing,
                }))}
              />
            </header>
            <section aria-label="Ranked apps" className="mt-8">
              {data.apps.length === 0 ? (
                <div
                  className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700"
                  data-testid="task-empty"
                >
                  <h2 className="text-lg font-semibold text-slate-900">
                    No {pricing ? pricingName(pricing).toLowerCase() : ''} apps for this task yet
                  </h2>
                  <p className="mt-4 font-semibold text-brand-700">
                    <Link href={taskPath(data.task.slug)} className="underline underline-offset-4">
                      Show every pricing
                    </Link>
                  </p>
                </div>
              ) : (
                <ol className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
                  {data.apps.map((app, index) => (
                    <li key={app.id}>
                      <ListingCard app={app} reason={app.reason} rank={index + 1} />
                    </li>
                  ))}
                </ol>
              )}
              {data.total > data.apps.length ? (
                <p className="mt-4 text-sm text-slate-600">
                  The first {data.apps.length} of {data.total}.
                </p>
              ) : null}
            </section>
            <div className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-2">
              <section aria-labelledby="task-facts">
                <h2 id="task-facts" className="text-xl font-bold text-slate-900">
                  Questions and answers
                </h2>
                <dl className="mt-4 space-y-4">
                  {data.facts.map((fact) => (
                    <div key={fact.question}>
                      <dt className="font-semibold text-slate-900">{fact.question}</dt>
                      <dd className="mt-1 text-slate-700">{fact.answer}</dd>
                    </div>
                  ))}
                </dl>
              </section>
              {data.related.length > 0 ? (
                <section aria-labelledby="task-related">
                  <h2 id="task-related" className="text-xl font-bold text-slate-900">
                    Related tasks
                  </h2>
                  <ul className="mt-4 space-y-2">
                    {data.related.map((task) => (
                      <li key={task.slug}>
                        <Link
                          href={taskPath(task.slug)}
                          className="inline-flex min-h-8 items-center font-medium text-brand-700 underline-offset-4 hover:underline"
                        >
                          {task.name}
                        </Link>{' '}
                        <span className="text-sm text-slate-600">({task.appCount} apps)</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          </>
        ) : null
      }
    </BrowsePageFrame>
  );
}
