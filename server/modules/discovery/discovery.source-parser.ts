import { XMLParser } from 'fast-xml-parser';
import type { DiscoverySourceType } from '@shared/schemas/discovery';

/** What a source document lists: candidate page URLs, and for a sitemap index the child sitemaps. */
export interface SourceListing {
  urls: string[];
  childSitemaps: string[];
}

/** Candidate URLs read from one source at most; a huge sitemap is read in part. */
export const MAX_URLS_PER_SOURCE = 500;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  processEntities: true,
  // Feeds and sitemaps are data: no entity expansion beyond the XML basics, no DTDs.
  htmlEntities: false,
});

type Node = Record<string, unknown>;

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const node = value as Node;
    if (typeof node['#text'] === 'string') return node['#text'].trim();
    if (typeof node['@_href'] === 'string') return node['@_href'].trim();
  }
  return '';
}

/** Absolute http(s) URLs only, resolved against the source, without fragments, first occurrence kept. */
function httpUrls(candidates: string[], base: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate, base);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      url.hash = '';
      const value = url.toString();
      if (seen.has(value)) continue;
      seen.add(value);
      result.push(value);
      if (result.length >= MAX_URLS_PER_SOURCE) break;
    } catch {
      // An unusable entry is skipped; the rest of the feed still counts.
    }
  }
  return result;
}

function atomLink(entry: Node): string {
  const links = asArray(entry.link) as Node[];
  const alternate = links.find(
    (link) => typeof link === 'object' && (link['@_rel'] === undefined || link['@_rel'] === 'alternate'),
  );
  return textOf(alternate ?? links[0]);
}

/**
 * Reads the candidate URLs of a feed (RSS 2.0, RSS 1.0/RDF, Atom), a sitemap or sitemap index, or a
 * JSON list (an array of URLs, of objects with `url`, or a JSON Feed's `items`). The declared type
 * selects XML or JSON; within XML the document's own root decides, so a mislabelled feed still works.
 * @throws Error with a readable message when the document is not what it should be.
 */
export function parseSource(body: string, type: DiscoverySourceType, sourceUrl: string): SourceListing {
  if (type === 'json') return { urls: httpUrls(jsonUrls(body), sourceUrl), childSitemaps: [] };
  let document: Node;
  try {
    document = parser.parse(body) as Node;
  } catch (error) {
    throw new Error(`not valid XML (${error instanceof Error ? error.message : 'parse error'})`);
  }
  const rss = document.rss as Node | undefined;
  if (rss) {
    const channel = (asArray(rss.channel)[0] ?? {}) as Node;
    return {
      urls: httpUrls(
        asArray(channel.item).map((item) => textOf((item as Node).link)),
        sourceUrl,
      ),
      childSitemaps: [],
    };
  }
  const rdf = document.RDF as Node | undefined;
  if (rdf)
    return {
      urls: httpUrls(
        asArray(rdf.item).map((item) => textOf((item as Node).link)),
        sourceUrl,
      ),
      childSitemaps: [],
    };
  const feed = document.feed as Node | undefined;
  if (feed)
    return {
      urls: httpUrls(
        asArray(feed.entry).map((entry) => atomLink(entry as Node)),
        sourceUrl,
      ),
      childSitemaps: [],
    };
  const urlset = document.urlset as Node | undefined;
  if (urlset)
    return {
      urls: httpUrls(
        asArray(urlset.url).map((entry) => textOf((entry as Node).loc)),
        sourceUrl,
      ),
      childSitemaps: [],
    };
  const index = document.sitemapindex as Node | undefined;
  if (index)
    return {
      urls: [],
      childSitemaps: httpUrls(
        asArray(index.sitemap).map((entry) => textOf((entry as Node).loc)),
        sourceUrl,
      ),
    };
  throw new Error('not an RSS or Atom feed, nor a sitemap');
}

function jsonUrls(body: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Error('not valid JSON');
  }
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? (asArray((value as Node).items ?? (value as Node).urls ?? (value as Node).apps ?? (value as Node).tools) as unknown[])
      : [];
  if (!Array.isArray(value) && list.length === 0) throw new Error('expected a JSON array of URLs or of objects with a url');
  return list.map((entry) => {
    if (typeof entry === 'string') return entry.trim();
    if (entry && typeof entry === 'object') {
      const node = entry as Node;
      return textOf(node.url ?? node.external_url ?? node.link ?? node.website);
    }
    return '';
  });
}
