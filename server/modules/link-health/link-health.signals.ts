import { createHash } from 'node:crypto';
import * as cheerio from 'cheerio';
import { getDomain } from 'tldts';

/** What the checker keeps of a page: its title, description and whether it looks parked. */
export interface PageSignals {
  title: string;
  description: string;
  /** Hash of the normalised title and description: equal hashes mean an unchanged page. */
  fingerprint: string;
  /** The parking/for-sale marker the page matched, or null. */
  parkedMarker: string | null;
}

/**
 * Phrases of parked and for-sale pages. Parking services serve near-identical templates, so a few
 * phrases catch most of them; each is specific enough not to appear on a product's own page.
 */
const PARKED_PHRASES = [
  'this domain is for sale',
  'this domain may be for sale',
  'the domain is for sale',
  'domain is for sale',
  'buy this domain',
  'this domain name is for sale',
  'make an offer on this domain',
  'this domain has been registered',
  'this domain is parked',
  'domain parked',
  'parked free',
  'this web page is parked',
  'the domain owner may be interested in selling',
  'inquire about this domain',
  'is available for purchase',
];

/** Hosts (registrable domains) of domain marketplaces and parking services: landing there means the domain is for sale. */
const PARKING_DOMAINS = new Set([
  'sedo.com',
  'sedoparking.com',
  'dan.com',
  'afternic.com',
  'hugedomains.com',
  'parkingcrew.net',
  'bodis.com',
  'above.com',
  'undeveloped.com',
  'parklogic.com',
  'domainmarket.com',
  'buydomains.com',
  'namebright.com',
  'uniregistry.com',
]);

/** Script sources of parking services embedded in parked pages. */
const PARKING_SCRIPTS = /(parkingcrew|sedoparking|bodis|parklogic|above\.com\/|dan\.com\/|afternic)/i;

function clean(text: string | undefined | null): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The registrable domain of a URL (public-suffix aware: `app.example.co.uk` → `example.co.uk`);
 * for an IP address or a single-label host, the host itself.
 */
export function registrableDomain(rawUrl: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(rawUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
}

/** Lower-case word tokens of a text (letters and digits). */
export function textTokens(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Cosine similarity of two texts' token counts, 0–1. */
export function tokenCosine(a: string, b: string): number {
  const count = (text: string) => {
    const counts = new Map<string, number>();
    for (const token of textTokens(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
    return counts;
  };
  const left = count(a);
  const right = count(b);
  let dot = 0;
  for (const [token, n] of left) dot += n * (right.get(token) ?? 0);
  const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));
  const denominator = norm(left) * norm(right);
  return denominator === 0 ? (left.size === 0 && right.size === 0 ? 1 : 0) : dot / denominator;
}

/** The fingerprint of a title and description (normalised: case, spacing and punctuation do not count). */
export function fingerprintOf(title: string, description: string): string {
  const normalised = `${textTokens(title).join(' ')}\n${textTokens(description).join(' ')}`;
  return createHash('sha256').update(normalised).digest('hex').slice(0, 20);
}

/** Reads a page's title, description and parking markers. */
export function pageSignals(html: string, finalUrl: string): PageSignals {
  const $ = cheerio.load(html);
  const title = clean($('title').first().text()) || clean($('meta[property="og:title"]').attr('content'));
  const description =
    clean($('meta[name="description"]').attr('content')) || clean($('meta[property="og:description"]').attr('content'));
  return { title, description, fingerprint: fingerprintOf(title, description), parkedMarker: parkedMarker($, finalUrl) };
}

function parkedMarker($: cheerio.CheerioAPI, finalUrl: string): string | null {
  const domain = registrableDomain(finalUrl);
  if (domain && PARKING_DOMAINS.has(domain)) return `lands on ${domain}, a domain marketplace`;
  for (const element of $('script[src]').toArray()) {
    const src = $(element).attr('src') ?? '';
    if (PARKING_SCRIPTS.test(src)) return `embeds a parking service script (${src.slice(0, 80)})`;
  }
  $('script, style, noscript').remove();
  const text = clean(`${$('title').text()} ${$('body').text()}`)
    .toLowerCase()
    .slice(0, 20_000);
  const phrase = PARKED_PHRASES.find((candidate) => text.includes(candidate));
  return phrase ? `says "${phrase}"` : null;
}
