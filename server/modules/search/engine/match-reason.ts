import type { ConceptMatcher } from './concept-matcher';
import { tokenizeAll } from './tokenize';

/** The parts of a listing an explanation can quote. */
export interface ReasonDocument {
  description: string;
  tags: string[];
  features: string[];
  useCases: string[];
  pricingType: 'free' | 'freemium' | 'paid' | null;
}

/** What the query asked for, as needed to explain a match. */
export interface ReasonQuery {
  /** Stems of the visitor's own content words. */
  termStems: ReadonlySet<string>;
  /** Stems added by concept expansion and catalogue associations. */
  expansionStems: ReadonlySet<string>;
  /** Active concepts with their strength, strongest first. */
  concepts: ReadonlyArray<{ index: number; strength: number }>;
  freeRequired: boolean;
}

type ItemKind = 'feature' | 'useCase' | 'tag' | 'description';
const KIND_PRIOR: Record<ItemKind, number> = { feature: 1, useCase: 0.95, tag: 0.8, description: 0.6 };

function shorten(text: string, max = 90): string {
  const first = text.split(/(?<=[.;])\s/)[0] ?? text;
  const t = first.replace(/[.;]\s*$/, '');
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function lowerFirst(s: string): string {
  return s.length > 1 && /[A-Z][a-z]/.test(s.slice(0, 2)) ? s[0]?.toLowerCase() + s.slice(1) : s;
}

/**
 * One sentence saying why a listing fits this query: the capability (lexicon concept) or the visitor's words it
 * matched, quoting the feature, use case or tag where the match was found. `generalistFor` names the need a
 * general-purpose assistant was credited with although its text does not name it.
 */
export function explainMatch(doc: ReasonDocument, q: ReasonQuery, matcher: ConceptMatcher, generalistFor: string | null = null): string {
  const conceptStrength = new Map<number, number>();
  for (const c of q.concepts) conceptStrength.set(c.index, c.strength);

  let best: { kind: ItemKind; text: string; score: number; concept: number | null; words: string[] } | null = null;
  const consider = (kind: ItemKind, text: string): void => {
    const all = tokenizeAll(text);
    const toks = all.filter((t) => !t.stop);
    let conceptHit: number | null = null;
    let conceptScore = 0;
    for (const h of matcher.match(all, true)) {
      const s = conceptStrength.get(h.concept);
      if (s !== undefined && s > conceptScore) {
        conceptScore = s;
        conceptHit = h.concept;
      }
    }
    const matchedWords: string[] = [];
    let wordScore = 0;
    for (const t of toks) {
      if (q.termStems.has(t.stem)) {
        if (!matchedWords.includes(t.word)) matchedWords.push(t.word);
        wordScore += 1;
      } else if (q.expansionStems.has(t.stem)) {
        wordScore += 0.25;
      }
    }
    const score = (2 * conceptScore + Math.min(3, wordScore)) * KIND_PRIOR[kind];
    if (score > 0 && (!best || score > best.score)) best = { kind, text, score, concept: conceptHit, words: matchedWords };
  };
  for (const f of doc.features) consider('feature', f);
  for (const u of doc.useCases) consider('useCase', u);
  for (const t of doc.tags) consider('tag', t.replace(/-/g, ' '));
  consider('description', shorten(doc.description, 140));

  let sentence: string;
  const b = best as { kind: ItemKind; text: string; concept: number | null; words: string[] } | null;
  if (generalistFor !== null && (!b || b.concept === null)) {
    sentence = `A general-purpose assistant that can help with ${generalistFor}: ${lowerFirst(shorten(doc.description))}.`;
  } else if (!b) {
    sentence = `Related to your search: ${lowerFirst(shorten(doc.description))}.`;
  } else {
    const label = b.concept !== null ? matcher.concepts[b.concept]?.label : undefined;
    const need = label
      ? `your need for ${label}`
      : b.words.length > 0
        ? `“${b.words.slice(0, 3).join(' ')}”`
        : 'what you described';
    switch (b.kind) {
      case 'feature':
        sentence = `Matches ${need}: its feature “${b.text}”.`;
        break;
      case 'useCase':
        sentence = `Matches ${need}: used by ${lowerFirst(b.text)}.`;
        break;
      case 'tag':
        sentence = `Matches ${need}: it is tagged “${b.text}”.`;
        break;
      default:
        sentence = `Matches ${need}: ${lowerFirst(b.text)}.`;
    }
  }
  if (q.freeRequired) {
    if (doc.pricingType === 'free') sentence += ' Free to use.';
    else if (doc.pricingType === 'freemium') sentence += ' Has a free plan.';
  }
  return sentence;
}
