import type { QueryChip } from '@shared/schemas/search';
import type { ConceptMatcher } from './concept-matcher';
import type { ParsedQuery } from './query-understanding';

/** The chip id of a lexicon concept the query expressed ("need:transcription", "audience:students"). */
export function conceptChipId(matcher: ConceptMatcher, concept: number): string {
  const entry = matcher.concepts[concept];
  const kind = entry?.kind === 'task' ? 'need' : (entry?.kind ?? 'need');
  return `${kind}:${entry?.id ?? concept}`;
}

/** Chip id of the visitor's own words when no known need explains them. */
export const WORDS_CHIP_ID = 'need:words';

/**
 * What the engine read in a parsed query, as chips the visitor can remove: each need, audience and platform it
 * recognised, the price and the category, and the visitor's words when no known need covers them.
 */
export function chipsOf(pq: ParsedQuery, matcher: ConceptMatcher): QueryChip[] {
  const chips: QueryChip[] = [];
  for (const ac of pq.concepts) {
    const entry = matcher.concepts[ac.index];
    if (!entry) continue;
    const kind = entry.kind === 'task' ? 'need' : entry.kind;
    chips.push({ id: conceptChipId(matcher, ac.index), kind, label: entry.label });
  }
  const loose = pq.terms.filter((t) => !t.inConcept).map((t) => t.word);
  if (loose.length > 0 && !pq.concepts.some((ac) => matcher.concepts[ac.index]?.kind === 'task')) {
    chips.push({ id: WORDS_CHIP_ID, kind: 'need', label: loose.slice(0, 6).join(' ') });
  }
  if (pq.pricing) chips.push({ id: 'price', kind: 'price', label: 'Free or free plan' });
  else if (pq.prefersLowCost) chips.push({ id: 'price', kind: 'price', label: 'Low cost' });
  if (pq.category) chips.push({ id: 'category', kind: 'category', label: pq.category });
  if (pq.region) chips.push({ id: 'region', kind: 'platform', label: 'EU-based (GDPR)' });
  if (pq.noSignup) chips.push({ id: 'no-signup', kind: 'platform', label: 'No sign-up' });
  return chips;
}

/**
 * The parsed query without the parts the visitor set aside: removed concepts take the words only they explained
 * with them, "price" drops the price, "category" the category, "need:words" the words no concept explains.
 */
export function setAside(pq: ParsedQuery, without: ReadonlySet<string>, matcher: ConceptMatcher): ParsedQuery {
  if (without.size === 0) return pq;
  const kept = pq.concepts.filter((ac) => !without.has(conceptChipId(matcher, ac.index)));
  const keptPositions = new Set(kept.flatMap((ac) => ac.covered));
  const removedPositions = new Set(pq.concepts.filter((ac) => !kept.includes(ac)).flatMap((ac) => ac.covered));
  const terms = pq.terms.filter((t) => {
    if (removedPositions.has(t.pos) && !keptPositions.has(t.pos)) return false;
    if (without.has(WORDS_CHIP_ID) && !t.inConcept) return false;
    return true;
  });
  const constraints = pq.constraints.filter((c) => {
    if (without.has('price') && (c.startsWith('free') || c.startsWith('open source') || c.startsWith('low cost'))) return false;
    if (without.has('category') && c.startsWith('category:')) return false;
    if (without.has('region') && c.startsWith('made in the EU')) return false;
    if (without.has('no-signup') && c.startsWith('usable without an account')) return false;
    if (c.startsWith('platform:')) return kept.some((ac) => c === `platform: ${matcher.concepts[ac.index]?.label ?? ''}`);
    return true;
  });
  return {
    ...pq,
    concepts: kept,
    terms,
    pricing: without.has('price') ? null : pq.pricing,
    prefersLowCost: without.has('price') ? false : pq.prefersLowCost,
    category: without.has('category') ? null : pq.category,
    region: without.has('region') ? null : pq.region,
    noSignup: without.has('no-signup') ? false : pq.noSignup,
    constraints,
  };
}
