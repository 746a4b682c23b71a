import { ALIASES } from './concept-lexicon';
import type { ConceptMatcher, PhraseHit } from './concept-matcher';
import { isEnglishWord, isQueryFiller, isStopWord, normalize, stem, type FullToken, type TypoIndex, words } from './tokenize';
import { QUERY_READING } from './weights';
import { repairWords } from './word-repair';

export type PricingType = 'free' | 'freemium' | 'paid';

/** A content word of the query, after alias resolution and typo correction. */
export interface QueryTerm {
  word: string;
  stem: string;
  /** Set when the visitor's spelling was corrected to a catalogue word. */
  correctedFrom: string | null;
  /**
   * True when the repair only moved spaces ("aivoice" → ai voice, "back ground" → background): the letters are the
   * visitor's, so the word is as certain as one typed right.
   */
  respaced: boolean;
  /** Position among the query's words (stop words included). */
  pos: number;
  /** True when a recognised concept explains this word. */
  inConcept: boolean;
  /**
   * True for a word of what a text to draft is about ("write a reminder *for a customer who has not paid*"): the
   * need is the writing, so a listing that shares the subject's words is not thereby a fit.
   */
  subject: boolean;
}

/** A lexicon concept recognised in the query. */
export interface ActiveConcept {
  index: number;
  /** Confidence that the visitor expressed this need, in (0, 1]. */
  strength: number;
  /** Positions of the query words this concept explains. */
  covered: number[];
}

/** A catalogue category as learned from the listings. */
export interface KnownCategory {
  name: string;
  stems: string[];
}

/** Everything the engine understood from a query. */
export interface ParsedQuery {
  raw: string;
  /** Content terms in query order (filler, constraint and category words removed). */
  terms: QueryTerm[];
  concepts: ActiveConcept[];
  pricing: PricingType[] | null;
  /** "cheap", "affordable": a preference, not a filter. */
  prefersLowCost: boolean;
  category: string | null;
  /** "gdpr", "hosted in the eu": apps made in the EU (or that say they comply) are wanted. */
  region: 'eu' | null;
  /** "without making an account", "no sign-up": an app usable at once (free ones are likelier to be). */
  noSignup: boolean;
  /** Words that are neither in the catalogue nor in the lexicon, even after typo correction. */
  unknownWords: string[];
  constraints: string[];
}

/** Read-only view of the vocabulary the parser needs. */
export interface Vocabulary {
  /** True when the surface word occurs in the catalogue or the lexicon. */
  knows(word: string): boolean;
  /** True when the stem occurs in at least one listing. */
  hasStem(stem: string): boolean;
  typos: TypoIndex;
  /** True when the word occurs outside listing names (a correction may lead to it). */
  isProse(word: string): boolean;
}

// "free" only states a price when it is not part of a compound like "royalty-free" or "hands-free".
const FREE_COMPOUND =
  /\b(royalty|hands|sugar|gluten|error|distraction|ad|cruelty|stress|hassle|copyright|scot|tax|duty|lactose|fat|risk|toll|plagiarism|bug|jargon|bot)[\s-]+free\b/g;
// "free-text answers" of a survey are open answers; "free text to speech" stays a price.
const FREE_NON_PRICE =
  /\bfree\s+(time|up|will|speech|form|flowing|style|hand|lance|lancer|lancers|lancing)\b|\bfree[\s-]+text\s+(answers?|responses?|comments?|fields?|box|boxes|replies)\b|\bfeel\s+free\b/g;
// Somebody else not paying is the visitor's problem, not their budget: "a customer who has not paid", "clients that
// never pay", "tenants who don't pay rent" ask for reminders or collections, not for a free app.
const OTHERS_NOT_PAYING =
  /\b(who|that|which|he|she|they|client|clients|customer|customers|tenant|tenants|people|has|have|had|hasnt|havent|does|doesnt|did|didnt)\s+(still\s+|yet\s+|always\s+|just\s+)?(not|never|dont|do\s*not|n[o']?t)?\s*(yet\s+)?pa(y|ys|id|ying)\b/g;
// A free trial already taken is part of the story ("signed up for a gym free trial and they've charged me since"),
// not a price asked of an app; "an ai writer with a free trial" still asks for one.
const FREE_TRIAL_TAKEN =
  /\b(signed\s+up\s+for|started|took|tried|after|since|cancel(?:l?ed)?)\s+(?:(?:a|an|the|my|their|his|her|our|its)\s+)?(?:[a-z]+\s+){0,2}free\s+trial\b|\bfree\s+trial\s+(ended|expired|ran\s+out|was\s+over|is\s+over|turned)\b/g;
/**
 * Shorthands whose reading depends on the rest of the query: a "cv" beside models, datasets or labelling is computer vision,
 * not a résumé ("cv team, thousands of weld photos need labelling"), and so is a "cv" that names a kind of team or work
 ("a cv startup", "our cv pipeline"); elsewhere `ALIASES` reads it.
 */
const CONTEXTUAL_ALIASES: readonly { word: string; context: RegExp; reading: string }[] = [
  {
    word: 'cv',
    context:
      /\b(datasets?|labell?ing|annotat\w*|bounding\s+box(es)?|object\s+detection|opencv|neural|train(ing)?\s+(a\s+|an\s+|the\s+|our\s+|my\s+)?(model|classifier|detector|network)s?|cv\s+(startup|company|team|engineers?|pipeline|models?|project|research|lab))\b/,
    reading: 'vision',
  },
];

function contextualAlias(word: string, query: string): string | undefined {
  return CONTEXTUAL_ALIASES.find((alias) => alias.word === word && alias.context.test(query))?.reading;
}

const PRICE_FREE =
  /\b(free|freemium|gratis|for\s+free|free\s+(plan|tier|version|trial|option|account)|no\s+cost|zero\s+cost|costs?\s+nothing|(?:cant|can\s*not|must\s*not|mustnt|shouldnt|should\s+not)\s+cost\s+(?:anything|a\s+thing|a\s+penny|a\s+cent)|without\s+paying|(do\s*n[o']?t|dont|not|never)\s+(want\s+to\s+|wanna\s+)?pay(ing)?|no\s+paid|not\s+paid|no\s+subscription|no\s+credit\s+card|open[\s-]?sourced?|0\s*dollars?|\$0)\b/;
// The longer forms first: an alternation takes the first that matches, and "eu" alone would leave "hosted" a word.
const REGION_EU =
  /\b(gdpr|dsgvo|rgpd|eu[\s-]?based|eu[\s-]?hosted|hosted\s+in\s+(?:the\s+)?eu|eu|europe|european|europa|data\s+residency)\b/g;
const NO_SIGNUP =
  /\b(without|no|not|never|dont|don't|do not)\s+(need\s+(to|an?)\s+|needing\s+(to|an?)\s+|having\s+to\s+|making\s+|creating\s+|an?\s+)?(an?\s+)?(account|accounts|sign\s*-?\s*ups?|signing\s+up|log\s*-?\s*ins?|logging\s+in|registration|registering|register|email\s+address)\b/g;
// "runs in the browser", "browser-based": a web app, as nearly every listing is; not a browser extension ("in my
// browser" keeps that reading: something at hand while browsing).
const IN_BROWSER =
  /\b((runs?|running|works?|working|usable|use\s+it)\s+)?(in|on|from)\s+(the|a|any)\s+(web\s+)?browser\b|\bbrowser[\s-]?based\b/g;
// "out of my budget", "a tiny budget", "can't afford a narrator": money is short, which is a price, not budgeting.
const PRICE_CHEAP =
  /\b(cheap|cheaper|cheapest|affordable|inexpensive|low[\s-]cost|budget[\s-]friendly|on\s+a\s+budget|(out\s+of|over|beyond|above|within)\s+(my|our|the)\s+budget|(tiny|small|low|limited|tight|shoestring|zero|minimal)\s+budget|(cant|can\s*not|couldnt|could\s+not)\s+afford)\b/;

/** Words that, right after a category name, show the visitor is naming a section of the catalogue. */
const CATEGORY_HEADS = new Set([
  'tool',
  'tools',
  'app',
  'apps',
  'category',
  'categories',
  'software',
  'section',
  'ai',
  'ais',
  'solution',
  'solutions',
  'product',
  'products',
]);

/**
 * Prepositions that introduce where or for what the visitor will use the result ("for my indie game"), or what it
 * is made from ("a slide deck from my notes").
 */
const CONTEXT_PREPOSITIONS = new Set(['for', 'in', 'into', 'at', 'inside', 'from']);
/** Words that close a context phrase: a manner ("by hand", "by email"). */
const CONTEXT_ENDS = new Set(['by']);
/** Verbs of a conversion: "turn my notes into slides" asks for the slides; the notes are what the visitor has. */
const CONVERSION_VERBS = new Set([
  'turn',
  'turned',
  'turning',
  'turns',
  'convert',
  'converted',
  'converting',
  'converts',
  'transform',
  'transformed',
  'transforming',
  'change',
  'changed',
  'make',
  'made',
  'put',
]);

/** Words that turn the next few words into what the visitor does not want. */
const NEGATORS = new Set(['not', 'without', 'no', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wont', 'never', 'nor']);
/** Words that end a negated stretch ("without ads and with …"). */
const CLAUSE_BREAKS = new Set(['and', 'but', 'or', 'so', 'because', 'while', 'though', 'although', 'just', 'only']);
/**
 * Verbs of losing or spoiling: "without losing the formatting" asks to keep the formatting, so a negation followed by
 * one of them is not a negation of what comes after.
 */
const LOSS_WORDS = new Set([
  'lose',
  'losing',
  'loses',
  'break',
  'breaking',
  'breaks',
  'ruin',
  'ruining',
  'mess',
  'messing',
  'damage',
  'damaging',
  'hurting',
  'sacrificing',
  'compromising',
]);
/**
 * Verbs of knowing after "never" or "don't": "I never know where the commas go", "can never tell whether it sounds
 * ok" say what the visitor struggles with, which is the need, not something unwanted.
 */
const KNOWING_WORDS = wordSet('know knew remember remembered understand understood tell figure idea clue');
/** Words after "not" that make it "not enough": "not just flashcards", "not only a chatbot". */
const JUST_WORDS = new Set(['just', 'only', 'simply', 'merely']);
/** Content words a negation reaches. */
const NEGATION_REACH = 3;
/** Words after "in order" that make it the expression of a purpose. */
const ORDER_OF_PURPOSE = new Set(['to', 'for', 'that']);
/** Verbs of having: "we have no logo" states a lack, which is the need, not something unwanted. */
const HAVE_WORDS = new Set(['have', 'has', 'had', 'got', 'ive', 'weve']);
/** Words before "has no" that make it a description of the app wanted ("an app that has no ads"), not a lack. */
const APP_REFERENTS = new Set(['that', 'which', 'it', 'one', 'app', 'apps', 'tool', 'tools', 'something', 'anything', 'who']);
/** How far a list of lacks runs ("no logo, no menu and no budget"): a later "no" within it is a lack too. */
const LACK_REACH = 8;
/** What one lacks without needing an app for it: "almost no budget", "no time" stay constraints. */
const RESOURCES = new Set(['budget', 'money', 'cash', 'funds', 'time']);

/**
 * Adds to `into` the positions a negation reaches from `from`: up to `NEGATION_REACH` content words, ending at a new
 * clause or another negation.
 */
function addNegationReach(tokens: readonly { word: string; stop: boolean }[], from: number, into: Set<number>): void {
  let reached = 0;
  for (let k = from; k < tokens.length && reached < NEGATION_REACH; k++) {
    const next = tokens[k] as { word: string; stop: boolean };
    if (CLAUSE_BREAKS.has(next.word) || NEGATORS.has(next.word)) break;
    into.add(k);
    if (!next.stop) reached++;
  }
}

/**
 * "meeting notes without a bot joining", "photo editor without a subscription": what follows a negation is what the
 * visitor does not want, so it is neither a need nor a search word. A lexicon phrase that includes the negation
 * itself ("without vocals", "dont know how to code", "no code") is that phrase and negates nothing further.
 * @returns the positions of negated words (not of the negators).
 */
function negatedPositions(
  tokens: readonly { word: string; stop: boolean }[],
  inPhrase: ReadonlySet<number>,
  translated: boolean,
): Set<number> {
  const found = new Set<number>();
  let lackUntil = -1;
  tokens.forEach((token, i) => {
    // "no code app builder": a negation that opens a lexicon phrase is that phrase's, not a negation of the rest.
    if (!NEGATORS.has(token.word) || inPhrase.has(i)) return;
    // A reading from another language carries its function words over loosely (Portuguese "no" is "in the", and
    // Spanish and Portuguese share it): only English negations are read.
    if (translated) return;
    const negatedWord = tokens.slice(i + 1).find((next) => !next.stop)?.word ?? '';
    if (LOSS_WORDS.has(negatedWord) || (token.word !== 'without' && KNOWING_WORDS.has(negatedWord))) return;
    // "we have no logo", "i don't have a website", "no logo, no menu": what the visitor lacks is what they need.
    const before = tokens[i - 1]?.word ?? '';
    const haveNo = HAVE_WORDS.has(before) && !APP_REFERENTS.has(tokens[i - 2]?.word ?? '');
    const doNotHave = (before === 'i' || before === 'we') && HAVE_WORDS.has(tokens[i + 1]?.word ?? '');
    const lacked = tokens.slice(i + 1).find((next) => !next.stop)?.word ?? '';
    if (!RESOURCES.has(lacked) && (haveNo || doNotHave || (token.word === 'no' && i <= lackUntil))) {
      lackUntil = i + LACK_REACH;
      return;
    }
    // "practise talking, not just flashcards": what is "not just" enough is had already, so it is not the need; "not
    // only X but also Y" wants both.
    const notJust = token.word === 'not' && JUST_WORDS.has(tokens[i + 1]?.word ?? '');
    if (notJust && tokens.slice(i + 2).some((next) => next.word === 'but')) return;
    addNegationReach(tokens, i + (notJust ? 2 : 1), found);
  });
  return found;
}

/**
 * "translate a pdf without losing the layout": a negation before a verb of losing (`LOSS_WORDS`) asks to keep what
 * follows. Returns the positions of the negation and the verb (`markers`), and those of what is to be kept, up to the
 * negation's reach or the end of its clause (`kept`).
 */
function keepingPositions(tokens: readonly { word: string; stop: boolean }[]): { markers: Set<number>; kept: Set<number> } {
  const markers = new Set<number>();
  const kept = new Set<number>();
  tokens.forEach((token, i) => {
    if (!NEGATORS.has(token.word)) return;
    const loss = tokens.findIndex((next, k) => k > i && !next.stop);
    if (loss < 0 || !LOSS_WORDS.has(tokens[loss]?.word ?? '')) return;
    markers.add(i).add(loss);
    addNegationReach(tokens, loss + 1, kept);
  });
  return { markers, kept };
}

/**
 * A task read only from what is to be kept, or from the words that say so ("without losing the *layout*" is no
 * graphic design, "without *messing up* the formatting" no debugging), is demoted when another task names the job.
 */
function demoteKeptConcepts(found: ActiveConcept[], kept: ReadonlySet<number>, matcher: ConceptMatcher): void {
  if (kept.size === 0) return;
  const tasks = found.filter((ac) => matcher.concepts[ac.index]?.kind === 'task' && ac.covered.length > 0);
  const keptOnly = (ac: ActiveConcept) => ac.covered.every((pos) => kept.has(pos));
  if (!tasks.some((ac) => !keptOnly(ac))) return;
  for (const ac of tasks) if (keptOnly(ac)) ac.strength *= QUERY_READING.keptStrength;
}

/** Possessives: "my doctor", "our lawyer", "her teacher" name somebody the visitor deals with. */
const POSSESSIVES = new Set(['my', 'our', 'his', 'her', 'their', 'your']);
/**
 * Roles that, after a possessive, are the other party rather than the visitor: "my doctor started me on a new pill"
 * is a patient speaking, "my students" a teacher, "my teacher wants a summary" a student. Not "my business" or "my
 * channel": those the visitor owns, and they say who the visitor is.
 */
const OTHER_PARTY_ROLES = new Set([
  'doctor',
  'doctors',
  'physician',
  'gp',
  'nurse',
  'therapist',
  'dentist',
  'lawyer',
  'lawyers',
  'attorney',
  'solicitor',
  'accountant',
  'teacher',
  'teachers',
  'professor',
  'prof',
  'tutor',
  'student',
  'students',
  'class',
  'pupils',
  'developer',
  'developers',
  'dev',
  'devs',
]);
/** Words after "phone" that make it the camera a recording came from ("a shaky phone video"), not an app's platform. */
const RECORDED_WITH = new Set([
  'video',
  'videos',
  'photo',
  'photos',
  'pic',
  'pics',
  'picture',
  'pictures',
  'footage',
  'recording',
  'recordings',
  'camera',
]);
/** Verbs of recording before "on my phone" ("I film our matches on my phone"): the phone is the camera. */
const RECORDING_VERBS = wordSet('film films filmed filming record records recorded shoot shoots shot shooting');
/** How many words may come between the recording verb and "phone" ("film our saturday matches on my phone"). */
const RECORDING_REACH = 6;
/** Words next to "phone" that make it the telephone line, not the device an app runs on. */
const TELEPHONE_NEIGHBOURS = new Set([
  'the',
  'call',
  'calls',
  'number',
  'numbers',
  'line',
  'lines',
  'answering',
  'receptionist',
  'ringing',
  'rings',
  'ring',
  'support',
]);

// "the same three questions": a count after "same" says how many things repeat, not what they are, so it drops out
// of the phrase ("same questions" is a support bot's work, however many there are).
const COUNT_AFTER_SAME = wordSet(
  'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty fifty hundred few couple dozen handful',
);

/** A set of the space-separated words of a list written inline. */
function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}

/** The positions of the tokens that pass `test`, which sees a token's word and its neighbours'. */
function positionsWhere(
  tokens: readonly { word: string }[],
  test: (word: string, i: number, before: string, after: string) => boolean,
): Set<number> {
  const found = new Set<number>();
  tokens.forEach((token, i) => {
    if (test(token.word, i, tokens[i - 1]?.word ?? '', tokens[i + 1]?.word ?? '')) found.add(i);
  });
  return found;
}

const TRACKED_WORDS = new Set(['how', 'what', 'when', 'where', 'which', 'who', 'down', 'progress', 'changes', 'of']);
/** Who leads ("I lead", "she leads") and what is led ("lead a team", "leads our sales team"). */
const LEADING_PEOPLE = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'who']);
const LED_GROUPS = new Set(['a', 'the', 'my', 'our', 'their', 'his', 'her', 'team', 'teams', 'workshops', 'meetings']);

/** Things made of paper ("paper records", "a paper loyalty card"): the material, not a research paper. */
const PAPER_THINGS = wordSet(
  'record records form forms card cards receipt receipts copy copies file files document documents note notes map maps invoice invoices ticket tickets calendar planner diary menu menus bill bills letter letters sheet sheets checklist checklists stamp trail towel towels bag bags cup cups plane planes flowers',
);
/**
 * What a teacher outside school teaches ("my yoga students", "piano pupils"): the students are the visitor's clients,
 * not a classroom that needs lesson plans or homework help.
 */
const TAUGHT_ACTIVITIES = wordSet(
  'yoga pilates meditation piano guitar violin cello drum drums singing dance ballet swim swimming driving karate judo boxing fitness tennis golf chess pottery knitting sewing cooking baking riding surf surfing climbing',
);
const STUDENT_WORDS = wordSet('student students pupil pupils learner learners');
/** A job title ending in "lead" ("team lead", "tech lead"): a person who leads others. */
const LEADING_ROLES = wordSet('team tech technical project shift squad crew engineering design product section group');
/** "just been promoted to team lead": a person promoted at work, not a product promoted in ads. */
const PROMOTED_BEFORE = wordSet('been got get getting was just recently finally');
/** Texts a "short" one of which is no short-form video ("a short summary", "a short birthday poem"). */
const SHORT_TEXTS = wordSet(
  'summary summaries poem poems text texts description descriptions bio message messages email emails essay essays ' +
    'speech answer answers paragraph paragraphs intro introduction letter letters note notes reply replies version',
);
/** "about meeting at a festival", "since meeting my wife": meeting someone, told as a gerund ("after meeting with clients" may be a meeting). */
const GERUND_BEFORE = wordSet('about since');
/** "meeting new people", "meeting her parents": whom one meets. */
const MET_PEOPLE = wordSet('new people someone somebody him her them friends strangers');

/**
 * "track my spending", "track how long each task takes": "track" before a possessive or a question word is the
 * verb (to follow something over time), not a music track.
 * "I lead a team of eight", "we lead the project", "promoted to team lead": "lead" after a person or a team, or before
 * a group, is leading people, not sales leads.
 * "a song about meeting at a festival", "meeting my wife": meeting someone is no meeting to take notes of.
 * "paper records", "a paper stamp card": what a thing is made of is no research paper.
 * "my yoga students": a teacher's clients outside school need no teaching tools.
 * "I've just been promoted to team lead": a promotion at work is no advertising.
 * "a short summary", "a short birthday poem": a short text is no short-form video.
 */
function verbSensePositions(tokens: readonly { word: string }[]): Set<number> {
  return positionsWhere(
    tokens,
    (word, i, before, after) =>
      (word === 'track' && (POSSESSIVES.has(after) || TRACKED_WORDS.has(after))) ||
      ((word === 'lead' || word === 'leads') && (LEADING_PEOPLE.has(before) || LEADING_ROLES.has(before))) ||
      (word === 'lead' && LED_GROUPS.has(after)) ||
      (word === 'meeting' && (GERUND_BEFORE.has(before) || MET_PEOPLE.has(after))) ||
      (word === 'paper' && (PAPER_THINGS.has(after) || PAPER_THINGS.has(tokens[i + 2]?.word ?? ''))) ||
      (STUDENT_WORDS.has(word) && TAUGHT_ACTIVITIES.has(before)) ||
      (word === 'promoted' && (after === 'to' || PROMOTED_BEFORE.has(before))) ||
      (word === 'short' && (SHORT_TEXTS.has(after) || SHORT_TEXTS.has(tokens[i + 2]?.word ?? ''))),
  );
}
/**
 * Phrases whose stems two concepts share, told apart by a stop word the matcher skips: "hard of hearing" people need
 * captions, audio that is "hard to hear" needs cleaning. Each entry drops the other reading where its words stand.
 */
const STOP_WORD_SENSES: readonly { words: readonly string[]; notConcept: string }[] = [
  { words: ['hard', 'of', 'hearing'], notConcept: 'noise-removal' },
  { words: ['hard', 'to', 'hear'], notConcept: 'subtitles' },
];

/** For each concept a stop word rules out, the positions of the phrase that rules it out. */
function stopWordSensePositions(tokens: readonly { word: string }[]): Map<string, Set<number>> {
  const found = new Map<string, Set<number>>();
  for (const sense of STOP_WORD_SENSES) {
    tokens.forEach((_t, i) => {
      if (!sense.words.every((word, k) => tokens[i + k]?.word === word)) return;
      const positions = found.get(sense.notConcept) ?? new Set<number>();
      sense.words.forEach((_w, k) => positions.add(i + k));
      found.set(sense.notConcept, positions);
    });
  }
  return found;
}

/** Words before "study"/"studies" that make it a piece of research: "the studies", "recent studies", "a case study". */
const RESEARCH_STUDY_BEFORE = wordSet(
  'the this that these those a an actual recent new latest clinical scientific published medical peer large small some any many several few which what cited case research academic randomized randomised',
);
/** Words after "study"/"studies" that make it research: what a study says, shows or found. */
const RESEARCH_STUDY_AFTER = wordSet(
  'say says said show shows showed shown found find finds suggest suggests suggested claim claims cite cited back backs support supports prove proves proved debunked published contradicted agree disagree',
);
/** Words after "study" that keep it studying: "a study guide", "a study plan". */
const STUDYING_COMPOUNDS = wordSet(
  'guide guides plan plans session sessions group groups buddy schedule schedules notes tips app apps habit habits routine timer material materials partner skills break breaks',
);
/** Needs and audiences a research "study" is misread as. */
const STUDY_MISREADINGS = new Set(['studying', 'students']);

/**
 * "what the studies say", "recent studies found", "was this study debunked": a study that says or shows something,
 * or one with a determiner before it, is a piece of research, not studying for an exam (Porter gives "studies" and
 * "studying" one stem).
 */
function researchStudyPositions(tokens: readonly { word: string }[]): Set<number> {
  return positionsWhere(
    tokens,
    (word, _i, before, after) =>
      (word === 'study' || word === 'studies') &&
      !STUDYING_COMPOUNDS.has(after) &&
      (RESEARCH_STUDY_BEFORE.has(before) || RESEARCH_STUDY_AFTER.has(after)),
  );
}
/** Languages a visitor may want a text in. */
const LANGUAGE_WORDS = wordSet(
  'english spanish french german italian portuguese dutch japanese chinese mandarin cantonese korean arabic russian ' +
    'polish turkish hindi greek ukrainian romanian vietnamese thai swedish danish norwegian finnish czech hungarian ' +
    'hebrew farsi urdu bengali tagalog indonesian swahili',
);
/** Words before a language name that make it the language of a text ("a letter in German", "translate into French"). */
const TEXT_LANGUAGE_MARKERS = new Set(['in', 'into', 'from', 'to']);

/**
 * Nouns of a text or a recording that a language name before them describes: "spanish meetings", "french subtitles"
 * are in that language, not a language to learn ("spanish lessons" is).
 */
const TEXT_NOUNS = wordSet(
  'meeting meetings call calls audio video videos podcast podcasts subtitles captions document documents docs email emails text texts article articles transcript transcripts customers support newsletter content website site recordings interviews voice voiceover reviews posts pdf pdfs essay essays letter letters thesis assignment assignments report reports',
);

/** Nouns after a language name that keep it a language to learn: "french lessons", "spanish homework". */
const LEARNING_NOUNS = wordSet(
  'lesson lessons class classes course courses teacher teachers tutor tutors tutoring homework grammar vocabulary vocab words phrases pronunciation accent exam exams test tests practice practise conversation conversations speaking listening learning skills skill level fluency verbs flashcards speakers speaker partner immersion writing',
);

/** Verbs before a language name that make it one to learn, whatever follows ("learn english fast"). */
const LEARNING_VERBS = wordSet(
  'learn learning learned study studying practice practise practicing practising improve improving teach teaching speak speaking master brush',
);

/**
 * "an essay on the french revolution", "german shepherd training": a language name before another noun says where
 * the thing is from, not a language to learn, unless a learning word is near ("french lessons", "learn french fast").
 */
function nationalityPositions(tokens: readonly { word: string; stop: boolean; filler: boolean }[]): Set<number> {
  return positionsWhere(tokens, (word, i, before, after) => {
    const next = tokens[i + 1];
    if (!LANGUAGE_WORDS.has(word) || !next || next.stop || next.filler) return false;
    // After "in" or "to" the name is the language itself ("say hello in portuguese, i'd love to …").
    if (TEXT_LANGUAGE_MARKERS.has(before) || LANGUAGE_WORDS.has(after) || LEARNING_NOUNS.has(after) || TEXT_NOUNS.has(after))
      return false;
    return !tokens.slice(Math.max(0, i - 4), i).some((t) => LEARNING_VERBS.has(t.word) || SPEAKING_WORDS.has(t.word));
  });
}

/** Speaking words before "in <language>": "say hello in Portuguese" is the visitor speaking it, a learning need. */
const SPEAKING_WORDS = wordSet(
  'say saying speak speaks speaking talk talks talking chat chatting converse communicate order ordering hello introduce pronounce',
);

/** Words before "speak" that say someone cannot talk with the other side ("only", "doesn't"). */
const LANGUAGE_BARRIER_WORDS = new Set(['only', 'dont', 'doesnt', 'cant', 'cannot', 'not', 'never']);
/** Nobody of a group speaks it: "neither of us speaks a word of japanese", "nobody here speaks greek". */
const NOBODY_WORDS = wordSet('neither nobody none noone');
/** Words that say someone should understand a text or a talk (with a language they speak: a barrier). */
const UNDERSTANDING_WORDS = new Set(['understand', 'understands', 'understood', 'follow']);

/** Words that ask what a text or a speaker means ("what she says", "what it actually means"). */
const MEANING_WORDS = wordSet('says said saying means meant mean');

/**
 * "letters in greek, and I'd love to know what she says": a text in a language, and a question about what it says,
 * is a text to translate (unless the visitor wants to learn the language).
 */
function asksMeaningOfLanguage(tokens: readonly { word: string }[]): boolean {
  if (tokens.some((t) => LEARNING_VERBS.has(t.word) && t.word !== 'speak' && t.word !== 'speaking')) return false;
  const inLanguage = tokens.some(
    (t, i) => LANGUAGE_WORDS.has(t.word) && tokens.slice(Math.max(0, i - 3), i).some((before) => before.word === 'in'),
  );
  return (
    inLanguage &&
    tokens.some((t, i) => t.word === 'what' && tokens.slice(i + 1, i + 5).some((next) => MEANING_WORDS.has(next.word)))
  );
}

/** Words of a request to put a text into another language. */
const TRANSLATING_WORDS = wordSet(
  'translate translated translating translates translation translations translator dub dubbed dubbing',
);

/** What a visitor makes speak: "an avatar that speaks french" speaks the video's language, not one to learn. */
const SPEAKERS_MADE = wordSet(
  'avatar avatars presenter presenters narrator narrators voice voices voiceover spokesperson character characters',
);

/** True when the language at `i` follows a speaking word whose subject is something the visitor makes speak. */
function spokenBy(tokens: readonly { word: string }[], i: number): boolean {
  const speaking = tokens.slice(Math.max(0, i - 2), i).findIndex((t) => SPEAKING_WORDS.has(t.word));
  if (speaking < 0) return false;
  const at = Math.max(0, i - 2) + speaking;
  return tokens.slice(Math.max(0, at - 3), at).some((t) => SPEAKERS_MADE.has(t.word));
}

/**
 * "my uncle only speaks polish", "he doesn't speak greek", "neither of us speaks japanese": people without a shared
 * language, who need translation; the languages named are theirs, not ones to learn.
 */
function hasLanguageBarrier(tokens: readonly { word: string }[]): boolean {
  // "families speak polish or arabic at home and I want them to understand what we send": languages spoken by people
  // who should understand something are languages to translate into.
  const understanding = tokens.some((t) => UNDERSTANDING_WORDS.has(t.word));
  if (asksMeaningOfLanguage(tokens)) return true;
  return tokens.some(
    (t, i) =>
      SPEAKING_WORDS.has(t.word) &&
      (LANGUAGE_BARRIER_WORDS.has(tokens[i - 1]?.word ?? '') ||
        tokens.slice(Math.max(0, i - 4), i).some((before) => NOBODY_WORDS.has(before.word)) ||
        tokens[i + 1]?.word === 'only' ||
        (understanding && tokens.slice(i + 1, i + 3).some((next) => LANGUAGE_WORDS.has(next.word)))),
  );
}

/**
 * "improve my cover letter in German": a language after "in" or "into" is the language of the text, not a wish to
 * learn it ("learn German", "practise my German", "say hello in Portuguese" keep their reading).
 * @param barrier whether the query tells of people without a shared language (`hasLanguageBarrier`, read once).
 * @param translating whether the query asks to translate (every language it names is then a text's).
 */
function textLanguagePositions(tokens: readonly { word: string }[], barrier: boolean, translating: boolean): Set<number> {
  // "translate our hotel website into german and french": in a request to translate, every language named is a
  // language of the text; so it is when two people have no language in common.
  const everyLanguage = barrier || translating;
  return positionsWhere(
    tokens,
    (word, i, before, after) =>
      (LANGUAGE_WORDS.has(word) || (barrier && SPEAKING_WORDS.has(word))) &&
      (everyLanguage ||
        TEXT_NOUNS.has(after) ||
        spokenBy(tokens, i) ||
        spokenByOthers(tokens, i) ||
        (TEXT_LANGUAGE_MARKERS.has(before) &&
          !tokens.slice(Math.max(0, i - 5), i - 1).some((earlier) => SPEAKING_WORDS.has(earlier.word)))),
  );
}

/** Who speaks a language the visitor wants to use themselves: "I speak", "to speak", "can speak". */
const SELF_SPEAKERS = wordSet('i we to can cant could will wanna gonna');
/** Words that join the languages of a list ("romanian or polish"). */
const LIST_JOINERS = wordSet('or and');

/**
 * "half the crew speak romanian or polish": a language that others speak is theirs, not one the visitor learns. The
 * speaking word may stand before a list of languages.
 */
function spokenByOthers(tokens: readonly { word: string }[], i: number): boolean {
  let at = i - 1;
  while (at >= 0 && at >= i - 4 && (LANGUAGE_WORDS.has(tokens[at]?.word ?? '') || LIST_JOINERS.has(tokens[at]?.word ?? ''))) at--;
  const speaking = tokens[at]?.word ?? '';
  return (speaking === 'speak' || speaking === 'speaks') && !SELF_SPEAKERS.has(tokens[at - 1]?.word ?? 'i');
}

/**
 * Positions of words that describe the visitor's circumstances rather than the app: a role after a possessive ("my
 * doctor": the visitor is the patient, so the audience is not doctors), "phone" as the telephone line ("nobody
 * answers the phone after six", calls on the phone) or as the camera of a recording ("a phone video", "filmed on my
 * phone"): not a mobile app.
 */
function circumstancePositions(tokens: readonly { word: string }[]): Set<number> {
  return positionsWhere(
    tokens,
    (word, i, before, after) =>
      // One word may describe the role: "his new dentist", "my old lawyer".
      (OTHER_PARTY_ROLES.has(word) && (POSSESSIVES.has(before) || POSSESSIVES.has(tokens[i - 2]?.word ?? ''))) ||
      ((word === 'phone' || word === 'phones') &&
        (TELEPHONE_NEIGHBOURS.has(before) ||
          TELEPHONE_NEIGHBOURS.has(after) ||
          RECORDED_WITH.has(after) ||
          tokens.slice(Math.max(0, i - RECORDING_REACH), i).some((earlier) => RECORDING_VERBS.has(earlier.word)))),
  );
}

/** Words of summing something up. */
const SUMMING_WORDS = wordSet('summarize summarise summarizing summarising summary summaries recap tldr');
/** Words of a video a visitor would rather not watch in full. */
const VIDEO_WORDS = wordSet('video videos youtube yt vlog vlogs webinar webinars');
/** How many words may come between the summing word and the video ("summarize this 3 hour video"). */
const SUMMING_REACH = 5;

/**
 * "summarize this 3 hour video lecture", "a recap of the webinar": a summary of a video, however many words lie
 * between (the lexicon's phrases are contiguous). The video is the material, not a video to edit.
 * @returns hits of the video-summaries concept over the two words.
 */
function videoSummaryHits(tokens: readonly { word: string }[], matcher: ConceptMatcher): PhraseHit[] {
  const concept = matcher.conceptIndex('video-summaries');
  if (concept < 0) return [];
  const hits: PhraseHit[] = [];
  tokens.forEach((token, i) => {
    if (!SUMMING_WORDS.has(token.word)) return;
    const video = tokens.findIndex((next, k) => k > i && k <= i + SUMMING_REACH && VIDEO_WORDS.has(next.word));
    if (video > 0) hits.push({ concept, positions: [i, video], length: 2, isTerm: false });
  });
  return hits;
}

/** Words of engaging a person: "hiring an illustrator is out of my budget". */
const HIRING_WORDS = new Set(['hire', 'hiring', 'hired', 'hires']);
/** What follows "hiring" when one person is engaged for a job, not staff recruited. */
const ONE_PERSON = new Set(['a', 'an', 'someone', 'somebody', 'freelancer', 'freelancers']);

/**
 * "hiring a voice actor is way out of my budget", "we can't hire an editor": the visitor weighs paying a person for
 * the job an app could do, which is the need; recruitment is not ("we are hiring for three roles" keeps it).
 * @returns the positions of such hiring words.
 */
function hiredPersonPositions(tokens: readonly { word: string }[]): Set<number> {
  return positionsWhere(tokens, (word, _i, _before, after) => HIRING_WORDS.has(word) && ONE_PERSON.has(after));
}

/** Words that introduce who the visitor is: "I'm an indie author", "as a nurse". */
const IDENTITY_OPENERS = new Set(['im', 'as']);
/** Words that end the description of who the visitor is ("a nurse *and* …", "a designer *who* …"). */
const IDENTITY_ENDS = new Set(['and', 'but', 'who', 'with', 'at', 'in', 'for', 'from', 'so', 'i', 'we']);
/** How many words may describe who the visitor is ("a freelance graphic designer"). */
const IDENTITY_REACH = 3;

/**
 * "I'm an indie author and can't afford a narrator", "as a graphic designer I …": who the visitor is, not what they
 * need. Returns the positions of the words after the article of such a description.
 */
function identityPositions(tokens: readonly { word: string }[]): Set<number> {
  const found = new Set<number>();
  tokens.forEach((token, i) => {
    const opens = IDENTITY_OPENERS.has(token.word) || (token.word === 'am' && tokens[i - 1]?.word === 'i');
    const article = tokens[i + 1]?.word;
    if (!opens || (article !== 'a' && article !== 'an')) return;
    for (let k = i + 2; k < Math.min(tokens.length, i + 2 + IDENTITY_REACH); k++) {
      if (IDENTITY_ENDS.has(tokens[k]?.word ?? '')) break;
      found.add(k);
    }
  });
  return found;
}

/** Verbs of writing a text from scratch. */
const DRAFTING_VERBS = wordSet('write writing writes draft drafting compose composing');
/** Texts a visitor drafts: "compose a reminder", "write a formal letter". */
const DRAFTED_TEXTS = wordSet(
  'email emails mail letter letters message messages reply replies reminder reminders note notes complaint complaints apology request invitation invitations speech toast announcement memo post',
);
/** Adjectives of a text's register: "a formal letter" is the letter asked for, written in that register. */
const REGISTER_WORDS = wordSet('formal informal polite courteous respectful casual professional friendly firm gentle stern warm');
/** Concepts a drafting request's words would wrongly read: "formal" as reworking one's tone, "a reminder" as a calendar's. */
const DRAFTING_MISREADINGS = new Set(['tone', 'scheduling']);
/** Verbs that, before a text to draft, mean writing it ("compose a reminder" is no music composition). */
const WRITING_SYNONYMS = new Set(['compose', 'composing']);
/** How many words a drafting verb reaches for its text ("write a short polite email"). */
const DRAFTING_REACH = 4;

/**
 * "compose a polite reminder", "write a formal letter to my bank": a text to draft. Returns the drafting verbs,
 * register words and texts of such a request: the verb is not music composition, the register ("formal", "polite")
 * describes the text to write rather than asking to rework one's tone, and the reminder is a text, not a calendar's.
 */
function draftingPositions(tokens: readonly { word: string }[]): Set<number> {
  const found = new Set<number>();
  tokens.forEach((token, i) => {
    if (!DRAFTING_VERBS.has(token.word)) return;
    const ahead = tokens.slice(i + 1, i + 1 + DRAFTING_REACH).findIndex((next) => DRAFTED_TEXTS.has(next.word));
    // Read from German, the verb follows its text ("eine Mahnung schreiben für …") or ends the request ("eine
    // höfliche E-Mail an meinen Vermieter schreiben"): the text is looked for before it.
    const back = i === tokens.length - 1 ? 2 * DRAFTING_REACH : 2;
    let text = ahead >= 0 ? i + 1 + ahead : -1;
    for (let k = i - 1; text < 0 && k >= Math.max(0, i - back); k--) if (DRAFTED_TEXTS.has(tokens[k]?.word ?? '')) text = k;
    if (text < 0) return;
    found.add(i);
    const [start, end] = text > i ? [i + 1, text] : [Math.max(0, text - DRAFTING_REACH), text];
    for (let k = start; k <= end; k++) if (REGISTER_WORDS.has(tokens[k]?.word ?? '') || k === text) found.add(k);
    // Read from French, Spanish, Portuguese or Italian, the register follows its text ("una mail formale").
    if (REGISTER_WORDS.has(tokens[text + 1]?.word ?? '')) found.add(text + 1);
  });
  return found;
}

/** Words that may name the kind of thing a visitor is looking for rather than a thing to build. */
const VEHICLE_WORDS = new Set(['site', 'website', 'webpage', 'platform', 'program', 'software']);
/**
 * Words after a vehicle word that say what the visitor will do there ("a site to learn spanish", "a website where i
 * can …"). Not "that": "a website that takes bookings" is as often a site to build as a place to use.
 */
const PURPOSE_WORDS = new Set(['to', 'where']);
/** Words before a vehicle word that ask whether one exists ("is there a site that …"): a service to use. */
const ASKING_FOR_ONE = wordSet('there exist exists existing any know recommend');
/** Words before a vehicle word that make it the thing to build ("build a website to sell my art", "my site"). */
const MAKING_WORDS = new Set([
  'make',
  'build',
  'create',
  'design',
  'launch',
  'setup',
  'set',
  'own',
  'my',
  'our',
  'new',
  'business',
]);

/**
 * "a site to learn spanish", "a website where i can practice piano", "a site for learning to draw": the site is the
 * vehicle the visitor expects the answer to be, not a website to build. A vehicle word followed by its purpose, with no
 * making word shortly before, is read as neither a need nor a search word.
 * @returns the positions of such words.
 */
function vehiclePositions(tokens: readonly { word: string }[]): Set<number> {
  return positionsWhere(
    tokens,
    (word, i, _before, after) =>
      VEHICLE_WORDS.has(word) &&
      (PURPOSE_WORDS.has(after) ||
        (after === 'for' && LEARNING_VERBS.has(tokens[i + 2]?.word ?? '')) ||
        // "is there a site that summarizes videos": a site asked for that does something is a service to use.
        ((after === 'that' || after === 'which') &&
          tokens.slice(Math.max(0, i - 3), i).some((earlier) => ASKING_FOR_ONE.has(earlier.word)))) &&
      !tokens.slice(Math.max(0, i - 3), i).some((earlier) => MAKING_WORDS.has(earlier.word)),
  );
}

/** Words before a "for" that names a fault ("marked down for", "penalised for", "flagged for"). */
const FAULTED_WORDS = wordSet(
  'down penalized penalised penalizing penalising criticized criticised docked flagged rejected blamed dinged',
);

/**
 * "an orchestral track for the boss fight in my indie game": the need is the track; the game is where it will be
 * used, as "my notes" in "a slide deck from my notes" are what it is made from. A task concept whose words all come
 * after a context preposition that follows another task concept is demoted, so the head of the request outranks
 * its setting; in a conversion ("turn my notes into a deck") the source before "into" is demoted instead.
 */
function demoteContextConcepts(found: ActiveConcept[], tokens: readonly { word: string }[], matcher: ConceptMatcher): void {
  const isTask = (ac: ActiveConcept) => matcher.concepts[ac.index]?.kind === 'task';
  const first = (ac: ActiveConcept) => Math.min(...ac.covered);
  const last = (ac: ActiveConcept) => Math.max(...ac.covered);
  const tasks = found.filter((ac) => isTask(ac) && ac.covered.length > 0);
  if (tasks.length < 2) return;
  const headStart = Math.min(...tasks.map(first));
  const headEnd = Math.min(...tasks.map(last));
  let prep = -1;
  for (let i = headEnd + 1; i < tokens.length; i++) {
    // "my essays get marked down for run-on sentences": what one is faulted for is the problem, not a setting.
    if (tokens[i]?.word === 'for' && FAULTED_WORDS.has(tokens[i - 1]?.word ?? '')) continue;
    if (CONTEXT_PREPOSITIONS.has(tokens[i]?.word ?? '')) {
      prep = i;
      break;
    }
  }
  if (prep < 0) return;
  // "from" marks a source only right after the thing made ("a deck from my notes"); further on, in a story ("our
  // database export arrives from the supplier weekly and every row needs a summary"), what follows may be the need.
  const reach = tokens[prep]?.word === 'from' ? 2 : prep;
  const hasHead = tasks.some((ac) => last(ac) < prep && last(ac) >= prep - reach);
  if (!hasHead) return;
  const conversion = tokens[prep]?.word === 'into' && tokens.slice(0, headStart).some((t) => CONVERSION_VERBS.has(t.word));
  if (conversion) {
    if (tasks.some((ac) => first(ac) > prep))
      for (const ac of tasks) if (last(ac) < prep) ac.strength *= QUERY_READING.conversionSourceStrength;
    return;
  }
  // The setting ends where a manner or a new clause begins: in "types the totals into a spreadsheet by hand" the
  // spreadsheet is the setting, "by hand" says how the work is done (the need: automating it).
  let end = tokens.length;
  for (let i = prep + 1; i < tokens.length; i++) {
    if (CONTEXT_ENDS.has(tokens[i]?.word ?? '')) {
      end = i;
      break;
    }
  }
  for (const ac of tasks) if (first(ac) > prep && first(ac) < end) ac.strength *= QUERY_READING.contextStrength;
}

/** Concepts that name the kind of answer ("an AI assistant"), not the job, when "for" a job follows. */
const ASSISTANT_CONCEPTS = new Set(['assistant', 'general-assistant']);

/**
 * "an ai assistant for pycharm", "an assistant for my inbox": the assistant is the kind of answer and what follows
 * "for" is the job; a general-purpose assistant only partly does it. The assistant's reading is demoted when every word
 * of it comes before a "for" that another need follows.
 */
function demoteAssistantForJob(found: ActiveConcept[], tokens: readonly { word: string }[], matcher: ConceptMatcher): void {
  const isAssistant = (ac: ActiveConcept) => ASSISTANT_CONCEPTS.has(matcher.concepts[ac.index]?.id ?? '');
  const assistants = found.filter((ac) => isAssistant(ac) && ac.covered.length > 0);
  if (assistants.length === 0) return;
  const end = Math.max(...assistants.flatMap((ac) => ac.covered));
  const purpose = tokens.findIndex((t, i) => i > end && t.word === 'for');
  if (purpose < 0 || purpose > end + 2) return;
  const job = found.some((ac) => !isAssistant(ac) && ac.covered.length > 0 && ac.covered.every((pos) => pos > purpose));
  if (!job) return;
  for (const ac of assistants) ac.strength *= QUERY_READING.assistantForJob;
}

/** Verbs that work on material the visitor already has: what they act on is not a second thing to make. */
const MATERIAL_VERBS = new Set(
  (
    'translate translating summarize summarise summarizing summarising transcribe transcribing proofread ' +
    'proofreading shorten shortening rewrite rewriting paraphrase paraphrasing dub dubbing subtitle subtitling ' +
    'caption captioning narrate narrating localize localise localizing localising simplify simplifying humanize ' +
    'humanise grade grading'
  ).split(' '),
);
/** Nouns of the same work, before "of" and the material ("a *summary of* this report"). */
const MATERIAL_NOUNS = wordSet(
  'summary summaries recap translation translations transcript transcripts transcription subtitles captions ' +
    'proofreading rewrite paraphrase narration',
);
/** Words between such a verb and its material ("translate *our* website"). */
const MATERIAL_DETERMINERS = new Set([
  'my',
  'our',
  'your',
  'this',
  'these',
  'that',
  'those',
  'the',
  'a',
  'an',
  'his',
  'her',
  'their',
]);

/**
 * "translate my website", "summarise this article": the website and the article are what the visitor has, and a
 * task read only from them (website building, article writing) is demoted when the verb before them is itself
 * read as another task; the verb's task is the need.
 */
function demoteMaterialConcepts(found: ActiveConcept[], tokens: readonly { word: string }[], matcher: ConceptMatcher): void {
  const tasks = found.filter((ac) => matcher.concepts[ac.index]?.kind === 'task' && ac.covered.length > 0);
  if (tasks.length < 2) return;
  for (const ac of tasks) {
    let i = Math.min(...ac.covered) - 1;
    // One word may say whose or which the material is: "translate my *hotel* website".
    if (!MATERIAL_DETERMINERS.has(tokens[i]?.word ?? '') && MATERIAL_DETERMINERS.has(tokens[i - 1]?.word ?? '')) i--;
    if (!MATERIAL_DETERMINERS.has(tokens[i]?.word ?? '')) continue;
    while (MATERIAL_DETERMINERS.has(tokens[i]?.word ?? '')) i--;
    // "a summary of this report": the noun of the work, then "of", before the material.
    if (tokens[i]?.word === 'of' && MATERIAL_NOUNS.has(tokens[i - 1]?.word ?? '')) i--;
    else if (!MATERIAL_VERBS.has(tokens[i]?.word ?? '')) continue;
    if (tasks.some((other) => other !== ac && other.covered.includes(i))) ac.strength *= QUERY_READING.objectStrength;
  }
}

/**
 * "Slide decks aimed at university students": "students" says who the slides are for, not that the visitor wants a tutoring
 * or teaching tool, although listings of those use the word. A task read only from one word that an audience also
 * reads is the audience, once another task names the need.
 */
function dropAudienceReadAsTask(found: Map<number, ActiveConcept>, matcher: ConceptMatcher): void {
  const kind = (ac: ActiveConcept) => matcher.concepts[ac.index]?.kind;
  const audience = new Set<number>();
  for (const ac of found.values()) if (kind(ac) === 'audience') for (const pos of ac.covered) audience.add(pos);
  if (audience.size === 0) return;
  // One word only: a phrase such as "can't code" names a need (an app builder) as well as who the visitor is.
  const onlyAudience = (ac: ActiveConcept) => ac.covered.length === 1 && audience.has(ac.covered[0] ?? -1);
  const tasks = [...found.values()].filter((ac) => kind(ac) === 'task');
  if (!tasks.some((ac) => !onlyAudience(ac))) return;
  for (const ac of tasks) if (onlyAudience(ac)) found.delete(ac.index);
}

/**
 * A need few listings name is also read as the need of the apps that do it ("served-by" in the lexicon): picturing a
 * repainted room is done with image generators. The serving need counts less than the need itself and explains the
 * same words.
 */
function addServingConcepts(found: Map<number, ActiveConcept>, matcher: ConceptMatcher): void {
  for (const ac of [...found.values()]) {
    for (const id of matcher.concepts[ac.index]?.servedBy ?? []) {
      const index = matcher.conceptIndex(id);
      const strength = ac.strength * QUERY_READING.servingStrength;
      const current = found.get(index);
      if (current) current.strength = Math.max(current.strength, strength);
      else found.set(index, { index, strength, covered: [...ac.covered] });
    }
  }
}

/** Copying as moving things by hand ("I copy their details into a sheet"). */
const COPYING_WORDS = wordSet('copy copies copied copying paste pasting retype retyping');
/** How far "into" may follow the verb of copying ("copy *their details* into"). */
const COPYING_REACH = 5;

/**
 * "I copy their details into a google sheet, then into our CRM": a person copying things into somewhere does by hand
 * what an automation would do, however the story names the tools. Reads automation from the verb (a phrase's
 * strength) when a person copies ("I", "we") into somewhere, instead of any other reading of the verb.
 */
function addManualCopying(found: Map<number, ActiveConcept>, tokens: readonly { word: string }[], matcher: ConceptMatcher): void {
  const index = matcher.conceptIndex('automation');
  if (index < 0 || found.has(index)) return;
  const at = tokens.findIndex(
    (t, i) =>
      COPYING_WORDS.has(t.word) &&
      (i === 0 || LEADING_PEOPLE.has(tokens[i - 1]?.word ?? '')) &&
      tokens.slice(i + 1, i + 1 + COPYING_REACH).some((next) => next.word === 'into'),
  );
  if (at < 0) return;
  // The verb's sense is settled: "website I copy" is no website copy to write.
  for (const [concept, ac] of found) if (ac.covered.includes(at)) found.delete(concept);
  found.set(index, { index, strength: QUERY_READING.phraseStrength, covered: [at] });
}

/**
 * "get it into Portuguese and Spanish": a text put into a language is translated. The positions of the languages named
 * right after "into" (a list of them joined by "and" or "or" included).
 */
function intoLanguagePositions(tokens: readonly { word: string }[]): number[] {
  const found: number[] = [];
  tokens.forEach((token, i) => {
    if (token.word !== 'into') return;
    for (let k = i + 1; k < tokens.length; k++) {
      const word = tokens[k]?.word ?? '';
      if (LANGUAGE_WORDS.has(word)) found.push(k);
      else if (!LIST_JOINERS.has(word)) break;
    }
  });
  return found;
}

/**
 * People without a shared language ("families speak polish or arabic at home and I want them to understand what we
 * send") need a translation, however the story puts it, and so does a text put "into" a language: the concept is read
 * from the languages (`languages`, or those spoken) when no cue of it was, and counts as a phrase when a cue was.
 */
function addTranslationReading(
  found: Map<number, ActiveConcept>,
  tokens: readonly { word: string }[],
  matcher: ConceptMatcher,
  languages?: readonly number[],
): void {
  const index = matcher.conceptIndex('translation');
  if (index < 0) return;
  // A barrier is the need however the story places it: "the contract is in German and I only speak English" is no
  // contract work set in German, so a reading of translation demoted as a setting counts in full again.
  const read = found.get(index);
  if (read) {
    read.strength = Math.max(read.strength, QUERY_READING.phraseStrength);
    return;
  }
  const covered = languages
    ? [...languages]
    : tokens.flatMap((t, i) => (LANGUAGE_WORDS.has(t.word) || SPEAKING_WORDS.has(t.word) ? [i] : []));
  if (covered.length > 0) found.set(index, { index, strength: QUERY_READING.phraseStrength, covered });
}

/**
 * Parses a visitor query: resolves slang and typos, detects price, category and platform constraints and the
 * lexicon concepts it expresses.
 */
export function understandQuery(
  query: string,
  vocab: Vocabulary,
  matcher: ConceptMatcher,
  categories: readonly KnownCategory[],
  /** False for a query read from another language: its untranslated words are foreign, not misspelled English. */
  spelling = true,
): ParsedQuery {
  const norm = normalize(query);
  const constraints: string[] = [];

  // ── price ──
  const priceText = norm
    .replace(FREE_COMPOUND, ' ')
    .replace(FREE_NON_PRICE, ' ')
    .replace(OTHERS_NOT_PAYING, ' ')
    .replace(FREE_TRIAL_TAKEN, ' ');
  let pricing: PricingType[] | null = null;
  const priceWords = new Set<string>();
  const freeMatch = PRICE_FREE.exec(priceText);
  if (freeMatch) {
    for (const w of words(freeMatch[0])) priceWords.add(w);
    priceWords.add('free');
    pricing = ['free', 'freemium'];
    constraints.push(
      /open/.test(freeMatch[0])
        ? 'open source or free to use (free or freemium plans only)'
        : 'free to use (free or freemium plans only)',
    );
  }
  // ── region ──
  const constraintWords = new Set<string>();
  for (const match of norm.matchAll(REGION_EU)) for (const w of words(match[0])) constraintWords.add(w);
  const region = constraintWords.size > 0 ? ('eu' as const) : null;
  if (region) constraints.push('made in the EU or GDPR-compliant preferred');
  // "no account" is about access, never about accounting: its words leave the need.
  let noSignup = false;
  for (const match of norm.matchAll(NO_SIGNUP)) {
    noSignup = true;
    for (const w of words(match[0])) constraintWords.add(w);
  }
  if (noSignup) constraints.push('usable without an account preferred');
  for (const match of norm.matchAll(IN_BROWSER)) for (const w of words(match[0])) constraintWords.add(w);

  // "zero budget …, so it can't cost anything": the words of a small budget are price words even when "free" decides.
  const cheapMatch = PRICE_CHEAP.exec(priceText);
  const prefersLowCost = pricing === null && cheapMatch !== null;
  if (cheapMatch) for (const w of words(cheapMatch[0])) priceWords.add(w);
  if (prefersLowCost) constraints.push('low cost preferred');

  // ── words → stems, with aliases and typo correction (stop words kept, flagged, for verbatim phrases) ──
  interface QToken extends FullToken {
    correctedFrom: string | null;
    respaced: boolean;
    filler: boolean;
    priceWord: boolean;
  }
  const tokens: QToken[] = [];
  const unknownWords: string[] = [];
  const typed = words(query);
  const repairedWords = spelling ? repairWords(typed, vocab) : typed.map((word) => ({ word, from: null }));
  for (const [at, repaired] of repairedWords.entries()) {
    const w0 = digitAsPreposition(repairedWords, at) ?? repaired.word;
    // "my gfs bday": a shorthand takes a plural or possessive s without its apostrophe.
    const w =
      contextualAlias(w0, norm) ??
      ALIASES[w0] ??
      (w0.endsWith('s') && !vocab.knows(w0) ? ALIASES[w0.slice(0, -1)] : undefined) ??
      w0;
    const priceWord = priceWords.has(w0);
    if (repairedWords[at - 1]?.word === 'same' && (COUNT_AFTER_SAME.has(w) || /^[0-9]+$/.test(w))) continue;
    // Bare numbers ("800 items", "10 second") describe quantity, not need; region and access words ("gdpr", "no
    // account") are constraints, never part of a need's phrase ("account" is not accounting).
    if (isStopWord(w) || /^[0-9]+$/.test(w) || constraintWords.has(w0)) {
      tokens.push({ word: w, stem: w, stop: true, correctedFrom: null, respaced: false, filler: true, priceWord });
      continue;
    }
    let word = w;
    let correctedFrom: string | null = repaired.from;
    if (!vocab.knows(word) && !vocab.hasStem(stem(word)) && !isQueryFiller(word)) {
      const fix = spelling ? (vocab.typos.correct(word, vocab.isProse) ?? vocab.typos.correctShort(word, vocab.isProse)) : null;
      if (fix) {
        correctedFrom = word;
        // A correction may land on a spelling the aliases fold ("sumarise" → "summarise" → "summarize").
        word = ALIASES[fix.word] ?? fix.word;
      } else if (!isQueryFiller(word) && !priceWord) {
        unknownWords.push(word);
      }
    } else if (spelling && !vocab.knows(word) && !isQueryFiller(word) && !isEnglishWord(word)) {
      // A slip can stem like another word ("presetation" stems to "preset"): a word no dictionary has, one letter
      // from a known word of another family, is that word.
      const fix = vocab.typos.correct(word, vocab.isProse);
      if (fix && fix.distance === 1 && stem(fix.word) !== stem(word)) {
        correctedFrom = word;
        // A correction may land on a spelling the aliases fold ("sumarise" → "summarise" → "summarize").
        word = ALIASES[fix.word] ?? fix.word;
      }
    }
    // "frm" → "from": a slip of a stop word is a stop word, never a content word the listings must cover.
    if (correctedFrom !== null && isStopWord(word)) {
      tokens.push({ word, stem: word, stop: true, correctedFrom: null, respaced: false, filler: true, priceWord });
      continue;
    }
    const respaced = correctedFrom !== null && correctedFrom === repaired.from && isRespacing(repaired.from, w0);
    tokens.push({ word, stem: stem(word), stop: false, correctedFrom, respaced, filler: isQueryFiller(word), priceWord });
  }
  // "in order to save time" says why, it names no order to track.
  tokens.forEach((t, i) => {
    if (t.word === 'order' && tokens[i - 1]?.word === 'in' && ORDER_OF_PURPOSE.has(tokens[i + 1]?.word ?? '')) {
      t.stop = true;
      t.filler = true;
    }
  });
  const contentPos: number[] = [];
  tokens.forEach((t, i) => {
    if (!t.stop) contentPos.push(i);
  });

  // ── category named by the visitor ──
  let category: string | null = null;
  const categoryPositions = new Set<number>();
  for (const cat of categories) {
    const n = cat.stems.length;
    if (n === 0) continue;
    for (let i = 0; i + n <= contentPos.length; i++) {
      if (!cat.stems.every((s, k) => tokens[contentPos[i + k] ?? -1]?.stem === s)) continue;
      const next = tokens[contentPos[i + n] ?? -1]?.word;
      const prev = tokens[contentPos[i - 1] ?? -1]?.word;
      const whole = contentPos.length === n;
      // "keyword research tool" names a kind of research, not the Research section: a content word right before the
      // category name makes it part of a compound.
      const prevToken = tokens[contentPos[i - 1] ?? -1];
      const compound = prevToken !== undefined && !prevToken.filler && !prevToken.priceWord;
      if (
        whole ||
        (next !== undefined && CATEGORY_HEADS.has(next) && !compound) ||
        prev === 'category' ||
        prev === 'categories'
      ) {
        category = cat.name;
        for (let k = 0; k < n; k++) categoryPositions.add(contentPos[i + k] ?? -1);
        if (next === 'category' || next === 'categories') categoryPositions.add(contentPos[i + n] ?? -1);
        break;
      }
    }
    if (category) break;
  }
  if (category) constraints.push(`category: ${category}`);

  // ── concepts ──
  // Longest match wins: a word inside a longer phrase of another concept ("album" in "album cover") does not
  // also trigger the concept its short reading would suggest.
  const vehicles = vehiclePositions(tokens);
  const drafting = draftingPositions(tokens);
  const subjectFrom = drafting.size > 0 ? Math.max(...drafting) + 1 : tokens.length;
  for (const pos of drafting) {
    const token = tokens[pos];
    if (token && WRITING_SYNONYMS.has(token.word)) Object.assign(token, { word: 'write', stem: stem('write') });
  }
  const matched = [...matcher.match(tokens, false, true), ...videoSummaryHits(tokens, matcher)];
  matched.push(...phrasesAcrossAi(tokens, matcher, matched));
  const spanned = new Set(matched.flatMap((h) => (h.span ? [h.span[0]] : [])));
  const negated = negatedPositions(tokens, spanned, !spelling);
  const circumstances = circumstancePositions(tokens);
  const verbSense = verbSensePositions(tokens);
  const researchStudy = researchStudyPositions(tokens);
  const stopWordSenses = stopWordSensePositions(tokens);
  const barrier = hasLanguageBarrier(tokens);
  const intoLanguage = intoLanguagePositions(tokens);
  const translating = intoLanguage.length > 0 || tokens.some((t) => TRANSLATING_WORDS.has(t.word));
  const textLanguage = textLanguagePositions(tokens, barrier, translating);
  // Where a thing is from ("the french revolution") is no language to learn either.
  for (const pos of nationalityPositions(tokens)) textLanguage.add(pos);
  const hiredPerson = hiredPersonPositions(tokens);
  const identity = identityPositions(tokens);
  // Who the visitor is names a need only when nothing else does ("I'm a podcaster, what helps?").
  const beyondIdentity = matched.some(
    (h) => matcher.concepts[h.concept]?.kind === 'task' && h.positions.some((pos) => !identity.has(pos)),
  );
  const readAsDrafting = (h: { concept: number; positions: readonly number[] }) =>
    DRAFTING_MISREADINGS.has(matcher.concepts[h.concept]?.id ?? '') && h.positions.every((pos) => drafting.has(pos));
  const isSoft = (concept: number) => matcher.concepts[concept]?.kind !== 'task';
  const hits = matched
    .filter((h) => !h.positions.every((pos) => vehicles.has(pos) || negated.has(pos)))
    // The words of a price ("on a budget", "cheap") are the price, never a need ("budget" is not budgeting there);
    // "open source" stays a platform as well.
    .filter((h) => isSoft(h.concept) || !h.positions.every((pos) => tokens[pos]?.priceWord))
    .filter((h) => !(isSoft(h.concept) && h.positions.every((pos) => circumstances.has(pos))))
    .filter((h) => !h.positions.every((pos) => verbSense.has(pos)))
    .filter((h) => !readAsDrafting(h))
    .filter(
      (h) => !STUDY_MISREADINGS.has(matcher.concepts[h.concept]?.id ?? '') || !h.positions.every((pos) => researchStudy.has(pos)),
    )
    .filter((h) => !h.positions.every((pos) => hiredPerson.has(pos)))
    .filter((h) => {
      const ruledOut = stopWordSenses.get(matcher.concepts[h.concept]?.id ?? '');
      return !ruledOut || !h.positions.every((pos) => ruledOut.has(pos));
    })
    .filter((h) => isSoft(h.concept) || !beyondIdentity || !h.positions.every((pos) => identity.has(pos)))
    // A language of the text or of the people ("she only speaks polish") is neither one to learn nor any other need.
    .filter((h) => matcher.concepts[h.concept]?.id === 'translation' || !h.positions.every((pos) => textLanguage.has(pos)))
    .sort((a, b) => b.length - a.length);
  const claimedBy = new Map<number, { concept: number; length: number }[]>();
  const byConcept = new Map<number, ActiveConcept>();
  for (const h of hits) {
    const shadowed =
      h.positions.length > 0 &&
      h.positions.every((pos) => (claimedBy.get(pos) ?? []).some((c) => c.length > h.length && c.concept !== h.concept));
    if (shadowed) continue;
    for (const pos of h.positions) {
      const claims = claimedBy.get(pos) ?? [];
      claims.push({ concept: h.concept, length: h.length });
      claimedBy.set(pos, claims);
    }
    // Single generic words are weaker evidence of a need than a multi-word phrase.
    const p = h.length >= 2 ? QUERY_READING.phraseStrength : QUERY_READING.wordStrength;
    const cur = byConcept.get(h.concept);
    if (cur) {
      cur.strength = 1 - (1 - cur.strength) * (1 - p * QUERY_READING.repeatShare);
      for (const pos of h.positions) if (!cur.covered.includes(pos)) cur.covered.push(pos);
    } else {
      byConcept.set(h.concept, { index: h.concept, strength: p, covered: [...h.positions] });
    }
  }
  demoteContextConcepts([...byConcept.values()], tokens, matcher);
  demoteMaterialConcepts([...byConcept.values()], tokens, matcher);
  demoteAssistantForJob([...byConcept.values()], tokens, matcher);
  const keeping = keepingPositions(tokens);
  demoteKeptConcepts([...byConcept.values()], new Set([...keeping.markers, ...keeping.kept]), matcher);
  dropAudienceReadAsTask(byConcept, matcher);
  addServingConcepts(byConcept, matcher);
  addManualCopying(byConcept, tokens, matcher);
  if (barrier) addTranslationReading(byConcept, tokens, matcher);
  else if (intoLanguage.length > 0) addTranslationReading(byConcept, tokens, matcher, intoLanguage);
  const concepts = [...byConcept.values()].sort((a, b) => b.strength - a.strength);
  for (const ac of concepts) {
    const entry = matcher.concepts[ac.index];
    if (entry?.kind === 'platform') constraints.push(`platform: ${entry.label}`);
  }

  const inConcept = new Set<number>();
  for (const ac of concepts) for (const p of ac.covered) inConcept.add(p);
  const terms: QueryTerm[] = [];
  tokens.forEach((t, i) => {
    if (t.stop || t.filler || t.priceWord || categoryPositions.has(i) || vehicles.has(i)) return;
    // The register of a text to draft ("a formal letter") says how to write it; as a search word it would rank the
    // tools that rework a text's tone above those that write one.
    if (drafting.has(i) && REGISTER_WORDS.has(t.word)) return;
    // "she only speaks greek": the speaking of people who cannot understand each other is no search word (it would
    // find language tutors and the app named Speak).
    // The language a text is to be translated into is one every translator serves: as a search word it would rank
    // the apps whose listings happen to name it ("translate my website to spanish" found a Spanish course).
    if (textLanguage.has(i) && (SPEAKING_WORDS.has(t.word) || LANGUAGE_WORDS.has(t.word)) && (barrier || translating)) return;
    if (negated.has(i) && !inConcept.has(i)) return;
    // "without losing" says what to keep, not what to find: no listing is a fit for having these words.
    if (!inConcept.has(i) && keeping.markers.has(i)) return;
    terms.push({
      word: t.word,
      stem: t.stem,
      correctedFrom: t.correctedFrom,
      respaced: t.respaced,
      pos: i,
      inConcept: inConcept.has(i),
      subject: i >= subjectFrom,
    });
  });

  return { raw: query, terms, concepts, pricing, prefersLowCost, category, region, noSignup, unknownWords, constraints };
}

/** Words either side of an "ai" a phrase across it may reach (lexicon phrases hold at most a few words). */
const AI_PHRASE_REACH = 6;

/**
 * "music ai generator", "meeting ai notes": every app here is an AI tool, so "ai" inside a phrase says nothing and must
 * not break it. The phrases of several words found across an "ai" read as a stop word, beyond those already `found`;
 * a phrase that names "ai" itself ("ai detector") is found with it. Only the words around each "ai" are matched again:
 * listings' descriptions, read the same way for their headline needs, name AI all the time.
 */
function phrasesAcrossAi(tokens: readonly FullToken[], matcher: ConceptMatcher, found: readonly PhraseHit[]): PhraseHit[] {
  const key = (h: PhraseHit) => `${h.concept}:${h.positions.join(',')}`;
  let seen: Set<string> | null = null;
  const across: PhraseHit[] = [];
  tokens.forEach((token, at) => {
    // Only an "ai" between two words can break a phrase ("music ai generator"; not "best ai for logos").
    if (token.word !== 'ai' || token.stop || tokens[at - 1]?.stop !== false || tokens[at + 1]?.stop !== false) return;
    const start = Math.max(0, at - AI_PHRASE_REACH);
    const window = tokens.slice(start, at + AI_PHRASE_REACH + 1).map((t, k) => (start + k === at ? { ...t, stop: true } : t));
    for (const hit of matcher.match(window, false, true)) {
      const positions = hit.positions.map((pos) => pos + start);
      if (positions.length < 2 || Math.min(...positions) > at || Math.max(...positions) < at) continue;
      const shifted: PhraseHit = { ...hit, positions, ...(hit.span ? { span: [hit.span[0] + start, hit.span[1] + start] } : {}) };
      seen ??= new Set(found.map(key));
      if (!seen.has(key(shifted))) across.push(shifted);
    }
  });
  return across;
}

/** Digits that text-speak writes for a preposition: "logo 4 my bakery", "recordings 2 text". */
const DIGIT_PREPOSITIONS: Readonly<Record<string, string>> = { '2': 'to', '4': 'for' };
/** Words before a digit that make it a number ("top 4", "the 2"). */
const COUNTING_WORDS = wordSet(
  'top best first last only under over about around the my our your these those of with than in for to every each per next past within just like and or',
);
/** Singular units a number counts ("2 hour", "4 page"). */
const COUNTED_UNITS = wordSet('hour minute min second sec day week month year page time step person k');

/**
 * "logo 4 my bakery", "transcribe my recordings 2 text", "need someone 2 talk to": a 2 or 4 between two words is "to"
 * or "for" unless it counts something ("for 4 months", "2 apps", "top 4").
 */
function digitAsPreposition(repaired: readonly { word: string }[], at: number): string | null {
  const preposition = DIGIT_PREPOSITIONS[repaired[at]?.word ?? ''];
  const [before, after] = [repaired[at - 1]?.word ?? '', repaired[at + 1]?.word ?? ''].map((word) => ALIASES[word] ?? word) as [
    string,
    string,
  ];
  if (!preposition || !/^[a-z]+$/.test(before) || !/^[a-z]+$/.test(after)) return null;
  const plural = after.length > 3 && after.endsWith('s') && !/(ss|us|is)$/.test(after);
  if (COUNTING_WORDS.has(before) || COUNTED_UNITS.has(after) || plural) return null;
  return preposition;
}

/** Whether a repaired word keeps the visitor's letters: a join of split words, or a piece of a run-together word. */
function isRespacing(from: string, word: string): boolean {
  return from.includes(' ') ? from.replace(/ /g, '') === word : from.includes(word);
}
