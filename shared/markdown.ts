import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The one Markdown renderer of the blog: the server renders published posts with it and the admin
 * editor's live preview runs the very same code, so what a curator previews is what visitors get.
 * marked does not sanitise, so everything it produces (raw HTML in the Markdown included) goes
 * through an allow-list: no scripts, event handlers, styles, iframes, forms or non-http(s) URLs.
 */

// GitHub-flavoured Markdown, line breaks as written; one instance so other users of marked are unaffected.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'sub',
  'sup',
  'mark',
  'kbd',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** True when a link leaves the site: an absolute http(s) URL (relative links stay on Aitlas). */
function isExternalHref(href: string | undefined): boolean {
  return href !== undefined && /^\s*https?:\/\//i.test(href);
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['align', 'scope'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  transformTags: {
    // The page's title is its only h1; headings in a post start one level below.
    h1: 'h2',
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const kept: sanitizeHtml.Attributes = {};
      if (href !== undefined) kept.href = href;
      if (title !== undefined) kept.title = title;
      if (isExternalHref(href)) {
        kept.rel = 'noopener noreferrer';
        kept.target = '_blank';
      }
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Sanitises HTML with the blog's allow-list. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** Renders a post's Markdown to safe HTML (the same output on the server and in the admin preview). */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return sanitizeBlogHtml(html);
}

/** The plain text of a post's Markdown (for feeds and descriptions), at most `maxLength` characters. */
export function markdownToPlainText(source: string, maxLength = 300): string {
  const text = sanitizeHtml(markdown.parse(source, { async: false }), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}
