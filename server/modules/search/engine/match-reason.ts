import type { EvidenceQuote, ReasonEvidence } from '@shared/schemas/search';
import type { ConceptMatcher } from './concept-matcher';
import { conceptQuotes, descriptionQuote, pricingQuote, wordQuotes } from './evidence';
import type { SearchDocument } from './search-document';
import { QUOTE_PRIOR } from './weights';

/** What the query asked for, as needed to explain a match. */
export interface ReasonQuery {
  /** Stems of the visitor's own content words. */
  termStems: ReadonlySet<string>;
  /** Active concepts with their strength, strongest first. */
  concepts: ReadonlyArray<{ index: number; strength: number }>;
  freeRequired: boolean;
}

/** A reason and the claims it makes, each with the listing's own words. */
export interface ExplainedMatch {
  text: string;
  evidence: ReasonEvidence[];
}

const FIELD_PRIOR: Partial<Record<EvidenceQuote['field'], number>> = QUOTE_PRIOR;

/** Cuts a quote for the sentence (the evidence keeps it whole). */
function shorten(text: string, max = 110): string {
  const t = text.replace(/[.;]\s*$/, '');
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function lowerFirst(s: string): string {
  return s.length > 1 && /[A-Z][a-z]/.test(s.slice(0, 2)) ? s[0]?.toLowerCase() + s.slice(1) : s;
}

/** "its feature “…”", "used by …", "tagged “…”": where a quote comes from, for the sentence. */
function quoteSentence(quote: EvidenceQuote): string {
  switch (quote.field) {
    case 'features':
      return `its feature “${shorten(quote.text)}”`;
    case 'useCases':
      return `used for “${shorten(quote.text)}”`;
    case 'tags':
      return `tagged “${quote.text}”`;
    default:
      return `“${shorten(quote.text)}”`;
  }
}

/**
 * Why a listing fits this query, as one sentence and the claims it makes. A capability is claimed only when the
 * listing itself states it (its quotes); otherwise the reason says which of the visitor's words it mentions, or,
 * for a general-purpose assistant credited with a text task (`generalistFor`), that it is one. Every claim carries
 * the listing's verbatim phrases.
 */
export function explainMatch(
  doc: SearchDocument,
  q: ReasonQuery,
  matcher: ConceptMatcher,
  generalistFor: number | null = null,
): ExplainedMatch {
  const evidence: ReasonEvidence[] = [];
  let sentence = '';
  let best: { concept: number; quotes: EvidenceQuote[]; score: number } | null = null;
  for (const concept of q.concepts) {
    const quotes = conceptQuotes(doc, concept.index, matcher);
    const first = quotes[0];
    if (!first) continue;
    const score = concept.strength * (FIELD_PRIOR[first.field] ?? 0.5);
    if (!best || score > best.score) best = { concept: concept.index, quotes, score };
  }
  if (best) {
    const label = matcher.concepts[best.concept]?.label ?? '';
    const claim = `Matches your need for ${label}`;
    evidence.push({ claim, quotes: best.quotes });
    sentence = `${claim}: ${quoteSentence(best.quotes[0] as EvidenceQuote)}.`;
  } else if (generalistFor !== null) {
    const label = matcher.concepts[generalistFor]?.label ?? '';
    const general = matcher.conceptIndex('general-assistant');
    const quotes = general >= 0 ? conceptQuotes(doc, general, matcher) : [];
    const claim = 'A general-purpose assistant';
    evidence.push({ claim, quotes: quotes.length > 0 ? quotes : [descriptionQuote(doc)] });
    sentence = `${claim} that can help with ${label}: ${lowerFirst(shorten(descriptionQuote(doc).text, 90))}.`;
  } else {
    const { quotes, words } = wordQuotes(doc, q.termStems);
    if (quotes[0] && words.length > 0) {
      const claim = `Mentions “${words.slice(0, 3).join(' ')}”`;
      evidence.push({ claim, quotes });
      sentence = `${claim}: ${quoteSentence(quotes[0])}.`;
    } else {
      const quote = descriptionQuote(doc);
      evidence.push({ claim: 'Related to your search', quotes: [quote] });
      sentence = `Related to your search: ${lowerFirst(shorten(quote.text, 90))}.`;
    }
  }
  if (q.freeRequired) {
    const price = pricingQuote(doc);
    const claim = doc.pricingType === 'free' ? 'Free to use' : doc.pricingType === 'freemium' ? 'Has a free plan' : null;
    if (claim && price) {
      sentence += ` ${claim}.`;
      evidence.push({ claim, quotes: [price] });
    }
  }
  return { text: sentence, evidence };
}
