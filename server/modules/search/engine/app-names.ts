import { addTo } from './app-similarity';
import { isShortEnglishWord } from './languages/foreign-query';
import { editDistance, editsOne, isEnglishWord, isStopWord, letterMask, maskDifference, typoBudget, words } from './tokenize';

/** An app named in a query. */
export interface NameMention {
  id: number;
  /** Query word positions [start, end) the name covers. */
  start: number;
  end: number;
  /** True when the visitor's spelling differed from the name. */
  corrected: boolean;
  /** True when the query also names the app's maker ("v0 by vercel", "wombo dream"). */
  withMaker?: boolean;
}

/** What a query says about named apps. */
export interface NamedQuery {
  kind: 'app' | 'alternatives' | 'compare';
  mentions: NameMention[];
  /** The query's words without the names and the alternatives/compare wording, for its other constraints. */
  rest: string;
  /** The words of `rest` that follow the last name ("like X *but for dubbing*"), where a twist on X's job is stated. */
  after: string;
}

/** Trailing words of product names that are not part of what people call the product ("Otter.ai" is "otter"). */
const NAME_SUFFIXES = new Set(['ai', 'io', 'app', 'com', 'new', 'labs', 'hq']);
/** Short words that name a product's tier or edition, not the product ("Duolingo Max", "Notion Plus"). */
const TIER_WORDS: ReadonlySet<string> = new Set(['max', 'pro', 'plus', 'lite', 'go', 'one', 'mini', 'ultra', 'prime', 'x']);
/** Words that ask for substitutes; matched with typo tolerance when long enough ("alternitive"). */
const SUBSTITUTE_WORDS = new Set([
  'alternative',
  'alternatives',
  'alternate',
  'similar',
  'like',
  'instead',
  'replace',
  'replacement',
  'replacing',
  'cheaper',
  'competitor',
  'competitors',
  'rival',
  'rivals',
  'substitute',
  'substitutes',
  'besides',
  'switch',
  'switching',
]);
const COMPARE_WORDS = new Set(['vs', 'versus', 'compare', 'comparison', 'or', 'and', 'difference', 'between', 'against']);
/** Words right before a name that exclude it: the visitor wants the job done by anything else. */
const EXCLUDING_WORDS = new Set(['not', 'except']);

/** Words that make a name right after them the origin of what the query is about ("an essay written *by* chatgpt"). */
const ORIGIN_WORDS = new Set(['by']);
/** Participles that, before "with", "in", "on", "using" or "from", do the same ("images made *with* midjourney"). */
const MADE_WORDS = new Set([
  'made',
  'written',
  'generated',
  'created',
  'produced',
  'drawn',
  'edited',
  'built',
  'designed',
  'composed',
  'rendered',
]);
const MADE_LINKS = new Set(['with', 'in', 'on', 'using', 'from', 'by']);

/** Words between a cue and the name it is about. */
const CONNECTORS = new Set(['to', 'of', 'than', 'from', 'for']);
/**
 * Words before "like" that make it the verb ("I'd like", "would like"), not a comparison; the tokenizer drops
 * apostrophes, so "I'd" arrives as "id".
 */
const LIKE_AS_VERB = new Set([
  'i',
  'd',
  'id',
  'wed',
  'youd',
  'theyd',
  'we',
  'you',
  'would',
  'they',
  'really',
  'also',
  'll',
  'dont',
  'don',
  't',
  'not',
  'do',
  'might',
]);
/** Words around a name that only frame it ("the", "app", "ai") and may sit between a name and its cue. */
const FRAME_WORDS = new Set([
  'ai',
  'app',
  'apps',
  'tool',
  'tools',
  'the',
  'a',
  'an',
  'something',
  'anything',
  'some',
  'any',
  'good',
  'best',
  'top',
  'free',
  'better',
  'io',
  'software',
  'website',
  'site',
  'service',
  'to',
  'of',
  'for',
  'from',
  'than',
  'that',
  'is',
  'are',
  'but',
  'with',
  'me',
  'my',
  'please',
  'show',
  'find',
  'list',
  'other',
  'options',
  'option',
]);

interface NameEntry {
  id: number;
  /** Every word of the name ("otter", "ai"). */
  full: string[];
  /**
   * The ways people write the name: in full, without trailing generic suffixes ("otter"), a "{product} by {maker}"
   * name as its product or maker first ("dream", "wombo dream"), and a distinctive first word before ordinary
   * ones ("deepl" for "DeepL Translator", see `head`).
   */
  forms: string[][];
  /** Each form's words run together ("otterai"), and the `letterMask` of each, for misspelt names. */
  joined: string[];
  masks: number[];
  /** A distinctive first word that names the app alone while no other name starts with it. */
  head: string | null;
  /** The maker's words ("vercel"), when known. */
  maker: string[];
  popularity: number;
}

/** How many words may describe the app between its name and the alternatives wording ("cursor editor alternatives"). */
const MAX_DESCRIPTORS = 2;
/** Words that say what kind of thing a name is ("motion calendar app alternatives"). */
const KIND_WORDS = new Set(['app', 'apps', 'ai', 'tool', 'tools', 'software', 'platform', 'website', 'site', 'service']);

/**
 * Recognises app names in visitor queries: multi-word names, punctuation ("Otter.ai", "Wolfram|Alpha"), joined
 * spellings ("otterai"), misspellings ("grammerly"), the shorter forms people use ("deepl", "wombo dream") and the
 * maker beside the name ("v0 by vercel"). A name that is also an ordinary word ("Notion", "Make",
 * "Runway") counts only when the query clearly names it: on its own, or next to alternatives or compare wording.
 */
export class AppNames {
  private readonly entries = new Map<number, NameEntry>();
  /** First word (or the whole joined name) → entries, for lookups without scanning every name. */
  private readonly byFirst = new Map<string, Set<number>>();
  /** Joined name length → entries, to bound the misspelling search. */
  private readonly byLength = new Map<number, Set<number>>();

  /**
   * @param usedElsewhere whether a word occurs in other apps' listings (then a name made of it is ambiguous).
   * @param describes whether the app's own listing uses a word ("editor" for a code editor).
   */
  constructor(
    private readonly usedElsewhere: (word: string, exceptId: number) => boolean,
    private readonly describes: (word: string, id: number) => boolean = () => false,
  ) {}

  upsert(id: number, name: string, popularity: number, company: string | null = null): void {
    this.remove(id);
    const full = words(name);
    if (full.length === 0) return;
    let core = full;
    while (core.length > 1 && NAME_SUFFIXES.has(core[core.length - 1] ?? '')) core = core.slice(0, -1);
    const forms = [full, core];
    const by = core.indexOf('by');
    if (by > 0 && by < core.length - 1) forms.push(core.slice(0, by), [...core.slice(by + 1), ...core.slice(0, by)]);
    // "DeepL Translator", "Canva Magic Studio": the first word names the app when it is no ordinary word and the
    // rest only says what kind of app it is. Five letters at least: the English word list starts there.
    const [first, ...tail] = core;
    const head =
      first &&
      tail.length > 0 &&
      first.length >= 5 &&
      !isEnglishWord(first) &&
      !/^[0-9]+$/.test(first) &&
      tail.every((w) => !isStopWord(w) && (isEnglishWord(w) || NAME_SUFFIXES.has(w) || TIER_WORDS.has(w)))
        ? first
        : null;
    if (head) forms.push([head]);
    const maker = company ? words(company).filter((w) => !NAME_SUFFIXES.has(w) && !isStopWord(w)) : [];
    const joined = forms.map((form) => form.join(''));
    const entry = { id, full, forms, joined, masks: joined.map(letterMask), head, maker, popularity };
    this.entries.set(id, entry);
    for (const form of forms) {
      addTo(this.byFirst, form[0] ?? '', id);
      addTo(this.byFirst, form.join(''), id);
      addTo(this.byLength, form.join('').length, id);
    }
  }

  remove(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    for (const form of entry.forms) {
      this.byFirst.get(form[0] ?? '')?.delete(id);
      this.byFirst.get(form.join(''))?.delete(id);
      this.byLength.get(form.join('').length)?.delete(id);
    }
  }

  /**
   * The apps a query names and what it asks about them, or null when it names none. `translated` marks a query read
   * from another language: its untranslated short words are most likely words of that language (Spanish "tome" is
   * "take", not the app Tome), so a short name there needs the wording of a mention like any ambiguous name.
   */
  parse(query: string, options: { translated?: boolean } = {}): NamedQuery | null {
    const qw = words(query);
    if (qw.length === 0 || qw.length > 40) return null;
    const mentions = this.mentionsIn(qw);
    const accepted = mentions.filter((m) => this.clearlyNamed(m, qw, mentions, options.translated ?? false));
    if (accepted.length === 0) return null;

    const covered = new Set<number>();
    for (const m of accepted) for (let p = m.start; p < m.end; p++) covered.add(p);
    const other = qw.map((w, p) => (covered.has(p) ? '' : w));
    const cue = (set: ReadonlySet<string>) => other.some((w) => w !== '' && isCue(w, set));
    // "a chatbot that is not chatgpt", "any editor except capcut": the name is what the visitor wants something else than.
    const excluded = accepted.length === 1 && EXCLUDING_WORDS.has(qw[(accepted[0]?.start ?? 0) - 1] ?? '');
    const kind: NamedQuery['kind'] =
      accepted.length >= 2
        ? 'compare'
        : excluded || cue(SUBSTITUTE_WORDS) || /\bbut\s+(free|cheaper)\b/.test(other.join(' '))
          ? 'alternatives'
          : 'app';
    // "cheaper" asks for substitutes and states a price: it stays for the constraints.
    const kept = (w: string) =>
      w !== '' &&
      (w === 'cheaper' || !isCue(w, SUBSTITUTE_WORDS)) &&
      !COMPARE_WORDS.has(w) &&
      !(excluded && EXCLUDING_WORDS.has(w));
    const rest = other.filter(kept).join(' ');
    const lastEnd = Math.max(...accepted.map((m) => m.end));
    const after = other.slice(lastEnd).filter(kept).join(' ');
    return { kind, mentions: accepted.slice(0, 4), rest, after };
  }

  /** The longest name starting at word `i` (exact, then joined, then misspelled), best known first. */
  private mentionAt(qw: string[], i: number): NameMention | null {
    let best: { entry: NameEntry; end: number; corrected: boolean } | null = null;
    const consider = (entry: NameEntry, end: number, corrected: boolean) => {
      if (
        !best ||
        end > best.end ||
        (end === best.end &&
          (Number(best.corrected) - Number(corrected) > 0 ||
            (best.corrected === corrected && entry.popularity > best.entry.popularity)))
      ) {
        best = { entry, end, corrected };
      }
    };
    for (let span = Math.min(5, qw.length - i); span >= 1; span--) {
      const spanWords = qw.slice(i, i + span);
      const joined = spanWords.join('');
      const candidates = new Set([...(this.byFirst.get(spanWords[0] ?? '') ?? []), ...(this.byFirst.get(joined) ?? [])]);
      for (const id of candidates) {
        const entry = this.entries.get(id);
        if (!entry) continue;
        for (const form of entry.forms) {
          if (form.length === 1 && form[0] === entry.head && !this.onlyNameStartingWith(entry)) continue;
          const exact = form.length === span && form.every((w, k) => w === spanWords[k]);
          // Joined spellings ("otterai", "photo room") only over content words: "to me" is not "Tome".
          const joinedForm = span <= 2 && form.join('') === joined && !spanWords.some((w) => isStopWord(w));
          if (exact || joinedForm) consider(entry, i + span, false);
        }
      }
      if (best)
        return { id: (best as { entry: NameEntry }).entry.id, start: i, end: (best as { end: number }).end, corrected: false };
    }
    // Misspellings: one or two query words that are not ordinary English, close to a joined name.
    for (let span = Math.min(2, qw.length - i); span >= 1; span--) {
      const spanWords = qw.slice(i, i + span);
      if (spanWords.some((w) => isEnglishWord(w) || isStopWord(w))) continue;
      // A slip of an ordinary word ("talkin", "texto" for "text") is that word, not an app's name; unless the words
      // around it frame a product ("notoin alternative", "otteer but for meetings"), and then one slip only.
      const framed = framesName(qw[i - 1], qw[i + span]);
      const nearWord = spanWords.some((w) => nearEnglishWord(w));
      if (nearWord && (!framed || spanWords.some(droppedG))) continue;
      const joined = spanWords.join('');
      const budget = nearWord ? 1 : typoBudget(joined.length);
      if (budget === 0) continue;
      const mask = letterMask(joined);
      for (let len = joined.length - budget; len <= joined.length + budget; len++) {
        for (const id of this.byLength.get(len) ?? []) {
          const entry = this.entries.get(id);
          if (!entry) continue;
          for (let f = 0; f < entry.joined.length; f++) {
            const name = entry.joined[f] as string;
            if (name.length < 5 || name === joined) continue;
            if (maskDifference(entry.masks[f] as number, mask) > 2 * budget) continue;
            if (editDistance(name, joined, budget) <= budget) consider(entry, i + span, true);
          }
        }
      }
      if (best)
        return { id: (best as { entry: NameEntry }).entry.id, start: i, end: (best as { end: number }).end, corrected: true };
    }
    return null;
  }

  /** True when no other app's name starts with this app's head word. */
  private onlyNameStartingWith(entry: NameEntry): boolean {
    for (const id of this.byFirst.get(entry.head ?? '') ?? [])
      if (id !== entry.id && this.entries.get(id)?.full[0] === entry.head) return false;
    return true;
  }

  /**
   * Takes in the words around a name that belong to it: its maker ("v0 by vercel", "vercel v0"), and words of its
   * own listing between the name and the alternatives wording ("cursor editor alternatives"), so they confirm the
   * name and do not count as the query's own constraints.
   */
  private widen(m: NameMention, qw: string[]): void {
    const entry = this.entries.get(m.id);
    if (!entry) return;
    const maker = entry.maker;
    const makerAt = (at: number) => maker.length > 0 && maker.every((w, k) => qw[at + k] === w);
    if ((qw[m.end] === 'by' || qw[m.end] === 'from') && makerAt(m.end + 1)) {
      m.end += 1 + maker.length;
      m.withMaker = true;
    } else if (m.start >= maker.length && makerAt(m.start - maker.length)) {
      m.start -= maker.length;
      m.withMaker = true;
    }
    const describesApp = (w: string) =>
      KIND_WORDS.has(w) ||
      (!FRAME_WORDS.has(w) && !COMPARE_WORDS.has(w) && !isCue(w, SUBSTITUTE_WORDS) && this.describes(w, m.id));
    for (let k = 1; k <= MAX_DESCRIPTORS; k++) {
      const between = qw.slice(m.end, m.end + k);
      const next = qw[m.end + k] ?? '';
      if (between.length < k || !between.every(describesApp)) break;
      if (isCue(next, SUBSTITUTE_WORDS) && next !== 'like') {
        m.end += k;
        break;
      }
    }
  }

  /**
   * A mention of a name that is also an ordinary word counts only when the query is just that name, or the name
   * sits next to alternatives or compare wording ("like notion", "make vs zapier"), or another name is compared.
   */
  /**
   * The query with every app named as the origin of something ("an essay written by chatgpt", "images made with
   * midjourney") read as "ai", which is what it tells about the thing; null when no name is an origin.
   */
  originsAsAi(query: string): string | null {
    const qw = words(query);
    // Without an origin word no name can be an origin: most queries are answered without scanning for names again.
    if (qw.length === 0 || qw.length > 40 || !qw.some((w) => ORIGIN_WORDS.has(w) || MADE_LINKS.has(w) || ORIGIN_HINTS.has(w)))
      return null;
    const origins = this.mentionsIn(qw).filter((m) => isOrigin(m, qw));
    if (origins.length === 0) return null;
    const out: string[] = [];
    for (let p = 0; p < qw.length; p++) {
      const origin = origins.find((m) => m.start === p);
      if (origin) {
        out.push('ai');
        p = origin.end - 1;
      } else out.push(qw[p] ?? '');
    }
    return out.join(' ');
  }

  private mentionsIn(qw: string[]): NameMention[] {
    const mentions: NameMention[] = [];
    let i = 0;
    while (i < qw.length) {
      const found = this.mentionAt(qw, i);
      if (found && !mentions.some((m) => m.id === found.id)) {
        this.widen(found, qw);
        mentions.push(found);
        i = found.end;
      } else i++;
    }
    return mentions;
  }

  private clearlyNamed(m: NameMention, qw: string[], all: NameMention[], translated: boolean): boolean {
    const entry = this.entries.get(m.id);
    if (!entry) return false;
    const spanWords = qw.slice(m.start, m.end);
    // "detect if an essay was written by chatgpt", "upscale images made with midjourney": the app made the thing the
    // visitor has; the need is about that thing, not about the app or its substitutes.
    if (isOrigin(m, qw)) return false;
    const ambiguous = this.ambiguous(entry, spanWords) || (translated && spanWords.join('').length < FOREIGN_WORD_LENGTH);
    // A multi-word name typed in full ("notion ai", "semantic scholar") names the app whatever its words.
    if (m.withMaker || (spanWords.length > 1 && !m.corrected) || !ambiguous) return true;
    const outside = qw.filter((_, p) => p < m.start || p >= m.end);
    // "make a website": an ordinary word followed by an article is the verb, however few the other words.
    const usedAsVerb = ARTICLES.has(qw[m.end] ?? '');
    if (!usedAsVerb && outside.every((w) => FRAME_WORDS.has(w) || isStopWord(w))) return true;
    // Otherwise the wording must sit right next to the name ("like notion", "make alternatives", "make vs zapier").
    // "alternatives to X", "instead of X", "cheaper than X": the cue sits behind one connecting word.
    const connector = CONNECTORS.has(qw[m.start - 1] ?? '') ? 1 : 0;
    const before = qw[m.start - 1 - connector] ?? '';
    const after = qw[m.end] === 'ai' || qw[m.end] === 'app' ? (qw[m.end + 1] ?? '') : (qw[m.end] ?? '');
    const pairedWith = all.length > 1;
    const cueBefore =
      isCue(before, SUBSTITUTE_WORDS) && !(before === 'like' && LIKE_AS_VERB.has(qw[m.start - 2 - connector] ?? ''));
    const compareBefore =
      connector === 0 &&
      (before === 'vs' || before === 'versus' || before === 'compare' || (pairedWith && (before === 'or' || before === 'and')));
    const cueAfter = isCue(after, SUBSTITUTE_WORDS) && after !== 'like';
    const compareAfter = after === 'vs' || after === 'versus' || (pairedWith && (after === 'or' || after === 'and'));
    // "motion but cheaper", "notion but for recipes": a query that opens with the name and turns on "but" is about it.
    const opensWithName = qw.slice(0, m.start).every((w) => FRAME_WORDS.has(w) || isStopWord(w));
    // "motion for teams but cheaper": the turn may come after a few words of what the app is used for.
    const butAfter = opensWithName && qw.slice(m.end, m.end + 4).includes('but');
    // "gong for recruiters", "warp for windows": a query that opens with the name and says whom or what it is for.
    // A name that is an everyday word keeps the word's sense before "for" unless whom or where follows: "captions for
    // my cooking videos" asks for captions, "motion for teams" for the app (a maker's name, "canva for video", is no
    // everyday word).
    const everyday = spanWords.every((w) => isStopWord(w) || NAME_SUFFIXES.has(w) || isEnglishWord(w) || isShortEnglishWord(w));
    const forAfter = opensWithName && qw[m.end] === 'for' && (!everyday || forWhomOrWhere(qw.slice(m.end).join(' ')));
    return cueBefore || compareBefore || cueAfter || compareAfter || butAfter || forAfter;
  }

  private ambiguous(entry: NameEntry, spanWords: string[]): boolean {
    if (spanWords.join('').length <= 2) return true;
    // The head word that is also the maker's name ("JetBrains IDEs") may be about the maker rather than the app.
    if (spanWords.length === 1 && spanWords[0] === entry.head && entry.maker.includes(entry.head)) return true;
    // Short words are outside the English list (it starts at five letters): the everyday short words ("rows" in
    // "copy rows to another sheet" is not the app Rows), or other listings using them, are the test.
    return spanWords.every(
      (w) =>
        isStopWord(w) ||
        NAME_SUFFIXES.has(w) ||
        isEnglishWord(w) ||
        (w.length < 5 && (isShortEnglishWord(w) || this.usedElsewhere(w, entry.id))),
    );
  }
}

/** Groups of people a visitor names after "for" ("X for teams"): a modifier on a named app, never its description. */
const WHOM: ReadonlySet<string> = new Set(
  (
    'team teams kids kid children child family families students student teachers teacher classroom classrooms school ' +
    'schools business businesses startup startups agency agencies nonprofit nonprofits company companies enterprise ' +
    'enterprises beginners beginner developers designers writers marketers freelancers seniors adults'
  ).split(' '),
);

/** The words named after each "for" ("for my team" → team, "for small businesses" → businesses). */
function namedAfterFor(text: string): string[] {
  return [...text.toLowerCase().matchAll(/\bfor (?:(?:my|our|a|an|the|small|little|young) )*([a-z]+)/g)].map(
    (match) => match[1] ?? '',
  );
}

/** Whether the words name whom the app should be for ("for my team", "for small businesses"). */
export function forWhom(text: string): boolean {
  return namedAfterFor(text).some((word) => WHOM.has(word));
}

/** Where an app is to run, named after "for" ("warp for windows", "captions for android"). */
const FOR_WHERE: ReadonlySet<string> = new Set(
  'windows mac macos linux iphone ipad ios android mobile phone desktop chrome firefox safari web browser slack teams'.split(' '),
);

/** Whether the words after a name say whom or where the app is for ("for teams", "for android"), not what it is for. */
function forWhomOrWhere(text: string): boolean {
  return namedAfterFor(text).some((word) => WHOM.has(word) || FOR_WHERE.has(word));
}

/** Verbs after a name that make the app the author of something ("chatgpt wrote it"). */
// Past forms only: "can chatgpt write my essay" asks for the app.
const AUTHORING_VERBS = new Set(['wrote', 'written', 'made', 'generated']);
/** Words without which no mention is an origin beyond "by" and "made with" (a fast test before scanning for names). */
const ORIGIN_HINTS = new Set([...AUTHORING_VERBS, 'used', 'using', 'out']);
/** Others whose use of an app is what the visitor checks ("my students used chatgpt"), not what they want. */
const OTHER_USERS = new Set(
  'they he she students student kids children pupils class someone people employees staff candidates applicants writers writer freelancer freelancers'.split(
    ' ',
  ),
);

/**
 * True when the mention names what made something ("written by X", "made with X", "X wrote their essays", "came
 * out of X", "my students used X"), not what the visitor wants.
 */
function isOrigin(m: NameMention, qw: readonly string[]): boolean {
  const before = qw[m.start - 1] ?? '';
  const earlier = qw[m.start - 2] ?? '';
  return (
    ORIGIN_WORDS.has(before) ||
    (MADE_LINKS.has(before) && MADE_WORDS.has(earlier)) ||
    AUTHORING_VERBS.has(qw[m.end] ?? '') ||
    (before === 'of' && earlier === 'out') ||
    ((before === 'used' || before === 'using') && OTHER_USERS.has(earlier))
  );
}

/** Words after an ordinary word that make it a verb ("make a website", "copy my notes"), not a name. */
const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'some']);

/** In a query read from another language, names shorter than this may be ordinary words of that language. */
const FOREIGN_WORD_LENGTH = 5;

/** True when one edit turns the word into ordinary English (SCOWL list, five letters or more). */
/** Words right after a name that frame it as a product: "X but free", "X vs Y", "X alternatives", "X like Y". */
const AFTER_NAME = new Set(['but', 'vs', 'versus', 'alternative', 'alternatives', 'competitors', 'clone', 'killer']);
/** Words right before a name that frame it as a product: "cheaper than X", "vs X" ("like" is as often the verb). */
const BEFORE_NAME = new Set(['than', 'vs', 'versus']);

/** True when the words around a span frame it as a product's name. */
function framesName(before: string | undefined, after: string | undefined): boolean {
  return (before !== undefined && BEFORE_NAME.has(before)) || (after !== undefined && AFTER_NAME.has(after));
}

/** "talkin", "makin": the spoken form of an English word, never a misspelt name. */
function droppedG(word: string): boolean {
  return word.endsWith('in') && isEnglishWord(`${word}g`);
}

function nearEnglishWord(word: string): boolean {
  // One edit adds a letter at most, and the list has no word under five letters ("742" is near none).
  if (word.length < 4) return false;
  let near = nearEnglish.get(word);
  if (near === undefined) {
    near = false;
    for (const variant of editsOne(word)) {
      if (variant.length >= 5 && isEnglishWord(variant)) {
        near = true;
        break;
      }
    }
    // The word list never changes: a bounded memory of the answers (a query's words are asked per span and per search).
    if (nearEnglish.size >= NEAR_ENGLISH_KEPT) nearEnglish.clear();
    nearEnglish.set(word, near);
  }
  return near;
}

/** `nearEnglishWord`'s answers so far (each costs a few thousand look-ups of one-edit variants). */
const nearEnglish = new Map<string, boolean>();
const NEAR_ENGLISH_KEPT = 10_000;

function isCue(word: string, set: ReadonlySet<string>): boolean {
  if (set.has(word)) return true;
  if (word.length < 8) return false;
  // "alternitive", "alterntives": long cue words tolerate the typos visitors make.
  for (const cue of set) if (cue.length >= 8 && editDistance(cue, word, 2) <= 2) return true;
  return false;
}
