import { describe, expect, it } from 'vitest';
import { parseSource } from './discovery.source-parser';

const base = 'https://feeds.example.org/list';

describe('parseSource', () => {
  it('reads RSS item links', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://a.example/</link></item><item><link>/relative</link></item><item><link>mailto:x@y.z</link></item></channel></rss>`;
    expect(parseSource(xml, 'rss', base)).toEqual({
      urls: ['https://a.example/', 'https://feeds.example.org/relative'],
      childSitemaps: [],
    });
  });

  it('reads RSS 1.0 (RDF) item links', () => {
    const xml = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item><link>https://b.example/</link></item></rdf:RDF>`;
    expect(parseSource(xml, 'rss', base).urls).toEqual(['https://b.example/']);
  });

  it('reads Atom alternate links', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="self" href="https://c.example/self"/><link rel="alternate" href="https://c.example/app"/></entry><entry><link href="https://d.example/"/></entry></feed>`;
    expect(parseSource(xml, 'atom', base).urls).toEqual(['https://c.example/app', 'https://d.example/']);
  });

  it('reads sitemaps and sitemap indexes', () => {
    const sitemap = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://e.example/</loc></url><url><loc> https://f.example/x#top </loc></url></urlset>`;
    expect(parseSource(sitemap, 'sitemap', base).urls).toEqual(['https://e.example/', 'https://f.example/x']);
    const index = `<sitemapindex><sitemap><loc>https://e.example/sitemap-1.xml</loc></sitemap></sitemapindex>`;
    expect(parseSource(index, 'sitemap', base)).toEqual({ urls: [], childSitemaps: ['https://e.example/sitemap-1.xml'] });
  });

  it('reads JSON arrays of URLs or of objects with url, and JSON Feed items', () => {
    expect(parseSource(JSON.stringify(['https://g.example/', { url: 'https://h.example/' }, 42]), 'json', base).urls).toEqual([
      'https://g.example/',
      'https://h.example/',
    ]);
    expect(parseSource(JSON.stringify({ items: [{ external_url: 'https://i.example/' }] }), 'json', base).urls).toEqual([
      'https://i.example/',
    ]);
  });

  it('deduplicates URLs', () => {
    expect(parseSource(JSON.stringify(['https://g.example/', 'https://g.example/#x']), 'json', base).urls).toEqual([
      'https://g.example/',
    ]);
  });

  it('refuses documents that are not what they should be, with a readable reason', () => {
    expect(() => parseSource('{oops', 'json', base)).toThrow('not valid JSON');
    expect(() => parseSource(JSON.stringify({ hello: 'world' }), 'json', base)).toThrow('expected a JSON array');
    expect(() => parseSource('<html><body>hi</body></html>', 'rss', base)).toThrow('not an RSS or Atom feed, nor a sitemap');
  });
});
