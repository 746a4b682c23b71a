import { stemmer } from 'stemmer';
import type { CatalogTool } from './catalog-loader';

/**
 * The lexical baseline of the evaluation: in-memory BM25F over a listing's name, tags, description, features, use
 * cases and long description, with English stop words removed and Porter stemming, the query's terms OR-ed. It is
 * what plain keyword search reaches (the README's "BM25+ with stop words and stemming" row), so it deliberately
 * shares nothing with the engine's tokenizer, lexicon or typo handling: a change to the engine never moves it.
 */

/** The English stop words of the Snowball/Lucene lists, plus the contractions people type without apostrophes. */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has
  hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in
  into is isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
  ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs
  them themselves then there there's these they they'd they'll they're they've this those through to too under until up very
  was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's
  with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves dont cant im ive`.split(/\s+/),
);

/** Lower-cased words of letters and digits (accents kept, apostrophes inside words kept for the stop list). */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

/** Stemmed content terms of a text: stop words dropped, then Porter stems. */
export function analyze(text: string): string[] {
  return words(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map((word) => stemmer(word.replace(/'.*$/, '')));
}

type Field = 'name' | 'tags' | 'description' | 'features' | 'useCases' | 'longDescription';

/** Field weights and length normalisation of BM25F; the name and tags say what an app is, long text only hints. */
const FIELDS: Readonly<Record<Field, { weight: number; b: number }>> = {
  name: { weight: 3, b: 0.5 },
  tags: { weight: 2, b: 0.5 },
  description: { weight: 1.5, b: 0.75 },
  features: { weight: 1, b: 0.75 },
  useCases: { weight: 1, b: 0.75 },
  longDescription: { weight: 0.5, b: 0.75 },
};
const FIELD_NAMES = Object.keys(FIELDS) as Field[];
/** Term-frequency saturation; the usual value. */
const K1 = 1.2;

function fieldText(tool: CatalogTool, field: Field): string {
  switch (field) {
    case 'name':
      return tool.name;
    case 'tags':
      // "text-to-speech" is three words to a keyword engine too.
      return (tool.tags ?? []).join(' ').replace(/-/g, ' ');
    case 'description':
      return tool.description;
    case 'features':
      return (tool.features ?? []).join(' ');
    case 'useCases':
      return (tool.useCases ?? []).join(' ');
    case 'longDescription':
      return tool.longDescription ?? '';
  }
}

interface IndexedTool {
  name: string;
  tf: Record<Field, Map<string, number>>;
  length: Record<Field, number>;
}

/** BM25F over a catalogue's listings, built once and queried many times. */
export class Bm25Baseline {
  private readonly tools: IndexedTool[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: Record<Field, number>;

  constructor(catalogue: readonly CatalogTool[]) {
    this.tools = catalogue.map((tool) => {
      const tf = {} as Record<Field, Map<string, number>>;
      const length = {} as Record<Field, number>;
      const seen = new Set<string>();
      for (const field of FIELD_NAMES) {
        const terms = analyze(fieldText(tool, field));
        const counts = new Map<string, number>();
        for (const term of terms) {
          counts.set(term, (counts.get(term) ?? 0) + 1);
          seen.add(term);
        }
        tf[field] = counts;
        length[field] = terms.length;
      }
      for (const term of seen) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      return { name: tool.name, tf, length };
    });
    const n = Math.max(1, this.tools.length);
    this.averageLength = Object.fromEntries(
      FIELD_NAMES.map((field) => [field, Math.max(1, this.tools.reduce((sum, tool) => sum + tool.length[field], 0) / n)]),
    ) as Record<Field, number>;
  }

  /** The names of the best-scoring listings for a query (ties broken by name), only listings matching some term. */
  search(query: string, limit = 10): string[] {
    const terms = [...new Set(analyze(query))];
    const n = this.tools.length;
    const scored: { name: string; score: number }[] = [];
    for (const tool of this.tools) {
      let score = 0;
      for (const term of terms) {
        let weighted = 0;
        for (const field of FIELD_NAMES) {
          const tf = tool.tf[field].get(term);
          if (!tf) continue;
          const { weight, b } = FIELDS[field];
          weighted += (weight * tf) / (1 - b + (b * tool.length[field]) / this.averageLength[field]);
        }
        if (weighted === 0) continue;
        const df = this.documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * weighted) / (K1 + weighted);
      }
      if (score > 0) scored.push({ name: tool.name, score });
    }
    return scored
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
      .slice(0, limit)
      .map((entry) => entry.name);
  }
}
