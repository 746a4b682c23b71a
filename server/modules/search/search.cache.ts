import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../../lib/change-feed';
import { jsonText } from '../../lib/json-text';

/** How many answers one instance keeps at most. */
const MAX_ANSWERS = 2000;
/**
 * The memory one instance's answers may take (estimated, see `heldBytes`): 2,000 answers of the demo
 * catalogue held 145 MB (73 KB each), which a load of distinct queries filled in under a minute.
 */
const MAX_BYTES = 48 * 1024 * 1024;
/**
 * Bytes held per character of an answer's JSON, measured (bench:load's `server holds`): its objects
 * (each app a copy with its reason and evidence) plus the JSON text made once for it, which is stored
 * two bytes a character as soon as one character is outside Latin-1 (a dash, an accent): 73 KB held
 * for 23,200 characters.
 */
const BYTES_PER_JSON_CHAR = 3.2;

/**
 * What holding an answer costs, estimated from its JSON length. The text is the one `jsonText` keeps for the object,
 * so the route that sends the answer does not serialise it a second time.
 */
function heldBytes(key: string, value: object): number {
  return Math.ceil((key.length + jsonText(value).length) * BYTES_PER_JSON_CHAR);
}

interface Held<T> {
  /** The catalogue state the answer was computed from: any other state makes it a miss. */
  state: object;
  revision: number;
  value: T;
}

/**
 * Search answers of one instance, most recently used kept (bounded by count and by estimated bytes),
 * keyed by the query as the engine reads it and its filters. An answer is only served for the catalogue state it was computed from (the index
 * object and its revision, which every upsert or removal moves), so a cached answer is always the
 * answer a fresh search would give; the change feed (local writes and LISTEN/NOTIFY from other
 * instances) empties it as well, so the memory of answers nobody can be served is given back at once.
 */
export class SearchAnswerCache<T extends object> {
  private readonly answers = new LRUCache<string, Held<T>>({
    max: MAX_ANSWERS,
    maxSize: MAX_BYTES,
    sizeCalculation: (held, key) => heldBytes(key, held.value),
  });
  /** Answers served from memory, and computed, since start (tests and benches read them). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(changes: ChangeFeed) {
    const clear = () => this.clear();
    for (const topic of ['apps.changed', 'categories.changed', 'resync'] as const) changes.subscribe(topic, clear);
  }

  /**
   * The answer held for `key` at this catalogue state, or the one `compute` gives (then kept).
   * @param state the object the answer is computed from (the index), compared by identity
   * @param revision the state's revision, moved by every change to it
   */
  answer(key: string, state: object, revision: number, compute: () => T): T {
    const held = this.answers.get(key);
    if (held && held.state === state && held.revision === revision) {
      this.stats.hits += 1;
      return held.value;
    }
    this.stats.misses += 1;
    const value = compute();
    this.answers.set(key, { state, revision, value });
    return value;
  }

  /** Forgets every answer. */
  clear(): void {
    this.answers.clear();
  }

  /** The estimated bytes of the answers held (never above the bound). */
  get bytes(): number {
    return this.answers.calculatedSize;
  }

  /** Number of answers held. */
  get size(): number {
    return this.answers.size;
  }
}

/**
 * The cache key of a search: the query as the engine reads it (surrounding white space never changes
 * an answer; letter case and inner spaces can, so they stay) and every option that shapes the answer.
 */
export function searchCacheKey(
  query: string,
  options: { pricing?: string; category?: string; limit?: number; without?: readonly string[] },
): string {
  return JSON.stringify([
    query.trim(),
    options.pricing ?? null,
    options.category ?? null,
    options.limit ?? null,
    [...(options.without ?? [])].sort(),
  ]);
}
