import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../eval/catalog-loader';
import { ConceptMatcher } from './concept-matcher';
import { normalize, tokenizeAll, words } from './tokenize';
import { WordInterner } from './word-interner';

/** Texts with what the word splitter treats specially: "++" and "#", digits, accents, ampersands, shorthand, edges. */
const TRICKY = [
  'C++ and C# for beginners, c+++ and c+ too',
  'Résumé & CV’s — naïve café déjà vu',
  'w/o sign-up, w/ templates; w/out',
  'GPT-4o, 3D models & 4K video',
  '#hashtag ++plus ends with c#',
  '',
  '   ',
  'a',
  'Straße ﬁle Ⅸ ½',
  '日本語のテキスト and English',
];

describe('WordInterner', () => {
  it('reads the same words as the regular-expression splitter, on tricky texts and the whole catalogue', () => {
    const interner = new WordInterner();
    const texts = [
      ...TRICKY,
      ...loadCatalog().flatMap((d) => [
        d.name,
        d.category,
        ...d.tags,
        ...d.features,
        ...d.useCases,
        d.description,
        d.longDescription ?? '',
      ]),
    ];
    for (const text of texts) {
      const count = interner.scan(normalize(text));
      const read = Array.from(interner.ids.subarray(0, count), (id) => interner.word(id));
      expect(read).toEqual(words(text));
    }
    expect(interner.size).toBeGreaterThan(1000);
  });

  it('gives dense ids in the order words are first seen, the same id to the same word, and -1 to an unknown one', () => {
    const interner = new WordInterner();
    expect(interner.intern('video')).toBe(0);
    expect(interner.scan('audio video c++ audio')).toBe(4);
    expect(Array.from(interner.ids.subarray(0, 4))).toEqual([1, 0, 2, 1]);
    expect(interner.idOf('c++')).toBe(2);
    expect(interner.idOf('c')).toBe(-1);
    expect(interner.idOf('vide')).toBe(-1);
    // Past the table's first size: every word keeps its id when the table grows.
    const many = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const ids = many.map((w) => interner.intern(w));
    expect(many.map((w) => interner.idOf(w))).toEqual(ids);
    expect(new Set(ids).size).toBe(5000);
    interner.clear();
    expect(interner.size).toBe(0);
    expect(interner.idOf('video')).toBe(-1);
  });
});

describe('normalize', () => {
  it('reads plain ASCII text as the full path does (decomposition, accents, apostrophes, "&", shorthand)', () => {
    const fullPath = (text: string): string =>
      text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/['’‘`]/g, '')
        .replace(/&/g, ' and ')
        .replace(/\bw\/o\b/g, ' without ')
        .replace(/\bw\/(?=\s|$)/g, ' with ')
        .replace(/ß/g, 'ss');
    for (const text of [...TRICKY, "Don't `quote` me", 'R&D w/o Q&A w/ you', 'PLAIN TEXT, NOTHING ELSE.'])
      expect(normalize(text)).toBe(fullPath(text));
  });
});

describe('ConceptMatcher.matchColumns', () => {
  it("finds the same phrases as `match` when given each token's keys and flags", () => {
    const matcher = new ConceptMatcher();
    for (const d of loadCatalog().slice(0, 120)) {
      const seq = [d.name, ...d.tags, ...d.features, ...d.useCases, d.description, d.longDescription ?? ''].flatMap((text) => [
        ...tokenizeAll(text),
        null,
      ]);
      const columns = {
        keys: seq.map((token) => (token ? matcher.phraseKey(token.stem) : -1)),
        stems: seq.map((token) => (token ? matcher.stemKey(token.stem) : -1)),
        flags: seq.map((token) => matcher.tokenFlags(token)),
      };
      expect(columns.keys.some((key) => key >= 0)).toBe(true);
      for (const [termsOnly, strictTerms] of [
        [true, false],
        [false, true],
      ] as const) {
        const hits = matcher.match(seq, termsOnly, strictTerms);
        const count = matcher.matchColumns(seq.length, columns, termsOnly, strictTerms, seq);
        const read = Array.from({ length: count }, (_, h) => ({
          concept: matcher.hitConcepts[h],
          length: matcher.hitLengths[h],
          first: matcher.hitFirst(h),
        }));
        expect(read).toEqual(hits.map((hit) => ({ concept: hit.concept, length: hit.length, first: hit.positions[0] ?? -1 })));
      }
    }
  });
});
