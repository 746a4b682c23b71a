import { Link } from 'wouter';
import type { ReactNode } from 'react';
import { AppFreshness } from '@client/components/app-freshness';
import { AppStats } from '@client/components/app-stats';
import { CompareToggle } from '@client/components/compare/compare-toggle';
import { SpriteIcon } from '@client/components/icon-sprite';
import type { App } from '@shared/schemas/app';
import { appPath } from '@shared/slug';
import { recordView } from '../api/marketplace-api';
import { isPremiumCategory } from '../lib/display';
import { AppLogo } from './app-logo';

/**
 * A marketplace card: logo, name, category, description (3 lines), rating, visitors, and the action
 * row with Learn More. The whole card opens the app page (deviation 6): the name is the card's one link,
 * stretched over the card by its ::after box; anything else interactive on the card sits above it with
 * `relative z-10` so it stays reachable on its own. "Learn More" is the visual hint of that link; it appears
 * on hover and on keyboard focus, and on touch screens, which cannot hover, it is always shown. Its row lets
 * clicks through: while it fades in (opacity below 1) it is painted above the stretched link and would
 * swallow a click on "Learn More" itself. A search result also shows why it matched, with the listing's words
 * behind that reason on demand ("Why this match?": the `evidence` the results section passes in, so that the
 * trending list's first load does not carry it).
 */
export function AppCard({ app, matchReason, evidence }: { app: App; matchReason?: string | undefined; evidence?: ReactNode }) {
  const nameId = `app-${app.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md focus-within:border-brand-500 focus-within:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600"
    >
      <div className="flex items-start gap-4">
        <AppLogo src={app.logoUrl} category={app.category} />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate text-base font-semibold text-slate-900">
            <Link
              href={appPath(app)}
              onClick={() => recordView(app.id)}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-brand-700 focus-visible:text-brand-700"
            >
              {app.name}
            </Link>
          </h3>
          <p className="truncate text-sm text-slate-600">{app.category}</p>
        </div>
        {isPremiumCategory(app.category) ? (
          <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Premium</span>
        ) : null}
      </div>
      <p className="mt-4 line-clamp-3 text-sm leading-6 text-slate-700">{app.description}</p>
      {matchReason ? (
        <p className="mt-4 flex gap-2 rounded-lg bg-brand-50 p-3 text-sm leading-5 text-brand-800" data-testid="match-reason">
          <SpriteIcon name="sparkles" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">Why it matches: </span>
            {matchReason}
          </span>
        </p>
      ) : null}
      {matchReason ? evidence : null}
      <dl className="mt-4 flex items-center gap-5 text-sm text-slate-700">
        <AppStats
          rating={app.rating}
          monthlyVisitors={app.monthlyVisitors}
          itemClassName="flex items-center gap-1.5"
          visitorsWord
        />
      </dl>
      <AppFreshness app={app} className="mt-3 text-xs text-slate-600" />
      <CompareToggle app={app} className="mt-4 self-start" />
      <div
        data-testid="card-actions"
        className="pointer-events-none mt-auto pt-4 transition-opacity duration-150 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:hover)]:opacity-0"
      >
        <div className="border-t border-slate-100 pt-4">
          <span
            aria-hidden="true"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 group-hover:text-brand-800"
          >
            Learn More
            <SpriteIcon name="arrow-right" className="size-4" />
          </span>
        </div>
      </div>
    </article>
  );
}

/** A placeholder card with the same footprint, shown while apps load. */
export function AppCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="app-card-skeleton"
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <div className="size-12 shrink-0 animate-pulse rounded-xl bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 animate-pulse rounded bg-slate-200" />
        <div className="h-3 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-4/5 animate-pulse rounded bg-slate-200" />
      </div>
      <div className="mt-5 h-4 w-1/2 animate-pulse rounded bg-slate-200" />
      <div className="mt-auto pt-4">
        <div className="border-t border-slate-100 pt-4">
          <div className="h-5 w-24 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
