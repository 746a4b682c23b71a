import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { stemmer } from 'stemmer';

/**
 * Words that carry no retrieval signal in documents or queries. Kept small on purpose: words such as
 * "free", "online" or "app" can be meaningful and are left to IDF.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been being but by for from has have having he her hers him his how i if in into is it its ' +
    'itself me my mine myself of on or our ours ourselves she so than that the their theirs them themselves then there ' +
    'these they this those to too was we were what when where which while who whom why will with you your yours ' +
    'yourself yourselves am do does did doing done not no nor only own same such very s t can could would should ' +
    'shall may might must just also any each other some more most much many all both few again further once here ' +
    'out off over under up down about above below between through during before after until against via per ' +
    'etc ie eg vs us ' +
    // Quantities between a verb and its object ("misses a lot of calls") must not break the phrase they sit in.
    'lot lots bunch tons'
  ).split(' '),
);

/**
 * Chatty filler that visitors add around their need ("pls help, I want something that..."). Removed from queries only,
 * because in documents several of these words are rare and would otherwise get an inflated IDF.
 */
const QUERY_FILLER = new Set(
  (
    'want wants wanted wanna need needs needed needing help helps helping please pls plz thanks thank thx hi hey hello ' +
    'lol lmao ugh omg haha idk tbh btw im ive id ill dont cant wont doesnt isnt didnt arent youre theyre thats whats ' +
    'like looking look find finding something someone somebody anything thing things stuff way ways really actually ' +
    'basically literally kinda sorta gonna gotta soo sooo so pretty quite maybe perhaps probably just still even ' +
    'ever always never know dunno clue sure ok okay yeah yes tool tools app apps software program platform service ' +
    'solution ai able let lets use using used get gets got getting make makes making maker makers keep keeps try tried trying ' +
    'good best great nice better recommend recommendation suggestions suggest anyone there any one thing kind sort ' +
    'w u ur r da pls bit little me myself whatever wherever whenever every ' +
    // When the visitor needs it says nothing about what they need.
    'today tonight tomorrow yesterday now rn asap currently ' +
    // Words that join a reason to the request ("hosted in the eu because of gdpr"): the reason is read on its own.
    'because cuz cos bc though although anyway anyways'
  ).split(' '),
);

/** A token of a query or document, before and after stemming. */
export interface Token {
  /** Lower-cased, accent-free surface form. */
  word: string;
  /** Porter stem used for indexing and matching. */
  stem: string;
}

/**
 * Words that the Porter stemmer folds into an unrelated family ("customer" with "custom", "general" with "generate",
 * "ads" with "added", "productivity" with "product"). Each gets a stem of its own so that a listing about customer
 * support does not match a query about custom models.
 */
const STEM_OVERRIDES: Readonly<Record<string, string>> = Object.fromEntries(
  (
    'general,generally,generalist,generalists:general customer,customers:customer busy:busy productivity:productivity ' +
    'production,productions:production integrity:integrity integral,integrals:integral paste,pasted,pasting:paste ' +
    'anime:anime animal,animals:animal organic:organic community,communities:community ' +
    'engine,engines:engine engineer,engineers,engineering:engineer conversion,conversions:conversion ' +
    'added,adding:add personal,personally:personal personality,personalities:personality fines:fines ' +
    'physical,physically:physical executive,executives:executive government,governments:government ide,ides:ide ' +
    'news:news university,universities:university universe:universe presenter,presenters:presenter ' +
    'awful,awfully:awful awing:awing accounting,accountant,accountants,accountancy:accounting ' +
    'orchestral:orchestral wellness:wellness ' +
    'formative:formative informal,informally:informal authority:authority applicant,applicants:applicant ' +
    'personalize,personalized,personalizes,personalizing,personalization,personalise,personalised,personalisation:personaliz ' +
    'localization,localisation,localize,localized,localizing,localise,localised:localiz ' +
    'projection,projections:projection ' +
    // "the numbers" of a business are its data; "a growing number of families" is a quantity.
    'numbers:numbers ' +
    // Common words that Porter folds into a capability's word (found by a scan of the lexicon's one-word cues against
    // SCOWL's common words): "an app called X" is no call, "meets GDPR" no meeting, "excellent" no Excel.
    'called:called meeting,meetings:meeting excellent,excellence:excellent exception,exceptions:exception ' +
    'terminal,terminals:terminal dealing:dealing leading:leading follower,followers:follower mentioned:mentioned ' +
    'invite,invites,invited,inviting:invite savings:savings earnings:earnings expensive:expensive ' +
    'manually:manually humanize,humanizer,humanizers,humanized,humanizing,humanise,humaniser,humanised:humaniz ' +
    'literally,literal:literal finally:finally productive:productive extensive,extensively:extensive ' +
    'officer,officers:officer feeling,feelings:feeling celebrity,celebrities:celebrity ' +
    'assignment,assignments:assignment platformer,platformers:platformer ' +
    'publisher,publishers:publisher intention,intentions,intentional:intention ' +
    // "likely to cancel" is a prediction, "I'd like to cancel" a wish: Porter gives both "like".
    'likely:likely'
  )
    .split(' ')
    .flatMap((group) => {
      const [forms = '', target = ''] = group.split(':');
      return forms.split(',').map((form) => [form, target] as const);
    }),
);

const stemCache = new Map<string, string>();

/**
 * Porter-stems a lower-cased word, memoised because the same few thousand words recur across the catalogue.
 */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = STEM_OVERRIDES[word] ?? (word.length <= 2 ? word : stemmer(word));
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

/**
 * Lower-cases, strips accents and apostrophes and spells out "&" so that "Résumé & CV's" and "resume and cvs" meet.
 */
export function normalize(text: string): string {
  // Most listing text is plain ASCII: decomposing it strips nothing, and the rewrites below change only text that
  // holds one of their characters, so both are skipped (a 100,000-listing build normalises 1.6 million texts).
  if (!NOT_PLAIN_ASCII.test(text)) {
    const lower = text.toLowerCase();
    return REWRITTEN.test(lower) ? rewrite(lower) : lower;
  }
  return rewrite(
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  );
}

/** Anything but printable ASCII and the usual white space (rarer control characters take the full path too). */
const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;
/** The ASCII characters `rewrite` changes text for. */
const REWRITTEN = /['`&]|w\//;

/** Apostrophes dropped, "&" spelled out and chat shorthand expanded, in lower-cased, accent-free text. */
function rewrite(lowered: string): string {
  return (
    lowered
      .replace(/['’‘`]/g, '')
      .replace(/&/g, ' and ')
      // Chat shorthand that the word splitter would cut into single letters: "w/o" is "without", "w/" is "with".
      .replace(/\bw\/o\b/g, ' without ')
      .replace(/\bw\/(?=\s|$)/g, ' with ')
      .replace(/ß/g, 'ss')
  );
}

const WORD_RE = /[a-z0-9]+(?:\+\+|#)?/g;

/** Splits normalised text into raw words (no stop-word removal, no stemming). */
export function words(text: string): string[] {
  return normalize(text).match(WORD_RE) ?? [];
}

/** True for words dropped from both documents and queries. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word) || (word.length === 1 && !/[0-9]/.test(word));
}

/** True for conversational filler that only queries contain. */
export function isQueryFiller(word: string): boolean {
  return QUERY_FILLER.has(word);
}

/**
 * Tokenises document text: stop words removed, every remaining word stemmed. Order is preserved so that phrase
 * and proximity matching can work on the result.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const w of words(text)) {
    if (isStopWord(w)) continue;
    out.push({ word: w, stem: stem(w) });
  }
  return out;
}

/** A word of a text with its stem and whether it is a stop word (kept for phrase matching). */
export interface FullToken extends Token {
  stop: boolean;
}

/**
 * Tokenises text keeping stop words (flagged), so that lexicon phrases made mostly of function words ("all in one",
 * "on my phone", "no-code") can still be matched verbatim.
 */
export function tokenizeAll(text: string): FullToken[] {
  return words(text).map(fullToken);
}

const tokenCache = new Map<string, FullToken>();

/** The (shared, frozen) token of a word; catalogues repeat a few thousand words, so tokens are built once. */
export function fullToken(w: string): FullToken {
  let t = tokenCache.get(w);
  if (t === undefined) {
    t = Object.freeze(isStopWord(w) ? { word: w, stem: w, stop: true } : { word: w, stem: stem(w), stop: false });
    if (tokenCache.size > 200_000) tokenCache.clear();
    tokenCache.set(w, t);
  }
  return t;
}

/** Stems of the content words of a short phrase, used to compile lexicon entries. */
export function phraseStems(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.stem);
}

/**
 * Damerau–Levenshtein (optimal string alignment) distance with an early exit once `max` is exceeded, which keeps
 * typo lookups cheap.
 */
export function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  // Three rows reused across calls: a misspelt name is compared with thousands of names, and allocating the rows
  // each time was most of the cost.
  if (distanceRows.length < 3 * (lb + 1)) distanceRows = new Int32Array(6 * (lb + 1));
  const rows = distanceRows;
  const width = lb + 1;
  let prev2 = 0;
  let prev = width;
  let cur = 2 * width;
  for (let j = 0; j <= lb; j++) {
    rows[prev2 + j] = 0;
    rows[prev + j] = j;
  }
  for (let i = 1; i <= la; i++) {
    rows[cur] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cost = ai === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((rows[prev + j] as number) + 1, (rows[cur + j - 1] as number) + 1, (rows[prev + j - 1] as number) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, (rows[prev2 + j - 2] as number) + 1);
      }
      rows[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return rows[prev + lb] as number;
}

/** `editDistance`'s rows (grown to the longest word compared). */
let distanceRows = new Int32Array(96);

/**
 * The letters a–z a word holds, one bit each. Every edit changes whether at most two letters occur (a swap none), so
 * two words whose masks differ in more than 2·k letters are more than k edits apart: a cheap test before
 * `editDistance`.
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 97;
    if (c >= 0 && c < 26) mask |= 1 << c;
  }
  return mask;
}

/** The number of letters in which two `letterMask`s differ. */
export function maskDifference(a: number, b: number): number {
  let x = (a ^ b) >>> 0;
  let count = 0;
  while (x !== 0) {
    x &= x - 1;
    count++;
  }
  return count;
}

/**
 * Largest edit distance tolerated for a word of this length: short words are too ambiguous to correct (one edit from
 * five letters, two from nine, as Meilisearch and Typesense tolerate by default).
 */
export function typoBudget(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** A gzipped word list next to this module, one word a line. */
function readWordList(name: string): Set<string> {
  const text = gunzipSync(readFileSync(new URL(`./${name}`, import.meta.url))).toString('utf8');
  return new Set(text.split('\n').filter((w) => w.length > 0));
}

let modernWords: string[] | null = null;

/** The words of `modern-words.txt`: everyday English newer than SCOWL's lists. */
function readModernWords(): string[] {
  modernWords ??= readFileSync(new URL('./modern-words.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return modernWords;
}

/** A SCOWL list with the modern words of its lengths added (five letters or more, or three and four). */
function readEnglishList(name: string, short: boolean): Set<string> {
  const list = readWordList(name);
  for (const word of readModernWords()) if (word.length >= 5 !== short) list.add(word);
  return list;
}

let englishWords: Set<string> | null = null;

/**
 * True when the word is ordinary English (SCOWL size-35 list, words of five letters or more: shorter words are never
 * corrected anyway). A visitor's real word that the catalogue happens not to use ("older", "boring", "evenings") must
 * stay what it is rather than be "corrected" to a catalogue word that merely looks like it.
 */
export function isEnglishWord(word: string): boolean {
  englishWords ??= readEnglishList('english-words.txt.gz', false);
  return englishWords.has(word) || isAgentNoun(word, englishWords);
}

let shortEnglishWords: Set<string> | null = null;

/**
 * True for an English word of three or four letters in SCOWL's size-35 lists (`english-short-words.txt.gz`, same
 * source and licence as the long list): "son" or "cod" is a word the visitor meant, never a slip of "song" or "code".
 */
export function isShortEnglishDictionaryWord(word: string): boolean {
  shortEnglishWords ??= readEnglishList('english-short-words.txt.gz', true);
  return shortEnglishWords.has(word);
}

/**
 * The list leaves out many agent nouns of its verbs ("remover", "splitter", "uploader"): a word that is a listed
 * verb of five letters or more plus -er/-ers (the final e or a doubled consonant absorbed) is English too.
 */
function isAgentNoun(word: string, words: ReadonlySet<string>): boolean {
  const base = word.endsWith('ers') ? word.slice(0, -3) : word.endsWith('er') ? word.slice(0, -2) : null;
  if (base === null) return false;
  // "beginer" is not the agent noun of "begin": the listed agent noun doubles the consonant ("beginner").
  if (words.has(`${base}${base.at(-1)}${word.slice(base.length)}`)) return false;
  const candidates = [base, `${base}e`];
  if (/([bdgklmnprt])\1$/.test(base)) candidates.push(base.slice(0, -1));
  return candidates.some((candidate) => candidate.length >= 5 && words.has(candidate));
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/** Prefixes completed while typing: shorter ones match too many words, longer ones are rarely still incomplete. */
const MIN_PREFIX = 3;
/** A three- or four-letter slip is corrected only toward a word the vocabulary uses this often ... */
const SHORT_FIX_MIN_COUNT = 1;
/** ... and this many times more often than any other word the slip could stand for. */
const SHORT_FIX_DOMINANCE = 3;
const MAX_PREFIX = 8;

/** Every string one edit (deletion, transposition, substitution, insertion) away from `word`. */
export function editsOne(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail.length > 0) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2));
    for (const ch of ALPHABET) {
      if (tail.length > 0) out.add(head + ch + tail.slice(1));
      out.add(head + ch + tail);
    }
  }
  out.delete(word);
  return out;
}

function deletions(word: string, depth: number, out: Set<string>): void {
  if (depth === 0 || word.length <= 2) return;
  for (let i = 0; i < word.length; i++) {
    const d = word.slice(0, i) + word.slice(i + 1);
    if (!out.has(d)) {
      out.add(d);
      deletions(d, depth - 1, out);
    }
  }
}

/** The word with every run of one letter written once ("business" → "busines"). */
function singleLetters(word: string): string {
  return word.replace(/(.)\1+/g, '$1');
}

/**
 * Symmetric-deletion spelling index (SymSpell) over the surface words of the catalogue and lexicon. Lookups touch
 * only a handful of hash entries, so typo tolerance costs microseconds even with a large vocabulary.
 */
export class TypoIndex {
  private readonly deletes = new Map<string, string[]>();
  private readonly freq = new Map<string, number>();
  /** Prefix (3 to 8 letters) → the words that start with it, for completing the word being typed. */
  private readonly prefixes = new Map<string, string[]>();

  /**
   * `frequency`, when given, is the owner's live count of a word and is used instead of the index's own counts (so
   * the owner can register each word once and keep counting it cheaply).
   */
  constructor(private readonly frequency?: (word: string) => number) {}

  /** Registers a correctly spelled word; repeated calls raise its frequency (used to break ties). */
  add(word: string, count = 1): void {
    if (word.length < 4 || /[0-9]/.test(word)) return;
    const prevCount = this.freq.get(word);
    this.freq.set(word, (prevCount ?? 0) + count);
    if (prevCount !== undefined) return;
    const keys = new Set<string>([word]);
    deletions(word, typoBudget(word.length + 2), keys);
    for (const k of keys) {
      const list = this.deletes.get(k);
      if (list) list.push(word);
      else this.deletes.set(k, [word]);
    }
    for (let k = MIN_PREFIX; k <= Math.min(MAX_PREFIX, word.length - 1); k++) {
      const prefix = word.slice(0, k);
      const list = this.prefixes.get(prefix);
      if (list) list.push(word);
      else this.prefixes.set(prefix, [word]);
    }
  }

  /**
   * The most frequent known word that starts with `prefix` (3 letters or more), or null: the visitor is still
   * typing the last word of the query ("background remo").
   */
  complete(prefix: string): string | null {
    if (prefix.length < MIN_PREFIX) return null;
    const list = this.prefixes.get(prefix.slice(0, MAX_PREFIX));
    if (!list) return null;
    let best: string | null = null;
    let bestF = -1;
    for (const word of list) {
      if (!word.startsWith(prefix)) continue;
      const f = this.frequency ? this.frequency(word) : (this.freq.get(word) ?? 0);
      if (f > bestF || (f === bestF && best !== null && word.length < best.length)) {
        best = word;
        bestF = f;
      }
    }
    return best;
  }

  /** How often the word occurs in what was indexed (0 when unknown). */
  count(word: string): number {
    return this.frequency ? this.frequency(word) : (this.freq.get(word) ?? 0);
  }

  /** True when the word is known verbatim. */
  has(word: string): boolean {
    return this.freq.has(word);
  }

  /**
   * Best correction for a word that is not in the vocabulary, or null. Prefers the smallest edit distance, then the
   * most frequent candidate. A real English word is never corrected, and a misspelling that is closer to some other
   * English word than to any vocabulary word is left alone too: it most likely means that other word, which the
   * catalogue simply does not use.
   */
  correct(word: string, accept?: (candidate: string) => boolean): { word: string; distance: number } | null {
    const budget = typoBudget(word.length);
    if (budget === 0 || isEnglishWord(word)) return null;
    const found = this.nearest(word, budget, accept) ?? this.redoubled(word, budget, accept);
    if (!found || found.distance < 2) return found;
    for (const variant of editsOne(word)) if (isEnglishWord(variant)) return null;
    return found;
  }

  /**
   * A correction for a word of three or four letters, which `correct` leaves alone (too many words are that close
   * to each other): only toward a known word the visitor typed with one letter left out, two letters swapped or
   * (in four letters) a neighbouring key ("vocl", "emal", "tetx", "lpgo"), never changing the first letter, and only when that word is much commoner in the
   * vocabulary than any other such reading. A short English word ("son", "cod") is never corrected.
   */
  correctShort(word: string, accept?: (candidate: string) => boolean): { word: string; distance: number } | null {
    if (word.length < 3 || word.length > 4 || !/^[a-z]+$/.test(word) || isShortEnglishDictionaryWord(word)) return null;
    const candidates = new Set<string>();
    for (const c of this.deletes.get(word) ?? []) if (c.length === word.length + 1 && c[0] === word[0]) candidates.add(c);
    for (let i = 1; i < word.length; i++) {
      if (i + 1 < word.length) {
        const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
        if (this.freq.has(swapped)) candidates.add(swapped);
      }
      // A neighbouring key, in four letters only: three leave too little of the word to recognise.
      if (word.length < 4) continue;
      for (const key of keyNeighbours(word[i] ?? '')) {
        const replaced = word.slice(0, i) + key + word.slice(i + 1);
        if (this.freq.has(replaced)) candidates.add(replaced);
      }
    }
    let best: string | null = null;
    let bestF = 0;
    let secondF = 0;
    for (const c of candidates) {
      if (accept && !accept(c)) continue;
      const f = this.count(c);
      if (f > bestF) {
        secondF = bestF;
        best = c;
        bestF = f;
      } else if (f > secondF) secondF = f;
    }
    if (best === null || bestF < SHORT_FIX_MIN_COUNT || bestF < SHORT_FIX_DOMINANCE * secondF) return null;
    return { word: best, distance: 1 };
  }

  /**
   * A doubled letter put on the wrong letter ("bussines", "adress", "comitee") is two edits but one slip: when the
   * word and a known word are the same with every doubled letter single, that word is the correction, counted as
   * one edit beyond the word's budget.
   */
  private redoubled(
    word: string,
    budget: number,
    accept?: (candidate: string) => boolean,
  ): { word: string; distance: number } | null {
    const single = singleLetters(word);
    const found = this.nearest(
      word,
      budget + 1,
      (candidate) => singleLetters(candidate) === single && (accept?.(candidate) ?? true),
    );
    return found && found.distance === budget + 1 ? found : null;
  }

  private nearest(
    word: string,
    budget: number,
    accept?: (candidate: string) => boolean,
  ): { word: string; distance: number } | null {
    const keys = new Set<string>([word]);
    deletions(word, budget, keys);
    let best: string | null = null;
    let bestD = budget + 1;
    let bestF = -1;
    let bestP = 3;
    for (const k of keys) {
      const cands = this.deletes.get(k);
      if (!cands) continue;
      for (const c of cands) {
        if (c === word) return { word: c, distance: 0 };
        if (accept && !accept(c)) continue;
        // First letters are rarely mistyped; requiring them avoids "sink" -> "link"-style false friends.
        if (c.charCodeAt(0) !== word.charCodeAt(0)) continue;
        const d = editDistance(word, c, Math.min(budget, typoBudget(c.length)));
        if (d > budget) continue;
        const f = this.frequency ? this.frequency(c) : (this.freq.get(c) ?? 0);
        // At equal distance, the likelier slip wins (see slipRank): "offine" is "offline", not "office".
        const p = d === 1 ? slipRank(word, c) : 0;
        if (d < bestD || (d === bestD && (p < bestP || (p === bestP && f > bestF)))) {
          best = c;
          bestD = d;
          bestF = f;
          bestP = p;
        }
      }
    }
    return best === null ? null : { word: best, distance: bestD };
  }
}

/** Rows of a QWERTY keyboard: keys next to each other in a row are the likely substitutions. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The keys left and right of a letter's key. */
function keyNeighbours(letter: string): string[] {
  for (const row of KEY_ROWS) {
    const i = row.indexOf(letter);
    if (i >= 0) return [row[i - 1], row[i + 1]].filter((key): key is string => key !== undefined);
  }
  return [];
}

function neighbouringKeys(a: string, b: string): boolean {
  return KEY_ROWS.some((row) => {
    const i = row.indexOf(a);
    const j = row.indexOf(b);
    return i >= 0 && j >= 0 && Math.abs(i - j) === 1;
  });
}

/**
 * Whether `typed` is one common slip away from `word`: a letter left out or added, two neighbours swapped, or a
 * neighbouring key hit instead (the kinds of typing errors of Damerau, 1964, with the keyboard's layout).
 */
export function likelySlip(typed: string, word: string): boolean {
  return slipRank(typed, word) < 2;
}

/**
 * How likely a typist made `typed` out of `word` in one slip, 0 most likely: 0 for two neighbours swapped, a letter
 * left out or a letter doubled (the commonest slips, which keep every letter of the word); 1 for a stray letter or a
 * neighbouring key hit instead; 2 for anything else. Ranks two corrections at the same distance: "shotrs" is
 * "shorts" (swapped), not "shots" (a stray r).
 */
export function slipRank(typed: string, word: string): number {
  if (typed.length === word.length - 1) return 0;
  if (typed.length === word.length + 1) {
    for (let i = 0; i < typed.length; i++) {
      if (typed[i] === word[i]) continue;
      // The extra letter repeats the one before or after it ("upsscale").
      return typed[i] === typed[i - 1] || typed[i] === typed[i + 1] ? 0 : 1;
    }
    return 1;
  }
  if (typed.length !== word.length) return 2;
  const diffs: number[] = [];
  for (let i = 0; i < typed.length && diffs.length <= 2; i++) if (typed[i] !== word[i]) diffs.push(i);
  if (diffs.length === 2) {
    const [i = 0, j = 0] = diffs;
    return j === i + 1 && typed[i] === word[j] && typed[j] === word[i] ? 0 : 2;
  }
  if (diffs.length !== 1) return 2;
  const at = diffs[0] ?? 0;
  return neighbouringKeys(typed[at] ?? '', word[at] ?? '') ? 1 : 2;
}
