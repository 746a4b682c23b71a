import { readFileSync } from 'node:fs';
import { words } from './tokenize';

/** A product outside the catalogue and the job it does, as words the engine knows. */
interface KnownProduct {
  name: string[];
  job: string;
}

/** Wording that compares with a product: only then (or "with ai") is its name read as its job ("siri but smarter"). */
const COMPARISON_WORDS: ReadonlySet<string> = new Set(
  'but like alternative alternatives similar instead replace replacement vs versus than better cheaper smarter simpler easier'.split(
    ' ',
  ),
);

/** How many words around a product's name a comparison word may stand ("an *alternative to* alexa", "siri *but* smarter"). */
const COMPARISON_REACH = 2;

/** Parses `lexicon/known-products.txt` ("name = what it does" a line). */
export function parseKnownProducts(text: string): KnownProduct[] {
  const products: KnownProduct[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const pair = /^(.+?)\s*=\s*(.+)$/.exec(line);
    if (!pair) throw new Error(`known-products.txt:${index + 1}: expected "name = what it does": ${raw}`);
    products.push({ name: words(pair[1] ?? ''), job: (pair[2] ?? '').trim() });
  });
  // Longest names first, so "google docs" wins over "google".
  return products.sort((a, b) => b.name.length - a.name.length);
}

const PRODUCTS = parseKnownProducts(readFileSync(new URL('./lexicon/known-products.txt', import.meta.url), 'utf8'));

/**
 * The query with well-known products that are not in the catalogue replaced by the job they do, when the query
 * compares with them ("alexa but smarter" → "voice assistant chatbot but smarter"), and what was
 * read; null when nothing was replaced. `isListed` says whether a word sequence is an app of the catalogue, whose
 * name is never rewritten.
 */
export function readKnownProducts(
  query: string,
  isListed: (name: string) => boolean,
): { text: string; read: { from: string; to: string }[] } | null {
  const qw = words(query);
  // "calendly with ai", "excel with ai": an AI take on the product compares with it too.
  const withAi = qw.some(
    (w, i) => w === 'with' && (qw[i + 1] === 'ai' || (qw[i + 2] === 'ai' && (qw[i + 1] === 'a' || qw[i + 1] === 'an'))),
  );
  if (!withAi && !qw.some((w) => COMPARISON_WORDS.has(w))) return null;
  const out: string[] = [];
  const read: { from: string; to: string }[] = [];
  // The comparison is with the product it stands beside: in "reviews across tripadvisor, google and booking … but
  // nobody has time", Google is where the reviews are, not a product to replace.
  const compared = (start: number, end: number): boolean =>
    [...qw.slice(Math.max(0, start - COMPARISON_REACH), start), ...qw.slice(end, end + COMPARISON_REACH)].some((w) =>
      COMPARISON_WORDS.has(w),
    ) ||
    (qw[end] === 'with' && (qw[end + 1] === 'ai' || qw[end + 2] === 'ai'));
  for (let i = 0; i < qw.length;) {
    const product = PRODUCTS.find((p) => p.name.every((w, k) => qw[i + k] === w));
    if (product && !isListed(product.name.join(' ')) && compared(i, i + product.name.length)) {
      out.push(product.job);
      read.push({ from: product.name.join(' '), to: product.job });
      i += product.name.length;
    } else {
      out.push(qw[i] as string);
      i++;
    }
  }
  return read.length > 0 ? { text: out.join(' '), read } : null;
}
