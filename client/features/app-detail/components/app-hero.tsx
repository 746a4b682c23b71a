import { BadgeCheck, Bookmark, BookmarkCheck, Building2, Calendar, ExternalLink, MapPin, Share2, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { CompareToggle } from '@client/components/compare/compare-toggle';
import { toast } from '@client/components/ui/use-toast';
import { formatCount } from '@shared/format';
import type { App } from '@shared/schemas/app';
import { saveApp } from '../api/app-detail-api';
import { useLocalRatings, useSavedApp, useShareCount } from '../hooks/use-visitor-state';
import { displayedRating } from '../lib/rating';
import { shareOrCopy } from '../lib/share';
import { AppLogoTile } from './app-logo-tile';
import { StarRating } from './star-rating';

const actionButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

/** The hero of the app page: logo, name, Verified badge (published apps that are not defunct), rating, visits, actions (no "Try it out" for a defunct app), description and facts. */
export function AppHero({ app }: { app: App }) {
  const [saved, markSaved] = useSavedApp(app.id);
  const [saveCount, setSaveCount] = useState(app.saveCount);
  const [saving, setSaving] = useState(false);
  const [shareCount, countShare] = useShareCount(app.id);
  const [ratings, rate] = useLocalRatings(app.id);

  const save = async () => {
    setSaving(true);
    try {
      const result = await saveApp(app.id);
      setSaveCount(result.saveCount);
      markSaved();
      toast({ title: 'Saved!', description: 'App has been added to your favorites.' });
    } catch (error) {
      console.error('Save failed', error);
      toast({ title: 'Error', description: 'Failed to save app. Please try again.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const share = async () => {
    const outcome = await shareOrCopy({ title: app.name, text: app.description, url: window.location.href });
    if (outcome === 'shared' || outcome === 'copied') countShare();
    if (outcome === 'copied') toast({ title: 'Link copied!', description: 'Share link has been copied to clipboard.' });
    if (outcome === 'failed')
      toast({ title: 'Error', description: 'The link could not be shared or copied.', variant: 'destructive' });
  };

  const facts = [
    app.company ? { icon: Building2, label: 'Company', value: app.company } : null,
    app.foundedYear ? { icon: Calendar, label: 'Founded', value: String(app.foundedYear) } : null,
    app.location ? { icon: MapPin, label: 'Location', value: app.location } : null,
  ].filter((fact) => fact !== null);

  return (
    <section aria-labelledby="app-name" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <AppLogoTile logoUrl={app.logoUrl} category={app.category} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 id="app-name" className="break-words text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
              {app.name}
            </h1>
            {/* Only a published app has been reviewed (a preview of a pending one must not claim it), and a defunct one no longer works. */}
            {app.status === 'published' && !app.defunct ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verified
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-slate-600">{app.category}</p>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
            <StarRating
              average={displayedRating(ratings, app.rating)}
              chosen={ratings.at(-1) ?? null}
              // The listing's own rating is the curators'; visitors' reviews have their own average below.
              label={ratings.length > 0 ? 'Your rating' : "Curators' rating"}
              onRate={(stars) => {
                rate(stars);
                toast({ title: `Rated ${stars} stars!`, description: 'Thank you for your feedback.' });
              }}
            />
            <p className="inline-flex items-center gap-2 text-sm text-slate-700">
              <TrendingUp className="size-4 text-brand-600" aria-hidden="true" />
              <span>
                <span className="font-semibold text-slate-900">{formatCount(app.monthlyVisitors)}</span> monthly visits
              </span>
            </p>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* A defunct app's site no longer offers it: nothing to try. */}
            {app.defunct ? null : (
              <a
                href={app.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${actionButton} bg-brand-600 text-white hover:bg-brand-700`}
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                Try it out<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <button
              type="button"
              onClick={() => void save()}
              disabled={saved || saving}
              aria-pressed={saved}
              className={`${actionButton} border border-slate-300 bg-white text-slate-900 hover:border-brand-500 hover:text-brand-700`}
            >
              {saved ? (
                <BookmarkCheck className="size-4 text-brand-600" aria-hidden="true" />
              ) : (
                <Bookmark className="size-4" aria-hidden="true" />
              )}
              {saved ? `Saved (${saveCount})` : `Save (${saveCount})`}
            </button>
            <button
              type="button"
              onClick={() => void share()}
              className={`${actionButton} border border-slate-300 bg-white text-slate-900 hover:border-brand-500 hover:text-brand-700`}
            >
              <Share2 className="size-4" aria-hidden="true" />
              Share ({shareCount})
            </button>
            {app.status === 'published' ? <CompareToggle app={app} size="large" /> : null}
          </div>
        </div>
      </div>
      <div className="mt-8 border-t border-slate-100 pt-6">
        <h2 className="sr-only">About {app.name}</h2>
        <p className="whitespace-pre-line text-base leading-7 text-slate-700">{app.longDescription || app.description}</p>
        {facts.length > 0 ? (
          <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3 text-sm">
            {facts.map(({ icon: Icon, label, value }) => (
              <div key={label} className="flex items-center gap-2">
                <Icon className="size-4 text-slate-500" aria-hidden="true" />
                <dt className="text-slate-600">{label}:</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
