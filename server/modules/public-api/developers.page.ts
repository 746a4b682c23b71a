import { escapeHtml } from '../../lib/html';

interface Example {
  id: string;
  title: string;
  code: string;
}

function examples(publicUrl: string): Example[] {
  return [
    {
      id: 'example-search',
      title: 'Search for a need',
      code: `curl '${publicUrl}/api/v1/search?q=transcribe%20meetings&pricing=free&limit=5'`,
    },
    {
      id: 'example-apps',
      title: 'List apps, best rated first, then the next page',
      code: `curl '${publicUrl}/api/v1/apps?category=design&sort=rating&limit=20'\ncurl '${publicUrl}/api/v1/apps?category=design&sort=rating&limit=20&cursor=<next>'`,
    },
    {
      id: 'example-alternatives',
      title: 'Alternatives and comparisons',
      code: `curl '${publicUrl}/api/v1/apps/1/alternatives?pricing=free'\ncurl '${publicUrl}/api/v1/compare?slugs=chatgpt,claude'`,
    },
    {
      id: 'example-key',
      title: 'With an API key (optional: it raises the rate limit)',
      code: `curl -H 'Authorization: Bearer aitlas_…' '${publicUrl}/api/v1/categories'`,
    },
    {
      id: 'example-mcp',
      title: 'MCP server for an AI agent (client configuration)',
      code: JSON.stringify({ mcpServers: { aitlas: { type: 'http', url: `${publicUrl}/mcp` } } }, null, 2),
    },
  ];
}

// The site's look in plain CSS (the page is not part of the React app): its navigation bar, colours and footer.
const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #fff; }
  a { color: #4338ca; text-decoration: none; }
  a:hover { text-decoration: underline; }
  a:focus-visible, button:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
  .site-header { position: sticky; top: 0; z-index: 40; border-bottom: 1px solid #e2e8f0; background: rgba(255,255,255,.95); }
  .site-nav { max-width: 80rem; height: 4rem; margin: 0 auto; padding: 0 1rem; display: flex; align-items: center; justify-content: space-between; gap: 1rem; box-sizing: border-box; }
  .site-logo { display: flex; align-items: center; gap: .5rem; font-size: 1.125rem; font-weight: 700; color: #0f172a; }
  .site-logo:hover { text-decoration: none; }
  .site-logo-mark { display: inline-flex; width: 2rem; height: 2rem; align-items: center; justify-content: center; border-radius: .5rem; background: #4f46e5; color: #fff; }
  .site-links { display: flex; align-items: center; gap: .25rem; }
  .site-links a { display: inline-flex; height: 2.5rem; align-items: center; padding: 0 .75rem; border-radius: .375rem; font-size: .875rem; font-weight: 500; color: #334155; }
  .site-links a:hover { background: #f1f5f9; text-decoration: none; }
  .site-links a[aria-current="page"] { background: #eef2ff; color: #3730a3; }
  .dev-resources { max-width: 72rem; margin: 0 auto; padding: .75rem 1.5rem 0; font-size: .875rem; color: #475569; }
  .dev-intro { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
  .dev-intro h1 { font-size: 2rem; margin: 0 0 .5rem; }
  .dev-intro p, .dev-intro li { line-height: 1.6; max-width: 48rem; }
  .dev-examples { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(min(22rem, 100%), 1fr)); padding: 0; list-style: none; }
  .dev-example { border: 1px solid #e2e8f0; border-radius: .75rem; padding: .75rem 1rem; }
  .dev-example h3 { font-size: 1rem; margin: 0 0 .5rem; }
  .dev-example pre { background: #0f172a; color: #f8fafc; padding: .75rem; border-radius: .375rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
  .dev-example button { font: inherit; font-size: .875rem; font-weight: 600; padding: .375rem .875rem; border: 1px solid #4f46e5; color: #4338ca; background: #fff; border-radius: .5rem; cursor: pointer; }
  .dev-copy-status { margin-left: .5rem; font-size: .875rem; color: #166534; }
  .site-footer { border-top: 1px solid #e2e8f0; margin-top: 2rem; }
  .site-footer-inner { max-width: 80rem; margin: 0 auto; padding: 2rem 1rem; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; font-size: .875rem; color: #334155; box-sizing: border-box; }
  .site-footer nav { display: flex; flex-wrap: wrap; gap: 1rem; }
  .site-footer nav a { color: #334155; }
  .site-footer p { margin: 0; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
`;

// The Sparkles mark of the site's logo (lucide), inline: no icon font or script.
const LOGO_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M9.937 15.5A2 2 0 0 0 8.5 14.063l-6.135-1.582a.5.5 0 0 1 0-.962L8.5 9.936A2 2 0 0 0 9.937 8.5l1.582-6.135a.5.5 0 0 1 .963 0L14.063 8.5A2 2 0 0 0 15.5 9.937l6.135 1.581a.5.5 0 0 1 0 .964L15.5 14.063a2 2 0 0 0-1.437 1.437l-1.582 6.135a.5.5 0 0 1-.963 0z"/></svg>';

/**
 * The `/developers` page: what the API and the MCP server offer, copyable examples, and the
 * interactive reference (Swagger UI, served from this site, reading `/api/v1/openapi.json`).
 */
export function renderDevelopersPage(publicUrl: string, limits: { anonymous: number; key: number }): string {
  const items = examples(publicUrl)
    .map(
      (example) => `
        <li class="dev-example">
          <h3 id="${example.id}-title">${escapeHtml(example.title)}</h3>
          <pre><code id="${example.id}">${escapeHtml(example.code)}</code></pre>
          <button type="button" data-copy="${example.id}" aria-describedby="${example.id}-title">Copy</button><span class="dev-copy-status" role="status"></span>
        </li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Aitlas API and MCP server for developers and AI agents</title>
    <meta name="description" content="The Aitlas public API v1 and MCP server: search, list, compare and find alternatives to AI tools. Read-only JSON, no key needed, OpenAPI 3.1." />
    <link rel="canonical" href="${escapeHtml(`${publicUrl}/developers`)}" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/developers/assets/swagger-ui.css" />
    <style>${STYLE}</style>
  </head>
  <body>
    <header class="site-header">
      <nav aria-label="Main" class="site-nav">
        <a href="/" class="site-logo"><span class="site-logo-mark">${LOGO_MARK}</span>Aitlas</a>
        <div class="site-links">
          <a href="/">Marketplace</a>
          <a href="/blog">Blog</a>
          <a href="/developers" aria-current="page">Developers</a>
        </div>
      </nav>
    </header>
    <main id="main">
      <nav aria-label="Developer resources" class="dev-resources"><a href="/api/v1/openapi.json">OpenAPI document</a> · <a href="/llms.txt">llms.txt</a> · <a href="/feeds/apps.xml">New apps feed</a></nav>
      <div class="dev-intro">
        <h1>Aitlas API for developers and AI agents</h1>
        <p>Search the catalogue of AI tools with the same offline, explainable AI search the site uses, list and filter apps, and get alternatives and comparisons, as JSON.</p>
        <ul>
          <li><strong>No key needed to read.</strong> ${limits.anonymous} requests per minute per address; an API key from the site's admins (<code>Authorization: Bearer …</code>) raises it to ${limits.key}.</li>
          <li>Limits are reported in the <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> headers. Answers carry an <code>ETag</code> (send <code>If-None-Match</code> for a 304). CORS is open.</li>
          <li>Lists are paged with cursors: pass <code>next</code> as <code>cursor</code> until it is null. Errors are always <code>{"error": {"code", "message", "details"}}</code>.</li>
          <li>AI agents can use the MCP server at <code>${escapeHtml(publicUrl)}/mcp</code> (Streamable HTTP) with the tools <code>search_ai_tools</code>, <code>get_ai_tool</code>, <code>find_alternatives</code> and <code>compare_ai_tools</code>.</li>
        </ul>
        <h2>Examples</h2>
        <ul class="dev-examples">${items}
        </ul>
        <h2>Reference</h2>
      </div>
      <div id="api-reference" aria-label="API reference"></div>
    </main>
    <footer class="site-footer">
      <div class="site-footer-inner">
        <nav aria-label="Footer"><a href="/">Marketplace</a><a href="/blog">Blog</a><a href="/privacy-policy">Privacy Policy</a><a href="/terms-of-service">Terms of Service</a></nav>
        <p>© ${new Date().getFullYear()} Aitlas. All rights reserved.</p>
      </div>
    </footer>
    <script src="/developers/assets/swagger-ui-bundle.js"></script>
    <script src="/developers/developers.js"></script>
  </body>
</html>
`;
}
