import { readFileSync } from 'node:fs';

/**
 * Task and capability knowledge, kept as data in `lexicon/concepts.txt` (one phrase a line, with why it is there)
 * and `lexicon/aliases.txt`, read once at start-up. Each concept links the everyday words visitors use for a need
 * (`cues`) to the capability vocabulary app listings use for it (`terms`). Nothing in it names an app: the knowledge
 * is about tasks, audiences, platforms and plain language, so it transfers to unseen catalogues.
 */

/** What a concept describes; platforms and audiences are softer signals than tasks. */
export type ConceptKind = 'task' | 'platform' | 'audience';

/** One entry of the lexicon. */
export interface ConceptEntry {
  id: string;
  /** Human wording used in explanations ("Matches your need for {label}"). */
  label: string;
  kind: ConceptKind;
  /** Visitor phrasings, matched in queries only. */
  cues: string[];
  /** Capability vocabulary, matched in queries and listings and used to expand queries. */
  terms: string[];
  /**
   * Capability vocabulary matched in listings only: a word listings use in one sense and visitors in another
   * ("Teams" the chat app against "our team"). Used to expand queries like `terms`.
   */
  listingTerms: string[];
  /**
   * One-word visitor phrasings matched only as written (or as their plural), not by their stem: Porter folds
   * "booking" into "book", and "summarise a book" is no calendar booking.
   */
  exactCues: string[];
  /** A text task that a general-purpose assistant can partly serve. */
  generalist: boolean;
  /**
   * A task a general-purpose assistant does as well as a dedicated tool (one-off drafting, recipes, trip plans):
   * "generalist: full" in the data.
   */
  generalistFull: boolean;
  /**
   * Words of which a listing must use one for the concept to count as its capability ("requires: photo image"):
   * the generic terms of photo enhancement ("noise reduction", "upscaling") also describe video tools.
   */
  requires: string[];
  /**
   * Concepts whose apps also do this job, for a need few listings name ("served-by: image-generation" for picturing
   * a room before repainting it): reading this concept reads those too, more weakly.
   */
  servedBy: string[];
}

const KINDS: ReadonlySet<string> = new Set(['task', 'platform', 'audience']);

/** A line without its trailing "# why" comment (a "#" inside a phrase, as in "c#", is kept). */
function content(line: string): string {
  return line.replace(/\s+#\s.*$/, '').trim();
}

/**
 * Parses the concepts file. Throws with the line number on anything it does not understand, so a typo in the data
 * stops the server at start-up instead of silently dropping knowledge.
 */
export function parseConcepts(text: string, source = 'concepts.txt'): ConceptEntry[] {
  const concepts: ConceptEntry[] = [];
  let current: ConceptEntry | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = content(raw);
    if (line === '' || line.startsWith('#')) return;
    const fail = (why: string): never => {
      throw new Error(`${source}:${index + 1}: ${why}: ${raw}`);
    };
    const head = /^\[([a-z0-9-]+)\]\s+(\w+)$/.exec(line);
    if (head) {
      const kind = head[2] ?? '';
      if (!KINDS.has(kind)) fail(`unknown kind "${kind}"`);
      if (concepts.some((entry) => entry.id === head[1])) fail('duplicate concept id');
      current = {
        id: head[1] ?? '',
        label: '',
        kind: kind as ConceptKind,
        cues: [],
        terms: [],
        listingTerms: [],
        exactCues: [],
        generalist: false,
        generalistFull: false,
        requires: [],
        servedBy: [],
      };
      concepts.push(current);
      return;
    }
    if (!current) return fail('a phrase before the first [concept]');
    const entry: ConceptEntry = current;
    if (line === 'generalist' || line === 'generalist: full') {
      entry.generalist = true;
      entry.generalistFull = line === 'generalist: full';
      return;
    }
    const field = /^(label|why|cue|exact-cue|term|listing-term|requires|served-by):\s*(.+)$/.exec(line);
    if (!field) return fail('expected label:, why:, cue:, exact-cue:, term:, listing-term:, requires:, served-by: or generalist');
    const value = (field[2] ?? '').trim();
    if (field[1] === 'label') entry.label = value;
    else if (field[1] === 'requires') entry.requires.push(...value.split(/\s+/));
    else if (field[1] === 'served-by') entry.servedBy.push(...value.split(/\s+/));
    else if (field[1] === 'cue') entry.cues.push(value);
    else if (field[1] === 'term') entry.terms.push(value);
    else if (field[1] === 'listing-term') entry.listingTerms.push(value);
    else if (field[1] === 'exact-cue') {
      if (/\s/.test(value)) fail('an exact-cue is one word');
      entry.exactCues.push(value);
    }
  });
  for (const entry of concepts) {
    if (!entry.label) throw new Error(`${source}: concept [${entry.id}] has no label`);
    for (const id of entry.servedBy)
      if (!concepts.some((other) => other.id === id && other.kind === 'task'))
        throw new Error(`${source}: concept [${entry.id}] is served by [${id}], which is no task concept`);
  }
  return concepts;
}

/** Parses the aliases file ("vid = video" a line). */
export function parseAliases(text: string, source = 'aliases.txt'): Record<string, string> {
  const aliases: Record<string, string> = {};
  text.split('\n').forEach((raw, index) => {
    const line = content(raw);
    if (line === '' || line.startsWith('#')) return;
    const pair = /^([a-z0-9]+)\s*=\s*([a-z0-9 ]+)$/.exec(line);
    if (!pair) throw new Error(`${source}:${index + 1}: expected "short = word": ${raw}`);
    aliases[pair[1] ?? ''] = (pair[2] ?? '').trim();
  });
  return aliases;
}

const read = (name: string) => readFileSync(new URL(`./lexicon/${name}`, import.meta.url), 'utf8');

/** Informal spellings and abbreviations mapped to the word a listing would use; applied to query words before stemming. */
export const ALIASES: Readonly<Record<string, string>> = parseAliases(read('aliases.txt'));

/**
 * The entries with their visitor phrasings also spelled as queries are read: a query's "bot" is read as "chatbot" and
 * its "colour" as "color" (`ALIASES`) before any cue is matched, so a cue written the visitor's way ("no bot", "paint
 * colour") gets the reading's spelling beside its own (which keeps its words known to the spelling correction).
 */
export function withAliasedCues(entries: ConceptEntry[], aliases: Readonly<Record<string, string>>): ConceptEntry[] {
  const spell = (phrase: string) =>
    phrase
      .split(' ')
      .map((word) => aliases[word] ?? word)
      .join(' ');
  for (const entry of entries) {
    entry.cues = [...new Set(entry.cues.flatMap((cue) => [cue, spell(cue)]))];
    entry.exactCues = [...new Set(entry.exactCues.flatMap((cue) => [cue, spell(cue)]))].filter((cue) => !/\s/.test(cue));
  }
  return entries;
}

/** The lexicon. Broad on purpose: it covers the needs visitors bring to an AI-tools marketplace. */
export const CONCEPTS: readonly ConceptEntry[] = withAliasedCues(parseConcepts(read('concepts.txt')), ALIASES);

/** A tag as matched whole: lower case, hyphens, underscores and spaces alike. */
export function normaliseTag(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')
    .trim();
}

/**
 * Tags that say, whole, that an app is an assistant ("assistant", "chatbot", "llm", "general-purpose"), from the
 * lexicon's assistant vocabulary. A listing is a general-purpose assistant only when it is classified as one, not
 * when it offers "an AI assistant" inside a scheduler or a BI tool.
 */
const ASSISTANT_TAGS: ReadonlySet<string> = new Set(
  CONCEPTS.filter((entry) => entry.id === 'assistant' || entry.id === 'general-assistant').flatMap((entry) =>
    entry.terms.map(normaliseTag),
  ),
);

/** True when one of the listing's tags classifies it as an assistant (see `ASSISTANT_TAGS`). */
export function taggedAsAssistant(tags: readonly string[]): boolean {
  return tags.some((tag) => ASSISTANT_TAGS.has(normaliseTag(tag)));
}

/** Text-in, text-out tasks that a general-purpose assistant can partly serve. */
export const GENERALIST_TASKS: ReadonlySet<string> = new Set(
  CONCEPTS.filter((entry) => entry.generalist).map((entry) => entry.id),
);
