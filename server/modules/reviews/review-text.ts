import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

// Markdown links keep their words; addresses (with a scheme, "www." or a bare domain with a path
// or a common top-level domain) go: a review is about the app, not a way to place links.
const MARKDOWN_LINK = /!?\[([^\]]*)\]\([^)]*\)/g;
const URL_LIKE = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/gi;
const BARE_DOMAIN =
  /\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:com|net|org|io|ai|co|app|dev|xyz|info|biz|me|ly|gg|ru|cn|tk|top|site|online|shop)\b(?:\/\S*)?/gi;
/** Longer raw fields are refused as they are (the stored limits are far below). */
const RAW_TEXT_MAX = 20_000;
const EMAIL = /\b[^\s@]+@[^\s@]+\.[a-z]{2,}\b/gi;

/**
 * A visitor's text as it is stored and shown: HTML tags dropped (the contents of script and style
 * with them), entities decoded once (React escapes on output), links and addresses removed, spaces
 * collapsed, at most one blank line between paragraphs.
 */
export function plainReviewText(value: string): string {
  const withoutTags = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return withoutTags
    .replace(/&(?:amp|lt|gt|quot|nbsp|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(MARKDOWN_LINK, '$1')
    .replace(EMAIL, '')
    .replace(URL_LIKE, '')
    .replace(BARE_DOMAIN, '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Strips markup and links from the text fields of a review body before it is validated; other values pass unchanged. */
export function cleanReviewBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const cleaned: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of ['title', 'text', 'name']) {
    const value = cleaned[key];
    // Far past any limit: left as it is for the schema to refuse, without parsing megabytes of markup.
    if (typeof value !== 'string' || value.length > RAW_TEXT_MAX) continue;
    const plain = plainReviewText(value);
    // A title or a name is one line.
    cleaned[key] = key === 'text' ? plain : plain.replace(/\s+/g, ' ');
  }
  return cleaned;
}
