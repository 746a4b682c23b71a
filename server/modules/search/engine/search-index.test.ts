import { describe, expect, it } from 'vitest';
import { DEFAULT_DEV_QUERIES_PATH, loadCatalog, loadQueries } from '../eval/catalog-loader';
import { evaluateEngine } from '../eval/run-eval';
import { SearchIndex, type SearchDocument } from './search-index';
import {
  TypoIndex,
  editDistance,
  isEnglishWord,
  letterMask,
  likelySlip,
  maskDifference,
  slipRank,
  stem,
  tokenize,
} from './tokenize';

function doc(id: number, partial: Partial<SearchDocument> & Pick<SearchDocument, 'name' | 'category'>): SearchDocument {
  return {
    id,
    description: '',
    longDescription: null,
    tags: [],
    features: [],
    useCases: [],
    pricingType: 'freemium',
    monthlyVisitors: 10_000,
    rating: 40,
    viewCount: 0,
    saveCount: 0,
    company: null,
    ...partial,
  };
}

const DOCS: SearchDocument[] = [
  doc(1, {
    name: 'Scribly',
    category: 'Audio',
    description: 'Transcription service that turns interviews and meetings into searchable transcripts.',
    tags: ['transcription', 'speech-to-text'],
    features: ['Automatic transcription in 30 languages', 'Speaker labels'],
    useCases: ['Journalists transcribing interviews'],
    pricingType: 'paid',
  }),
  doc(2, {
    name: 'Voxnote',
    category: 'Productivity',
    description: 'Meeting assistant that records calls and writes transcripts, summaries and action items.',
    tags: ['meetings', 'transcription', 'notes'],
    features: ['Live transcription', 'AI summaries and action items'],
    useCases: ['Teams sharing meeting recaps'],
    pricingType: 'freemium',
  }),
  doc(3, {
    name: 'Markly',
    category: 'Design',
    description: 'Logo maker that generates logo concepts and a brand kit from a business name.',
    tags: ['logo-design', 'branding'],
    features: ['Logo maker with brand kits', 'Business card designs'],
    useCases: ['Small businesses creating a first logo'],
    pricingType: 'paid',
  }),
  doc(4, {
    name: 'Glyphic',
    category: 'Design',
    description: 'Text-to-image model good at legible typography for posters, logos and greeting cards.',
    tags: ['image-generation', 'typography', 'logos'],
    features: ['Accurate text rendering', 'Style controls'],
    useCases: ['Small businesses drafting logos'],
    pricingType: 'freemium',
  }),
  doc(5, {
    name: 'Cutout',
    category: 'Design',
    description: 'Background remover for product photos, available as a mobile app.',
    tags: ['background-removal', 'product-photos', 'mobile'],
    features: ['Background removal', 'Batch editing'],
    useCases: ['Online sellers preparing product shots'],
    pricingType: 'freemium',
  }),
  doc(6, {
    name: 'Tabula',
    category: 'Analysis',
    description: 'Spreadsheet helper that writes Excel and Google Sheets formulas from plain English.',
    tags: ['spreadsheets', 'excel', 'formulas'],
    features: ['Text-to-formula', 'Formula explainer'],
    useCases: ['Office workers building formulas'],
    pricingType: 'free',
  }),
];

const names = (index: SearchIndex, q: string): number[] => index.search(q).hits.map((h) => h.id);

describe('tokenizer', () => {
  it('stems and drops stop words', () => {
    expect(tokenize('The transcribing of interviews').map((t) => t.stem)).toEqual(['transcrib', 'interview']);
  });
  it('computes edit distance with transpositions', () => {
    expect(editDistance('transcibe', 'transcribe', 2)).toBe(1);
    expect(editDistance('teh', 'the', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    // The rows are reused between calls: a long comparison after a short one, and the reverse, stay exact.
    expect(editDistance('ab', 'ba', 2)).toBe(1);
    expect(editDistance('grammarlyy', 'grammarly', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('sitting', 'kitten', 3)).toBe(3);
  });
  it('never rules out a pair of words within k edits by their letters (more than 2·k letters apart)', () => {
    const words = ['grammarly', 'grammerly', 'otterai', 'oterai', 'intellij', 'inetllij', 'notion', 'notoin', 'descript'];
    // Slips of each kind, from every word, so the bound is checked where it matters: close pairs.
    const slips = words.flatMap((w) => [
      w.slice(1),
      `${w}x`,
      `q${w.slice(1)}`,
      `${w.charAt(1)}${w.charAt(0)}${w.slice(2)}`,
      w.replace(/[aeiou]/, 'y'),
    ]);
    for (const a of [...words, ...slips])
      for (const b of words) {
        const distance = editDistance(a, b, 4);
        for (let k = 0; k <= 3; k++) {
          if (distance <= k) expect(maskDifference(letterMask(a), letterMask(b)), `${a} ${b} ${k}`).toBeLessThanOrEqual(2 * k);
        }
      }
    expect(maskDifference(letterMask('abc'), letterMask('xyz'))).toBe(6);
  });
  it('tells the slips people make from other one-letter differences', () => {
    expect(likelySlip('offine', 'offline')).toBe(true);
    expect(likelySlip('grammmar', 'grammar')).toBe(true);
    expect(likelySlip('trasncribe', 'transcribe')).toBe(true);
    expect(likelySlip('trexscribe', 'transcribe')).toBe(false);
    expect(likelySlip('tarnscribe', 'transcribe')).toBe(true);
    expect(likelySlip('majer', 'maker')).toBe(true);
    expect(likelySlip('offine', 'office')).toBe(false);
  });
  it('at equal distance, corrects toward the likelier slip even when the other word is commoner', () => {
    const typos = new TypoIndex();
    for (let i = 0; i < 5; i++) typos.add('office');
    typos.add('offline');
    expect(typos.correct('offine')?.word).toBe('offline');
  });
  it('ranks slips: swapped, left-out or doubled letters before a stray letter or a neighbouring key', () => {
    expect(slipRank('shotrs', 'shorts')).toBe(0);
    expect(slipRank('vocl', 'vocal')).toBe(0);
    expect(slipRank('upsscale', 'upscale')).toBe(0);
    expect(slipRank('shotrs', 'shots')).toBe(1);
    expect(slipRank('lpgo', 'logo')).toBe(1);
    expect(slipRank('textio', 'textto')).toBe(2);
    const typos = new TypoIndex();
    for (let i = 0; i < 5; i++) typos.add('shots');
    typos.add('shorts');
    expect(typos.correct('shotrs')?.word).toBe('shorts');
  });
  it('corrects three- and four-letter slips only toward a word much commoner than any other reading', () => {
    const typos = new TypoIndex();
    for (const w of ['vocal', 'email', 'logo', 'logo', 'logo', 'lead', 'leads', 'lease']) typos.add(w);
    expect(typos.correct('vocl')).toBeNull();
    expect(typos.correctShort('vocl')?.word).toBe('vocal');
    expect(typos.correctShort('emal')?.word).toBe('email');
    expect(typos.correctShort('lpgo')?.word).toBe('logo');
    // "leas" is "leads" as much as "lease": left alone.
    expect(typos.correctShort('leas')).toBeNull();
    // The first letter is kept, and three letters leave too little for a neighbouring key.
    expect(typos.correctShort('kogo')).toBeNull();
    expect(typos.correctShort('lgo')?.word).toBe('logo');
    expect(typos.correctShort('lpg')).toBeNull();
  });
  it('reads a doubled letter put on the wrong letter as one slip, beyond the budget of a short word', () => {
    const typos = new TypoIndex();
    for (const w of ['business', 'committee', 'address', 'businesses']) typos.add(w);
    expect(typos.correct('bussines')?.word).toBe('business');
    expect(typos.correct('comitee')?.word).toBe('committee');
    // Two slips of other kinds stay beyond an eight-letter word's budget.
    expect(typos.correct('bsuinezs')).toBeNull();
  });
  it('corrects misspellings against known words only', () => {
    const typos = new TypoIndex();
    for (const w of ['transcribe', 'commands', 'subtitles']) typos.add(w);
    expect(typos.correct('transcibe')?.word).toBe('transcribe');
    expect(typos.correct('comands')?.word).toBe('commands');
    expect(typos.correct('zzzz')).toBeNull();
  });
  it('never "corrects" a real English word into a catalogue word that looks like it', () => {
    const typos = new TypoIndex();
    for (const w of ['earnings', 'order', 'investing', 'factors', 'property', 'automatically']) typos.add(w);
    expect(isEnglishWord('evenings')).toBe(true);
    expect(typos.correct('evenings')).toBeNull();
    expect(typos.correct('older')).toBeNull();
    expect(typos.correct('inviting')).toBeNull();
    expect(typos.correct('properly')).toBeNull();
    // "factroy" is one slip away from the English "factory" and two from the catalogue's "factors".
    expect(typos.correct('factroy')).toBeNull();
    // Genuine misspellings are still fixed.
    expect(typos.correct('automaticaly')?.word).toBe('automatically');
    expect(typos.correct('earnigns')?.word).toBe('earnings');
  });
  it('keeps apart words the Porter stemmer would wrongly merge', () => {
    expect(stem('customers')).not.toBe(stem('custom'));
    expect(stem('general')).not.toBe(stem('generate'));
    expect(stem('productivity')).not.toBe(stem('products'));
    expect(stem('added')).not.toBe(stem('ads'));
    // Ordinary inflections still meet.
    expect(stem('customer')).toBe(stem('customers'));
    expect(stem('generated')).toBe(stem('generation'));
  });
});

/** Runs a generator to its end and returns its value (the index's snapshot state, without pauses). */
function runToEnd<T>(generator: Generator<void, T>): T {
  for (;;) {
    const step = generator.next();
    if (step.done) return step.value;
  }
}

describe('SearchIndex', () => {
  it('builds from a catalogue the index that adding its listings one at a time builds (postings laid out at the end)', () => {
    const catalogue = loadCatalog().slice(0, 120);
    const built = new SearchIndex(catalogue);
    const added = new SearchIndex();
    for (const d of catalogue) added.upsert(d);
    // A listing given twice replaces the first: the postings of the build so far are laid out before it.
    const twice = new SearchIndex([
      ...catalogue.slice(0, 60),
      { ...catalogue[10]!, description: 'A calendar for dentists.' },
      ...catalogue.slice(60),
    ]);
    const twiceAdded = new SearchIndex();
    for (const d of [
      ...catalogue.slice(0, 60),
      { ...catalogue[10]!, description: 'A calendar for dentists.' },
      ...catalogue.slice(60),
    ])
      twiceAdded.upsert(d);
    expect(runToEnd(built.snapshotState())).toEqual(runToEnd(added.snapshotState()));
    for (const query of ['transcribe interviews', 'logo for my bakery', 'calendar for a dental practice', 'write code faster']) {
      expect(built.search(query)).toEqual(added.search(query));
      expect(twice.search(query)).toEqual(twiceAdded.search(query));
    }
    // Later updates grow the laid-out lists.
    built.upsert({ ...catalogue[0]!, id: 99_999, description: 'Transcribes interviews for dentists.' });
    added.upsert({ ...catalogue[0]!, id: 99_999, description: 'Transcribes interviews for dentists.' });
    expect(built.search('transcribe interviews for dentists')).toEqual(added.search('transcribe interviews for dentists'));
  });

  it('marks a listing as in the EU exactly when its tags, features or descriptions say so, whatever their spelling', () => {
    const texts: [Partial<SearchDocument>, number][] = [
      [{ description: 'Fully GDPR-compliant notes.' }, 1],
      [{ tags: ['EU-hosted'] }, 1],
      [{ tags: ['eu_hosted'] }, 0],
      [{ features: ["Data stays hosted in the EU's own centres"] }, 1],
      [{ longDescription: 'Servers in European data centers.' }, 1],
      [{ description: "l'EU-hosted édition" }, 1],
      [{ description: 'Neural networks that reuse queues in Europe.' }, 0],
      [{ description: 'Made in Europe.', location: 'Lyon, France' }, 1],
      [{ useCases: ['GDPR audits'] }, 0],
      [{ description: 'Nothing about where.' }, 0],
    ];
    const docs = texts.map(([partial], i) => doc(i + 1, { name: `App ${i}`, category: 'Productivity', ...partial }));
    const state = runToEnd(new SearchIndex(docs).snapshotState());
    expect([...state!.inEu]).toEqual(texts.map(([, inEu]) => inEu));
    const added = new SearchIndex();
    for (const d of docs) added.upsert(d);
    expect(runToEnd(added.snapshotState())!.inEu).toEqual(state!.inEu);
  });

  it('answers after updates whatever it answered before them (the scores kept per posting list stay right)', () => {
    const catalogue = loadCatalog().slice(0, 150);
    const queries = ['transcribe interviews', 'logo for my bakery', 'write code faster', 'edit videos for youtube'];
    // Listings saved again unchanged leave the averages, and past a quarter of the postings the lists are compacted;
    // small updates keep the length norms; many long listings move the averages, which recomputes them all.
    const steps: ((index: SearchIndex) => void)[] = [
      (index) => {
        for (const d of catalogue.slice(0, 40)) index.upsert(d);
      },
      (index) => index.upsert({ ...catalogue[3]!, description: `${catalogue[3]!.description} Also transcribes interviews.` }),
      (index) => {
        for (const d of catalogue.slice(100))
          index.upsert({ ...d, longDescription: `${d.longDescription ?? ''} ${d.description}`.repeat(6) });
      },
      (index) => {
        for (const d of catalogue.slice(0, 60)) index.remove(d.id);
      },
      (index) => index.upsert({ ...catalogue[70]!, id: 88_888, name: 'Reel Cutter', description: 'Edits videos for YouTube.' }),
    ];
    for (let last = 0; last < steps.length; last++) {
      // Two twins search at the same moments (so their length norms are recomputed at the same moments), but one asks
      // the queries and the other something else: only the first has scored the queries' posting lists before.
      const asked = new SearchIndex(catalogue.slice(0, 100));
      const other = new SearchIndex(catalogue.slice(0, 100));
      for (const step of steps.slice(0, last + 1)) {
        for (const q of queries) asked.search(q);
        other.search('plan a trip to lisbon');
        step(asked);
        step(other);
      }
      for (const q of queries) expect(asked.search(q)).toEqual(other.search(q));
    }
  });

  it('tolerates typos: "transcibe" finds transcription apps', () => {
    const index = new SearchIndex(DOCS);
    const top = names(index, 'transcibe my interviews').slice(0, 2);
    expect(top).toContain(1);
    expect(top).toContain(2);
  });

  it('maps goals to capabilities through the concept lexicon', () => {
    const index = new SearchIndex(DOCS);
    expect(names(index, 'my vlookup keeps breaking')[0]).toBe(6);
    expect(names(index, 'make my etsy product pics look pro')[0]).toBe(5);
  });

  it('applies a free constraint inside the ranking', () => {
    const index = new SearchIndex(DOCS);
    const out = index.search('free logo for my new cleaning business');
    expect(out.understood.pricing).toEqual(['free', 'freemium']);
    expect(out.hits.length).toBeGreaterThan(0);
    for (const h of out.hits) expect(DOCS.find((d) => d.id === h.id)?.pricingType).not.toBe('paid');
    expect(out.hits[0]?.id).toBe(4);
    // Without the constraint the paid logo maker is a fine answer.
    expect(names(index, 'logo for my new cleaning business')).toContain(3);
  });

  it('does not read "royalty-free" as a price constraint', () => {
    const index = new SearchIndex(DOCS);
    expect(index.search('royalty-free music for my videos').understood.pricing).toBeNull();
  });

  it('restricts results to a category named by the visitor', () => {
    const index = new SearchIndex(DOCS);
    const out = index.search('design tools for transcription and logos');
    expect(out.understood.category).toBe('Design');
    expect(out.hits.length).toBeGreaterThan(0);
    for (const h of out.hits) expect(DOCS.find((d) => d.id === h.id)?.category).toBe('Design');
  });

  it('reads a category name inside a compound as part of the need, not as a section filter', () => {
    const index = new SearchIndex(DOCS);
    expect(index.search('design tools').understood.category).toBe('Design');
    const out = index.search('logo design tools');
    expect(out.understood.category).toBeNull();
    expect(out.hits[0] ? DOCS.find((d) => d.id === out.hits[0]?.id)?.category : null).toBe('Design');
  });

  it('lets a general-purpose assistant partly serve text tasks its listing does not name', () => {
    const generalist = doc(8, {
      name: 'Omnichat',
      category: 'Productivity',
      description:
        'General-purpose AI assistant that answers questions, drafts emails, summarizes documents, writes code and explains spreadsheet formulas.',
      tags: ['assistant', 'llm', 'general-purpose'],
      features: ['Email drafting', 'Document summaries', 'Code generation', 'Formula help'],
      useCases: ['Knowledge workers drafting and brainstorming'],
    });
    const narrow = doc(9, {
      name: 'Helpdesk Bot',
      category: 'Customer Support',
      description: 'Support chatbot that answers customer questions from your help center.',
      tags: ['chatbot', 'customer-support'],
      features: ['Help center answers'],
      useCases: ['Support teams handling FAQs'],
    });
    const index = new SearchIndex([...DOCS, generalist, narrow]);
    // Rewording is not in the generalist's text, but it is a text task a general assistant can help with.
    const out = index.search('reword this paragraph so it does not copy the source');
    const ranked = out.hits.map((h) => h.id);
    expect(ranked).toContain(8);
    expect(ranked).not.toContain(9);
    expect(out.hits.find((h) => h.id === 8)?.matchReason).toMatch(/general-purpose assistant that can help with paraphrasing/i);
    // A dedicated tool still comes first when one exists.
    expect(names(index, 'transcribe my interviews')[0]).not.toBe(8);
  });

  it('ranks a capability named in one word, however often, below one a listing states in a phrase', () => {
    const coder = doc(10, {
      name: 'Codewise',
      category: 'Code',
      description: 'Code completion in your editor for every major programming language.',
      tags: ['languages', 'code'],
      features: ['Works in 40 languages', 'Explains languages you do not know'],
      monthlyVisitors: 50_000_000,
      rating: 48,
    });
    const tutor = doc(11, {
      name: 'Lingopal',
      category: 'Education',
      description: 'A study companion.',
      longDescription: 'Daily lessons for language learning on the go.',
      monthlyVisitors: 5_000,
      rating: 35,
    });
    const others = Array.from({ length: 8 }, (_, i) =>
      doc(20 + i, { name: `Photo tool ${i}`, category: 'Design', description: `A tool for photos, number ${i}.` }),
    );
    // "languages" four times is still one word of the coding tool; the tutor says "language learning" once.
    expect(names(new SearchIndex([coder, tutor, ...others]), 'language learning app')[0]).toBe(11);
  });

  it('reflects upsert and remove in the next search', () => {
    const index = new SearchIndex(DOCS);
    expect(index.size).toBe(6);
    expect(names(index, 'karaoke vocal remover')).not.toContain(7);
    index.upsert(
      doc(7, {
        name: 'Splitter',
        category: 'Audio',
        description: 'Stem separation that removes vocals for karaoke.',
        tags: ['stem-separation', 'karaoke'],
        features: ['Vocal remover'],
      }),
    );
    expect(index.size).toBe(7);
    expect(names(index, 'karaoke vocal remover')[0]).toBe(7);
    // Editing a listing replaces it.
    index.upsert(doc(7, { name: 'Splitter', category: 'Audio', description: 'Invoice tracking for freelancers.' }));
    expect(index.size).toBe(7);
    expect(names(index, 'karaoke vocal remover')[0]).not.toBe(7);
    expect(names(index, 'invoice tracking for freelancers')[0]).toBe(7);
    index.remove(3);
    expect(index.size).toBe(6);
    expect(names(index, 'logo maker brand kit')).not.toContain(3);
    index.remove(999); // unknown ids are ignored
    expect(index.size).toBe(6);
  });

  it('gives nonsense and unservable needs a low confidence and good matches a high one', () => {
    const index = new SearchIndex(DOCS);
    expect(index.search('asdkjh qwpoe').confidence).toBeLessThan(0.35);
    expect(index.search('zzzz').confidence).toBeLessThan(0.35);
    expect(index.search('plumber to fix my sink').confidence).toBeLessThan(0.35);
    expect(index.search('transcribe my interviews').confidence).toBeGreaterThan(0.6);
  });

  it('reads a reason joined by "because" on its own: the joining word is no search word and costs no confidence', () => {
    const index = new SearchIndex(DOCS);
    const words = index.understand('transcribe my interviews because typing them is slow').terms.map((term) => term.word);
    expect(words).not.toContain('because');
    expect(index.search('transcribe my interviews because of gdpr').confidence).toBe(
      index.search('transcribe my interviews for gdpr').confidence,
    );
  });

  it('explains each match with the matched capability', () => {
    const index = new SearchIndex(DOCS);
    const out = index.search('need a logo for my bakery');
    const top = out.hits[0];
    expect(top).toBeDefined();
    expect(top?.matchReason).toMatch(/logo/i);
    expect(out.reasoning).toMatch(/logo/i);
    expect(out.understood.goal).toMatch(/logo/i);
  });

  it('honours the limit and returns scores in descending order', () => {
    const index = new SearchIndex(DOCS);
    const hits = index.search('ai tool', { limit: 3 }).hits;
    expect(hits.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });
});

// Quality guard on the shipped catalogue and the repository's copy of the public queries.
describe('quality on the public queries', () => {
  it('reaches nDCG@10 ≥ 0.80', () => {
    const docs = loadCatalog();
    const index = new SearchIndex(docs);
    const byId = new Map(docs.map((d) => [d.id, d.name]));
    const report = evaluateEngine((q) => index.search(q, { limit: 10 }).hits.map((h) => byId.get(h.id) ?? ''), loadQueries());
    expect(report.mean.ndcg).toBeGreaterThanOrEqual(0.8);
  });
});

// The development set was written independently of the public queries (different needs, judged over the whole
// catalogue); a drop here means a change fitted the public queries rather than improving the engine.
describe('quality on the independent development queries', () => {
  it('reaches nDCG@10 ≥ 0.78', () => {
    const docs = loadCatalog();
    const index = new SearchIndex(docs);
    const byId = new Map(docs.map((d) => [d.id, d.name]));
    const queries = loadQueries(DEFAULT_DEV_QUERIES_PATH);
    expect(queries.length).toBeGreaterThanOrEqual(80);
    const report = evaluateEngine((q) => index.search(q, { limit: 10 }).hits.map((h) => byId.get(h.id) ?? ''), queries);
    expect(report.mean.ndcg).toBeGreaterThanOrEqual(0.78);
  });
});
