import type { CompareRow } from '@shared/schemas/alternatives';
import type { AlignedRow } from './engine/align-rows';
import type { SearchIndex } from './engine/search-index';

/** What the claims read from the search: its capability lexicon and which listings state each capability. */
export type CapabilityIndex = Pick<SearchIndex, 'understand' | 'conceptKind' | 'conceptId' | 'hasConcept'>;

/** The lexicon index of a concept id, found through the lexicon's public read methods; -1 when absent. */
function conceptIndex(index: CapabilityIndex, id: string): number {
  for (let concept = 0; index.conceptId(concept) !== ''; concept++) if (index.conceptId(concept) === id) return concept;
  return -1;
}

/**
 * Whether a listing is known not to offer these capabilities: it states none of them, and it is not a
 * general-purpose assistant (whose listing names a few highlights of a much wider range: Gemini makes
 * images without its listing saying so).
 */
function knownWithout(index: CapabilityIndex, id: number, concepts: number[], generalAssistant: number): boolean {
  if (generalAssistant >= 0 && index.hasConcept(id, generalAssistant)) return false;
  return concepts.every((concept) => !index.hasConcept(id, concept));
}

/**
 * Marks the rows exactly one app lists. "Only" is claimed only when the row names tasks the search
 * recognises, the owner's listing states them and every other listing is known not to offer them
 * (`knownWithout`); platforms ("Mobile apps") are never claimed, since listings rarely state them. Anything
 * else is "listed by" its owner: a line the other listings did not happen to write is no evidence.
 * @param ids the compared apps' ids, in the rows' cell order.
 */
export function markOwners(rows: AlignedRow[], ids: number[], index: CapabilityIndex): CompareRow[] {
  let generalAssistant: number | undefined;
  return rows.map((row) => {
    const present = row.cells.flatMap((value, cell) => (value === null ? [] : [cell]));
    const ownerIndex = present.length === 1 && ids.length > 1 ? present[0] : undefined;
    if (ownerIndex === undefined) return { ...row, owner: null };
    const ownerId = ids[ownerIndex] as number;
    const concepts = [
      ...new Set(
        [row.label, row.cells[ownerIndex] ?? ''].flatMap((text) =>
          index.understand(text).concepts.map((concept) => concept.index),
        ),
      ),
    ].filter((concept) => index.conceptKind(concept) === 'task' && index.hasConcept(ownerId, concept));
    generalAssistant ??= conceptIndex(index, 'general-assistant');
    const exclusive =
      concepts.length > 0 &&
      ids.every((id, cell) => cell === ownerIndex || knownWithout(index, id, concepts, generalAssistant as number));
    return { ...row, owner: { index: ownerIndex, exclusive } };
  });
}
