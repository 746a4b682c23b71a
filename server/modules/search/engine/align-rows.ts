import { ConceptMatcher } from './concept-matcher';
import { tokenizeAll } from './tokenize';

/** One aligned row: a cell per app, null where the app has nothing of the kind. */
export interface AlignedRow {
  label: string;
  cells: (string | null)[];
}

/** Items this close (shared capabilities and words, 0..1) are the same row. */
const SAME_ROW = 0.3;

let matcher: ConceptMatcher | null = null;

interface Item {
  text: string;
  stems: Set<string>;
  concepts: Set<number>;
}

function itemOf(text: string): Item {
  matcher ??= new ConceptMatcher();
  const tokens = tokenizeAll(text);
  const concepts = new Set(
    matcher
      .match(tokens, true)
      .filter((hit) => hit.isTerm)
      .map((hit) => hit.concept),
  );
  return { text, stems: new Set(tokens.filter((t) => !t.stop).map((t) => t.stem)), concepts };
}

function closeness(a: Item, b: Item): number {
  const shared = (x: Set<number | string>, y: Set<number | string>) => {
    let n = 0;
    for (const v of x) if (y.has(v)) n++;
    return n;
  };
  const conceptUnion = a.concepts.size + b.concepts.size - shared(a.concepts, b.concepts);
  const stemUnion = a.stems.size + b.stems.size - shared(a.stems, b.stems);
  const concept = conceptUnion > 0 ? shared(a.concepts, b.concepts) / conceptUnion : 0;
  const words = stemUnion > 0 ? shared(a.stems, b.stems) / stemUnion : 0;
  // A shared capability says more than shared wording ("Background removal" ~ "Remove backgrounds in one click").
  return Math.max(concept * 0.8 + words * 0.2, words);
}

/**
 * Aligns the lists of several apps (features, or use cases) into rows matched by meaning: each item joins the
 * closest row the app has no cell in yet, or starts a new one. Rows shared by more apps come first, so a row with
 * a single filled cell (what only that app has) is at the end.
 */
export function alignRows(lists: readonly (readonly string[])[]): AlignedRow[] {
  const rows: { items: (Item | null)[]; order: number }[] = [];
  lists.forEach((list, column) => {
    for (const text of list) {
      const item = itemOf(text);
      let best: { row: (typeof rows)[number]; score: number } | null = null;
      for (const row of rows) {
        if (row.items[column]) continue;
        const score = Math.max(...row.items.map((other) => (other ? closeness(item, other) : 0)));
        if (score >= SAME_ROW && (!best || score > best.score)) best = { row, score };
      }
      if (best) best.row.items[column] = item;
      else {
        const items: (Item | null)[] = lists.map(() => null);
        items[column] = item;
        rows.push({ items, order: rows.length });
      }
    }
  });
  const filled = (row: (typeof rows)[number]) => row.items.filter(Boolean).length;
  return rows
    .sort((a, b) => filled(b) - filled(a) || a.order - b.order)
    .map((row) => ({ label: row.items.find(Boolean)?.text ?? '', cells: row.items.map((item) => item?.text ?? null) }));
}
