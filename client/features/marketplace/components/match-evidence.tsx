import { useId, useState } from 'react';
import type { EvidenceField, ReasonEvidence } from '@shared/schemas/search';
import { InlineIcon } from './inline-icon';

/** Where in a listing a quote comes from, as a visitor reads it. */
const FIELD_LABELS: Record<EvidenceField, string> = {
  features: 'feature',
  useCases: 'use case',
  tags: 'tag',
  description: 'description',
  longDescription: 'description',
  name: 'name',
  category: 'category',
  pricing: 'pricing',
};

/** "feature" for the card's own listing, "Grammarly’s feature" for another one ("Both cover …" quotes both). */
export function quoteSource(field: EvidenceField, quotedApp: string, cardApp: string): string {
  const label = FIELD_LABELS[field] ?? field;
  return quotedApp === cardApp ? label : `${quotedApp}’s ${label}`;
}

/**
 * "Why this match?": a disclosure under a result's reason that shows each claim of the reason with the
 * listings' own words behind it. It sits above the card's stretched link (relative z-10), the button so that it
 * is a control of its own, the panel so that selecting its text does not open the app page.
 */
export function MatchEvidence({ appName, evidence }: { appName: string; evidence: ReasonEvidence[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const claims = evidence.filter((item) => item.quotes.length > 0);
  if (claims.length === 0) return null;
  return (
    <div className="relative z-10 mt-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-8 items-center gap-1 rounded-md px-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Why this match?
        <InlineIcon name="chevronDown" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="mt-1 cursor-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
        data-testid="match-evidence"
      >
        <ul className="space-y-3">
          {claims.map((item) => (
            <li key={item.claim}>
              <p className="font-medium text-slate-900">{item.claim}</p>
              <ul className="mt-1 space-y-1">
                {item.quotes.map((quote) => (
                  <li key={`${quote.app}:${quote.field}:${quote.text}`} className="leading-5 text-slate-700">
                    <q className="text-slate-800">{quote.text}</q>{' '}
                    <span className="whitespace-nowrap text-slate-600">— {quoteSource(quote.field, quote.app, appName)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
