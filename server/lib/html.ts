import type { PageHead } from './page-head';

const SITE_NAME = 'Aitlas';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/**
 * Serialises a JSON-LD object for a `<script type="application/ld+json">` block. `<`, `>` and `&`
 * become \u escapes so that no value can close the script element or open a comment, and the
 * line separators that older JavaScript parsers reject are escaped too.
 */
export function serializeJsonLd(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The full title of a page: "{title} | Aitlas", unless the title already names the site. */
export function fullTitle(title: string): string {
  return /\bAitlas\b/.test(title) ? title : `${title} | ${SITE_NAME}`;
}

/** Shortens text to at most `max` characters on a word boundary, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Joins a path to the public base URL; absolute URLs are kept. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The tags of a page's `<head>`: title, description, canonical, robots, Open Graph, Twitter, JSON-LD. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const title = fullTitle(head.title);
  const description = truncate(head.description, 300);
  const canonical = absoluteUrl(publicUrl, head.canonicalPath);
  const image = head.image ? absoluteUrl(publicUrl, head.image) : null;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    head.noindex ? meta('name', 'robots', 'noindex, nofollow') : null,
    ...(head.feeds ?? []).map(
      (feed) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absoluteUrl(publicUrl, feed.path))}" />`,
    ),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    image ? meta('property', 'og:image', image) : null,
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    image ? meta('name', 'twitter:image', image) : null,
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${serializeJsonLd(data)}</script>`),
  ];
  return tags.filter((tag): tag is string => tag !== null).join('\n    ');
}

/**
 * Puts the head, the server-rendered body and the data it was rendered with into the shell at its
 * markers. A function replacement keeps `$` sequences in the values literal.
 */
export function renderDocument(template: string, headHtml: string, bodyHtml: string, stateHtml = ''): string {
  const document = template.replace('<!--app-head-->', () => headHtml).replace('<!--app-body-->', () => bodyHtml);
  // A shell built before the state marker existed still carries the data, so the page never loses it.
  if (document.includes('<!--app-state-->')) return document.replace('<!--app-state-->', () => stateHtml);
  return document.replace('</body>', () => `${stateHtml}\n  </body>`);
}
