import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { markdownToPlainText, renderMarkdown, sanitizeBlogHtml } from './markdown';

const ALLOWED_TAGS = new Set([
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
]);
const ALLOWED_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'rel', 'target']),
  img: new Set(['src', 'alt', 'title', 'width', 'height', 'loading']),
  ol: new Set(['start']),
  th: new Set(['align', 'scope']),
  td: new Set(['align']),
  code: new Set(['class']),
};

/** Every URL left in the output is http(s), mailto (links only) or relative to the site. */
function isSafeUrl(value: string, tag: string): boolean {
  const trimmed = value.trim();
  if (/^https?:\/\/[^/]/i.test(trimmed)) return true;
  if (tag === 'a' && /^mailto:/i.test(trimmed)) return true;
  // Relative: no scheme at all, and not protocol-relative.
  return !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//') && !/^[\\/]{2}/.test(trimmed);
}

/** Fails unless the HTML holds only allowed tags, allowed attributes and safe URLs. */
function expectSafe(html: string, payload: string): void {
  const $ = cheerio.load(html, null, false);
  $('*').each((_, element) => {
    if (element.type !== 'tag') return;
    const tag = element.tagName.toLowerCase();
    expect(ALLOWED_TAGS.has(tag), `<${tag}> from ${payload}`).toBe(true);
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(ALLOWED_ATTRIBUTES[tag]?.has(name.toLowerCase()), `${tag}[${name}] from ${payload}`).toBe(true);
      if (name === 'href' || name === 'src') expect(isSafeUrl(value, tag), `${tag}[${name}=${value}] from ${payload}`).toBe(true);
    }
  });
  // Text is escaped, so a "<" in the output always opens a real tag.
  expect(html, payload).not.toMatch(
    /<\s*(script|iframe|object|embed|form|input|button|textarea|select|style|link|meta|base|svg|math|frame|frameset|template)\b/i,
  );
}

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<p style="color:red">red</p>',
  '<style>body{display:none}</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name="password"><button>Go</button></form>',
  '<textarea autofocus onfocus=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">click</a>',
  '<a href="javascript&colon;alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="//evil.example">protocol-relative</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](<javascript:alert(1)>)',
  '[click](javascript&#58;alert(1))',
  '[click](data:text/html,<script>alert(1)</script>)',
  '![x](javascript:alert(1))',
  '![x](data:image/png;base64,AAAA)',
  '![x" onerror="alert(1)](https://img.example/a.png)',
  '[x](https://ok.example "title\\" onmouseover=\\"alert(1)")',
  '<https://ok.example/?q=<script>alert(1)</script>>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '<!-- <script>alert(1)</script> -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://ok.example" onclick="alert(1)" style="color:red" target="_self" rel="opener">ok</a>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<x onclick=alert(1)>custom</x>',
];

describe('renderMarkdown sanitises', () => {
  it.each(XSS_PAYLOADS)('%s', (payload) => {
    expectSafe(renderMarkdown(payload), payload);
    expectSafe(renderMarkdown(`Some text\n\n${payload}\n\nMore text`), payload);
    expectSafe(sanitizeBlogHtml(payload), payload);
  });

  it('keeps code samples as visible, escaped text', () => {
    expect(renderMarkdown('`<script>alert(1)</script>`')).toContain('<code>&lt;script&gt;alert(1)&lt;/script&gt;</code>');
    expect(renderMarkdown('```js\nconst a = 1 < 2;\n```')).toContain('<pre><code class="language-js">const a = 1 &lt; 2;');
  });
});

describe('renderMarkdown formats', () => {
  it('renders headings (an h1 becomes h2), lists, emphasis, quotes and tables', () => {
    const html = renderMarkdown(
      '# Top\n\n## Section\n\n- one\n- **two**\n\n1. first\n\n> quoted *text*\n\n| a | b |\n|:-|-:|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Top</h2>');
    expect(html).toContain('<h2>Section</h2>');
    expect(html).toContain('<li><strong>two</strong></li>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<th align="left">a</th>');
    expect(html).not.toContain('<h1');
  });

  it('opens external links in a new tab without an opener, and leaves site links alone', () => {
    const html = renderMarkdown('[ext](https://example.com/a) [site](/blog/other) [mail](mailto:hi@example.com)');
    expect(html).toContain('<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">ext</a>');
    expect(html).toContain('<a href="/blog/other">site</a>');
    expect(html).toContain('<a href="mailto:hi@example.com">mail</a>');
  });

  it('keeps http(s) images with their alt text, lazily loaded', () => {
    expect(renderMarkdown('![A chart](https://img.example.com/chart.png)')).toContain(
      '<img src="https://img.example.com/chart.png" alt="A chart" loading="lazy" />',
    );
  });
});

describe('markdownToPlainText', () => {
  it('drops markup and scripts, decodes entities and shortens', () => {
    expect(markdownToPlainText('## Hi\n\nA &amp; B <script>x()</script> **bold** &lt;tag&gt; &amp;lt;')).toBe(
      'Hi A & B bold <tag> &lt;',
    );
    expect(markdownToPlainText('word '.repeat(100), 20)).toHaveLength(20);
  });
});
