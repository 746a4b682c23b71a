import { categoryPath, taskPath } from '@shared/browse-paths';
import type { ApiCategoriesResponse } from '@shared/schemas/public-api';
import { escapeXml } from '../blog/blog.rss';
import { appPageUrl } from '../public-api/public-api.presenter';
import type { FeedAppRow } from './feeds.repository';
import { countOf } from '@shared/pluralize';

/** One line of plain text: no line breaks inside an llms.txt item. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A Markdown link text: brackets would end it early. */
function linkText(text: string): string {
  return oneLine(text).replace(/[[\]]/g, '');
}

/**
 * `/llms.txt` (the llmstxt.org format): what Aitlas is, how to query it (API, OpenAPI, MCP), and
 * its categories with links, so an AI assistant can find its way without crawling the site.
 */
export function renderLlmsTxt(publicUrl: string, categories: ApiCategoriesResponse['data'], appCount: number): string {
  return [
    '# Aitlas',
    '',
    `> Aitlas is a marketplace of AI tools: ${countOf(appCount, 'published app')} in ${countOf(categories.length, 'category', 'categories')}, each with a description, features, use cases, pricing, rating and traffic, and an offline AI search that recommends apps for a described need with a confidence and a reason.`,
    '',
    'Aitlas answers machines as well as people. Reading needs no key; an API key (issued by the admins) only raises the rate limit.',
    '',
    '## API and agents',
    '',
    `- [API reference](${publicUrl}/developers): the public API v1, read-only, JSON, CORS open, with curl examples`,
    `- [OpenAPI 3.1 document](${publicUrl}/api/v1/openapi.json): search, apps (filters, sorting, cursor pages), one app, categories, alternatives, comparisons`,
    `- [Search](${publicUrl}/api/v1/search?q=remove%20the%20background%20from%20a%20photo): \`GET /api/v1/search?q=…&pricing=free|freemium|paid&category=…&limit=…\``,
    `- [MCP server](${publicUrl}/mcp): Streamable HTTP, stateless, tools search_ai_tools, get_ai_tool, find_alternatives, compare_ai_tools, best_ai_tools_for_task`,
    `- [New apps feed](${publicUrl}/feeds/apps.xml): Atom, optionally \`?category={slug}\` or \`?task={slug}\``,
    `- [Best AI tools by task](${publicUrl}/best): one ranked page per task; API: ${publicUrl}/api/v1/tasks`,
    '',
    '## Categories',
    '',
    ...categories.map(
      (category) =>
        `- [${linkText(category.name)}](${publicUrl}${categoryPath(category.slug)}): ${category.description ? `${oneLine(category.description)} ` : ''}(${countOf(category.appCount, 'app')}; API: ${publicUrl}/api/v1/apps?category=${encodeURIComponent(category.slug)})`,
    ),
    '',
    '## Optional',
    '',
    `- [Every published app](${publicUrl}/llms-full.txt): name, one line and page URL of each app`,
    `- [Blog](${publicUrl}/blog): guides on choosing and using AI tools`,
    '',
  ].join('\n');
}

/** `/llms-full.txt`: every published app, grouped by category: name, one line, page URL. */
export function renderLlmsFullTxt(publicUrl: string, rows: FeedAppRow[]): string {
  const lines = [
    '# Aitlas: every published AI app',
    '',
    `> ${rows.length} apps. Each line: name, what it does, its Aitlas page. JSON: ${publicUrl}/api/v1/apps`,
    '',
  ];
  let category: string | null = null;
  for (const row of rows) {
    if (row.categoryName !== category) {
      category = row.categoryName;
      lines.push(`## ${oneLine(category)}`, '');
    }
    lines.push(
      `- [${linkText(row.name)}](${appPageUrl(publicUrl, row)}): ${oneLine(row.description)}${row.pricingType ? ` (${row.pricingType})` : ''}`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

/** What a feed is narrowed to: a category, or a task page (its name is the task in words). */
export interface FeedScope {
  kind: 'category' | 'task';
  name: string;
  slug: string;
}

/** The Atom feed of newly published apps (newest first), of the whole catalogue or of one category or task. */
export function renderAppsAtomFeed(publicUrl: string, rows: FeedAppRow[], scope: FeedScope | null): string {
  const selfUrl = `${publicUrl}/feeds/apps.xml${scope ? `?${scope.kind}=${encodeURIComponent(scope.slug)}` : ''}`;
  const alternate = scope
    ? `${publicUrl}${scope.kind === 'category' ? categoryPath(scope.slug) : taskPath(scope.slug)}`
    : `${publicUrl}/`;
  const updated = rows.reduce((max, row) => (row.publishedAt > max ? row.publishedAt : max), new Date(0));
  const entries = rows.map((row) => {
    const link = appPageUrl(publicUrl, row);
    return [
      '  <entry>',
      `    <title>${escapeXml(row.name)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <id>${escapeXml(link)}</id>`,
      `    <published>${row.publishedAt.toISOString()}</published>`,
      `    <updated>${row.publishedAt.toISOString()}</updated>`,
      `    <category term="${escapeXml(row.categorySlug)}" label="${escapeXml(row.categoryName)}"/>`,
      `    <summary>${escapeXml(row.description)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(scope ? (scope.kind === 'category' ? `New ${scope.name} AI apps on Aitlas` : `New AI apps for ${scope.name} on Aitlas`) : 'New AI apps on Aitlas')}</title>`,
    '  <subtitle>AI tools newly published on Aitlas.</subtitle>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(alternate)}"/>`,
    `  <id>${escapeXml(selfUrl)}</id>`,
    `  <updated>${(rows.length > 0 ? updated : new Date()).toISOString()}</updated>`,
    '  <author><name>Aitlas</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
