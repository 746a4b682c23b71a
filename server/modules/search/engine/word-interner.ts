/** FNV-1a over UTF-16 code units: cheap, and spreads the short words of a catalogue well over a power-of-two table. */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

const PLUS = 43;
const HASH_SIGN = 35;

/** `[a-z0-9]`, the characters of a word in normalised text (see `words` in `tokenize.ts`). */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * The distinct words of a catalogue, each with a dense id (0, 1, 2… in the order first seen), read straight from the
 * characters of normalised text. A 100,000-listing catalogue holds about 12 million words but only about 100,000
 * distinct ones: splitting with a regular expression made a string per word and looked each up in a `Map` (hashing
 * the new string, then chasing the entry), which was a third of building the index. Here a word is hashed while it
 * is read and compared in place with the one stored under its hash; only a word never seen before becomes a string.
 */
export class WordInterner {
  /**
   * Open addressing, linear probing, at most half full: two numbers per cell, the word's hash and its id + 1 (0 when
   * empty), so a probe reads one place in memory.
   */
  private cells = new Int32Array(2 << 12);
  /** The words' characters end to end: word `id` is `chars[ends[id - 1] … ends[id]]`, compared without a string. */
  private chars = new Uint16Array(1 << 14);
  private ends = new Int32Array(1 << 10);
  private readonly stored: string[] = [];
  /** The ids of the words `scan` read last (the first `scan(...)` of them). */
  ids = new Int32Array(256);

  /** Number of distinct words. */
  get size(): number {
    return this.stored.length;
  }

  /** The word of an id. */
  word(id: number): string {
    return this.stored[id] as string;
  }

  /** The id of a word, or -1 when it was never interned. */
  idOf(word: string): number {
    return this.find(word, 0, word.length, hashOf(word, 0, word.length));
  }

  /** The id of a word, interned when new. */
  intern(word: string): number {
    const hash = hashOf(word, 0, word.length);
    const id = this.find(word, 0, word.length, hash);
    return id >= 0 ? id : this.insert(word, hash);
  }

  /** Forgets every word (ids start again at 0). */
  clear(): void {
    this.cells = new Int32Array(2 << 12);
    this.stored.length = 0;
  }

  /**
   * Reads the words of normalised text, the same as `words` in `tokenize.ts` (runs of `[a-z0-9]`, with a "++" or
   * "#" right after kept: "c++", "c#"), interning new ones; their ids are the first entries of `ids`. Returns how
   * many words the text has.
   */
  scan(text: string): number {
    const length = text.length;
    let count = 0;
    let i = 0;
    while (i < length) {
      let c = text.charCodeAt(i);
      if (!isWordChar(c)) {
        i++;
        continue;
      }
      const start = i;
      let hash = FNV_OFFSET;
      do {
        hash = Math.imul(hash ^ c, FNV_PRIME);
        i++;
        c = i < length ? text.charCodeAt(i) : 0;
      } while (isWordChar(c));
      if (c === PLUS && i + 1 < length && text.charCodeAt(i + 1) === PLUS) {
        hash = Math.imul(Math.imul(hash ^ PLUS, FNV_PRIME) ^ PLUS, FNV_PRIME);
        i += 2;
      } else if (c === HASH_SIGN) {
        hash = Math.imul(hash ^ HASH_SIGN, FNV_PRIME);
        i++;
      }
      let id = this.find(text, start, i, hash);
      if (id < 0) id = this.insert(text.slice(start, i), hash);
      if (count === this.ids.length) {
        const grown = new Int32Array(count * 2);
        grown.set(this.ids);
        this.ids = grown;
      }
      this.ids[count++] = id;
    }
    return count;
  }

  private find(text: string, start: number, end: number, hash: number): number {
    const cells = this.cells;
    const mask = (cells.length >> 1) - 1;
    const length = end - start;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const cell = cells[2 * at + 1] as number;
      if (cell === 0) return -1;
      if (cells[2 * at] !== hash) continue;
      const id = cell - 1;
      const from = id === 0 ? 0 : (this.ends[id - 1] as number);
      if ((this.ends[id] as number) - from !== length) continue;
      let k = 0;
      while (k < length && this.chars[from + k] === text.charCodeAt(start + k)) k++;
      if (k === length) return id;
    }
  }

  private insert(word: string, hash: number): number {
    const id = this.stored.length;
    this.stored.push(word);
    const from = id === 0 ? 0 : (this.ends[id - 1] as number);
    if (id === this.ends.length) {
      const grown = new Int32Array(id * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    if (from + word.length > this.chars.length) {
      const grown = new Uint16Array(Math.max(from + word.length, this.chars.length * 2));
      grown.set(this.chars);
      this.chars = grown;
    }
    for (let k = 0; k < word.length; k++) this.chars[from + k] = word.charCodeAt(k);
    this.ends[id] = from + word.length;
    if ((id + 1) * 4 > this.cells.length) this.rehash(this.cells.length * 2);
    this.place(id, hash);
    return id;
  }

  private place(id: number, hash: number): void {
    const mask = (this.cells.length >> 1) - 1;
    let at = hash & mask;
    while (this.cells[2 * at + 1] !== 0) at = (at + 1) & mask;
    this.cells[2 * at] = hash;
    this.cells[2 * at + 1] = id + 1;
  }

  private rehash(length: number): void {
    const old = this.cells;
    this.cells = new Int32Array(length);
    for (let at = 0; at < old.length; at += 2) {
      const cell = old[at + 1] as number;
      if (cell !== 0) this.place(cell - 1, old[at] as number);
    }
  }
}

function hashOf(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}
