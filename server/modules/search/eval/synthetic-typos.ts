import type { EvalQuery } from './run-eval';

/** Rows of a QWERTY keyboard, for slips of a neighbouring key. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Words a slip is never made in: too short to mean much, or the framing every query shares. */
const UNTOUCHED = new Set(
  'the and for with that this from into your what best free tool tools app apps make want need help some like without about'.split(
    ' ',
  ),
);

/** Query styles whose words are typed right in the judged sets, so that a slip added to them is the only slip. */
export const SLIP_STYLES = ['short', 'constraint', 'keywords', 'informal', 'sentence', 'situation'] as const;

/** A small seeded generator (a linear congruential one): the same seed gives the same slips on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

function neighbour(letter: string, random: () => number): string {
  for (const row of KEY_ROWS) {
    const i = row.indexOf(letter);
    if (i >= 0) return row[Math.max(0, Math.min(row.length - 1, i + (random() < 0.5 ? -1 : 1)))] ?? letter;
  }
  return letter;
}

/**
 * One typing slip in a word of four letters or more, never in its first letter: a letter left out, two neighbours
 * swapped, a letter doubled, a neighbouring key, or the last vowel dropped ("vocal" → "vocl").
 */
export function slip(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 5)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
    case 2:
      return word.slice(0, at) + (word[at] ?? '') + word.slice(at);
    case 3:
      return word.slice(0, at) + neighbour(word[at] ?? '', random) + word.slice(at + 1);
    default: {
      const dropped = word.replace(/[aeiou](?=[^aeiou]*$)/, '');
      return dropped.length >= 3 && dropped !== word ? dropped : word.slice(0, at) + word.slice(at + 1);
    }
  }
}

/**
 * The judged queries of the slip styles with typing slips added (one per query, two in queries over 60 characters),
 * same ids with a `~` and the same judgments: how much a query loses to slips measures the typo handling on the
 * team's own wording rather than on the few typo queries of an evaluation set.
 */
export function withSlips(queries: readonly EvalQuery[], seed: number): EvalQuery[] {
  const random = seeded(seed);
  return queries
    .filter((query) => (SLIP_STYLES as readonly string[]).includes(query.style))
    .map((query) => {
      const words = query.query.split(' ');
      const candidates = words.flatMap((word, i) => (/^[a-z]{4,}$/.test(word) && !UNTOUCHED.has(word) ? [i] : []));
      const count = Math.min(candidates.length, query.query.length > 60 ? 2 : 1);
      for (let k = 0; k < count; k++) {
        const [position] = candidates.splice(Math.floor(random() * candidates.length), 1);
        if (position !== undefined) words[position] = slip(words[position] as string, random);
      }
      return { ...query, id: `${query.id}~`, query: words.join(' ') };
    });
}
