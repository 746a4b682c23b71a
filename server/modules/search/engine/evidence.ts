import { groundedHits, type ConceptMatcher, type PhraseHit } from './concept-matcher';
import type { SearchDocument } from './search-document';
import { tokenizeAll, type FullToken } from './tokenize';
import type { EvidenceField, EvidenceQuote } from '@shared/schemas/search';

/** A listing item that can be quoted: its field, its exact text and its tokens. */
interface QuotableItem {
  field: EvidenceField;
  text: string;
  tokens: FullToken[];
  /** The capability phrases the item states (strict terms), computed on first use. */
  hits?: PhraseHit[];
}

/** Items that state what a listing does, most telling first: features and use cases are its own claims. */
const FIELD_ORDER: readonly EvidenceField[] = ['features', 'useCases', 'tags', 'description', 'longDescription', 'name'];

const itemCache = new WeakMap<SearchDocument, QuotableItem[]>();

/** Splits prose into clauses that can be quoted whole (never across a sentence or a semicolon). */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[.;!?])\s+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The quotable items of a listing, in the order they are preferred, built once per listing object. */
export function quotableItems(doc: SearchDocument): QuotableItem[] {
  let items = itemCache.get(doc);
  if (items) return items;
  const texts: Record<EvidenceField, string[]> = {
    features: doc.features,
    useCases: doc.useCases,
    tags: doc.tags,
    description: clauses(doc.description),
    longDescription: doc.longDescription ? clauses(doc.longDescription) : [],
    name: [doc.name],
    category: [doc.category],
    pricing: [],
  };
  items = FIELD_ORDER.flatMap((field) =>
    texts[field].map((text) => ({ field, text, tokens: tokenizeAll(field === 'tags' ? text.replace(/[-_]/g, ' ') : text) })),
  );
  itemCache.set(doc, items);
  return items;
}

/**
 * The listing's own phrases that ground a capability concept, best first (at most `max`). Empty when the listing
 * does not state the capability: neither one of its multi-word terms nor two different one-word terms, so a
 * single incidental word ("text" in "text-to-image") never stands for the capability.
 */
export function conceptQuotes(doc: SearchDocument, concept: number, matcher: ConceptMatcher, max = 2): EvidenceQuote[] {
  // A pure function of the listing object, the concept and the matcher: computed once, then copied, so every answer
  // still gets quote objects of its own. Every hit's reason and every alternatives reason asks for these again.
  let byDoc = quoteCache.get(matcher);
  if (!byDoc) quoteCache.set(matcher, (byDoc = new WeakMap()));
  let byConcept = byDoc.get(doc);
  if (!byConcept) byDoc.set(doc, (byConcept = new Map()));
  const key = concept * 8 + Math.min(max, 7);
  let quotes = max <= 7 ? byConcept.get(key) : undefined;
  if (!quotes) {
    quotes = computeConceptQuotes(doc, concept, matcher, max);
    if (max <= 7) byConcept.set(key, quotes);
  }
  return quotes.map((quote) => ({ ...quote }));
}

/** `conceptQuotes` of each listing object, per matcher (a listing's items' phrase hits are cached the same way). */
const quoteCache = new WeakMap<ConceptMatcher, WeakMap<SearchDocument, Map<number, readonly EvidenceQuote[]>>>();

function computeConceptQuotes(doc: SearchDocument, concept: number, matcher: ConceptMatcher, max: number): EvidenceQuote[] {
  const items = quotableItems(doc);
  if (!matcher.allows(concept, (stem) => items.some((item) => item.tokens.some((token) => token.stem === stem)))) return [];
  const hitsPerItem: { item: QuotableItem; hits: PhraseHit[] }[] = [];
  const allHits: PhraseHit[] = [];
  const allSeq: (FullToken | null)[] = [];
  for (const item of items) {
    item.hits ??= matcher.match(item.tokens, true, true);
    const hits = item.hits.filter((hit) => hit.concept === concept);
    if (hits.length === 0) continue;
    hitsPerItem.push({ item, hits });
    // Offsets into one concatenated sequence, so grounding sees every item's words at once.
    const offset = allSeq.length;
    allSeq.push(...item.tokens, null);
    for (const hit of hits) allHits.push({ ...hit, positions: hit.positions.map((p) => p + offset) });
  }
  if (groundedHits(allHits, allSeq).length === 0) return [];
  // Items holding a multi-word term say the most; among equals, the field order above decides.
  const ranked = hitsPerItem
    .map((entry, order) => ({ ...entry, order, phrase: entry.hits.some((hit) => hit.length > 1) ? 1 : 0 }))
    .sort((a, b) => b.phrase - a.phrase || a.order - b.order);
  return ranked.slice(0, max).map(({ item }) => ({ app: doc.name, field: item.field, text: item.text }));
}

/** The listing's items that contain any of these word stems (the visitor's own words), best first. */
export function wordQuotes(
  doc: SearchDocument,
  stems: ReadonlySet<string>,
  max = 1,
): { quotes: EvidenceQuote[]; words: string[] } {
  let best: { item: QuotableItem; words: string[] } | null = null;
  for (const item of quotableItems(doc)) {
    const found: string[] = [];
    for (const token of item.tokens)
      if (!token.stop && stems.has(token.stem) && !found.includes(token.word)) found.push(token.word);
    if (found.length > 0 && (!best || found.length > best.words.length)) best = { item, words: found };
  }
  if (!best) return { quotes: [], words: [] };
  return { quotes: [{ app: doc.name, field: best.item.field, text: best.item.text }].slice(0, max), words: best.words };
}

/** The listing's price as a quote ("free", "freemium", "paid"), for claims about price. */
export function pricingQuote(doc: SearchDocument): EvidenceQuote | null {
  return doc.pricingType ? { app: doc.name, field: 'pricing', text: doc.pricingType } : null;
}

/** The first clause of the listing's description, as a quote of what the app is. */
export function descriptionQuote(doc: SearchDocument): EvidenceQuote {
  return { app: doc.name, field: 'description', text: clauses(doc.description)[0] ?? doc.description };
}
