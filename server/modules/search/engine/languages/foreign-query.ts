/**
 * Reads queries written in French, Spanish, German, Portuguese or Italian into the plain English the engine knows.
 *
 * The knowledge is data: `glossary/<lang>.txt` (phrases and their English), `glossary/<lang>.stop.txt` (function
 * words), `glossary/en.stop.txt` (short English words) and `glossary/loanwords.txt` (brands and tech words every
 * language shares). A query is read in each language (longest glossary phrase first, matched by Snowball stems with
 * accents folded; German compounds split into glossary parts), and the language whose non-English words outnumber
 * the English ones wins. The reading is meant to be searched in place of the query, with `readAs` shown in the reason.
 */
import { readFileSync } from 'node:fs';
import { stemmer as stemFrench } from '@orama/stemmers/french';
import { stemmer as stemGerman } from '@orama/stemmers/german';
import { stemmer as stemItalian } from '@orama/stemmers/italian';
import { stemmer as stemPortuguese } from '@orama/stemmers/portuguese';
import { stemmer as stemSpanish } from '@orama/stemmers/spanish';
import { isEnglishWord, isQueryFiller, isStopWord } from '../tokenize';

/** A language the search reads queries in; the interface itself stays English. */
export type QueryLanguage = 'en' | 'fr' | 'es' | 'de' | 'pt' | 'it';

/** A non-English query language. */
export type ForeignLanguage = Exclude<QueryLanguage, 'en'>;

/** One word or expression of the query and the English it was read as ("imágenes" → "images"). */
export interface ReadWord {
  from: string;
  to: string;
}

/** How a non-English query was read. */
export interface ForeignReading {
  language: ForeignLanguage;
  /**
   * The query rendered in plain English words the engine knows; words without a translation (brand names, English
   * loanwords like "podcast", numbers) pass through unchanged.
   */
  english: string;
  /** What was translated, for the reasoning ("Read in Spanish: imágenes → images, gratis → free"). */
  readAs: ReadWord[];
  /** Share of the content words that were recognised (0..1): translated, or an English loanword the engine reads as is. */
  coverage: number;
}

/** Languages in the order ties are broken (roughly by how many visitors write in them). */
const LANGUAGES: readonly ForeignLanguage[] = ['es', 'fr', 'de', 'pt', 'it'];

/** English names of the query languages, for reasons ("Read in Spanish") and for preferring listings that name one. */
export const LANGUAGE_NAMES: Readonly<Record<QueryLanguage, string>> = {
  en: 'English',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
};

const STEMMERS: Readonly<Record<ForeignLanguage, (word: string) => string>> = {
  fr: stemFrench,
  es: stemSpanish,
  de: stemGerman,
  pt: stemPortuguese,
  it: stemItalian,
};

/**
 * Lower-cases and folds accents, ß, œ and æ, because visitors often type without them ("imagenes", "ecrire",
 * "Strasse"). Apostrophes separate words ("l'image", "dell'audio") rather than joining them as in English.
 */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

const TOKEN_RE = /[\p{L}\p{N}]+(?:\+\+|#)?/gu;

/** A word of the query as typed and in the forms used to look it up. */
interface QueryToken {
  /** As typed, lower-cased (kept for the reasoning). */
  raw: string;
  folded: string;
}

function tokenizeQuery(query: string): QueryToken[] {
  const out: QueryToken[] = [];
  for (const m of query.toLowerCase().matchAll(TOKEN_RE)) out.push({ raw: m[0], folded: foldWord(m[0]) });
  return out;
}

/** A glossary line, compiled: one foreign phrase and the English it means. */
interface Entry {
  english: string;
  /** Folded surface words. */
  surface: string[];
  /** Coarse keys (stem of the stem): match inflections such as "imagen"/"imágenes" that one pass leaves apart. */
  keys: string[];
  /** One-pass stems, used to prefer the closer of two entries that share coarse keys. */
  stems: string[];
  /** True when the English equals the foreign phrase ("podcast", "logo"): such a word says nothing about the language. */
  identity: boolean;
}

/** Everything known about one language, compiled once. */
interface LanguageData {
  lang: ForeignLanguage;
  stem: (folded: string) => string;
  key: (folded: string) => string;
  /** Entries by the coarse key of their first word, longest first. */
  byFirstKey: Map<string, Entry[]>;
  /** Function words (folded) and the English they stand for ('' when they are simply dropped). */
  functionWords: Map<string, string>;
  /** Single-word entries by folded surface and by one-pass stem, to split compounds into known parts. */
  parts: Map<string, Entry>;
  entryCount: number;
}

/** Parses `left = right` lines, `#` comments and blank lines; `a | b = x` gives several foreign forms one meaning. */
function parseLines(text: string): { left: string[]; right: string }[] {
  const out: { left: string[]; right: string }[] = [];
  for (const line of text.split('\n')) {
    const body = line.replace(/#.*$/, '').trim();
    if (body.length === 0) continue;
    const eq = body.indexOf('=');
    const left = (eq < 0 ? body : body.slice(0, eq))
      .split('|')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const right = eq < 0 ? '' : body.slice(eq + 1).trim();
    out.push({ left, right });
  }
  return out;
}

function readGlossaryFile(name: string): string {
  return readFileSync(new URL(`./glossary/${name}`, import.meta.url), 'utf8');
}

function memoised(fn: (w: string) => string): (w: string) => string {
  const cache = new Map<string, string>();
  return (w) => {
    let v = cache.get(w);
    if (v === undefined) {
      v = fn(w);
      if (cache.size > 50_000) cache.clear();
      cache.set(w, v);
    }
    return v;
  };
}

function compileLanguage(lang: ForeignLanguage): LanguageData {
  const raw = STEMMERS[lang];
  // Stemmers strip endings only from longer words; short function words and abbreviations stay as they are.
  const stem = memoised((w) => (w.length <= 3 ? w : raw(w)));
  const key = memoised((w) => {
    const s = stem(w);
    return s.length <= 3 ? s : stem(s);
  });
  const byFirstKey = new Map<string, Entry[]>();
  const parts = new Map<string, Entry>();
  const phrases = new Set<string>();
  for (const { left, right } of parseLines(readGlossaryFile(`${lang}.txt`))) {
    if (right.length === 0) continue;
    for (const phrase of left) {
      const surface = tokenizeQuery(phrase).map((t) => t.folded);
      if (surface.length === 0) continue;
      phrases.add(surface.join(' '));
      const entry: Entry = {
        english: right,
        surface,
        keys: surface.map(key),
        stems: surface.map(stem),
        identity: foldWord(phrase) === foldWord(right),
      };
      const first = entry.keys[0] ?? '';
      const list = byFirstKey.get(first);
      if (list) list.push(entry);
      else byFirstKey.set(first, [entry]);
      if (surface.length === 1) {
        const [s = '', st = ''] = [surface[0], entry.stems[0]];
        if (!parts.has(s)) parts.set(s, entry);
        if (st.length >= 4 && !parts.has(st)) parts.set(st, entry);
      }
    }
  }
  for (const list of byFirstKey.values()) list.sort((a, b) => b.keys.length - a.keys.length);
  const functionWords = new Map<string, string>();
  for (const { left, right } of parseLines(readGlossaryFile(`${lang}.stop.txt`))) {
    for (const w of left) functionWords.set(foldWord(w), right);
  }
  return { lang, stem, key, byFirstKey, functionWords, parts, entryCount: phrases.size };
}

function wordList(name: string): Set<string> {
  return new Set(parseLines(readGlossaryFile(name)).flatMap((l) => l.left.flatMap((x) => x.split(/\s+/)).map(foldWord)));
}

/**
 * Common English words of four letters or fewer. The engine's English word list only holds words of five letters or
 * more, and a query made of such words must not count as foreign.
 */
let englishShort: Set<string> | null = null;

/** True for a common English word of four letters or fewer (`glossary/en.stop.txt`), folded and lower-case. */
export function isShortEnglishWord(folded: string): boolean {
  englishShort ??= wordList('en.stop.txt');
  return englishShort.has(folded);
}

function isEnglishish(folded: string): boolean {
  return (
    isShortEnglishWord(folded) || isStopWord(folded) || isQueryFiller(folded) || (folded.length >= 5 && isEnglishWord(folded))
  );
}

/** Slips shorter than this are too often another word of the other language ("fondo", "pour"). */
const MIN_ENGLISH_SLIP = 6;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * True for a word no glossary knows that is one slip (a letter dropped, added, changed or two swapped) from an English
 * word of five letters or more: "remove backgrund foto" is English with a typo, not Portuguese because "remove" and
 * "foto" are Portuguese too.
 */
function isEnglishSlip(folded: string): boolean {
  if (folded.length < MIN_ENGLISH_SLIP || !/^[a-z]+$/.test(folded) || isEnglishWord(folded)) return false;
  const isWord = (candidate: string) => candidate.length >= 5 && isEnglishWord(candidate);
  for (let i = 0; i <= folded.length; i++) {
    const head = folded.slice(0, i);
    const tail = folded.slice(i);
    if (i < folded.length && isWord(head + tail.slice(1))) return true;
    if (i + 1 < folded.length && isWord(head + (tail[1] ?? '') + (tail[0] ?? '') + tail.slice(2))) return true;
    for (const letter of LETTERS) {
      if (isWord(head + letter + tail)) return true;
      if (i < folded.length && letter !== tail[0] && isWord(head + letter + tail.slice(1))) return true;
    }
  }
  return false;
}

/** Brands and tech words shared by every language: neutral evidence, but recognised. */
let loanwords: Set<string> | null = null;
function isLoanword(folded: string): boolean {
  loanwords ??= wordList('loanwords.txt');
  return loanwords.has(folded);
}

let compiled: Map<ForeignLanguage, LanguageData> | null = null;
function languages(): Map<ForeignLanguage, LanguageData> {
  if (!compiled) compiled = new Map(LANGUAGES.map((l) => [l, compileLanguage(l)]));
  return compiled;
}

/** Number of glossary phrases per language (for documentation and tests). */
export function glossarySizes(): Record<ForeignLanguage, number> {
  const data = languages();
  return Object.fromEntries(LANGUAGES.map((l) => [l, data.get(l)?.entryCount ?? 0])) as Record<ForeignLanguage, number>;
}

/** A stretch of the query read in one language. */
interface Piece {
  start: number;
  end: number;
  /** English rendering; '' drops the words. */
  english: string;
  kind: 'phrase' | 'compound' | 'cognate' | 'function' | 'pass';
  /** How closely the words matched (surface 2, stem 1, coarse key 0 per word), to rank languages on ties. */
  exactness: number;
  identity: boolean;
}

/** Endings of number and gender ("foto"/"fotos", "antigua"/"antiguas", "Bild"/"Bilder"), not of word class. */
const INFLECTION_RE = /(?:en|er|[aeinos])+$/;

/**
 * True when the glossary knows a typed word as it is and it is another word of the family than the first word of an
 * expression, not a plural or feminine of it: an expression made for a verb ("pasar a" = convert to, "allenarsi a"
 * = practice) does not take its noun ("paso" = step, "allenamento" = workout). The stems meet; the meanings do not.
 */
function isOtherWordOfFamily(data: LanguageData, typed: string, expressionWord: string): boolean {
  if (typed === expressionWord || data.parts.get(typed)?.surface[0] !== typed) return false;
  return typed.replace(INFLECTION_RE, '') !== expressionWord.replace(INFLECTION_RE, '');
}

function matchAt(
  data: LanguageData,
  toks: QueryToken[],
  keys: string[],
  i: number,
  isFunction: boolean,
  english: boolean,
): Piece | null {
  const cands = data.byFirstKey.get(keys[i] ?? '');
  if (!cands) return null;
  let best: Piece | null = null;
  for (const e of cands) {
    const n = e.keys.length;
    if (best && n < best.end - best.start) break;
    // A lone function word ("de", "die") is not read as a content word that happens to share its key.
    if (n === 1 && isFunction) continue;
    if (i + n > toks.length) continue;
    if (n > 1 && isOtherWordOfFamily(data, toks[i]?.folded ?? '', e.surface[0] ?? '')) continue;
    let exactness = 0;
    let ok = true;
    for (let k = 0; k < n; k++) {
      const t = toks[i + k];
      if (!t || keys[i + k] !== e.keys[k]) {
        ok = false;
        break;
      }
      if (t.folded === e.surface[k]) exactness += 2;
      else if (data.stem(t.folded) === e.stems[k]) exactness += 1;
    }
    // A one-word entry reached only through the coarse key of a short word is too likely a false friend, and an
    // English word is read only as the very word of an entry ("youtube" is not "youtuber").
    if (!ok || (n === 1 && ((english && exactness < 2) || (exactness === 0 && (toks[i]?.folded.length ?? 0) < 6)))) continue;
    if (!best || exactness > best.exactness)
      best = { start: i, end: i + n, english: e.english, kind: 'phrase', exactness, identity: e.identity };
  }
  return best;
}

const LINKS = ['', 's', 'es', 'n', 'en', 'e'];
const MIN_PART = 3;
/** Longer "words" are pasted junk, not compounds; splitting them would cost quadratic time for nothing. */
const MAX_COMPOUND = 48;

/**
 * German glues nouns together ("Bewerbungsanschreiben", "Rechtschreibprüfung"). An unknown long word is split into
 * the fewest glossary parts, allowing the linking s/es/n/en/e between them; only the last part may be inflected.
 */
function splitCompound(data: LanguageData, word: string): Entry[] | null {
  const memo = new Map<number, Entry[] | null>();
  const from = (i: number): Entry[] | null => {
    if (i === word.length) return [];
    const cached = memo.get(i);
    if (cached !== undefined) return cached;
    let best: Entry[] | null = null;
    for (let j = word.length; j >= i + MIN_PART; j--) {
      const piece = word.slice(i, j);
      let entry = data.parts.get(piece);
      if (!entry && j === word.length) {
        const e = data.byFirstKey.get(data.key(piece))?.find((x) => x.keys.length === 1);
        if (e && piece.length >= 4) entry = e;
      }
      if (!entry) continue;
      for (const link of LINKS) {
        if (link && !word.startsWith(link, j)) continue;
        const rest = from(j + link.length);
        if (rest && (!best || rest.length + 1 < best.length)) best = [entry, ...rest];
      }
      if (best && best.length <= 2) break;
    }
    memo.set(i, best);
    return best;
  };
  const parts = from(0);
  return parts && parts.length >= 2 ? parts : null;
}

/** A foreign ending and the English endings it may stand for, tried in order. */
type EndingRule = readonly [string, readonly string[]];

/** Endings Spanish and Portuguese share, after each language's own ("-ción", "-ção"). */
const IBERIAN_ENDINGS: readonly EndingRule[] = [
  ['mente', ['ly']],
  ['ismo', ['ism']],
  ['istas', ['ists']],
  ['ista', ['ist']],
  ['icos', ['ics', 'ical']],
  ['icas', ['ics', 'ical']],
  ['ico', ['ic', 'ical']],
  ['ica', ['ic', 'ical', 'ics']],
  ['osos', ['ous']],
  ['osa', ['ous']],
  ['oso', ['ous']],
  ['ivos', ['ives']],
  ['ivo', ['ive']],
  ['iva', ['ive']],
  ['encia', ['ence']],
  ['ancia', ['ance']],
  ['izar', ['ize']],
  ['ificar', ['ify']],
  ['ar', ['', 'e', 'ate']],
  ['er', ['', 'e']],
  ['ir', ['', 'e']],
  ['os', ['s', 'es']],
  ['as', ['s', 'es']],
  ['o', ['', 'e']],
  ['a', ['', 'e']],
];

/**
 * Endings that the five languages and English share in cognates, each with the English ending(s) it corresponds to,
 * longest first: "detectar" → detect, "organisation" → organisation, "digitalisieren" → digitalize, "evento" → event.
 */
const COGNATE_ENDINGS: Readonly<Record<ForeignLanguage, readonly EndingRule[]>> = {
  es: [
    ['aciones', ['ations']],
    ['ciones', ['tions']],
    ['acion', ['ation']],
    ['cion', ['tion']],
    ['siones', ['sions']],
    ['sion', ['sion']],
    ['idades', ['ities']],
    ['idad', ['ity']],
    ...IBERIAN_ENDINGS,
  ],
  pt: [
    ['acoes', ['ations']],
    ['coes', ['tions']],
    ['acao', ['ation']],
    ['cao', ['tion']],
    ['soes', ['sions']],
    ['sao', ['sion']],
    ['idades', ['ities']],
    ['idade', ['ity']],
    ...IBERIAN_ENDINGS,
  ],
  fr: [
    ['ations', ['ations']],
    ['tions', ['tions']],
    ['ation', ['ation']],
    ['tion', ['tion']],
    ['ites', ['ities']],
    ['ite', ['ity']],
    ['iques', ['ics', 'ical']],
    ['ique', ['ic', 'ical', 'ics']],
    ['euses', ['ous']],
    ['euse', ['ous']],
    ['eux', ['ous']],
    ['ives', ['ives']],
    ['ive', ['ive']],
    ['if', ['ive']],
    ['iser', ['ize']],
    ['ifier', ['ify']],
    ['er', ['', 'e', 'ate']],
    ['es', ['s', 'es']],
    ['e', ['', 'e']],
  ],
  it: [
    ['azioni', ['ations']],
    ['zioni', ['tions']],
    ['azione', ['ation']],
    ['zione', ['tion']],
    ['sioni', ['sions']],
    ['sione', ['sion']],
    ['ita', ['ity']],
    ['mente', ['ly']],
    ['ismo', ['ism']],
    ['isti', ['ists']],
    ['ista', ['ist']],
    ['ici', ['ics', 'ical']],
    ['iche', ['ics', 'ical']],
    ['ico', ['ic', 'ical']],
    ['ica', ['ic', 'ical', 'ics']],
    ['osi', ['ous']],
    ['osa', ['ous']],
    ['oso', ['ous']],
    ['ivi', ['ives']],
    ['ivo', ['ive']],
    ['iva', ['ive']],
    ['enza', ['ence']],
    ['anza', ['ance']],
    ['izzare', ['ize']],
    ['ificare', ['ify']],
    ['are', ['', 'e', 'ate']],
    ['ere', ['', 'e']],
    ['ire', ['', 'e']],
    ['i', ['s', 'es']],
    ['e', ['', 'e', 's', 'es']],
    ['o', ['', 'e']],
    ['a', ['', 'e']],
  ],
  de: [
    ['isieren', ['ize']],
    ['ieren', ['ate', 'ize', '', 'e']],
    ['ationen', ['ations']],
    ['tionen', ['tions']],
    ['ation', ['ation']],
    ['tion', ['tion']],
    ['itaten', ['ities']],
    ['itat', ['ity']],
    ['ismus', ['ism']],
    ['isch', ['ic', 'ical']],
    ['ische', ['ic', 'ical']],
    ['ischen', ['ic', 'ical']],
    ['iv', ['ive']],
    ['ive', ['ive']],
  ],
};

/** Foreign words shorter than this are too often false friends to read as cognates. */
const MIN_COGNATE = 6;

/**
 * The English word a foreign word not in the glossary is a cognate of, when one ending rule turns it into an everyday
 * English word (SCOWL, five letters or more), or null. Only a fallback: the glossary decides first, and false
 * friends ("carpeta" is a folder) are why glossary entries exist.
 */
export function englishCognate(lang: ForeignLanguage, folded: string): string | null {
  if (folded.length < MIN_COGNATE || !/^[a-z]+$/.test(folded)) return null;
  for (const [ending, englishEndings] of COGNATE_ENDINGS[lang]) {
    if (!folded.endsWith(ending)) continue;
    const base = folded.slice(0, folded.length - ending.length);
    if (base.length < 3) continue;
    for (const english of englishEndings) {
      const candidate = base + english;
      if (candidate.length >= 5 && isEnglishWord(candidate)) return candidate;
    }
  }
  return null;
}

/** The query read in one language, with the evidence that it is written in that language. */
interface Reading {
  data: LanguageData;
  pieces: Piece[];
  /** Words recognised in this language that are not English: the evidence for the language. */
  foreignOnly: number;
  /** Words recognised as English and not in this language: the evidence against. */
  englishOnly: number;
  /** Translated words that are also English words ("reunion" for "réunion"). */
  shared: number;
  contentRecognised: number;
  contentWords: number;
  functionOnly: number;
  exactness: number;
}

/**
 * German spellings of a word typed with ae/oe/ue for its umlauts, most likely first: all pairs folded ("pruefen"),
 * then each pair alone, because "ue" is also a real spelling ("Steuererklaerung" is "Steuererklärung", not
 * "Steurerklärung"). Empty for a word without such a pair.
 */
function umlautSpellings(folded: string): string[] {
  const at = [...folded.matchAll(/[aou]e/g)].map((m) => m.index);
  if (at.length === 0) return [];
  const out = [folded.replace(/([aou])e/g, '$1')];
  if (at.length > 1) for (const i of at) out.push(folded.slice(0, i + 1) + folded.slice(i + 2));
  return out;
}

/**
 * German words typed with ae/oe/ue that the glossary knows only with their umlaut are read in that spelling before
 * anything is matched, so that they also take their place inside expressions ("einfach erklaert"). English words
 * ("does", "true") are left as typed.
 */
function foldUmlautSpellings(data: LanguageData, toks: QueryToken[], englishish: boolean[]): QueryToken[] {
  return toks.map((t, i) => {
    if (englishish[i] || data.functionWords.has(t.folded) || data.byFirstKey.has(data.key(t.folded))) return t;
    const known = umlautSpellings(t.folded).find((w) => data.byFirstKey.has(data.key(w)));
    return known ? { raw: t.raw, folded: known } : t;
  });
}

/** Endings of a German verb in the present tense that the stemmer keeps (er/sie/es, du, ihr), likeliest first. */
const FINITE_VERB_ENDINGS = ['t', 'et', 'st', 'est'];

function readIn(data: LanguageData, typed: QueryToken[], englishish: boolean[]): Reading {
  const toks = data.lang === 'de' ? foldUmlautSpellings(data, typed, englishish) : typed;
  const keys = toks.map((t) => data.key(t.folded));
  const pieces: Piece[] = [];
  let i = 0;
  while (i < toks.length) {
    const t = toks[i] as QueryToken;
    const fn = data.functionWords.get(t.folded);
    const isFunction = fn !== undefined;
    let piece = matchAt(data, toks, keys, i, isFunction, (englishish[i] ?? false) || isLoanword(t.folded));
    if (!piece && !isFunction && data.lang === 'de') {
      const readAs = (alt: string): Piece | null => {
        const altToks = [...toks];
        altToks[i] = { raw: t.raw, folded: alt };
        const altKeys = [...keys];
        altKeys[i] = data.key(alt);
        return matchAt(data, altToks, altKeys, i, false, false);
      };
      // Umlauts are often typed as ae/oe/ue ("pruefen"); "ue" is common in French and Spanish, so only German folds it.
      for (const alt of umlautSpellings(t.folded)) {
        piece = readAs(alt);
        if (piece) break;
      }
      // A separable verb takes "zu" inside its infinitive ("aufzunehmen", "zusammenzufassen"): read it without.
      for (let k = t.folded.indexOf('zu', 2); k >= 2 && !piece; k = t.folded.indexOf('zu', k + 1)) {
        if (t.folded.length - k - 2 < 4) break;
        piece = readAs(t.folded.slice(0, k) + t.folded.slice(k + 2));
      }
      // A verb at the end of a clause is conjugated ("die … zusammenfasst", "das … verschickt"), and the German
      // Snowball stemmer leaves -t and -st on: read it as the infinitive.
      for (const ending of FINITE_VERB_ENDINGS) {
        if (piece) break;
        if (t.folded.endsWith(ending) && t.folded.length - ending.length >= 4)
          piece = readAs(`${t.folded.slice(0, -ending.length)}en`);
      }
    }
    if (!piece && isFunction) piece = { start: i, end: i + 1, english: fn, kind: 'function', exactness: 2, identity: false };
    if (!piece && data.lang === 'de' && t.folded.length >= 7 && t.folded.length <= MAX_COMPOUND && !englishish[i]) {
      // Compounds are typed with ae/oe/ue for umlauts too ("Hoerbuchsprecher"), as single words are above.
      let parts = splitCompound(data, t.folded);
      for (const alt of umlautSpellings(t.folded)) parts ??= splitCompound(data, alt);
      if (parts) {
        piece = {
          start: i,
          end: i + 1,
          english: parts.map((p) => p.english).join(' '),
          kind: 'compound',
          exactness: 1,
          identity: false,
        };
      }
    }
    if (!piece && !englishish[i]) {
      const cognate = englishCognate(data.lang, t.folded);
      // A cognate is recognised, but says nothing about the language: the other languages share it.
      if (cognate) piece = { start: i, end: i + 1, english: cognate, kind: 'cognate', exactness: 0, identity: true };
    }
    piece ??= { start: i, end: i + 1, english: t.raw, kind: 'pass', exactness: 0, identity: true };
    pieces.push(piece);
    i = piece.end;
  }
  let foreignOnly = 0;
  let englishOnly = 0;
  let shared = 0;
  let contentRecognised = 0;
  let contentWords = 0;
  let functionOnly = 0;
  let exactness = 0;
  const seenFunction = new Set<string>();
  for (const p of pieces) {
    const words = p.end - p.start;
    const span = toks.slice(p.start, p.end);
    // A word typed with its accents ("résumé", "réunion") is written in that language even when its bare letters
    // spell an English word.
    const allEnglish = englishish.slice(p.start, p.end).every((e, k) => e && (span[k]?.raw ?? '') === span[k]?.folded);
    if (p.kind === 'pass') {
      const folded = toks[p.start]?.folded ?? '';
      if (!/^[0-9]+$/.test(folded)) {
        contentWords++;
        if (isLoanword(folded)) contentRecognised++;
        else if (allEnglish) {
          englishOnly++;
          contentRecognised++;
        } else if (isEnglishSlip(folded)) englishOnly++;
      }
      continue;
    }
    exactness += p.exactness;
    if (p.kind === 'function') {
      // "la la land": a repeated function word is one piece of evidence.
      const w = toks[p.start]?.folded ?? '';
      if (!allEnglish && !seenFunction.has(w)) {
        seenFunction.add(w);
        foreignOnly++;
        functionOnly++;
      }
      continue;
    }
    contentWords += words;
    contentRecognised += words;
    // "logo", "podcast", "video": words spelled the same in English say nothing about the language. A translated
    // word that is also an English word ("reunion", "formation") is weak evidence: it counts only beside a word that
    // is not English.
    // So is a word reached only through its stem ("colorizer" for "colorizar"): an inflection of the glossary word,
    // or an English word that merely looks like it. German nouns are the exception: they inflect and compound so
    // freely ("Reiseplaner") and look so little like English that a stem match is good evidence.
    if (p.identity) continue;
    const weakMatch = p.kind === 'phrase' && p.exactness < 2 * words && (data.lang !== 'de' || p.exactness < words);
    if (allEnglish || weakMatch) shared += words;
    else foreignOnly += words;
  }
  return { data, pieces, foreignOnly, englishOnly, shared, contentRecognised, contentWords, functionOnly, exactness };
}

/** Letters that only some of the languages use, as a tie-breaker between languages that share the words. */
const ACCENT_HINTS: Readonly<Record<ForeignLanguage, RegExp>> = {
  es: /[ñ¿¡]/,
  fr: /[èêëîïôûùçœ]/,
  de: /[äöüß]/,
  pt: /[ãõçâêô]/,
  it: /[ìòù]/,
};

function render(reading: Reading, toks: QueryToken[]): ForeignReading {
  const english: string[] = [];
  const readAs: ReadWord[] = [];
  for (const p of reading.pieces) {
    if (p.english.length > 0) english.push(p.english);
    if (p.kind === 'phrase' || p.kind === 'compound' || p.kind === 'cognate') {
      const from = toks
        .slice(p.start, p.end)
        .map((t) => t.raw)
        .join(' ');
      if (foldWord(from) !== foldWord(p.english)) readAs.push({ from, to: p.english });
    }
  }
  const coverage = reading.contentWords === 0 ? 0 : reading.contentRecognised / reading.contentWords;
  return { language: reading.data.lang, english: english.join(' '), readAs, coverage: Math.round(coverage * 100) / 100 };
}

/**
 * Reads a query written in French, Spanish, German, Portuguese or Italian into plain English for the engine.
 * The language is called from the query alone: words recognised in one language and not English must outnumber the
 * English words, and at least one content word (or two function words) must be recognised. Returns null when the
 * query is English (an English query with a brand or one foreign loanword stays English) or too unclear to call.
 */
export function readForeignQuery(query: string): ForeignReading | null {
  const toks = tokenizeQuery(query);
  if (toks.length === 0) return null;
  const englishish = toks.map((t) => isEnglishish(t.folded));
  let best: Reading | null = null;
  let bestScore = 0;
  for (const data of languages().values()) {
    const r = readIn(data, toks, englishish);
    if (r.foreignOnly === 0 || r.foreignOnly + r.shared * 0.5 <= r.englishOnly) continue;
    const contentEvidence = r.foreignOnly - r.functionOnly + r.shared * 0.5;
    if (contentEvidence === 0 && r.functionOnly < 2) continue;
    const hint = ACCENT_HINTS[data.lang].test(query.toLowerCase()) ? 0.5 : 0;
    const score = r.foreignOnly + r.shared * 0.5 + contentEvidence * 0.5 + hint + r.exactness * 0.01;
    if (score > bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best ? render(best, toks) : null;
}
