import * as cheerio from 'cheerio';
import { CLAIM_META_NAME, CLAIM_WELL_KNOWN_PATH, type ClaimAttempt, type ClaimMethod } from '@shared/schemas/claim';
import { FetchRefusedError, type FetchTrace, type GuardedFetcher } from '../../lib/guarded-fetch';

/** Where a method's token is looked for: the listed URL itself, or the well-known file of its site. */
export function verificationUrl(appUrl: string, method: ClaimMethod): string {
  return method === 'meta' ? appUrl : new URL(CLAIM_WELL_KNOWN_PATH, new URL(appUrl).origin).toString();
}

/** The tokens a page or file publishes: `<meta name="aitlas-verification" content>` values, or the file's lines. */
export function publishedTokens(body: string, method: ClaimMethod): string[] {
  if (method === 'meta') {
    const $ = cheerio.load(body);
    return $(`meta[name="${CLAIM_META_NAME}"]`)
      .map((_index, element) => ($(element).attr('content') ?? '').trim())
      .get()
      .filter(Boolean)
      .slice(0, 20);
  }
  return body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 20);
}

/**
 * Looks for a claim's token on the app's site through the guarded fetch (the address guard on every
 * redirect, robots.txt, timeouts, size cap): the maker proves control of the site. Never throws for
 * the site's behaviour; what was fetched is the answer either way.
 */
export async function findToken(
  fetcher: GuardedFetcher,
  appUrl: string,
  method: ClaimMethod,
  token: string,
): Promise<ClaimAttempt> {
  const url = verificationUrl(appUrl, method);
  const trace: FetchTrace = { hops: [], status: null };
  const at = new Date().toISOString();
  try {
    const document = await fetcher.fetch(url, method === 'meta' ? 'html' : 'text', trace);
    const tokens = publishedTokens(document.body, method);
    const found = tokens.includes(token);
    const where = method === 'meta' ? `a <meta name="${CLAIM_META_NAME}"> tag on ${document.url}` : document.url;
    return {
      url,
      hops: trace.hops,
      httpStatus: document.status,
      found,
      foundTokens: tokens.filter((value) => value !== token).slice(0, 5),
      refusal: null,
      message: found
        ? `Found the token in ${where}.`
        : tokens.length > 0
          ? `Fetched ${document.url} (HTTP ${document.status}) but it publishes another token (${tokens.slice(0, 3).join(', ')}), not this claim's.`
          : `Fetched ${document.url} (HTTP ${document.status}) but found no ${method === 'meta' ? `<meta name="${CLAIM_META_NAME}"> tag` : 'token in the file'}.`,
      at,
    };
  } catch (error) {
    const refused = error instanceof FetchRefusedError;
    return {
      url,
      hops: trace.hops,
      httpStatus: trace.status,
      found: false,
      foundTokens: [],
      refusal: refused ? error.reason : 'network',
      message: `Could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}`,
      at,
    };
  }
}
