import { ALIASES } from './concept-lexicon';
import {
  isEnglishWord,
  isQueryFiller,
  isShortEnglishDictionaryWord,
  isStopWord,
  likelySlip,
  slipRank,
  stem,
  type TypoIndex,
} from './tokenize';

/** What the repairs need to know of the vocabulary (the catalogue's and the lexicon's words). */
export interface RepairVocabulary {
  knows(word: string): boolean;
  hasStem(stem: string): boolean;
  typos: TypoIndex;
  isProse(word: string): boolean;
}

/** A query word after repair, with the visitor's spelling when it was changed. */
export interface RepairedWord {
  word: string;
  /** The visitor's word(s) this came from, when repaired ("ytvideo", "back ground", "remo"). */
  from: string | null;
}

/** Words shorter than this are never split: "cart" is not "car t". */
const MIN_SPLIT_LENGTH = 6;
/** A joined pair must occur at least this often in the vocabulary to be read as one word. */
const MIN_JOINED_COUNT = 2;

function known(vocab: RepairVocabulary, word: string): boolean {
  return vocab.knows(word) || vocab.hasStem(stem(word)) || ALIASES[word] !== undefined;
}

/**
 * Uses a piece of three letters or fewer needs in the catalogue before a split may produce it: "ins" and "ons" are
 * known only as halves of "add-ins" and "add-ons", and "parkinsons" is not "park ins ons".
 */
const MIN_SHORT_PIECE_COUNT = 5;

/**
 * Whether a split may produce this piece beside `other`: a known word, and a short one only if common, a function
 * word or an alias. A three-letter piece the catalogue uses more than once may also stand beside a long known word
 * ("npc|dialogue", "kpi|dashboards"): the long word makes the reading likely.
 */
function knownPiece(vocab: RepairVocabulary, piece: string, other = ''): boolean {
  if (!known(vocab, piece)) return false;
  const count = vocab.typos.count(piece);
  return (
    piece.length > 3 ||
    isStopWord(piece) ||
    ALIASES[piece] !== undefined ||
    count >= MIN_SHORT_PIECE_COUNT ||
    (piece.length === 3 && count >= 2 && other.length >= LONG_PARTNER && knownPiece(vocab, other))
  );
}

/** Aliases this long or shorter are shorthands ("yt", "vid", "pic"), which lead a run-together word but never end it. */
const MAX_SHORTHAND = 4;

/** Length from which a known word vouches for a rarer three-letter piece run together with it. */
const LONG_PARTNER = 6;

function plain(word: string): boolean {
  return /^[a-z]+$/.test(word);
}

/**
 * Repairs the ways people mistype words that a per-word spelling correction cannot: a word split in two ("back
 * ground" → "background", when the joined word is more common than its parts), two words run together ("ytvideo" →
 * "yt video", "textto" → "text to"), and the last word still being typed ("background remo" → "removal"). Repairs
 * only lead to words the catalogue or the lexicon knows; anything else is left for the spelling correction.
 * @returns the query's words after repair, each with the visitor's spelling when it changed.
 */
export function repairWords(input: readonly string[], vocab: RepairVocabulary): RepairedWord[] {
  const joined: RepairedWord[] = [];
  for (let i = 0; i < input.length; i++) {
    const a = input[i] as string;
    const b = input[i + 1];
    if (b !== undefined && plain(a) && plain(b) && !isStopWord(a) && !isStopWord(b)) {
      const whole = a + b;
      const count = vocab.typos.count(whole);
      if (count >= MIN_JOINED_COUNT && count > Math.min(vocab.typos.count(a), vocab.typos.count(b))) {
        joined.push({ word: whole, from: `${a} ${b}` });
        i++;
        continue;
      }
    }
    joined.push({ word: a, from: null });
  }

  const out: RepairedWord[] = [];
  joined.forEach((entry, index) => {
    const w = entry.word;
    if (entry.from !== null || !plain(w) || known(vocab, w) || isStopWord(w) || isQueryFiller(w) || isEnglishWord(w)) {
      out.push(entry);
      return;
    }
    // A one-letter slip of a known word is likelier than two words run together, unless both words are commoner
    // than the slip's target ("textto" is "text to", not the rare "textio").
    const fix = vocab.typos.correct(w, vocab.isProse);
    const split = bestSplit(w, vocab);
    const splitCount = split ? Math.min(...split.filter((part) => !isStopWord(part)).map((part) => vocab.typos.count(part))) : 0;
    // A common slip beats a split around a function word ("offine" is "offline", not "of fine"), and the commonest
    // slips (swapped, left out or doubled letters) beat any split: "upsscale" is "upscale", not "ups scale".
    const slipOverSplit =
      fix !== null && split !== null && ((likelySlip(w, fix.word) && split.some(isStopWord)) || slipRank(w, fix.word) === 0);
    if (fix && fix.distance === 1 && (!split || slipOverSplit || splitCount <= vocab.typos.count(fix.word))) {
      out.push(entry);
      return;
    }
    if (split) {
      for (const part of split) out.push({ word: part, from: w });
      return;
    }
    // A short word of the dictionary is finished, not being typed: "… has left" is not "leftovers".
    if (!fix && index === joined.length - 1 && !isShortEnglishDictionaryWord(w)) {
      const completed = vocab.typos.complete(w);
      if (completed) {
        out.push({ word: completed, from: w });
        return;
      }
    }
    out.push(entry);
  });
  return out;
}

/**
 * The most likely known words a run-together word is made of ("texttospeech" → text to speech), or null: two words,
 * or a known head and a tail that splits again.
 */
function bestSplit(word: string, vocab: RepairVocabulary, depth = 0): string[] | null {
  if (word.length < MIN_SPLIT_LENGTH) return null;
  let best: string[] | null = null;
  let bestScore = 0;
  for (let i = 2; i <= word.length - 2; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    // A two-letter head must be common in the catalogue ("ai", "ui") or a shorthand; a function word leads only
    // inside a longer run ("text|to|speech") or before a long word ("tospeech"), never before a word's own ending.
    const headKnown =
      knownPiece(vocab, head, depth === 0 ? tail : '') &&
      (head.length > 2 || ALIASES[head] !== undefined || (isStopWord(head) ? depth > 0 || tail.length >= 4 : true));
    if (headKnown && depth === 0 && !knownPiece(vocab, tail)) {
      const rest = bestSplit(tail, vocab, 1);
      const score = rest ? Math.min(weight(vocab, head), ...rest.map((part) => weight(vocab, part))) : 0;
      if (rest && score > bestScore) {
        best = [head, ...rest];
        bestScore = score;
      }
    }
    // A shorthand only leads ("yt" + "video"); at the end it is more often a word's own ending ("trippy" is not
    // "trip py"). A long alias is a spelling variant ("dialogue"), not a shorthand.
    const tailKnown =
      (knownPiece(vocab, tail, head) &&
        (tail.length > 2 || isStopWord(tail)) &&
        (ALIASES[tail] === undefined || tail.length > MAX_SHORTHAND)) ||
      (isStopWord(tail) && tail.length >= 2);
    if (!headKnown || !tailKnown) continue;
    // Balanced splits into frequent words are the likeliest reading ("postwriter" is "post writer").
    const score = Math.min(weight(vocab, head), weight(vocab, tail)) * Math.min(head.length, tail.length);
    if (score > bestScore) {
      best = [head, tail];
      bestScore = score;
    }
  }
  return best;
}

function weight(vocab: RepairVocabulary, word: string): number {
  if (ALIASES[word] !== undefined || isStopWord(word)) return 3;
  return 1 + Math.log1p(vocab.typos.count(word));
}
