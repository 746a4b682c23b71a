import { describe, expect, it } from 'vitest';
import { escapeHtml, renderDocument, renderHead, serializeJsonLd, truncate } from './html';

describe('escapeHtml', () => {
  it('escapes markup and both quote kinds', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element or open a comment', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script><!--', ampersand: 'a & b' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!--', ampersand: 'a & b' });
  });

  it('escapes the line separators', () => {
    expect(serializeJsonLd({ text: 'a\u2028b\u2029c' })).toBe('{"text":"a\\u2028b\\u2029c"}');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text on a word with an ellipsis', () => {
    expect(truncate('  short   text ', 50)).toBe('short text');
    const cut = truncate('one two three four five six seven eight nine ten', 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut).toBe('one two three four…');
  });
});

describe('renderHead', () => {
  it('renders title, description, canonical, Open Graph, Twitter and JSON-LD, all escaped', () => {
    const html = renderHead(
      {
        title: 'Tom & "Jerry" <3',
        description: 'Cats & mice',
        canonicalPath: '/ai-apps/x/y',
        image: 'https://img.example/a.png',
        jsonLd: [{ '@type': 'Thing', name: '</script>' }],
        noindex: true,
      },
      'https://aitlas.example',
    );
    expect(html).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;3 | Aitlas</title>');
    expect(html).toContain('<meta name="description" content="Cats &amp; mice" />');
    expect(html).toContain('<link rel="canonical" href="https://aitlas.example/ai-apps/x/y" />');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta property="og:url" content="https://aitlas.example/ai-apps/x/y" />');
    expect(html).toContain('<meta property="og:image" content="https://img.example/a.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script\\u003e"}</script>');
    expect(html).not.toContain('</script><');
  });

  it('omits robots and images when not given', () => {
    const html = renderHead({ title: 'Home', description: 'd', canonicalPath: '/' }, 'http://localhost:3000');
    expect(html).not.toContain('robots');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
  });
});

describe('renderDocument', () => {
  it('fills both markers and keeps dollar signs literal', () => {
    const doc = renderDocument(
      '<head><!--app-head--></head><div id="root"><!--app-body--></div>',
      '<title>$& $1</title>',
      '<p>$$</p>',
    );
    expect(doc).toBe('<head><title>$& $1</title></head><div id="root"><p>$$</p></div>');
  });

  it('puts the page data at its marker, or before </body> in a shell built without one', () => {
    const state = '<script id="__AITLAS_STATE__" type="application/json">{}</script>';
    expect(renderDocument('<body><!--app-body--><!--app-state--></body>', '', '<p>x</p>', state)).toBe(
      `<body><p>x</p>${state}</body>`,
    );
    expect(renderDocument('<body><!--app-body--></body>', '', '<p>x</p>', state)).toBe(`<body><p>x</p>${state}\n  </body>`);
  });
});
