import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import type { SearchIntent } from '@shared/schemas/alternatives';
import type { SearchResponse } from '@shared/schemas/app';
import type { SearchUnderstanding } from '@shared/schemas/search';
import { LoadError } from '@client/components/ui/load-error';
import { listNames } from '@shared/tool-pages';
import { confidencePercent, UNSURE_TEXT } from '../lib/display';
import { AppCard } from './app-card';
import { AppGrid, SkeletonGrid } from './app-grid';
import { InlineIcon } from './inline-icon';
import { MatchEvidence } from './match-evidence';
import { UnderstandingChips } from './understanding-chips';

const intentLink =
  'inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** The pages a query that names apps leads to: their comparison, or the full list of alternatives. */
function IntentLinks({ intent }: { intent: SearchIntent }) {
  const links = [
    intent.comparePath ? { href: intent.comparePath, label: `Compare ${listNames(intent.apps.map((app) => app.name))}` } : null,
    intent.alternativesPath && intent.apps[0]
      ? { href: intent.alternativesPath, label: `See all alternatives to ${intent.apps[0].name}` }
      : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className={intentLink}>
            {link.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The AI search results that replace the trending list: title, what the search understood (removable chips),
 * reasoning and confidence (a caution when the search is unsure), cards with match reasons and their evidence.
 */
export function SearchResultsSection({
  query,
  result,
  understood,
  without,
  status,
  onRetry,
  onBack,
  onWithoutChange,
}: {
  query: string;
  result: SearchResponse | undefined;
  /** The understanding to show as chips: the answer's, or while the same query runs again, the previous one's. */
  understood: SearchUnderstanding | undefined;
  /** The chip ids set aside in the address. */
  without: readonly string[];
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  onBack: () => void;
  onWithoutChange: (without: string[]) => void;
}) {
  const answered = status === 'success' && result !== undefined;
  // The search's own doubt, said above its apps; an empty answer has its own message and only the caution.
  const unsure = answered && result.unsure === true && result.apps.length > 0;
  const caution = answered && (result.unsure === true || result.apps.length === 0);
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2
            id="marketplace-title"
            tabIndex={-1}
            className="rounded-sm text-2xl font-bold tracking-tight text-slate-900 outline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-3xl"
          >
            AI Search Results
          </h2>
          {unsure ? (
            <p className="mt-1 flex items-start gap-2 font-semibold text-amber-900" data-testid="search-unsure">
              <InlineIcon name="caution" className="mt-0.5 size-5 shrink-0 text-amber-700" />
              {UNSURE_TEXT}
            </p>
          ) : null}
          <p className="mt-1 break-words text-sm text-slate-600">
            For “<span className="font-medium text-slate-800">{query}</span>”
          </p>
        </div>
        <button
          type="button"
          onClick={onBack}
          className="inline-flex h-10 shrink-0 items-center gap-2 self-start rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 transition-colors hover:border-brand-500 hover:text-brand-700"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to trending apps
        </button>
      </div>
      {understood && status !== 'error' ? (
        <UnderstandingChips
          query={query}
          chips={understood.chips ?? []}
          without={without}
          headingId="marketplace-title"
          onChange={onWithoutChange}
        />
      ) : null}
      {status === 'success' && result ? (
        <div
          className={`mt-4 rounded-2xl border p-4 ${caution ? 'border-amber-300 bg-amber-50' : 'border-brand-100 bg-brand-50/60'}`}
        >
          <p className="text-slate-800" data-testid="search-reasoning">
            {result.reasoning}
          </p>
          <p
            className={`mt-2 flex items-center gap-1.5 text-sm font-medium ${caution ? 'text-amber-900' : 'text-brand-800'}`}
            data-testid="search-confidence"
          >
            {caution ? <InlineIcon name="caution" className="size-4 shrink-0" /> : null}
            {confidencePercent(result.confidence)}% confidence{result.unsure === true ? ' (low)' : ''}
          </p>
          {result.intent ? <IntentLinks intent={result.intent} /> : null}
          {result.task ? (
            <p className="mt-3">
              <Link href={result.task.path} className={intentLink} data-testid="search-task-link">
                {result.task.name}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-6">
        {status === 'pending' ? (
          <SkeletonGrid />
        ) : status === 'error' ? (
          <LoadError size="page" message="AI search encountered an error. Please try again." onRetry={onRetry} />
        ) : result && result.apps.length > 0 ? (
          <AppGrid>
            {result.apps.map((app) => (
              <AppCard
                key={app.id}
                app={app}
                matchReason={app.matchReason}
                evidence={app.evidence ? <MatchEvidence appName={app.name} evidence={app.evidence} /> : null}
              />
            ))}
          </AppGrid>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
            No apps found matching your search.
          </p>
        )}
      </div>
    </>
  );
}
