import { markdownToPlainText, renderMarkdown } from '@shared/markdown';
import { publicationDate } from './blog.presenter';
import type { BlogPostRow } from './blog.repository';

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// Characters XML 1.0 forbids even when escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for XML content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);
}

/** Wraps HTML in CDATA; a "]]>" inside is split across two sections. */
function cdata(html: string): string {
  return `<![CDATA[${html.replace(INVALID_XML_CHARS, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** The summary of a post in feeds: its excerpt, else the start of its text. */
export function postSummary(row: Pick<BlogPostRow, 'excerpt' | 'content'>): string {
  return row.excerpt?.trim() || markdownToPlainText(row.content, 300);
}

/**
 * The blog's RSS 2.0 feed: every published post (newest first) with an absolute link, its summary
 * and its full sanitised HTML.
 */
export function renderRssFeed(publicUrl: string, posts: BlogPostRow[]): string {
  const blogUrl = `${publicUrl}/blog`;
  const newest = posts.reduce<Date | null>((max, post) => {
    const date = post.updatedAt > publicationDate(post) ? post.updatedAt : publicationDate(post);
    return max && max > date ? max : date;
  }, null);
  const items = posts.map((post) => {
    const link = `${blogUrl}/${encodeURIComponent(post.slug)}`;
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${publicationDate(post).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...(post.category ? [`      <category>${escapeXml(post.category)}</category>`] : []),
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(postSummary(post))}</description>`,
      `      <content:encoded>${cdata(renderMarkdown(post.content))}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    '    <title>Aitlas Blog: AI Insights &amp; Innovation</title>',
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <atom:link href="${escapeXml(`${blogUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    '    <description>Expert insights, trends and practical guides on choosing and using AI tools.</description>',
    '    <language>en-us</language>',
    ...(newest ? [`    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
