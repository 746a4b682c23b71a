import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { PublicPageFrame } from '@client/components/layout/public-page-frame';
import { Button } from '@client/components/ui/button';
import { Input, Label, Textarea } from '@client/components/ui/input';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PRICING_TYPES } from '@shared/constants';
import { formatLongDate } from '@shared/format';
import type { App } from '@shared/schemas/app';
import type { ManagedListing, ProposalChanges } from '@shared/schemas/claim';
import { appPath } from '@shared/slug';
import { fetchManagedListing, proposeChanges } from '../api/manage-api';
import { ProposalDiffTable } from '@client/components/proposal-diff-table';

const STATUS_TEXT = { pending: 'Waiting for a curator', approved: 'Approved and applied', rejected: 'Rejected' } as const;

function lines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function ProposalForm({ app, secret }: { app: App; secret: string }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState({
    description: app.description,
    longDescription: app.longDescription ?? '',
    features: app.features.join('\n'),
    useCases: app.useCases.join('\n'),
    pricingType: app.pricingType ?? '',
    screenshotUrl: app.screenshotUrl ?? '',
    company: app.company ?? '',
    foundedYear: app.foundedYear ? String(app.foundedYear) : '',
    location: app.location ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const mutation = useMutation({
    mutationFn: () => {
      const year = fields.foundedYear.trim();
      if (year && !/^\d{4}$/.test(year)) throw new Error('Founded must be a year, such as 2021.');
      const changes: ProposalChanges = {
        description: fields.description.trim(),
        longDescription: fields.longDescription.trim() || null,
        features: lines(fields.features),
        useCases: lines(fields.useCases),
        pricingType: (PRICING_TYPES as readonly string[]).includes(fields.pricingType)
          ? (fields.pricingType as ProposalChanges['pricingType'])
          : null,
        screenshotUrl: fields.screenshotUrl.trim() || null,
        company: fields.company.trim() || null,
        foundedYear: year ? Number(year) : null,
        location: fields.location.trim() || null,
      };
      return proposeChanges(secret, changes);
    },
    onSuccess: () => {
      setError(null);
      toast({ title: 'Changes proposed', description: 'A curator will review them; the answer appears below.' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.managedListing });
    },
    onError: (failure) => setError(failure instanceof ApiError ? failure.serverMessage : errorMessage(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mutation.isPending) mutation.mutate();
  };
  const field = (name: keyof typeof fields, label: string, multiline = false, hint?: string) => (
    <div className="grid gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {multiline ? (
        <Textarea id={`${id}-${name}`} rows={4} value={fields[name]} onChange={set(name)} />
      ) : (
        <Input id={`${id}-${name}`} value={fields[name]} onChange={set(name)} />
      )}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Propose changes" noValidate>
      {field('description', 'Description')}
      {field('longDescription', 'Long description', true)}
      {field('features', 'Features', true, 'One per line.')}
      {field('useCases', 'Use cases', true, 'One per line.')}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-pricingType`}>Pricing</Label>
        <select
          id={`${id}-pricingType`}
          value={fields.pricingType}
          onChange={set('pricingType')}
          className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">Not stated</option>
          <option value="free">Free</option>
          <option value="freemium">Freemium</option>
          <option value="paid">Paid</option>
        </select>
      </div>
      {field('screenshotUrl', 'Screenshot URL')}
      {field('company', 'Company')}
      {field('foundedYear', 'Founded (year)')}
      {field('location', 'Location')}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
        <Send className="size-4" aria-hidden="true" />
        {mutation.isPending ? 'Sending…' : 'Propose changes'}
      </Button>
    </form>
  );
}

function Badge({ listing }: { listing: ManagedListing }) {
  const copy = () =>
    void navigator.clipboard
      .writeText(listing.badge.snippet)
      .then(() => toast({ title: 'Snippet copied' }))
      .catch(() =>
        toast({ title: 'Copy failed', description: 'Select the snippet and copy it by hand.', variant: 'destructive' }),
      );
  return (
    <section aria-labelledby="badge-title" className="grid gap-3 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="badge-title" className="text-xl font-bold text-slate-900">
        &ldquo;Featured on Aitlas&rdquo; badge
      </h2>
      <img
        src={listing.badge.url}
        alt={`${listing.app.name} is featured on Aitlas`}
        height={54}
        className="h-[54px] w-auto self-start"
      />
      <Label htmlFor="badge-snippet">Embed it on your site</Label>
      <Textarea id="badge-snippet" readOnly rows={3} value={listing.badge.snippet} className="font-mono text-xs" />
      <Button variant="outline" onClick={copy} className="justify-self-start">
        <Copy className="size-4" aria-hidden="true" /> Copy snippet
      </Button>
    </section>
  );
}

/**
 * /manage/{secret}: the private page of a verified maker. It shows the listing, proposes changes to
 * its description, features, use cases, pricing, screenshot and company facts (a curator reviews
 * each proposal), lists the answers (with the reason of a rejection) and gives the badge snippet.
 */
export default function ManagePage() {
  const { secret = '' } = useParams<{ secret: string }>();
  const listing = useQuery({
    queryKey: [...queryKeys.managedListing, secret],
    queryFn: () => fetchManagedListing(secret),
    retry: false,
  });
  useDocumentTitle(listing.data ? `Manage ${listing.data.app.name}` : 'Manage your listing');
  const missing = listing.error instanceof ApiError && (listing.error.status === 404 || listing.error.status === 400);
  return (
    <PublicPageFrame>
      <div className="mx-auto grid max-w-3xl gap-6">
        {listing.isPending ? (
          <Spinner label="Loading your listing..." />
        ) : missing ? (
          <div className="grid gap-2 text-center">
            <h1 className="text-2xl font-bold text-slate-900">Unknown or revoked management link</h1>
            <p className="text-slate-700">This link does not open a listing. Claim your listing again from its page on Aitlas.</p>
          </div>
        ) : listing.isError ? (
          <LoadError size="page" message="Your listing could not be loaded." onRetry={() => void listing.refetch()} />
        ) : (
          <>
            <header>
              <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Manage {listing.data.app.name}</h1>
              <p className="mt-2 text-slate-700">
                Claimed by its maker on {formatLongDate(listing.data.claim.verifiedAt)}.{' '}
                <Link href={appPath(listing.data.app)} className="font-semibold text-brand-800 underline underline-offset-4">
                  See the public page
                </Link>
              </p>
            </header>
            <section
              aria-labelledby="propose-title"
              className="grid gap-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="propose-title" className="text-xl font-bold text-slate-900">
                Propose changes
              </h2>
              <p className="text-sm text-slate-700">
                Change what is out of date; a curator reviews the proposal before it reaches the listing.
              </p>
              <ProposalForm key={listing.data.app.updatedAt} app={listing.data.app} secret={secret} />
            </section>
            <section
              aria-labelledby="proposals-title"
              className="grid gap-3 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="proposals-title" className="text-xl font-bold text-slate-900">
                Your proposals
              </h2>
              {listing.data.proposals.length === 0 ? (
                <p className="text-slate-700">No proposals yet.</p>
              ) : (
                <ul className="grid gap-4">
                  {listing.data.proposals.map((proposal) => (
                    <li key={proposal.id} className="grid gap-2 rounded-xl border border-slate-200 p-4" data-testid="proposal">
                      <p className="text-sm">
                        <span className="font-semibold text-slate-900">{STATUS_TEXT[proposal.status]}</span>
                        <span className="text-slate-600"> · sent {formatLongDate(proposal.createdAt)}</span>
                      </p>
                      {proposal.reason ? <p className="text-sm text-red-900">Curator&apos;s reason: {proposal.reason}</p> : null}
                      <ProposalDiffTable diff={proposal.diff} rowTestId="proposal-change" />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <Badge listing={listing.data} />
          </>
        )}
      </div>
    </PublicPageFrame>
  );
}
