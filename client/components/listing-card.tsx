import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AppFreshness } from '@client/components/app-freshness';
import { AppLogoImage } from '@client/components/app-logo-image';
import { AppStats } from '@client/components/app-stats';
import { SpriteIcon } from '@client/components/icon-sprite';
import { CompareToggle } from '@client/components/compare/compare-toggle';
import type { App } from '@shared/schemas/app';
import { appPath } from '@shared/slug';
import { pricingName } from '@shared/tool-pages';

/**
 * An app in a browsing list (category, task, stack and Saved pages): name (link to its page), category,
 * description, an optional reason or note, rating, visitors, pricing, when it was added, its Compare
 * toggle and any actions the page adds.
 */
export function ListingCard({
  app,
  reason,
  reasonLabel = 'Why it fits',
  headingLevel = 2,
  actions,
  rank,
}: {
  app: App;
  reason?: string | null | undefined;
  reasonLabel?: string;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
  rank?: number;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nameId = `listing-${app.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="listing-card"
    >
      <div className="flex items-start gap-3">
        <AppLogoImage src={app.logoUrl} category={app.category} size="sm" />
        <div className="min-w-0 flex-1">
          <Heading id={nameId} className="truncate text-base font-semibold text-slate-900">
            <Link href={appPath(app)} className="hover:text-brand-700 hover:underline">
              {rank !== undefined ? <span className="mr-1 text-slate-600">{rank}.</span> : null}
              {app.name}
            </Link>
          </Heading>
          <p className="truncate text-sm text-slate-600">{app.category}</p>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-sm leading-6 text-slate-700">{app.description}</p>
      {reason ? (
        <p className="mt-3 flex gap-2 rounded-lg bg-brand-50 p-3 text-sm leading-5 text-brand-800" data-testid="listing-reason">
          <SpriteIcon name="sparkles" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">{reasonLabel}: </span>
            {reason}
          </span>
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <AppStats rating={app.rating} monthlyVisitors={app.monthlyVisitors} />
          <div className="flex items-center gap-1">
            <dt className="sr-only">Pricing</dt>
            <dd className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {pricingName(app.pricingType)}
            </dd>
          </div>
        </dl>
        <CompareToggle app={app} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <AppFreshness app={app} />
        {actions}
      </div>
    </article>
  );
}
